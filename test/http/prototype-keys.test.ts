import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/**
 * Words that name Object.prototype's members are ordinary input: "constructor jobs" is a keyword,
 * `.constructor` could be a TLD, a URL can end in `toString`. Tables read with such keys must
 * answer for them as for any other word (src/core/lookup-table.ts), never with a 500.
 */

const BUILT_IN_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];

describe(`names of Object.prototype's members as input (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  let apiKey: string;
  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
    ({ apiKey } = await app.createAccount('20.00'));
  });
  after(() => app?.close());

  test('keywords made of them are keywords like any other', async () => {
    for (const name of BUILT_IN_NAMES) {
      for (const path of ['/v1/seo/keywords/related', '/v1/seo/keywords/ideas']) {
        const response = await app.post(path, { keyword: `${name} jobs`, limit: 5 }, apiKey);
        assert.equal(response.status, 200, `${path} "${name} jobs": ${JSON.stringify(response.body)}`);
      }
      const overview = await app.post('/v1/seo/keywords', { keywords: [`best ${name}`] }, apiKey);
      assert.equal(overview.status, 200, `keywords "best ${name}"`);
    }
  });

  test('a domain in such a TLD is checked like any other unsupported TLD; a location named so is refused as unknown', async () => {
    const { body } = await app.post('/v1/seo/domain/available', { domains: BUILT_IN_NAMES.filter((name) => /^[a-z]+$/i.test(name)).map((name) => `example.${name.toLowerCase()}`) }, apiKey);
    assert.equal(body.ok, true, JSON.stringify(body));
    for (const entry of body.data.domains) assert.equal(typeof entry.available, 'boolean', JSON.stringify(entry));
    const located = await app.post('/v1/seo/keywords', { keywords: ['coffee'], location: 'constructor' }, apiKey);
    assert.equal(located.status, 400);
  });

  test("the docs page's assets by such names are not found", async () => {
    for (const name of BUILT_IN_NAMES) assert.equal((await app.get(`/docs/assets/${name}`)).status, 404, name);
  });
});
