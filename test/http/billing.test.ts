import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

describe(`billing through HTTP (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '10000' });
  });
  after(() => app.close());

  test('per page: SERP depth 10, 15, 30 cost 0.01, 0.02, 0.03 and the balance drops by exactly that', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    for (const [depth, cost, micros] of [[10, '0.01', 10_000], [15, '0.02', 20_000], [30, '0.03', 30_000]] as const) {
      const before = await app.balance(accountId);
      const response = await app.post('/v1/serp/websearch', { query: 'coffee grinder', depth }, apiKey);
      assert.equal(response.status, 200);
      assert.equal(response.body.ok, true);
      assert.equal(response.body.data.results.length, depth);
      assert.equal(response.headers.get('x-cost-usd'), cost);
      assert.equal(await app.balance(accountId), before - micros);
      assert.equal(response.headers.get('x-balance-usd'), ((before - micros) / 1e6).toFixed(2));
    }
    assert.equal(await app.ledgerSum(accountId), await app.balance(accountId));
  });

  test('per results: keyword ideas reproduce the cost table of the spec through HTTP', async () => {
    const { accountId, apiKey } = await app.createAccount('5.00');
    const table: Array<[number, string]> = [[1, '0.04'], [10, '0.04'], [50, '0.05'], [100, '0.06'], [250, '0.11'], [500, '0.18'], [1000, '0.33']];
    for (const [limit, cost] of table) {
      const before = await app.balance(accountId);
      const response = await app.post('/v1/seo/keywords/ideas', { keyword: 'espresso machine', limit }, apiKey);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.data.keywords.length, limit);
      assert.equal(response.headers.get('x-cost-usd'), cost);
      assert.equal(before - (await app.balance(accountId)), Math.round(Number(cost) * 1e6));
    }
    assert.equal(await app.ledgerSum(accountId), await app.balance(accountId));
  });

  test('per call: domain availability costs 0.02 for one domain or fifty', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const one = await app.post('/v1/seo/domain/available', { domain: 'tollgate-example.com' }, apiKey);
    assert.equal(one.status, 200);
    assert.equal(one.headers.get('x-cost-usd'), '0.02');
    const fifty = Array.from({ length: 50 }, (_, index) => `tollgate-example-${index}.com`);
    const many = await app.post('/v1/seo/domain/available', { domains: fifty }, apiKey);
    assert.equal(many.status, 200);
    assert.equal(many.body.data.domains.length, 50);
    assert.equal(many.headers.get('x-cost-usd'), '0.02');
    assert.equal(await app.balance(accountId), 960_000);
  });

  test('free endpoints change nothing and carry no cost headers', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const models = await app.get('/v1/ai/models', apiKey);
    const account = await app.get('/v1/account', apiKey);
    assert.equal(models.status, 200);
    assert.equal(account.status, 200);
    assert.equal(models.headers.get('x-cost-usd'), null);
    assert.equal(account.body.data.balanceUsd, 1);
    assert.equal(account.body.data.accountId, accountId);
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('a rejected body is never charged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/serp/websearch', { query: 'x', depth: 101 }, apiKey);
    assert.equal(response.status, 400);
    assert.equal(response.body.error.code, 'VALIDATION_ERROR');
    assert.match(response.body.error.message, /^depth: must be at most 100$/);
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('NO_CREDITS when the balance cannot cover the maximum price: nothing held, nothing fetched', async () => {
    // 0.32 covers 999 ideas at most (0.33 for 1000): the hold is on the limit, not on what might come back.
    const { accountId, apiKey } = await app.createAccount('0.32');
    const refused = await app.post('/v1/seo/keywords/ideas', { keyword: 'tea', limit: 1000 }, apiKey);
    assert.equal(refused.status, 402);
    assert.deepEqual(Object.keys(refused.body), ['ok', 'error']);
    assert.equal(refused.body.error.code, 'NO_CREDITS');
    assert.equal(await app.balance(accountId), 320_000);
    const accepted = await app.post('/v1/seo/keywords/ideas', { keyword: 'tea', limit: 900 }, apiKey);
    assert.equal(accepted.status, 200);
    assert.equal(accepted.headers.get('x-cost-usd'), '0.30');
    assert.equal(await app.balance(accountId), 20_000);
    assert.equal(await app.ledgerSum(accountId), 20_000);
  });
});
