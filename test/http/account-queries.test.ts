import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/** The GET account endpoints' query strings: what a caller typing them by hand gets told. */
describe(`account queries (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  let apiKey: string;
  before(async () => {
    app = await startTestApp();
    ({ apiKey } = await app.createAccount('1.00'));
  });
  after(() => app?.close());

  test('a parameter sent twice is a 400 saying so, not a type error', async () => {
    const cases = [['/v1/account/ledger?limit=5&limit=6', 'limit'], ['/v1/account/usage?from=2026-11-01&groupBy=day&groupBy=key', 'groupBy'], ['/v1/ai/models?category=chat&category=code', 'category']];
    for (const [path, name] of cases) {
      const response = await app.get(path!, apiKey);
      assert.equal(response.status, 400, path);
      assert.equal(response.body.error.message, `${name}: given more than once; send it once`, path);
    }
  });

  test('ledger: `limit` and `before` are whole numbers in range; anything else is a 400 naming the parameter', async () => {
    const { apiKey: key } = await app.createAccount('1.00');
    const refused = [['limit', '1.5'], ['limit', 'abc'], ['limit', '01'], ['limit', '0'], ['limit', '101'], ['limit', '+5'], ['limit', '1e2'], ['limit', ''], ['before', '-1'], ['before', '99999999999999999999']];
    for (const [name, value] of refused) {
      const response = await app.get(`/v1/account/ledger?${name}=${encodeURIComponent(value!)}`, key);
      assert.equal(response.status, 400, `${name}=${value}`);
      assert.equal(response.body.error.code, 'VALIDATION_ERROR');
      assert.match(response.body.error.message, new RegExp(`^${name}: must be a whole number from 1 to `), `${name}=${value}`);
      assert.equal(response.body.error.param, name, `${name}=${value}`);
    }
    const page = await app.get('/v1/account/ledger?limit=1', key);
    assert.equal(page.status, 200, JSON.stringify(page.body));
    assert.equal(page.body.data.entries.length, 1);
    const older = await app.get(`/v1/account/ledger?limit=100&before=${page.body.data.entries[0].id}`, key);
    assert.equal(older.status, 200, JSON.stringify(older.body));
    assert.deepEqual(older.body.data.entries, []);
  });

  test('usage: a `from` after the default `to` says that `to` is today when not given', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const future = (await app.get('/v1/account/usage?from=2999-01-01', apiKey)).body.error.message;
    assert.equal(future, `from: must not be after \`to\` (today, ${today}, when it is not given).`);
    const explicit = (await app.get('/v1/account/usage?from=2026-12-01&to=2026-11-01', apiKey)).body.error.message;
    assert.equal(explicit, 'from: must not be after `to` (2026-11-01).');
  });
});
