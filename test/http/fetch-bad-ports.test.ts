import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { assertRefusedUncharged, type Refusal } from '../helpers/refusals';

/**
 * The ports browsers refuse (WHATWG Fetch's bad ports: SMTP, SSH, IRC, X11…) are refused for every
 * customer-chosen URL, fetched or rendered, before any connection: a 400 naming `url`, uncharged.
 * Loopback is opened here, so the port is the only reason a refusal can have.
 */
describe(`customer URLs on a browser's bad port (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, { TOLLGATE_FETCH_ALLOWED_NETWORKS: '127.0.0.0/8', TOLLGATE_FETCH_TIMEOUT_MS: '2000' });
  });
  after(() => app.close());

  test('scrape, rendered scrape, screenshot and PDF: 400 naming url, nothing charged', async () => {
    const cases: Refusal[] = [
      ['/v1/scrape', { url: 'http://127.0.0.1:25/' }, 'url'],
      ['/v1/scrape', { url: 'https://127.0.0.1:22/' }, 'url'],
      ['/v1/scrape', { url: 'http://127.0.0.1:1/' }, 'url'],
      ['/v1/scrape/js', { url: 'http://127.0.0.1:6000/' }, 'url'],
      ['/v1/scrape/screenshot', { url: 'http://127.0.0.1:6667/' }, 'url'],
      ['/v1/tools/pdf', { url: 'http://127.0.0.1:587/' }, 'url'],
    ];
    await assertRefusedUncharged(app, cases, 400);
    const { apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/scrape', { url: 'http://127.0.0.1:25/' }, apiKey);
    assert.match(response.body.error.message, /^url: Tollgate does not fetch this destination \(port 25, a non-web service's port that browsers refuse too\)/);
  });
});
