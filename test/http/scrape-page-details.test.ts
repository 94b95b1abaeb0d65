import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/**
 * What /v1/scrape reports of a page beyond its text: the language versions its head lists, and
 * the real addresses of lazy-loaded images. Through the real server and fetcher, against pages
 * served on loopback (opened as an intranet would be).
 */

const PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const STORY = '<p>Lazy loading keeps the first paint fast, and the pictures arrive as the reader scrolls down to them.</p>'.repeat(3);

const INTERNATIONAL_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Espresso</title>
<link rel="alternate" hreflang="de" href="/de/espresso">
<link rel="alternate" hreflang="pt-BR" href="https://example.com.br/espresso">
<link rel="alternate" hreflang="x-default" href="/espresso">
<link rel="alternate" type="application/rss+xml" href="/feed.xml">
<link rel="alternate" hreflang="de" href="/de/second-listing">
</head><body><article><h1>Espresso</h1>${STORY}
<p><img src="${PIXEL}" data-src="/images/crema.jpg" alt="Crema"></p>
<p><img data-lazy-src="images/grinder.webp" alt="Grinder"></p>
<p><img src="/img/spinner.gif" data-srcset="/images/cup-320.jpg 320w, /images/cup-1280.jpg 1280w" alt="Cup"></p>
</article></body></html>`;
const PLAIN_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Plain</title></head><body><article><h1>Plain</h1>${STORY}</article></body></html>`;

describe(`scrape: language versions and lazy images (${testDatabaseLabel()})`, () => {
  let pages: http.Server;
  let pagesUrl: string;
  let app: TestApp;

  before(async () => {
    pages = http.createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(request.url === '/plain' ? PLAIN_PAGE : INTERNATIONAL_PAGE);
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
    app = await startTestApp({}, { TOLLGATE_FETCH_ALLOWED_NETWORKS: '127.0.0.0/8', TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(async () => {
    await app?.close();
    pages?.closeAllConnections();
    await new Promise((resolve) => pages?.close(resolve));
  });

  test('metadata.hreflang: each language version, absolute, x-default included, the first listing of a language kept; charged $0.01', async () => {
    const { response, cost } = await app.paidCall('/v1/scrape', { url: `${pagesUrl}/espresso` }, 'live');
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(cost, 10_000);
    assert.deepEqual(response.body.data.metadata.hreflang, {
      de: `${pagesUrl}/de/espresso`,
      'pt-BR': 'https://example.com.br/espresso',
      'x-default': `${pagesUrl}/espresso`,
    });
  });

  test('metadata.hreflang is null for a page that lists no language versions', async () => {
    const { response } = await app.paidCall('/v1/scrape', { url: `${pagesUrl}/plain` }, 'live');
    assert.equal(response.body.data.metadata.hreflang, null);
  });

  test('lazy-loaded images are their real addresses, absolute, in markdown and in HTML; not the placeholders', async () => {
    const markdown = (await app.paidCall('/v1/scrape', { url: `${pagesUrl}/espresso` }, 'live')).response.body.data.content;
    assert.match(markdown, new RegExp(`!\\[Crema\\]\\(${pagesUrl}/images/crema\\.jpg\\)`));
    assert.match(markdown, new RegExp(`!\\[Grinder\\]\\(${pagesUrl}/images/grinder\\.webp\\)`));
    assert.match(markdown, new RegExp(`!\\[Cup\\]\\(${pagesUrl}/images/cup-1280\\.jpg\\)`));
    assert.doesNotMatch(markdown, /spinner|data:image/);
    const html = (await app.paidCall('/v1/scrape', { url: `${pagesUrl}/espresso`, format: 'html' }, 'live')).response.body.data.content;
    assert.ok(html.includes(`<img alt="Crema" src="${pagesUrl}/images/crema.jpg">`), html);
    assert.ok(html.includes(`<img alt="Grinder" src="${pagesUrl}/images/grinder.webp">`), html);
    assert.ok(html.includes(`<img src="${pagesUrl}/images/cup-1280.jpg" alt="Cup">`), html);
  });
});
