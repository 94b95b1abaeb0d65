import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseUsd } from '../../src/core/money';
import { MAX_FULL_PAGE_HEIGHT } from '../../src/net/browser-provider';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * How tall a screenshot is, and whether the answer says it was cut: through the real server and a
 * real Chromium pool, against pages of known heights served on 127.0.0.2 (the one network allowed).
 */

const PAGES_HOST = '127.0.0.2';
/** Taller than the tallest shot taken: the full-page shot is cut. */
const LONG_PAGE_HEIGHT = 20_000;
const SHORT_PAGE_HEIGHT = 2_000;

function pageOfHeight(height: number): string {
  return `<!doctype html><html><head><style>html,body{margin:0}</style></head><body><div style="height:${height}px;background:linear-gradient(#fff,#000)"></div></body></html>`;
}

function pngHeight(image: Buffer): number {
  assert.equal(image.subarray(12, 16).toString('ascii'), 'IHDR');
  return image.readUInt32BE(20);
}

describe('scrape/screenshot: the height captured, and a full-page shot cut at the limit said so', () => {
  let app: TestApp;
  let pages: http.Server;
  let pagesUrl: string;

  before(async () => {
    pages = http.createServer((request, response) => {
      const height = request.url === '/long' ? LONG_PAGE_HEIGHT : SHORT_PAGE_HEIGHT;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageOfHeight(height));
    });
    await new Promise<void>((resolve) => pages.listen(0, PAGES_HOST, resolve));
    pagesUrl = `http://${PAGES_HOST}:${(pages.address() as AddressInfo).port}`;
    app = await startTestApp({}, {
      TOLLGATE_FETCH_ALLOWED_NETWORKS: `${PAGES_HOST}/32`,
      TOLLGATE_BROWSER_POOL_SIZE: '1',
      TOLLGATE_BROWSER_TIMEOUT_MS: '90000',
      TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000',
    });
  });
  after(async () => {
    await app?.close();
    pages?.closeAllConnections();
    await new Promise((resolve) => pages?.close(resolve));
  });

  test('a full-page shot of a page taller than the limit is cut there and says so: truncated, the page\'s whole height, the height captured; charged', async () => {
    const { response, cost } = await app.paidCall('/v1/scrape/screenshot', { url: `${pagesUrl}/long`, width: 320, height: 240, fullPage: true }, 'live');
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(cost, parseUsd('0.02'));
    const { image, ...shot } = response.body.data;
    assert.deepEqual(shot, { url: `${pagesUrl}/long`, width: 320, height: MAX_FULL_PAGE_HEIGHT, pageHeight: LONG_PAGE_HEIGHT, truncated: true });
    assert.equal(pngHeight(Buffer.from(image, 'base64')), MAX_FULL_PAGE_HEIGHT);
  });

  test('a full-page shot of a page within the limit is whole: not truncated, height the page\'s', async () => {
    const { response } = await app.paidCall('/v1/scrape/screenshot', { url: `${pagesUrl}/short`, width: 320, height: 240, fullPage: true }, 'live');
    const { image, ...shot } = response.body.data;
    assert.deepEqual(shot, { url: `${pagesUrl}/short`, width: 320, height: SHORT_PAGE_HEIGHT, pageHeight: SHORT_PAGE_HEIGHT, truncated: false });
    assert.equal(pngHeight(Buffer.from(image, 'base64')), SHORT_PAGE_HEIGHT);
  });

  test('a viewport shot of a long page is the viewport, as asked: not truncated, the page\'s height reported', async () => {
    const { response } = await app.paidCall('/v1/scrape/screenshot', { url: `${pagesUrl}/long`, width: 320, height: 240 }, 'live');
    const { image, ...shot } = response.body.data;
    assert.deepEqual(shot, { url: `${pagesUrl}/long`, width: 320, height: 240, pageHeight: LONG_PAGE_HEIGHT, truncated: false });
    assert.equal(pngHeight(Buffer.from(image, 'base64')), 240);
  });
});
