import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { parseUsd } from '../../src/core/money';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * What the browser endpoints do with a main document that is not a page (an image, a PDF) and
 * with a page that sends its main frame to a refused destination, through the real server and a
 * real Chromium pool. The documents are served on 127.0.0.2, the one network the app allows; the
 * refused destination is a server on 127.0.0.1.
 */

const DOCUMENTS_HOST = '127.0.0.2';

/** A 2×2 PNG and a one-page PDF with a line of text: documents Chromium shows without a page around them. */
const IMAGE = PNG.sync.write(Object.assign(new PNG({ width: 2, height: 2 }), { data: Buffer.alloc(16, 200) }));
const PDF_DOCUMENT = onePagePdf();
/** Bytes no text holds (control bytes, then an image's), served as a download or without any type. */
const BINARY = Buffer.concat([Buffer.from([0x00, 0x01, 0x02, 0x03]), IMAGE]);
const FEED = '<?xml version="1.0"?><rss version="2.0"><channel><title>Feed</title><item><title>First &amp; foremost</title><link>https://example.com/1</link></item></channel></rss>';
const JSON_DOCUMENT = '{"items":[{"id":1,"name":"<b>one</b>"}],"total":1}';

function onePagePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 12 Tf 20 100 Td (A PDF document) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function listen(handler: http.RequestListener, host: string): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { url: `http://${host}:${(server.address() as AddressInfo).port}`, server };
}

async function close(server: http.Server | undefined): Promise<void> {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

describe('browser endpoints: documents that are not pages, and main frames sent to refused destinations', () => {
  let app: TestApp;
  let documents: { url: string; server: http.Server };
  let refused: { url: string; server: http.Server };
  let refusedHits = 0;

  before(async () => {
    refused = await listen((_request, response) => {
      refusedHits += 1;
      response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Refused</title><p>never seen</p>');
    }, '127.0.0.1');
    documents = await listen((request, response) => {
      const url = new URL(request.url ?? '/', 'http://documents');
      const to = url.searchParams.get('to') ?? '/';
      if (url.pathname === '/image.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(IMAGE);
      if (url.pathname === '/document.pdf') return response.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF_DOCUMENT);
      if (url.pathname === '/download.bin') return response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(BINARY);
      // No Content-Type at all: what it is, is for the bytes to say.
      if (url.pathname === '/untyped.bin') return response.writeHead(200).end(BINARY);
      if (url.pathname === '/attachment') return response.writeHead(200, { 'content-type': 'text/html', 'content-disposition': 'attachment; filename="page.html"' }).end('<p>Saved</p>');
      if (url.pathname === '/untyped.png') return response.writeHead(200).end(IMAGE);
      if (url.pathname === '/notes.txt') return response.writeHead(200, { 'content-type': 'text/plain' }).end('Plain notes.');
      if (url.pathname === '/feed.xml') return response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(FEED);
      if (url.pathname === '/data.json') return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON_DOCUMENT);
      if (url.pathname === '/redirect') return response.writeHead(302, { location: to }).end();
      if (url.pathname === '/meta-refresh') {
        return response.writeHead(200, { 'content-type': 'text/html' }).end(`<title>Leaving</title><meta http-equiv="refresh" content="0;url=${to.replace(/"/g, '&quot;')}"><p>Leaving</p>`);
      }
      if (url.pathname === '/script-redirect') {
        return response.writeHead(200, { 'content-type': 'text/html' }).end(`<title>Leaving</title><script>location.href = ${JSON.stringify(to)};</script>`);
      }
      response.writeHead(200, { 'content-type': 'text/html' }).end('<title>A page</title><h1>A page</h1><p>Some text.</p>');
    }, DOCUMENTS_HOST);
    app = await startTestApp({}, {
      TOLLGATE_FETCH_ALLOWED_NETWORKS: `${DOCUMENTS_HOST}/32`,
      TOLLGATE_BROWSER_POOL_SIZE: '1',
      // A Lighthouse run takes ~6 s alone; in `npm test` it shares two cores with this file's run on
      // the other database (the two go side by side) and took over 30 s.
      TOLLGATE_BROWSER_TIMEOUT_MS: '90000',
      TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000',
    });
  });
  after(async () => {
    await app?.close();
    await close(documents?.server);
    await close(refused?.server);
  });

  async function uncharged(path: string, body: unknown, status: number, message: RegExp): Promise<void> {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post(path, body, apiKey);
    assert.equal(response.status, status, `${path} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
    assert.match(response.body.error.message, message, path);
    assert.equal(response.headers.get('x-cost-usd'), null);
    assert.equal(await app.balance(accountId), 1_000_000, `${path}: not charged`);
  }

  test('an image or a PDF as the main document: scrape/js, scrape/stealth and onpage/instant answer 502 as /v1/scrape does, uncharged', async () => {
    for (const [path, type] of [['/image.png', 'image/png'], ['/document.pdf', 'application/pdf']] as const) {
      const url = `${documents.url}${path}`;
      const notHtml = new RegExp(`^url: the page is ${type.replace('/', '\\/')}, not HTML or text`);
      await uncharged('/v1/scrape', { url }, 502, notHtml);
      await uncharged('/v1/scrape/js', { url }, 502, notHtml);
      await uncharged('/v1/scrape/stealth', { url, waitFor: 0 }, 502, notHtml);
      await uncharged('/v1/seo/onpage/instant', { url }, 502, notHtml);
    }
  });

  test('a binary download (application/octet-stream, or binary bytes without a type) is a 502 naming url and its type on every scrape endpoint, uncharged', async () => {
    const notHtml = /^url: the page is application\/octet-stream, not HTML or text/;
    for (const path of ['/download.bin', '/untyped.bin']) {
      const url = `${documents.url}${path}`;
      await uncharged('/v1/scrape', { url, format: 'text' }, 502, notHtml);
      await uncharged('/v1/scrape/extract', { url, extractRules: { a: 'p' } }, 502, notHtml);
      await uncharged('/v1/scrape/js', { url }, 502, notHtml);
      await uncharged('/v1/scrape/stealth', { url, waitFor: 0 }, 502, notHtml);
      await uncharged('/v1/scrape/screenshot', { url }, 502, notHtml);
    }
    // A page sent as an attachment: the browser saves it rather than showing it.
    await uncharged('/v1/scrape/js', { url: `${documents.url}/attachment` }, 502, /^url: the page is sent as a file to download \(Content-Disposition: attachment\)/);
    // An untyped image is sniffed as a browser sniffs it: an image, with nothing to read.
    await uncharged('/v1/scrape', { url: `${documents.url}/untyped.png` }, 502, /^url: the page is image\/png, not HTML or text/);
  });

  test('an image sent to by a redirect is refused the same way; plain text and HTML are still read, and charged', async () => {
    const viaRedirect = `${documents.url}/redirect?to=${encodeURIComponent('/image.png')}`;
    await uncharged('/v1/scrape/js', { url: viaRedirect }, 502, /^url: the page is image\/png, not HTML or text/);
    const text = await app.paidCall('/v1/scrape/js', { url: `${documents.url}/notes.txt`, format: 'text' }, 'live');
    assert.equal(text.cost, parseUsd('0.02'));
    assert.match(text.response.body.data.content, /Plain notes\./);
    const page = await app.paidCall('/v1/seo/onpage/instant', { url: `${documents.url}/page` }, 'live');
    assert.equal(page.response.body.data.pages[0].title, 'A page');
  });

  test('XML and JSON rendered by scrape/js and scrape/stealth come back as they were served, as /v1/scrape returns them, not as the viewer Chromium draws', async () => {
    for (const [path, served] of [['/feed.xml', FEED], ['/data.json', JSON_DOCUMENT]] as const) {
      const url = `${documents.url}${path}`;
      for (const endpoint of ['/v1/scrape', '/v1/scrape/js', '/v1/scrape/stealth']) {
        const body = endpoint === '/v1/scrape/stealth' ? { url, waitFor: 0 } : { url };
        const text = await app.paidCall(endpoint, { ...body, format: 'text' }, 'live');
        assert.equal(text.response.body.data.content, served, `${endpoint} ${path}`);
        assert.equal(text.response.body.data.title, null, `${endpoint} ${path}`);
        const html = await app.paidCall(endpoint, { ...body, format: 'html' }, 'live');
        assert.equal(html.response.body.data.content, `<pre>${served.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</pre>`, `${endpoint} ${path}`);
      }
    }
  });

  test('a screenshot and a PDF of an image render it, charged; of a PDF (headless Chromium draws an empty grey page) a 502, uncharged', async () => {
    const url = `${documents.url}/image.png`;
    const shot = await app.paidCall('/v1/scrape/screenshot', { url, width: 320, height: 240 }, 'live');
    assert.equal(shot.cost, parseUsd('0.02'));
    const pdf = await app.paidCall('/v1/tools/pdf', { url }, 'live');
    assert.equal(pdf.cost, parseUsd('0.02'));
    assert.equal(Buffer.from(pdf.response.body.data.pdf, 'base64').subarray(0, 5).toString('latin1'), '%PDF-');
    const pdfDocument = `${documents.url}/document.pdf`;
    await uncharged('/v1/scrape/screenshot', { url: pdfDocument }, 502, /^url: the page is application\/pdf, not HTML or text: there is nothing to capture/);
    await uncharged('/v1/tools/pdf', { url: pdfDocument }, 502, /^url: the page is application\/pdf, not HTML or text: there is nothing to capture/);
  });

  test('lighthouse: a page whose redirect or script sends the main frame to a refused address is a 400 naming url, uncharged', async () => {
    const target = encodeURIComponent(`${refused.url}/landing`);
    await uncharged('/v1/seo/onpage/lighthouse', { url: `${documents.url}/redirect?to=${target}` }, 400, /^url: .*loopback/);
    await uncharged('/v1/seo/onpage/lighthouse', { url: `${documents.url}/script-redirect?to=${target}` }, 400, /^url: .*loopback/);
    assert.equal(refusedHits, 0);
  });

  test('a screenshot, a PDF and a rendered scrape of a page that sends itself to a refused address (redirect, meta refresh, script) are a 400 naming url; inline HTML that does is a 400 naming html; none charged', async () => {
    const target = `${refused.url}/landing`;
    for (const via of ['redirect', 'meta-refresh', 'script-redirect']) {
      const url = `${documents.url}/${via}?to=${encodeURIComponent(target)}`;
      for (const path of ['/v1/scrape/screenshot', '/v1/tools/pdf', '/v1/scrape/js', '/v1/seo/onpage/instant']) {
        await uncharged(path, { url }, 400, /^url: Tollgate does not fetch this destination \(loopback\)/);
      }
    }
    for (const html of [`<script>location.href = ${JSON.stringify(target)};</script><p>x</p>`, `<meta http-equiv="refresh" content="0;url=${target}"><p>x</p>`]) {
      await uncharged('/v1/tools/pdf', { html }, 400, /^html: Tollgate does not fetch this destination \(loopback\)/);
    }
    assert.equal(refusedHits, 0);
  });

  test('lighthouse: an image as the main document is a 502 naming its type, uncharged', async () => {
    await uncharged('/v1/seo/onpage/lighthouse', { url: `${documents.url}/image.png` }, 502, /^url: the page is image\/png, not HTML or text/);
  });
});
