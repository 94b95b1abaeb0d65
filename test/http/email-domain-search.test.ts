import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/**
 * domain-search's price: held for `limit` addresses, charged $0.03 per started 10 addresses
 * returned; a search that finds none costs nothing.
 */
describe(`email domain-search: held for limit, charged per started 10 returned (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(() => app?.close());

  async function search(body: Record<string, unknown>, credit = '10.00') {
    const { accountId, apiKey } = await app.createAccount(credit);
    const response = await app.post('/v1/email/domain-search', body, apiKey);
    const balance = await app.balance(accountId);
    assert.equal(await app.ledgerSum(accountId), balance);
    return { response, charged: Math.round(Number(credit) * 1_000_000) - balance };
  }

  // northwind.example: 159 addresses; acme-widgets.example: 6; gmail.com: none (webmail is no company).
  const CASES: Array<[body: Record<string, unknown>, returned: number, micros: number]> = [
    [{ domain: 'northwind.example', limit: 25 }, 25, 90_000],
    [{ domain: 'northwind.example', limit: 10 }, 10, 30_000],
    [{ domain: 'northwind.example', limit: 11 }, 11, 60_000],
    [{ domain: 'northwind.example' }, 10, 30_000],
    [{ domain: 'northwind.example', limit: 50 }, 50, 150_000],
    [{ domain: 'northwind.example', limit: 50, page: 4 }, 9, 30_000],
    [{ domain: 'northwind.example', limit: 50, page: 5 }, 0, 0],
    [{ domain: 'northwind.example', limit: 25, department: 'operations' }, 19, 60_000],
    [{ domain: 'acme-widgets.example', limit: 25 }, 6, 30_000],
    [{ domain: 'gmail.com', limit: 50 }, 0, 0],
  ];
  for (const [body, returned, micros] of CASES) {
    test(`${JSON.stringify(body)}: ${returned} returned → charged $${(micros / 1_000_000).toFixed(2)}`, async () => {
      const { response, charged } = await search(body);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.data.emails.length, returned);
      assert.equal(charged, micros);
      assert.equal(response.headers.get('x-cost-usd'), (micros / 1_000_000).toFixed(2));
    });
  }

  test('the hold is for the limit: $0.08 cannot ask for 25 (a $0.09 hold), $0.09 can, and pays for what comes back', async () => {
    const short = await search({ domain: 'acme-widgets.example', limit: 25 }, '0.08');
    assert.equal(short.response.status, 402, JSON.stringify(short.response.body));
    assert.equal(short.response.body.error.code, 'NO_CREDITS');
    assert.equal(short.charged, 0);
    const enough = await search({ domain: 'acme-widgets.example', limit: 25 }, '0.09');
    assert.equal(enough.response.status, 200, JSON.stringify(enough.response.body));
    assert.equal(enough.response.body.data.emails.length, 6);
    assert.equal(enough.charged, 30_000);
    assert.equal(enough.response.headers.get('x-balance-usd'), '0.06');
  });

  test('by company name: the domain named after it, the same addresses and total', async () => {
    const byName = await search({ company: 'Initech', limit: 5 });
    const byDomain = await search({ domain: 'initech.com', limit: 5 });
    assert.equal(byName.response.body.data.company.domain, 'initech.com');
    assert.equal(byName.response.body.data.emails.length, 5);
    assert.deepEqual(byName.response.body.data, byDomain.response.body.data);
    assert.equal(byName.charged, 30_000);
  });
});
