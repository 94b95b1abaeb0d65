import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** Debian's Chromium, installed by scripts/ensure-chromium.sh. */
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const SCREENSHOT = '/tmp/tollgate-docs.png';
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

describe('the /docs page in Chromium, with every request off this machine blocked', { timeout: 60_000 }, () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let documentedPort: number;
  const offMachineRequests: string[] = [];
  const browserErrors: string[] = [];

  before(async () => {
    // The document names the server by its configured port; the test server listens on another
    // one, so the page's calls to the documented port are forwarded to it.
    documentedPort = await freePort();
    app = await startTestApp({}, { PORT: String(documentedPort), HOST: '127.0.0.1' });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (!LOOPBACK_HOSTS.has(url.hostname)) {
        offMachineRequests.push(url.href);
        return route.abort('blockedbyclient');
      }
      if (url.port === String(documentedPort)) {
        const forwarded = new URL(url.pathname + url.search, app.baseUrl);
        return route.fulfill({ response: await route.fetch({ url: forwarded.href }) });
      }
      return route.continue();
    });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => browserErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') browserErrors.push(message.text());
    });
    await page.goto(`${app.baseUrl}/docs`);
    // Generous: the machine may be busy, and Swagger UI's bundle is 1.7 MB of JavaScript.
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
  });
  after(async () => {
    await browser?.close();
    await app?.close();
  });

  test('titled Tollgate, every operation of /openapi.json rendered with its summary', async () => {
    assert.match(await page.title(), /Tollgate/);
    type Operations = Record<string, Record<string, { summary: string }>>;
    const document = (await app.get('/openapi.json')).body as { paths: Operations; webhooks?: Operations };
    // Swagger UI lists the webhooks (`POST media.job`) after the paths, as operations of their own.
    const documented = [...Object.entries(document.paths), ...Object.entries(document.webhooks ?? {})].flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ operation: `${method.toUpperCase()} ${path}`, summary: operation.summary })),
    );
    assert.ok(Object.keys(document.webhooks ?? {}).length > 0, 'the document describes its webhooks');
    // Swagger UI renders a long list (150 tags and operations or more) virtually: only what is near
    // the viewport is in the page. Scroll through it a screen at a time and collect what appears.
    const seen = new Map<string, { operation: string; summary: string }>();
    for (let screens = 0; screens < 500; screens += 1) {
      const rendered = await page.locator('.opblock').evaluateAll((blocks) =>
        blocks.map((block) => ({
          operation: `${block.querySelector('.opblock-summary-method')?.textContent} ${block.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
          summary: block.querySelector('.opblock-summary-description')?.textContent ?? '',
        })),
      );
      for (const block of rendered) seen.set(block.operation, block);
      if (seen.size >= documented.length) break;
      const atEnd = await page.evaluate(() => {
        const before = globalThis.scrollY;
        globalThis.scrollBy(0, globalThis.innerHeight);
        return globalThis.scrollY === before;
      });
      // Two frames: the virtual list measures what scrolled in, then renders it.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      if (atEnd) {
        await page.waitForTimeout(200);
        if (screens > 0 && (await page.evaluate(() => globalThis.scrollY + globalThis.innerHeight >= globalThis.document.body.scrollHeight))) break;
      }
    }
    await page.evaluate(() => globalThis.scrollTo(0, 0));
    const rendered = [...seen.values()];
    const byOperation = (list: Array<{ operation: string; summary: string }>) => [...list].sort((a, b) => a.operation.localeCompare(b.operation));
    assert.ok(documented.length > 10, `${documented.length} operations`);
    assert.deepEqual(byOperation(rendered), byOperation(documented));
  });

  test('no third-party cloud buttons', async () => {
    for (const text of ['Ask AI', 'Deploy', 'Generate MCP']) {
      assert.equal(await page.getByText(text).filter({ visible: true }).count(), 0, `"${text}" is shown`);
    }
  });

  test('the API key field has a plain placeholder, and "Try it out" calls this server with the key', async () => {
    const { apiKey, accountId } = await app.createAccount('3.00');
    await page.getByRole('button', { name: 'Authorize' }).first().click();
    const keyField = page.locator('#api_key_value');
    assert.equal(await keyField.getAttribute('placeholder'), 'tg_live_…');
    // The AI area takes the same key as a bearer token: its field reads the same.
    assert.equal(await page.locator('#auth-bearer-value').getAttribute('placeholder'), 'tg_live_…');
    await page.screenshot({ path: SCREENSHOT.replace('.png', '-authorize.png') });
    await keyField.fill(apiKey);
    const dialog = page.locator('.modal-ux');
    await dialog.locator('form').filter({ has: keyField }).getByRole('button', { name: 'Apply credentials' }).click();
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    const operation = page.locator('.opblock-get').filter({ has: page.locator('[data-path="/v1/account"]') });
    await operation.locator('.opblock-summary-control').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.getByRole('button', { name: 'Execute' }).click();
    const body = operation.locator('.live-responses-table .response-col_description pre').first();
    await body.waitFor();
    const response = JSON.parse(await body.innerText()) as { ok: boolean; data: { accountId: string; balanceUsd: number } };
    assert.equal(response.ok, true);
    assert.equal(response.data.accountId, accountId);
    assert.equal(response.data.balanceUsd, 3);
  });

  test('nothing was requested from another host, and the page raised no errors (none refused by its CSP)', async () => {
    await page.screenshot({ path: SCREENSHOT });
    assert.deepEqual(offMachineRequests, []);
    assert.deepEqual(browserErrors, []);
  });
});
