import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { manualClock, startTestApp, testDatabaseLabel, type TestApp, type TestResponse } from '../helpers/test-app';
import { ApiKeys } from '../../src/auth/api-keys';

const KEY_FORMAT = /^tg_live_[A-Za-z0-9_-]{43}$/;
const PAID_BODY = { domain: 'tollgate-example.com' };
const PAID_ROUTE = '/v1/seo/domain/available';

function assertRefused(response: TestResponse, code: 'INVALID_API_KEY' | 'REVOKED_API_KEY'): void {
  assert.equal(response.status, 401, JSON.stringify(response.body));
  assert.deepEqual(Object.keys(response.body).sort(), ['error', 'ok']);
  assert.equal(response.body.ok, false);
  assert.equal(response.body.error.code, code);
  assert.equal(response.headers.get('x-cost-usd'), null);
  assert.equal(response.headers.get('x-ratelimit-remaining'), null);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const unknownWellFormedKey = () => `tg_live_${randomBytes(32).toString('base64url')}`;

describe(`API keys through HTTP (${testDatabaseLabel()})`, () => {
  const clock = manualClock();
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ clock: clock.now }, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '10000' });
  });
  after(() => app.close());

  test('missing key: 401 INVALID_API_KEY on paid, free and account endpoints', async () => {
    assertRefused(await app.post(PAID_ROUTE, PAID_BODY), 'INVALID_API_KEY');
    assertRefused(await app.get('/v1/ai/models'), 'INVALID_API_KEY');
    assertRefused(await app.get('/v1/account'), 'INVALID_API_KEY');
    assertRefused(await app.post(PAID_ROUTE, PAID_BODY, undefined, { 'x-api-key': '' }), 'INVALID_API_KEY');
  });

  test('unknown well-formed key: 401 INVALID_API_KEY', async () => {
    const key = unknownWellFormedKey();
    assert.match(key, KEY_FORMAT);
    assertRefused(await app.post(PAID_ROUTE, PAID_BODY, key), 'INVALID_API_KEY');
    assertRefused(await app.get('/v1/account', key), 'INVALID_API_KEY');
  });

  test('malformed keys: 401 INVALID_API_KEY', async () => {
    const { apiKey } = await app.createAccount('1.00');
    const malformed = [
      'not-a-key',
      'tg_live_',
      'tg_live_short',
      `${apiKey}x`,
      apiKey.slice(0, -1),
      apiKey.replace('tg_live_', 'tg_test_'),
      apiKey.toUpperCase(),
      `tg_live_${'!'.repeat(43)}`,
      'x'.repeat(4000),
    ];
    for (const key of malformed) assertRefused(await app.post(PAID_ROUTE, PAID_BODY, key), 'INVALID_API_KEY');
  });

  test('a valid key works, and a 401 is never charged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const ok = await app.post(PAID_ROUTE, PAID_BODY, apiKey);
    assert.equal(ok.status, 200);
    assert.equal(await app.balance(accountId), 980_000);
    for (const key of [undefined, unknownWellFormedKey(), 'garbage']) {
      assertRefused(await app.post(PAID_ROUTE, PAID_BODY, key), 'INVALID_API_KEY');
    }
    assert.equal(await app.balance(accountId), 980_000);
    assert.equal(await app.ledgerSum(accountId), 980_000);
  });

  test('a key revoked by another process is refused within 1 s (REVOKED_API_KEY), and never charged', async () => {
    const { accountId, apiKey, keyId } = await app.createAccount('1.00');
    assert.equal((await app.post(PAID_ROUTE, PAID_BODY, apiKey)).status, 200);

    // The CLI in another process: its own ApiKeys on the same database, no access to the server's cache.
    await new ApiKeys(app.store.db).revoke(keyId);

    // Within the cache lifetime the server may still accept it ...
    const cached = await app.post(PAID_ROUTE, PAID_BODY, apiKey);
    assert.ok(cached.status === 200 || cached.status === 401, `status ${cached.status}`);
    const balanceAfterGrace = await app.balance(accountId);

    // ... but never once a second has passed.
    clock.advance(1000);
    assertRefused(await app.post(PAID_ROUTE, PAID_BODY, apiKey), 'REVOKED_API_KEY');
    assertRefused(await app.get('/v1/account', apiKey), 'REVOKED_API_KEY');
    assertRefused(await app.get('/v1/ai/models', apiKey), 'REVOKED_API_KEY');
    assert.equal(await app.balance(accountId), balanceAfterGrace);
    assert.equal(await app.ledgerSum(accountId), balanceAfterGrace);
  });

  test('the cache lets a revoked key through at most for its lifetime, not per request', async () => {
    const { apiKey, keyId } = await app.createAccount('1.00');
    assert.equal((await app.get('/v1/account', apiKey)).status, 200);
    await new ApiKeys(app.store.db).revoke(keyId);
    // Repeated use does not extend the cached entry.
    for (let step = 0; step < 4; step += 1) {
      clock.advance(200);
      await app.get('/v1/account', apiKey);
    }
    assertRefused(await app.get('/v1/account', apiKey), 'REVOKED_API_KEY');
  });

  test('revoking through this process (app.keys + forgetAll) is immediate', async () => {
    const { accountId, apiKey, keyId } = await app.createAccount('1.00');
    assert.equal((await app.post(PAID_ROUTE, PAID_BODY, apiKey)).status, 200);
    await app.keys.revoke(keyId);
    app.authenticator.forgetAll();
    assertRefused(await app.post(PAID_ROUTE, PAID_BODY, apiKey), 'REVOKED_API_KEY');
    assert.equal(await app.balance(accountId), 980_000);
  });

  test('revoking one key leaves the account\'s other keys working', async () => {
    const { accountId, apiKey, keyId } = await app.createAccount('1.00');
    const second = await app.keys.issue(accountId);
    await app.keys.revoke(keyId);
    app.authenticator.forgetAll();
    assertRefused(await app.get('/v1/account', apiKey), 'REVOKED_API_KEY');
    const account = await app.get('/v1/account', second.apiKey);
    assert.equal(account.status, 200);
    assert.equal(account.body.data.accountId, accountId);
  });

  test('keys are stored only as their SHA-256: no column of any table holds the key', async () => {
    const { accountId, apiKey, keyId } = await app.createAccount('1.00');
    const secret = apiKey.slice('tg_live_'.length);
    const row = await app.store.db.selectFrom('api_keys').selectAll().where('id', '=', keyId).executeTakeFirstOrThrow();
    assert.equal(row.hash, sha256(apiKey));
    assert.equal(row.account_id, accountId);
    for (const table of ['api_keys', 'accounts', 'ledger_entries'] as const) {
      const rows = await app.store.db.selectFrom(table).selectAll().execute();
      for (const stored of rows) {
        for (const [column, value] of Object.entries(stored)) {
          const text = String(value);
          assert.ok(!text.includes(apiKey), `${table}.${column} holds the key`);
          // At most a short display prefix of the secret part may be kept (4 of 43 characters).
          for (let start = 0; start + 8 <= secret.length; start += 1) {
            assert.ok(!text.includes(secret.slice(start, start + 8)), `${table}.${column} holds part of the key`);
          }
        }
      }
    }
  });

  test('key format: tg_live_ + 43 base64url characters (256 random bits), all distinct', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    assert.match(apiKey, KEY_FORMAT);
    const keys = new Set([apiKey]);
    for (let index = 0; index < 30; index += 1) {
      const issued = await app.keys.issue(accountId);
      assert.match(issued.apiKey, KEY_FORMAT);
      keys.add(issued.apiKey);
    }
    assert.equal(keys.size, 31);
    // ≥ 192 bits: 43 base64url characters decode to 32 bytes.
    assert.equal(Buffer.from(apiKey.slice('tg_live_'.length), 'base64url').length, 32);
    // Every character position varies across keys (no fixed padding or counter inside the secret).
    const characters = new Set([...keys].map((key) => key.slice(8)).join(''));
    assert.ok(characters.size > 40, `only ${characters.size} distinct characters`);
  });

  test('Authorization: Bearer works on /v1/ai/models but not on /v1/account', async () => {
    const { apiKey } = await app.createAccount('1.00');
    const listed = await fetch(`${app.baseUrl}/v1/ai/models`, { headers: { authorization: `Bearer ${apiKey}` } });
    assert.equal(listed.status, 200);
    const basic = await fetch(`${app.baseUrl}/v1/ai/models`, { headers: { authorization: `Basic ${Buffer.from(`user:${apiKey}`).toString('base64')}` } });
    assert.equal(basic.status, 401);
    assert.equal(((await basic.json()) as { error: { message: string } }).error.message, 'Missing API key: send it in the x-api-key header, or as Authorization: Bearer <key>.');
    // With no key at all, the same paths say so too.
    const none = await fetch(`${app.baseUrl}/v1/ai/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(((await none.json()) as { error: { message: string } }).error.message, 'Missing API key: send it in the x-api-key header, or as Authorization: Bearer <key>.');
    const elsewhere = await fetch(`${app.baseUrl}/v1/account`);
    assert.equal(((await elsewhere.json()) as { error: { message: string } }).error.message, 'Missing API key: send it in the x-api-key header.');
    const body = (await listed.json()) as { ok: boolean; data: unknown[] };
    assert.equal(body.ok, true);
    assert.ok(Array.isArray(body.data) && body.data.length > 0);

    const account = await fetch(`${app.baseUrl}/v1/account`, { headers: { authorization: `Bearer ${apiKey}` } });
    assert.equal(account.status, 401);
    const refused = (await account.json()) as { ok: boolean; error: { code: string; message: string } };
    assert.equal(refused.error.code, 'INVALID_API_KEY');
    assert.equal(refused.error.message, 'Missing API key: send it in the x-api-key header (Authorization: Bearer is read only on /v1/ai/ and /mcp).');

    const paid = await fetch(`${app.baseUrl}${PAID_ROUTE}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(PAID_BODY),
    });
    assert.equal(paid.status, 401);
  });

  test('a revoked key sent as a bearer token is refused too', async () => {
    const { apiKey, keyId } = await app.createAccount('1.00');
    await app.keys.revoke(keyId);
    app.authenticator.forgetAll();
    const response = await fetch(`${app.baseUrl}/v1/ai/models`, { headers: { authorization: `Bearer ${apiKey}` } });
    assert.equal(response.status, 401);
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'REVOKED_API_KEY');
  });
});
