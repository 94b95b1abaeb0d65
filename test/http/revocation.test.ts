import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { announceKeyChange } from '../../src/auth/revocations';
import { manualClock, openTestStore, startTestApp, type TestApp } from '../helpers/test-app';
import type { Store } from '../../src/store/database';

/**
 * A revoked key is refused by every instance: at once when the revocation is announced over Redis
 * (REDIS_URL), and within the auth cache's lifetime (500 ms) when the announcement is lost. The
 * instances' clocks stand still, so their caches never expire on their own unless a test moves
 * them: only the announcement can make an instance see a revocation before then.
 */

async function status(app: TestApp, apiKey: string): Promise<number> {
  return (await app.get('/v1/account', apiKey)).status;
}

describe('revocation across two instances on one database', () => {
  const clock = manualClock();
  let store: Store;
  let first: TestApp;
  let second: TestApp;
  before(async () => {
    ({ store } = await openTestStore());
    first = await startTestApp({ store, clock: clock.now });
    second = await startTestApp({ store, clock: clock.now });
    await Promise.all([first.revocations?.ready(), second.revocations?.ready()]);
  });
  after(async () => {
    // The apps share the test's store: each closes itself, then the test the store.
    await first.close();
    await second.close();
    await store.close();
  });

  test('a revocation whose announcement is lost is seen by every instance once its cached lookup expires', async () => {
    const { apiKey, keyId } = await first.createAccount();
    assert.deepEqual([await status(first, apiKey), await status(second, apiKey)], [200, 200]);
    await first.keys.revoke(keyId); // in the database only, announced to nobody
    assert.deepEqual([await status(first, apiKey), await status(second, apiKey)], [200, 200], 'cached lookups answer until they expire');
    clock.advance(500);
    assert.deepEqual([await status(first, apiKey), await status(second, apiKey)], [401, 401]);
  });

  test('an announced revocation is refused by every instance at once', { skip: process.env.REDIS_URL ? false : 'needs REDIS_URL' }, async () => {
    const { apiKey, keyId } = await first.createAccount();
    const other = await first.createAccount();
    assert.deepEqual([await status(first, apiKey), await status(second, apiKey), await status(second, other.apiKey)], [200, 200, 200]);
    await first.keys.revoke(keyId);
    assert.equal(await announceKeyChange(process.env.REDIS_URL!, keyId) >= 2, true, 'both instances listen');
    // Delivery is asynchronous: wait for it on each instance (the clock stands still, so nothing else can refuse the key).
    for (const app of [first, second]) {
      let answer = await status(app, apiKey);
      for (let attempt = 0; answer === 200 && attempt < 200; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        answer = await status(app, apiKey);
      }
      assert.equal(answer, 401);
    }
    assert.equal(await status(second, other.apiKey), 200, 'only the revoked key is forgotten');
  });
});
