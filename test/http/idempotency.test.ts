import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/** `Idempotency-Key` on paid POSTs: a retry answers the stored response and charges nothing again. */
describe(`idempotent retries (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(() => app.close());
  const path = '/v1/seo/domain/available';

  test('the same key and body: the stored response, charged once', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const headers = { 'idempotency-key': 'order-1' };
    const first = await app.post(path, { domain: 'retry-me.com' }, apiKey, headers);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('x-cost-usd'), '0.02');
    const again = await app.post(path, { domain: 'retry-me.com' }, apiKey, headers);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, first.body);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.headers.get('x-cost-usd'), '0.02');
    assert.equal(again.headers.get('x-original-request-id'), first.headers.get('x-request-id'));
    assert.equal(await app.balance(accountId), 980_000);
    assert.equal(await app.ledgerSum(accountId), 980_000);
  });

  test('the same key with another body is a 409 naming the header, uncharged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const headers = { 'idempotency-key': 'order-2' };
    assert.equal((await app.post(path, { domain: 'one.com' }, apiKey, headers)).status, 200);
    const other = await app.post(path, { domain: 'two.com' }, apiKey, headers);
    assert.equal(other.status, 409);
    assert.equal(other.body.error.code, 'IDEMPOTENCY_CONFLICT');
    assert.match(other.body.error.message, /^Idempotency-Key: /);
    assert.equal(await app.balance(accountId), 980_000);
    // The same body on another endpoint is another request too.
    const elsewhere = await app.post('/v1/seo/domain/overview', { domain: 'one.com' }, apiKey, headers);
    assert.equal(elsewhere.status, 409);
    assert.match(elsewhere.body.error.message, /another request \(another body or another endpoint\)/);
    assert.equal(await app.balance(accountId), 980_000);
  });

  test('the same body with its keys in another order is the same request: replayed, not a conflict', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const headers = { 'idempotency-key': 'order-reordered' };
    const first = await app.post('/v1/serp/websearch', { query: 'reordered keys', depth: 10 }, apiKey, headers);
    assert.equal(first.status, 200);
    const again = await app.post('/v1/serp/websearch', { depth: 10, query: 'reordered keys' }, apiKey, headers);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(await app.balance(accountId), 990_000);
  });

  test('keys are per account', async () => {
    const first = await app.createAccount('1.00');
    const second = await app.createAccount('1.00');
    const headers = { 'idempotency-key': 'shared-key' };
    assert.equal((await app.post(path, { domain: 'a.com' }, first.apiKey, headers)).status, 200);
    const response = await app.post(path, { domain: 'b.com' }, second.apiKey, headers);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('idempotent-replayed'), null);
    assert.equal(await app.balance(second.accountId), 980_000);
  });

  test('a failed call frees its key: the retry runs (and is charged once)', async () => {
    const { accountId, apiKey } = await app.createAccount('0.01');
    const headers = { 'idempotency-key': 'order-3' };
    assert.equal((await app.post(path, { domain: 'x.com' }, apiKey, headers)).status, 402);
    await app.ledger.credit(accountId, 10_000, `test_topup_${accountId}`);
    const retry = await app.post(path, { domain: 'x.com' }, apiKey, headers);
    assert.equal(retry.status, 200);
    assert.equal(retry.headers.get('idempotent-replayed'), null);
    assert.equal(await app.balance(accountId), 0);
  });

  test('a malformed key is a 400 naming the header', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post(path, { domain: 'x.com' }, apiKey, { 'idempotency-key': 'x'.repeat(300) });
    assert.equal(response.status, 400);
    assert.match(response.body.error.message, /^Idempotency-Key: /);
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('the header sent twice is a 400 saying to send it once, uncharged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    // Two header lines, as sent (fetch would join them into one itself); Node joins them into "a-1, b-2".
    const { status, body } = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const headers = ['host', new URL(app.baseUrl).host, 'content-type', 'application/json', 'x-api-key', apiKey, 'idempotency-key', 'a-1', 'Idempotency-Key', 'b-2'];
      const request = http.request(new URL(path, app.baseUrl), { method: 'POST', headers }, (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
      });
      request.on('error', reject);
      request.end(JSON.stringify({ domain: 'twice.com' }));
    });
    assert.equal(status, 400);
    assert.equal(body.error.message, 'Idempotency-Key: send the header once.');
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('N identical concurrent retries: one charge', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const headers = { 'idempotency-key': 'burst-1' };
    const responses = await Promise.all(Array.from({ length: 12 }, () => app.post(path, { domain: 'burst.com' }, apiKey, headers)));
    const statuses = responses.map((response) => response.status);
    assert.ok(statuses.every((status) => status === 200 || status === 409), statuses.join(','));
    assert.ok(statuses.includes(200));
    assert.equal(await app.balance(accountId), 980_000, 'exactly one charge');
    const later = await app.post(path, { domain: 'burst.com' }, apiKey, headers);
    assert.equal(later.headers.get('idempotent-replayed'), 'true');
    assert.equal(await app.balance(accountId), 980_000);
  });

  test('a stored response expires after 24 h and is swept', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    assert.equal((await app.post(path, { domain: 'old.com' }, apiKey, { 'idempotency-key': 'old' })).status, 200);
    const stored = await app.store.db.selectFrom('idempotency_keys').select(['state', 'expires_at']).where('account_id', '=', accountId).executeTakeFirstOrThrow();
    assert.equal(stored.state, 'done');
    assert.ok(Math.abs(stored.expires_at - (Date.now() + 24 * 3600_000)) < 60_000);
    await app.store.db.updateTable('idempotency_keys').set({ expires_at: Date.now() - 1 }).where('account_id', '=', accountId).execute();
    await app.reconcile();
    assert.equal((await app.store.db.selectFrom('idempotency_keys').select('key').where('account_id', '=', accountId).execute()).length, 0);
  });
});
