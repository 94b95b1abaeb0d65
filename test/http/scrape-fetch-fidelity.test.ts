import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/**
 * What the scraping endpoints read of pages that a browser reads right and a plain fetch can get
 * wrong: cookies set along redirects, a Location in UTF-8, a charset declared late or by an XML
 * declaration, a feed's `<link>`s, XPath's document order, a match's text laid out; and the words
 * of a failure (a refused certificate, a body sent too slowly, a page that does not finish
 * rendering or grows too large). Through the real server, fetching servers of the test's own on loopback.
 */

/** "Привет, мир" in windows-1251 (not valid UTF-8). */
const CYRILLIC_1251 = Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x2c, 0x20, 0xec, 0xe8, 0xf0]);
const FEED = '<?xml version="1.0"?>\n<rss version="2.0"><channel><title>Feed</title><item><title>First</title><link>https://example.com/1</link></item><item><title>Second</title><link>https://example.com/2</link></item></channel></rss>';

function routes(request: http.IncomingMessage, response: http.ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://pages.test');
  const html = (body: string | Buffer, type = 'text/html') => void response.writeHead(200, { 'content-type': type }).end(body);
  switch (url.pathname) {
    case '/session':
      // A site that hands out a session cookie and sends the visitor back to the page asked for.
      if ((request.headers.cookie ?? '').includes('session=1')) return html('<title>Members</title><article><h1>Welcome back</h1><p>The page behind the session cookie.</p></article>');
      return void response.writeHead(302, { location: '/session', 'set-cookie': 'session=1; Path=/; HttpOnly' }).end();
    case '/moved':
      // Node writes a header string's characters as bytes: these are the UTF-8 bytes of "/café page".
      return void response.writeHead(302, { location: Buffer.from('/café page').toString('latin1') }).end();
    case '/café page':
    case '/caf%C3%A9%20page':
      return html('<title>Café</title><h1>Café page</h1>');
    case '/refresh':
      // A stub that sends the reader on at once, as sites moving a page without a server redirect do.
      return html(`<html><head><title>Redirecting</title><meta http-equiv="Refresh" content="0; URL='${url.searchParams.get('to') ?? '/session'}'"></head><body><p>Redirecting</p></body></html>`);
    case '/refresh-loop':
      return html('<meta http-equiv="refresh" content="0;url=/refresh-loop"><p>Again</p>');
    case '/slow-refresh':
      return html('<html><head><title>Notice</title><meta http-equiv="refresh" content="30; url=/session"></head><body><p>This notice is a page.</p></body></html>');
    case '/late-meta':
      return html(Buffer.concat([Buffer.from(`<html><head><style>${'p { margin: 0 } '.repeat(100)}</style><meta charset="windows-1251"><title>t</title></head><body><article><p>`), CYRILLIC_1251, Buffer.from('</p></article></body></html>')]));
    case '/feed-1251':
      return html(Buffer.concat([Buffer.from('<?xml version="1.0" encoding="windows-1251"?><rss><channel><title>'), CYRILLIC_1251, Buffer.from('</title></channel></rss>')]), 'application/rss+xml');
    case '/feed':
      return html(FEED, 'application/rss+xml');
    case '/links':
      return html('<html><body><nav><a href="/1">One</a><a href="/2">Two</a></nav><h1>Title</h1><div><p><a href="/3">Three</a></p></div></body></html>');
    case '/code':
      return html('<html><body><pre id="code">if (x) {\n    return 1;\n}</pre><ul id="list"><li>One<ul><li>Nested A</li><li>Nested B</li></ul></li></ul></body></html>');
    case '/trickle':
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><body>');
      return void setInterval(() => response.write('.'), 200).unref();
    case '/endless-script':
      return html('<title>Busy</title><p>Loaded</p><script>addEventListener("load", () => setTimeout(() => { for (;;) {} }, 0));</script>');
    case '/grows':
      return html('<title>Grows</title><p>Loaded</p><div hidden></div><script>document.querySelector("div").textContent = "x".repeat(10_000_001);</script>');
  }
  response.writeHead(404).end();
}

async function listen(handler: http.RequestListener, host = '127.0.0.1'): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { url: `http://${host}:${(server.address() as AddressInfo).port}`, server };
}

async function close(server: http.Server | undefined): Promise<void> {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** A call that must fail: its status and message, and that nothing was charged. */
async function uncharged(app: TestApp, route: string, body: unknown, status: number, message: RegExp): Promise<void> {
  const { accountId, apiKey } = await app.createAccount('1.00');
  const response = await app.post(route, body, apiKey);
  assert.equal(response.status, status, JSON.stringify(response.body));
  assert.match(response.body.error.message, message);
  assert.equal(response.headers.get('x-cost-usd'), null);
  assert.equal(await app.balance(accountId), 1_000_000);
}

describe(`scraping what a browser reads (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  let pages: { url: string; server: http.Server };

  before(async () => {
    pages = await listen(routes);
    app = await startTestApp({}, { TOLLGATE_FETCH_ALLOWED_NETWORKS: '127.0.0.0/8', TOLLGATE_FETCH_TIMEOUT_MS: '1500' });
  });
  after(async () => {
    await app?.close();
    await close(pages?.server);
  });

  test('a page that sets a cookie and redirects to itself is read: the cookie goes with the next hop; charged $0.01', async () => {
    const { response, cost } = await app.paidCall('/v1/scrape', { url: `${pages.url}/session`, format: 'text' }, 'live');
    assert.equal(cost, 10_000);
    assert.equal(response.body.data.url, `${pages.url}/session`);
    assert.equal(response.body.data.title, 'Members');
    assert.match(response.body.data.content, /The page behind the session cookie\./);
  });

  test('an immediate meta refresh is followed as one more redirect hop (its checks and limit too); a slow one is the page', async () => {
    const { response, cost } = await app.paidCall('/v1/scrape', { url: `${pages.url}/refresh`, format: 'text' }, 'live');
    assert.equal(cost, 10_000);
    assert.equal(response.body.data.url, `${pages.url}/session`);
    assert.equal(response.body.data.title, 'Members');
    const slow = await app.paidCall('/v1/scrape', { url: `${pages.url}/slow-refresh`, format: 'text' }, 'live');
    assert.equal(slow.response.body.data.title, 'Notice');
    // Sent to a refused address, or round in circles, as a redirect would be.
    await uncharged(app, '/v1/scrape', { url: `${pages.url}/refresh?to=${encodeURIComponent('http://[::1]/')}` }, 400, /^url: .*redirected to http:\/\/\[::1\]\//);
    await uncharged(app, '/v1/scrape', { url: `${pages.url}/refresh-loop` }, 502, /^url: the site redirected more than \d+ times/);
  });

  test('a Location in raw UTF-8 is followed as a browser follows it', async () => {
    const { response } = await app.paidCall('/v1/scrape', { url: `${pages.url}/moved` }, 'live');
    assert.equal(response.body.data.url, `${pages.url}/caf%C3%A9%20page`);
    assert.equal(response.body.data.title, 'Café');
  });

  test('a <meta charset> past the first 1024 bytes, and an XML declaration\'s encoding, are honoured', async () => {
    const late = await app.paidCall('/v1/scrape', { url: `${pages.url}/late-meta`, format: 'text' }, 'live');
    assert.equal(late.response.body.data.content, 'Привет, мир');
    const feed = await app.paidCall('/v1/scrape', { url: `${pages.url}/feed-1251` }, 'live');
    assert.match(feed.response.body.data.content, /<title>Привет, мир<\/title>/);
  });

  test("extract: a feed's <link>s by CSS and by XPath, XPath matches in page order, text laid out as the text format lays it out", async () => {
    const feed = await app.paidCall('/v1/scrape/extract', { url: `${pages.url}/feed`, extractRules: { links: { selector: 'item link', all: true }, first: { selector: '//item/link', type: 'xpath' } } }, 'live');
    assert.deepEqual(feed.response.body.data.extracted, { links: ['https://example.com/1', 'https://example.com/2'], first: 'https://example.com/1' });
    const links = await app.paidCall(
      '/v1/scrape/extract',
      { url: `${pages.url}/links`, extractRules: { first: { selector: '//a', type: 'xpath' }, all: { selector: '//h1 | //nav//a', type: 'xpath', all: true } } },
      'live',
    );
    assert.deepEqual(links.response.body.data.extracted, { first: 'One', all: ['One', 'Two', 'Title'] });
    const code = await app.paidCall('/v1/scrape/extract', { url: `${pages.url}/code`, extractRules: { code: '#code', list: '#list' } }, 'live');
    assert.deepEqual(code.response.body.data.extracted, { code: 'if (x) {\n    return 1;\n}', list: 'One\nNested A\nNested B' });
  });

  test('a body sent too slowly is a 502 naming url that says the page was not all sent; uncharged', async () => {
    await uncharged(app, '/v1/scrape', { url: `${pages.url}/trickle` }, 502, /^url: the site answered but did not finish sending the page within 2 s/);
  });

  test("a certificate that is refused is a 502 naming url that says so, and why; uncharged", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', `${directory}/key.pem`, '-out', `${directory}/cert.pem`, '-days', '1', '-subj', '/CN=site.test'], { stdio: 'ignore' });
    const server = https.createServer({ cert: fs.readFileSync(`${directory}/cert.pem`), key: fs.readFileSync(`${directory}/key.pem`) }, (_request, response) => response.end('secure'));
    fs.rmSync(directory, { recursive: true, force: true });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      await uncharged(app, '/v1/scrape', { url }, 502, /^url: the site's certificate was refused \(it is self-signed\)/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('rendered pages that do not finish, or grow too large: 502s naming url', () => {
  let app: TestApp;
  let pages: { url: string; server: http.Server };

  before(async () => {
    pages = await listen(routes, '127.0.0.2');
    // Long enough for the browser's start with the first call (a few seconds on a busy machine).
    app = await startTestApp({}, { TOLLGATE_FETCH_ALLOWED_NETWORKS: '127.0.0.2/32', TOLLGATE_BROWSER_POOL_SIZE: '1', TOLLGATE_BROWSER_TIMEOUT_MS: '10000' });
  });
  after(async () => {
    await app?.close();
    await close(pages?.server);
  });

  test('a page grown past 10 million characters; uncharged', async () => {
    await uncharged(app, '/v1/scrape/js', { url: `${pages.url}/grows` }, 502, /^url: the rendered page is larger than 10 million characters; you were not charged\.$/);
  });

  test('a page whose script never ends after the load; uncharged', async () => {
    await uncharged(app, '/v1/scrape/js', { url: `${pages.url}/endless-script` }, 502, /^url: the page did not finish rendering within 10 s; you were not charged\.$/);
  });
});
