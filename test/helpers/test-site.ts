import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo, Socket } from 'node:net';

export interface TestSite {
  /** http://HOST:PORT (no trailing slash). */
  url: string;
  host: string;
  port: number;
  /** Every request received, as `METHOD /path?query`. */
  requests: string[];
  close(): Promise<void>;
}

/** "café – “quoted” €" in windows-1252 (é E9, en dash 96, curly quotes 93/94, euro 80). */
const WINDOWS_1252_TEXT = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x93, 0x71, 0x75, 0x6f, 0x74, 0x65, 0x64, 0x94, 0x20, 0x80]);
/** "日本語のページ" in Shift_JIS. */
const SHIFT_JIS_TEXT = Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x82, 0xcc, 0x83, 0x79, 0x81, 0x5b, 0x83, 0x57]);
export const TEST_SITE_TEXTS = { windows1252: 'café – “quoted” €', shiftJis: '日本語のページ', utf8: 'Grüße, Ελληνικά, 中文' };

const ARTICLE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>How Tollgate fetches pages</title>
<meta name="description" content="A test article about fetching pages safely.">
<meta property="og:title" content="Fetching pages safely"><meta property="og:image" content="/image.png">
<link rel="canonical" href="/article"></head>
<body><nav><a href="/">Home</a> | <a href="/table">Table</a></nav>
<article><h1>Fetching pages safely</h1>
<p>Every URL a customer chooses is fetched through one <a href="/fetcher">fetcher</a>, which resolves names itself and refuses private addresses. This paragraph is long enough for a readability algorithm to recognise it as the main content of the page, with several sentences of ordinary prose.</p>
<h2>What is refused</h2>
<ul><li>Loopback addresses</li><li>Private networks</li><li>Cloud metadata</li></ul>
<p>Redirects are followed one hop at a time, and each hop is checked again before anything is sent. The body is capped, after decompression too, so a compressed bomb never fills the memory.</p>
<pre><code>const page = await fetcher.fetch(url, { signal });</code></pre>
<table><thead><tr><th>Setting</th><th>Default</th></tr></thead><tbody><tr><td>TOLLGATE_FETCH_MAX_BYTES</td><td>10485760</td></tr><tr><td>TOLLGATE_FETCH_TIMEOUT_MS</td><td>15000</td></tr></tbody></table>
</article><footer>© Test site</footer></body></html>`;

const TABLE = `<!doctype html><html><head><meta charset="utf-8"><title>Prices</title></head><body>
<table id="prices"><tr><th>Product</th><th>Price</th></tr><tr><td class="name">Apple</td><td class="price">1.20</td></tr>
<tr><td class="name">Pear</td><td class="price">0.95</td></tr><tr><td class="name">Plum</td><td class="price">2.10</td></tr></table></body></html>`;

const SCRIPT_RENDERED = `<!doctype html><html><head><meta charset="utf-8"><title>Rendered</title></head><body><div id="app">Loading…</div>
<script>document.getElementById('app').innerHTML = '<h1>Rendered by script</h1><p class="late">This text exists only after the script ran.</p>';</script></body></html>`;

/**
 * A page whose every kind of subresource aims at a canary name (`<kind>.canary.test`, which the
 * tests' DNS answers with 127.0.0.1): image, iframe, stylesheet, fetch, WebSocket, worker, meta
 * refresh (in a frame) and an image through a redirect. A browser whose egress is checked reaches none.
 */
function browserVectors(port: string): string {
  const at = (kind: string, path = `/${kind}`) => `http://${kind}.canary.test:${Number(port)}${path}`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Browser vectors</title>
<link rel="stylesheet" href="${at('css')}"></head><body><h1>Browser vectors</h1>
<img src="${at('img')}"><iframe src="${at('iframe')}"></iframe>
<iframe src="/meta-refresh?port=${Number(port)}"></iframe>
<img src="/redirect?to=${encodeURIComponent(at('redirect'))}">
<script>
fetch('${at('fetch')}').catch(() => {});
try { new WebSocket('${at('ws').replace(/^http/, 'ws')}'); } catch {}
new Worker('/vector-worker.js?port=${Number(port)}');
</script></body></html>`;
}

function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
}

let bombs: { gzip: Buffer; br: Buffer } | undefined;
/** 64 MB of zeros, compressed once (gzip ~64 KB, brotli a few hundred bytes). */
function compressedBombs(): { gzip: Buffer; br: Buffer } {
  if (!bombs) {
    // 16 MB of zeros, far past any cap the tests set, squeezed into a few KB. Fast settings: the
    // site shares the test's event loop, and brotli's default quality takes seconds on this much.
    const zeros = Buffer.alloc(16 * 1024 * 1024);
    bombs = { gzip: zlib.gzipSync(zeros, { level: 1 }), br: zlib.brotliCompressSync(zeros, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } }) };
  }
  return bombs;
}

/**
 * A local web site on loopback for fetcher, scraper and browser tests. Routes:
 * `/`, `/article`, `/table`, `/script-rendered`, `/status/{code}` (an HTML page with that status),
 * `/redirect?to=URL&status=302&cookie=NAME=VALUE` (Location as given: absolute or relative; the cookie set when given), `/redirect-chain/{n}`
 * (n hops, then `/`), `/charset/{windows-1252|shift_jis-meta|http-equiv|utf8-bom|utf8}`,
 * `/close` (answers with Connection: close), `/gzip`, `/deflate`, `/deflate-raw`, `/corrupt-gzip`, `/brotli` (the article, compressed), `/gzip-bomb`, `/brotli-bomb` (64 MB of
 * zeros), `/large?bytes=N` (plain text), `/slow` (headers, then a byte a second, never ending),
 * `/echo` (the request as JSON), `/browser-vectors?port=P` (every browser egress path aimed at
 * `<kind>.canary.test:P`), `/vector-worker.js`, `/meta-refresh`, `/page-bytes?bytes=N` (an HTML page of about N bytes),
 * `/cookie-gate` (without its cookie: sets it and redirects to itself; with it: a page echoing the
 * request's Cookie header; `?secure=1` sets it Secure, `?path=/elsewhere` on another path),
 * `/utf8-location` and `/latin1-location` (a redirect whose Location is `/café page` in raw UTF-8
 * bytes, or in Latin-1 ones), `/café page`.
 */
export async function startTestSite(options: { host?: string; port?: number } = {}): Promise<TestSite> {
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    const url = new URL(request.url ?? '/', 'http://test.site');
    const html = (status: number, body: string | Buffer, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
      response.end(body);
    };
    const route = url.pathname;
    if (route === '/') return html(200, page('Test site home', '<h1>Test site</h1><p>Welcome to the test site.</p><a href="/article">Article</a>'));
    if (route === '/article') return html(200, ARTICLE);
    if (route === '/table') return html(200, TABLE);
    if (route === '/browser-vectors') return html(200, browserVectors(url.searchParams.get('port') ?? '80'));
    if (route === '/vector-worker.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      return response.end(`fetch('http://worker.canary.test:${Number(url.searchParams.get('port'))}/worker').catch(() => postMessage('blocked'));`);
    }
    if (route === '/meta-refresh') {
      return html(200, `<html><head><meta http-equiv="refresh" content="0;url=http://refresh.canary.test:${Number(url.searchParams.get('port'))}/refresh"></head><body>refreshing</body></html>`);
    }
    if (route === '/close') return html(200, page('Closing', '<p>This connection closes after the answer.</p>'), { connection: 'close' });
    if (route === '/script-rendered') return html(200, SCRIPT_RENDERED);
    const status = /^\/status\/(\d{3})$/.exec(route);
    if (status) return html(Number(status[1]), page(`Status ${status[1]}`, `<h1>Status ${status[1]}</h1>`));
    if (route === '/redirect') {
      const cookie = url.searchParams.get('cookie');
      response.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('to') ?? '/', ...(cookie ? { 'set-cookie': cookie } : {}) });
      return response.end();
    }
    const chain = /^\/redirect-chain\/(\d+)$/.exec(route);
    if (chain) {
      const left = Number(chain[1]);
      response.writeHead(302, { location: left <= 1 ? '/' : `/redirect-chain/${left - 1}` });
      return response.end();
    }
    if (route === '/cookie-gate') {
      if ((request.headers.cookie ?? '').includes('gate=open')) return html(200, page('Gate', `<p id="cookie">${request.headers.cookie}</p>`));
      const attributes = `${url.searchParams.get('secure') ? '; Secure' : ''}; Path=${url.searchParams.get('path') ?? '/'}`;
      response.writeHead(302, { location: url.pathname + url.search, 'set-cookie': [`gate=open${attributes}`, 'other=1; Max-Age=0', 'kept=yes; Path=/'] });
      return response.end();
    }
    // Node writes header strings as Latin-1: the UTF-8 bytes of the path, each written as one character.
    if (route === '/utf8-location') return response.writeHead(302, { location: Buffer.from('/café page').toString('latin1') }).end();
    if (route === '/latin1-location') return response.writeHead(302, { location: '/café page' }).end();
    if (decodeURIComponent(route) === '/café page') return html(200, page('Café', `<p>${route}</p>`));
    if (route === '/charset/windows-1252') {
      return html(200, Buffer.concat([Buffer.from('<html><head><title>cp1252</title></head><body><p>'), WINDOWS_1252_TEXT, Buffer.from('</p></body></html>')]), { 'content-type': 'text/html; charset=windows-1252' });
    }
    if (route === '/charset/shift_jis-meta') {
      return html(200, Buffer.concat([Buffer.from('<html><head><meta charset="Shift_JIS"><title>sjis</title></head><body><p>'), SHIFT_JIS_TEXT, Buffer.from('</p></body></html>')]), { 'content-type': 'text/html' });
    }
    if (route === '/charset/http-equiv') {
      return html(200, Buffer.concat([Buffer.from('<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252"></head><body><p>'), WINDOWS_1252_TEXT, Buffer.from('</p></body></html>')]), { 'content-type': 'text/html' });
    }
    if (route === '/charset/utf8-bom') {
      return html(200, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`<html><body><p>${TEST_SITE_TEXTS.utf8}</p></body></html>`)]), { 'content-type': 'text/html' });
    }
    if (route === '/charset/utf8') return html(200, `<html><body><p>${TEST_SITE_TEXTS.utf8}</p></body></html>`, { 'content-type': 'text/html' });
    if (route === '/gzip') return html(200, zlib.gzipSync(ARTICLE), { 'content-encoding': 'gzip' });
    if (route === '/deflate') return html(200, zlib.deflateSync(ARTICLE), { 'content-encoding': 'deflate' });
    if (route === '/corrupt-gzip') return html(200, Buffer.from('this is not gzip at all'), { 'content-encoding': 'gzip' });
    if (route === '/deflate-raw') return html(200, zlib.deflateRawSync(ARTICLE), { 'content-encoding': 'deflate' });
    if (route === '/brotli') return html(200, zlib.brotliCompressSync(ARTICLE), { 'content-encoding': 'br' });
    if (route === '/gzip-bomb') return html(200, compressedBombs().gzip, { 'content-encoding': 'gzip' });
    if (route === '/brotli-bomb') return html(200, compressedBombs().br, { 'content-encoding': 'br' });
    if (route === '/large') {
      const bytes = Number(url.searchParams.get('bytes') ?? 20_000_000);
      response.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const pump = () => {
        while (sent < bytes) {
          const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
          sent += piece.length;
          if (!response.write(piece)) return void response.once('drain', pump);
        }
        response.end();
      };
      return pump();
    }
    if (route === '/page-bytes') {
      const bytes = Number(url.searchParams.get('bytes') ?? 50_000);
      const paragraph = '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</p>\n';
      return html(200, page('Sized page', `<h1>Sized page</h1>${paragraph.repeat(Math.max(1, Math.ceil(bytes / paragraph.length)))}`));
    }
    if (route === '/slow') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><body>');
      const timer = setInterval(() => response.write('.'), 1000);
      timers.add(timer);
      response.on('close', () => {
        clearInterval(timer);
        timers.delete(timer);
      });
      return;
    }
    if (route === '/echo') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ method: request.method, url: request.url, headers: request.headers, body: Buffer.concat(chunks).toString() }));
      });
      return;
    }
    html(404, page('Not found', '<h1>Not found</h1>'));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    host,
    port,
    requests,
    async close() {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
