import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/** The filter block on /v1/seo/keywords/ideas, through HTTP: applied before `limit`, billed on what is returned. */
describe(`keyword ideas with filters (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '10000' });
  });
  after(() => app.close());

  test('filters and sort apply to the ideas, before the limit', async () => {
    const { apiKey } = await app.createAccount('5.00');
    const response = await app.post(
      '/v1/seo/keywords/ideas',
      { keyword: 'coffee', limit: 20, filters: [{ field: 'intent', op: 'in', value: ['commercial', 'transactional'] }, { field: 'words', op: '>=', value: 3 }], sort: ['cpc:asc'] },
      apiKey,
    );
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const keywords = response.body.data.keywords as Array<{ keyword: string; intent: string; cpc: number }>;
    assert.equal(keywords.length, 20);
    for (const keyword of keywords) {
      assert.ok(['commercial', 'transactional'].includes(keyword.intent), keyword.keyword);
      assert.ok(keyword.keyword.split(' ').length >= 3, keyword.keyword);
    }
    assert.deepEqual(keywords.map((keyword) => keyword.cpc), [...keywords.map((keyword) => keyword.cpc)].sort((a, b) => a - b));
  });

  test('a narrow filter returns fewer ideas than the limit, and costs only what it returns', async () => {
    const { accountId, apiKey } = await app.createAccount('5.00');
    const response = await app.post('/v1/seo/keywords/ideas', { keyword: 'coffee', limit: 500, filters: [{ field: 'keyword', op: 'like', value: 'near me' }] }, apiKey);
    assert.equal(response.status, 200);
    const count = response.body.data.keywords.length as number;
    assert.ok(count > 0 && count < 100, `expected a handful of 'near me' ideas, got ${count}`);
    assert.ok(response.body.data.keywords.every((keyword: { keyword: string }) => keyword.keyword.includes('near me')));
    // 0.03 + 0.03 × count / 100, up to the cent: 0.04 for 1–33 ideas, 0.05 for 34–66 …
    const expected = Math.ceil((30_000 * 100 + 30_000 * count) / 1_000_000) * 10_000;
    assert.equal(await app.balance(accountId), 5_000_000 - expected);
  });

  test('an invalid filter is a 400 naming it, before anything is fetched, never charged', async () => {
    const { accountId, apiKey } = await app.createAccount('5.00');
    const cases: Array<[unknown, RegExp]> = [
      [{ filters: [{ field: 'volume', op: 'like', value: 'x' }] }, /^filters\[0\]\.op: /],
      [{ filters: [{ field: 'colour', op: '=', value: 'red' }] }, /^filters\[0\]\.field: /],
      [{ filters: [{ field: 'volume', op: 'in', value: 5 }] }, /^filters\[0\]\.value: /],
      [{ sort: ['words:asc'] }, /^sort\[0\]: /],
      [{ filters: Array.from({ length: 9 }, () => ({ field: 'volume', op: '>', value: 1 })) }, /^filters: /],
      [{ match: 'any', filters: [{ field: 'words', op: '>', value: 2 }, { field: 'volume', op: '>', value: 10 }] }, /^match: /],
    ];
    for (const [block, message] of cases) {
      const response = await app.post('/v1/seo/keywords/ideas', { keyword: 'coffee', ...(block as object) }, apiKey);
      assert.equal(response.status, 400, JSON.stringify(block));
      assert.equal(response.body.error.code, 'VALIDATION_ERROR');
      assert.match(response.body.error.message, message);
    }
    assert.equal(await app.balance(accountId), 5_000_000);
  });
});
