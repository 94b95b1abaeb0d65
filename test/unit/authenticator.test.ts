import { test } from 'node:test';
import { NO_KEY_LIMITS } from '../../src/auth/key-limits';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { Authenticator } from '../../src/auth/authenticator';
import type { KeyOwner } from '../../src/auth/api-keys';
import { ApiError } from '../../src/core/errors';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newKey = () => `tg_live_${randomBytes(32).toString('base64url')}`;

/** The database side: keys known by their hash, and every hash it was asked about. */
function fakeKeys(owners: Record<string, KeyOwner>) {
  const asked: string[] = [];
  return {
    asked,
    async findOwnerByHash(keyHash: string) {
      asked.push(keyHash);
      return owners[keyHash];
    },
  };
}

test('a key is looked up by its SHA-256, once per cache lifetime, and the cache holds only hashes', async () => {
  const apiKey = newKey();
  const owner = { keyId: 'key_1', accountId: 'acct_1', revoked: false, suspended: false, limits: NO_KEY_LIMITS };
  const keys = fakeKeys({ [sha256(apiKey)]: owner });
  let now = 0;
  const authenticator = new Authenticator(keys, { cacheMs: 500, clock: () => now });

  assert.deepEqual(await authenticator.authenticate(apiKey), owner);
  now = 499;
  assert.deepEqual(await authenticator.authenticate(apiKey), owner);
  assert.deepEqual(keys.asked, [sha256(apiKey)]);
  now = 500;
  await authenticator.authenticate(apiKey);
  assert.deepEqual(keys.asked, [sha256(apiKey), sha256(apiKey)]);

  // Private, read on purpose: what this test is about is what the process keeps in memory.
  const cached = [...(authenticator as unknown as { cache: Map<string, unknown> }).cache.keys()];
  assert.deepEqual(cached, [sha256(apiKey)]);
});

test('unknown keys are cached by hash too; malformed and missing keys reach neither the database nor the cache', async () => {
  const keys = fakeKeys({});
  const authenticator = new Authenticator(keys, { clock: () => 0 });
  const unknown = newKey();
  for (const presented of [unknown, unknown, 'garbage', `${unknown}x`, 'x'.repeat(4000), undefined]) {
    await assert.rejects(authenticator.authenticate(presented), (error: unknown) => error instanceof ApiError && error.code === 'INVALID_API_KEY');
  }
  assert.deepEqual(keys.asked, [sha256(unknown)]);
  assert.deepEqual([...(authenticator as unknown as { cache: Map<string, unknown> }).cache.keys()], [sha256(unknown)]);
});
