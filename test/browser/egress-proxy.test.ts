import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser } from 'playwright-core';
import { createAddressPolicy } from '../../src/net/address-policy';
import { startEgressProxy, type EgressProxy } from '../../src/net/egress-proxy';
import { startNetFixture, PUBLIC_STAND_IN, type NetFixture } from '../helpers/net-fixture';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** Every egress path the test page tries, each aimed at its own canary name. */
const VECTORS = ['css', 'img', 'iframe', 'fetch', 'ws', 'worker', 'refresh', 'redirect'];

describe('Chromium through the egress proxy: every path to the canary blocked', { timeout: 60_000 }, () => {
  let net: NetFixture;
  let proxy: EgressProxy;
  let browser: Browser;

  before(async () => {
    net = await startNetFixture({ records: Object.fromEntries(VECTORS.map((kind) => [`${kind}.canary.test`, { A: ['127.0.0.1'] }])) });
    proxy = await startEgressProxy({ resolver: net.resolver, policy: createAddressPolicy({ allowedNetworks: [`${PUBLIC_STAND_IN}/32`] }) });
    // `<-loopback>` removes Chromium's implicit bypass of loopback: even 127.0.0.1 goes through the proxy.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, `--proxy-server=${proxy.url}`, '--proxy-bypass-list=<-loopback>'] });
  });
  after(async () => {
    await browser?.close();
    await proxy?.close();
    await net?.close();
  });

  test('img, iframe, stylesheet, fetch, WebSocket, worker, meta refresh and a redirected image: all refused, canary at zero', async () => {
    const page = await browser.newPage();
    try {
      const port = net.canary.port;
      const answer = await page.goto(`http://site.test:${port}/browser-vectors?port=${port}`);
      assert.equal(answer?.status(), 200, 'the page itself came through the proxy');
      const expected = VECTORS.map((kind) => `${kind}.canary.test:${port}`);
      // Waits for the browser to have tried every path (no timing assertion: the suite's timeout bounds it).
      while (!expected.every((destination) => proxy.refused.some((entry) => entry.destination === destination))) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      for (const entry of proxy.refused) assert.match(entry.reason, /loopback/);
      assert.equal(net.canary.hits, 0, net.canary.requests.join(', '));
      // A direct loopback URL too: Chromium does not bypass the proxy for it.
      await page.goto(`http://127.0.0.1:${port}/direct`).catch(() => undefined);
      assert.ok(proxy.refused.some((entry) => entry.destination === `127.0.0.1:${port}`));
      assert.equal(net.canary.hits, 0, net.canary.requests.join(', '));
      assert.ok(net.site.requests.some((request) => request.startsWith('GET /vector-worker.js')), 'the worker was loaded, from the site');
    } finally {
      await page.close();
    }
  });

  test('control: a proxy that opens loopback lets every one of these paths reach the canary', async () => {
    const open = await startEgressProxy({ resolver: net.resolver, policy: createAddressPolicy({ allowedNetworks: ['127.0.0.0/8'] }) });
    const openBrowser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, `--proxy-server=${open.url}`, '--proxy-bypass-list=<-loopback>'] });
    try {
      const page = await openBrowser.newPage();
      const port = net.canary.port;
      await page.goto(`http://site.test:${port}/browser-vectors?port=${port}`);
      const reached = () => VECTORS.filter((kind) => net.canary.requests.some((request) => request.startsWith(`GET /${kind}`)));
      while (reached().length < VECTORS.length) await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(reached(), VECTORS);
    } finally {
      await openBrowser.close();
      await open.close();
      net.canary.requests.length = 0;
    }
  });
});
