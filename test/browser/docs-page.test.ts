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

type Rgba = [red: number, green: number, blue: number, alpha: number];

function parseColour(colour: string): Rgba {
  const [red = 0, green = 0, blue = 0, alpha = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return [red, green, blue, alpha];
}

function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (index: number) => top[index]! * top[3] + bottom[index]! * (1 - top[3]);
  return [mix(0), mix(1), mix(2), 1];
}

function relativeLuminance([red, green, blue]: Rgba): number {
  const channel = (value: number) => ((value /= 255) <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4);
  return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue);
}

/** WCAG's contrast ratio of `text` on the backgrounds (nearest first) laid over the page's white, up to the first opaque one. */
function contrastRatio(text: string, backgrounds: string[]): number {
  const layers: Rgba[] = [];
  for (const colour of backgrounds.map(parseColour)) {
    if (colour[3] > 0) layers.push(colour);
    if (colour[3] === 1) break;
  }
  const background = layers.reverse().reduce((bottom, top) => over(top, bottom), [255, 255, 255, 1] as Rgba);
  const [lighter, darker] = [relativeLuminance(over(parseColour(text), background)), relativeLuminance(background)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

describe('the /docs page in Chromium, with every request off this machine blocked', { timeout: 120_000 }, () => {
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

  test('the servers select is named, and the headings go h1, h2, h3 without a gap', async () => {
    assert.equal(await page.getByRole('combobox', { name: 'Servers' }).count(), 1);
    const levels = await page.getByRole('heading').evaluateAll((headings) =>
      headings.map((heading) => Number(heading.getAttribute('aria-level') ?? heading.tagName.slice(1))),
    );
    assert.equal(levels[0], 1);
    for (let index = 1; index < levels.length; index += 1) {
      assert.ok(levels[index]! <= levels[index - 1]! + 1, `heading levels ${levels.join(', ')}`);
    }
  });

  test('the Authorize button, the badges and the /openapi.json link read at 4.5:1 or more', async () => {
    const selectors = ['.auth-wrapper .btn.authorize span', '.info .version-stamp pre', '.info .title small pre', '.info a.link .url', '.opblock-get .opblock-summary-method', '.opblock-post .opblock-summary-method'];
    for (const selector of selectors) {
      // The text's colour, and the backgrounds of it and its ancestors, nearest first.
      const colours = await page.locator(selector).first().evaluate((element) => {
        const backgrounds: string[] = [];
        for (let at: Element | null = element; at; at = at.parentElement) backgrounds.push(getComputedStyle(at).backgroundColor);
        return { text: getComputedStyle(element).color, backgrounds };
      });
      const ratio = contrastRatio(colours.text, colours.backgrounds);
      assert.ok(ratio >= 4.5, `${selector}: ${ratio.toFixed(2)}:1`);
    }
  });

  test('the Authorize dialog is a named modal dialog, its fields are told apart, and Tab stays inside it', async () => {
    await page.getByRole('button', { name: 'Authorize' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Available authorizations' });
    assert.equal(await dialog.getAttribute('aria-modal'), 'true');
    assert.equal(await dialog.getByRole('textbox', { name: 'Value: API key (x-api-key header)' }).count(), 1);
    assert.equal(await dialog.getByRole('textbox', { name: 'Value: API key as a bearer token (/v1/ai/*)' }).count(), 1);
    assert.equal(await page.evaluate(() => globalThis.document.activeElement?.id), 'api_key_value', 'focus moves into the dialog');
    for (let presses = 0; presses < 10; presses += 1) {
      await page.keyboard.press(presses % 3 === 2 ? 'Shift+Tab' : 'Tab');
      assert.ok(await page.evaluate(() => Boolean(globalThis.document.activeElement?.closest('[role="dialog"]'))), `focus left the dialog after ${presses + 1} presses`);
    }
    await page.keyboard.press('Escape');
    assert.equal(await dialog.count(), 0);
    assert.equal(await page.evaluate(() => globalThis.document.activeElement?.textContent), 'Authorize', 'focus is back on the button');
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
    // Expanding it renders its schemas: 8-9 s of Swagger UI's main thread on a busy 2-core machine.
    await operation.locator('.opblock-summary-control').click({ timeout: 30_000 });
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.getByRole('button', { name: 'Execute' }).click();
    const body = operation.locator('.live-responses-table .response-col_description pre').first();
    await body.waitFor();
    const response = JSON.parse(await body.innerText()) as { ok: boolean; data: { accountId: string; balanceUsd: number } };
    assert.equal(response.ok, true);
    assert.equal(response.data.accountId, accountId);
    assert.equal(response.data.balanceUsd, 3);
  });

  test('the filter box finds an operation by its path, however far down the list it is', async () => {
    type Operations = Record<string, Record<string, unknown>>;
    const paths = Object.keys(((await app.get('/openapi.json')).body as { paths: Operations }).paths);
    // The last path: far below the first screen, so not in the page until filtered to.
    const wanted = paths.at(-1)!;
    const block = page.locator(`.opblock-summary-path[data-path="${wanted}"]`);
    assert.equal(await block.count(), 0, `${wanted} is not rendered before filtering`);
    const filter = page.getByPlaceholder('Filter by tag or path');
    await filter.fill(wanted);
    await block.first().waitFor();
    assert.ok(await block.first().isVisible());
    // Last before the final check: the list rendered again after the filter is cleared measures its
    // rows anew, and moves them while it does.
    await filter.fill('');
    await page.locator('.opblock-tag').nth(1).waitFor();
  });

  test('nothing was requested from another host, and the page raised no errors (none refused by its CSP)', async () => {
    await page.screenshot({ path: SCREENSHOT });
    assert.deepEqual(offMachineRequests, []);
    assert.deepEqual(browserErrors, []);
  });
});
