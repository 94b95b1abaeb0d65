import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/** The headers a dashboard page sends besides its own CSP and caching, which /docs has its own of. */
const SHARED_SECURITY_HEADERS = ['x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'x-content-type-options'];

describe(`/docs security headers (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app?.close());

  test("the page and its assets send the dashboard's security headers, and the page is never framed", async () => {
    const dashboard = await fetch(new URL('/dashboard/login', app.baseUrl));
    await dashboard.arrayBuffer();
    for (const name of SHARED_SECURITY_HEADERS) assert.ok(dashboard.headers.get(name), `the dashboard sends ${name}`);
    for (const path of ['/docs', '/docs/', '/docs/assets/initializer.js', '/docs/assets/accessibility.js', '/docs/assets/accessibility.css', '/docs/assets/swagger-ui.css']) {
      const response = await fetch(new URL(path, app.baseUrl));
      await response.arrayBuffer();
      assert.equal(response.status, 200, path);
      for (const name of SHARED_SECURITY_HEADERS) assert.equal(response.headers.get(name), dashboard.headers.get(name), `${path}: ${name}`);
    }
    const page = await fetch(new URL('/docs', app.baseUrl));
    await page.arrayBuffer();
    // Its own policy, not the dashboard's: Swagger UI needs inline styles.
    const policy = page.headers.get('content-security-policy') ?? '';
    assert.match(policy, /style-src 'self' 'unsafe-inline'/);
    assert.match(policy, /frame-ancestors 'none'/, 'as X-Frame-Options says');
  });

  test('its own assets are served with their types, and load after the Swagger UI files they amend', async () => {
    const html = await (await fetch(new URL('/docs', app.baseUrl))).text();
    const order = (needle: string) => html.indexOf(needle);
    assert.ok(order('/docs/assets/swagger-ui.css') < order('/docs/assets/accessibility.css'), 'the override stylesheet comes after Swagger UI\'s');
    assert.ok(order('/docs/assets/accessibility.js') < order('/docs/assets/initializer.js'), 'the plugin is defined before the initializer uses it');
    const stylesheet = await fetch(new URL('/docs/assets/accessibility.css', app.baseUrl));
    assert.match(stylesheet.headers.get('content-type') ?? '', /^text\/css/);
    assert.match(await stylesheet.text(), /\.btn\.authorize/);
    const initializer = await (await fetch(new URL('/docs/assets/initializer.js', app.baseUrl))).text();
    assert.match(initializer, /filter: true/);
  });
});
