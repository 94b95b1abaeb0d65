import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseUsd } from '../../src/core/money';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startBrowserPages, type BrowserPages } from '../helpers/browser-pages';
import { startCanary, type Canary } from '../helpers/canary';
import { readPdf } from '../helpers/pdf-reader';

/**
 * The browser endpoints through the real server and a real Chromium pool of one browser with a
 * queue of one (so saturation is easy to reach). The pages live on 127.0.0.2, the one network the
 * app is told to allow; the canary on 127.0.0.1 stands for everything it must never reach.
 */

const PAGES_HOST = '127.0.0.2';

/** Our process's Chromium browsers (the pool launches them as children of this process). */
function chromiumChildren(): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z' || Number(fields[1]) !== process.pid) continue;
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('chromium')) found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

function pngSize(image: Buffer): { width: number; height: number } {
  assert.deepEqual([...image.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
  assert.equal(image.subarray(12, 16).toString('ascii'), 'IHDR');
  return { width: image.readUInt32BE(16), height: image.readUInt32BE(20) };
}

/**
 * The operator's upstream proxy for stealth scrapes, faked: a CONNECT proxy that records what it
 * was asked for (and with which credentials) and connects there.
 */
async function startUpstreamProxy(): Promise<{ url: string; connects: Array<{ target: string; user: string }>; close(): Promise<void> }> {
  const connects: Array<{ target: string; user: string }> = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((_request, response) => response.writeHead(405).end());
  server.on('connect', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const credentials = Buffer.from(String(request.headers['proxy-authorization'] ?? '').replace(/^Basic /, ''), 'base64').toString();
    connects.push({ target: request.url ?? '', user: credentials.split(':')[0] ?? '' });
    const [host, port] = [request.url?.slice(0, request.url.lastIndexOf(':')), Number(request.url?.slice(request.url.lastIndexOf(':') + 1))];
    const upstream = net.connect({ host, port }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connects,
    close: () => new Promise<void>((resolve) => (sockets.forEach((socket) => socket.destroy()), server.close(() => resolve()))),
  };
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  assert.fail(`timed out waiting for ${what}`);
}

describe('browser endpoints (one pooled Chromium)', { timeout: 300_000 }, () => {
  let app: TestApp;
  let pages: BrowserPages;
  let canary: Canary;
  let upstreamProxy: Awaited<ReturnType<typeof startUpstreamProxy>>;
  let closed = false;
  /** The TMPDIR of the browser the crash test kills. */
  let killedBrowserTemporary: string | undefined;

  before(async () => {
    pages = await startBrowserPages(PAGES_HOST);
    canary = await startCanary();
    upstreamProxy = await startUpstreamProxy();
    app = await startTestApp({}, {
      TOLLGATE_STEALTH_PROXY_URL: `http://user-{country}:secret@${upstreamProxy.url.slice('http://'.length)}`,
      TOLLGATE_FETCH_ALLOWED_NETWORKS: `${PAGES_HOST}/32`,
      TOLLGATE_BROWSER_POOL_SIZE: '1',
      TOLLGATE_BROWSER_QUEUE_SIZE: '1',
      TOLLGATE_BROWSER_TIMEOUT_MS: '20000',
      TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000',
    });
  });
  after(async () => {
    pages?.releaseHeld();
    if (!closed) await app?.close();
    await pages?.close();
    await canary?.close();
    await upstreamProxy?.close();
  });

  test('scrape/js: text a script writes is there, and not in /v1/scrape; charged 0.02', async () => {
    const url = `${pages.url}/script-rendered`;
    const rendered = await app.paidCall('/v1/scrape/js', { url, format: 'markdown' }, 'live');
    assert.equal(rendered.cost, parseUsd('0.02'));
    assert.equal(rendered.response.body.data.statusCode, 200);
    assert.equal(rendered.response.body.data.format, 'markdown');
    assert.match(rendered.response.body.data.content, /# Rendered by script/);
    assert.match(rendered.response.body.data.content, /exists only after the script ran/);
    const served = await app.paidCall('/v1/scrape', { url, format: 'markdown' }, 'live');
    assert.doesNotMatch(served.response.body.data.content, /Rendered by script/);
  });

  test('scrape/js: waitFor is honoured (text added 3 s after load appears only with a longer wait)', async () => {
    const url = `${pages.url}/delayed`;
    const quick = await app.paidCall('/v1/scrape/js', { url, format: 'text', selector: '#app' }, 'live');
    assert.match(quick.response.body.data.content, /Waiting/);
    assert.doesNotMatch(quick.response.body.data.content, /Appeared/);
    const patient = await app.paidCall('/v1/scrape/js', { url, format: 'text', selector: '#app', waitFor: 6000 }, 'live');
    assert.match(patient.response.body.data.content, /Appeared after a delay/);
  });

  test('scrape/js: waitFor beyond its bound and a bad selector are 400s naming them, uncharged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const tooLong = await app.post('/v1/scrape/js', { url: `${pages.url}/delayed`, waitFor: 600_000 }, apiKey);
    assert.equal(tooLong.status, 400);
    assert.match(tooLong.body.error.message, /^waitFor: /);
    const badSelector = await app.post('/v1/scrape/js', { url: `${pages.url}/delayed`, selector: 'div[' }, apiKey);
    assert.equal(badSelector.status, 400);
    assert.match(badSelector.body.error.message, /selector/);
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('scrape/stealth: no webdriver, no HeadlessChrome, language and timezone of the country, through its proxy; charged 0.03', async () => {
    const { response, cost } = await app.paidCall('/v1/scrape/stealth', { url: `${pages.url}/probe`, format: 'text', selector: '#probe', waitFor: 0, country: 'de' }, 'live');
    assert.equal(cost, parseUsd('0.03'));
    const seen = JSON.parse(response.body.data.content);
    assert.equal(seen.webdriver, false);
    assert.doesNotMatch(seen.userAgent, /Headless/i);
    assert.match(seen.userAgent, /Chrome\/\d+\.0\.0\.0/);
    assert.equal(seen.language, 'de-DE');
    assert.deepEqual(seen.languages.slice(0, 2), ['de-DE', 'de']);
    assert.equal(seen.timeZone, 'Europe/Berlin');
    assert.ok(seen.brands.includes('Chromium') && !seen.brands.some((brand: string) => /Headless/i.test(brand)), JSON.stringify(seen.brands));
    // What the site received: the same user agent, client hints without Headless, German first.
    const headers = pages.headers.get('/probe') ?? {};
    assert.equal(headers['user-agent'], seen.userAgent);
    assert.match(String(headers['accept-language']), /^de-DE,de;q=0\.9/);
    const major = /Chrome\/(\d+)/.exec(seen.userAgent)?.[1];
    assert.match(String(headers['sec-ch-ua']), new RegExp(`"Chromium";v="${major}"`));
    assert.doesNotMatch(String(headers['sec-ch-ua']), /Headless/i);
    assert.equal(headers['sec-ch-ua-platform'], '"Linux"');
    // It left through the operator's proxy for Germany, asked for the address Tollgate checked.
    assert.ok(upstreamProxy.connects.some((connect) => connect.user === 'user-de' && connect.target === `${PAGES_HOST}:${new URL(pages.url).port}`), JSON.stringify(upstreamProxy.connects));
  });

  test("scrape/stealth: the catalog's markdown beside content in the format asked for", async () => {
    const url = `${pages.url}/script-rendered`;
    const asText = (await app.paidCall('/v1/scrape/stealth', { url, format: 'text', waitFor: 0 }, 'live')).response.body.data;
    assert.match(asText.content, /^Rendered by script\n/);
    assert.match(asText.markdown, /^# Rendered by script\n\nThis text exists only after the script ran\./);
    const asMarkdown = (await app.paidCall('/v1/scrape/stealth', { url, waitFor: 0 }, 'live')).response.body.data;
    assert.equal(asMarkdown.markdown, asMarkdown.content);
    assert.equal(asMarkdown.markdown, asText.markdown);
  });

  test('scrape/stealth: an unknown country is a 400 naming it; a refused URL a 400 naming url; neither charged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const unknown = await app.post('/v1/scrape/stealth', { url: `${pages.url}/probe`, country: 'zz' }, apiKey);
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.error.message, /^country: /);
    const refused = await app.post('/v1/scrape/stealth', { url: `${canary.url}/stealth`, country: 'us' }, apiKey);
    assert.equal(refused.status, 400);
    assert.match(refused.body.error.message, /^url: /);
    assert.equal(await app.balance(accountId), 1_000_000);
    assert.equal(canary.hits, 0);
  });

  test('every call starts from a clean browser: cookies and storage a page left are never seen by the next call', async () => {
    const url = `${pages.url}/remembers`;
    for (const endpoint of ['/v1/scrape/js', '/v1/scrape/js', '/v1/seo/onpage/instant', '/v1/scrape/js']) {
      const body = endpoint === '/v1/scrape/js' ? { url, format: 'text' } : { url };
      const { response } = await app.paidCall(endpoint, body, 'live');
      assert.equal(response.status, 200, JSON.stringify(response.body));
      if (endpoint === '/v1/scrape/js') assert.match(response.body.data.content, /cookie=\[\] stored=\[\]/);
    }
  });

  test('screenshot: a PNG of exactly the viewport asked for, charged 0.02', async () => {
    const { response, cost } = await app.paidCall('/v1/scrape/screenshot', { url: `${pages.url}/tall`, width: 800, height: 600 }, 'live');
    assert.equal(cost, parseUsd('0.02'));
    const image = Buffer.from(response.body.data.image, 'base64');
    assert.deepEqual(pngSize(image), { width: 800, height: 600 });
    assert.deepEqual([response.body.data.width, response.body.data.height], [800, 600]);
  });

  test('screenshot: fullPage is the whole page at that width', async () => {
    const { response } = await app.paidCall('/v1/scrape/screenshot', { url: `${pages.url}/tall`, width: 640, height: 480, fullPage: true }, 'live');
    const image = Buffer.from(response.body.data.image, 'base64');
    assert.deepEqual(pngSize(image), { width: 640, height: 3000 });
    assert.equal(response.body.data.height, 3000);
  });

  test('screenshot: out-of-range width is a 400 naming it, uncharged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/scrape/screenshot', { url: `${pages.url}/tall`, width: 5000 }, apiKey);
    assert.equal(response.status, 400);
    assert.match(response.body.error.message, /^width: /);
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('pdf from a URL and from inline HTML: a PDF holding the text, charged 0.02', async () => {
    const fromUrl = await app.paidCall('/v1/tools/pdf', { url: `${pages.url}/audit`, pageSize: 'Letter', orientation: 'landscape' }, 'live');
    assert.equal(fromUrl.cost, parseUsd('0.02'));
    const urlPdf = Buffer.from(fromUrl.response.body.data.pdf, 'base64');
    assert.equal(urlPdf.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.equal(fromUrl.response.body.data.bytes, urlPdf.length);
    assert.match((await readPdf(urlPdf)).text, /First heading/);

    const fromHtml = await app.paidCall('/v1/tools/pdf', { html: '<html><body><h1>Invoice 4711</h1><p>Total due: 12 EUR</p></body></html>', pageSize: 'A4' }, 'live');
    const htmlPdf = Buffer.from(fromHtml.response.body.data.pdf, 'base64');
    assert.equal(htmlPdf.subarray(0, 5).toString('latin1'), '%PDF-');
    const { text, title } = await readPdf(htmlPdf);
    assert.match(text, /Invoice 4711/);
    assert.match(text, /Total due: 12 EUR/);
    // Without a <title>, the PDF has none (not Chromium's "about:blank", which viewers would show).
    assert.equal(title, '');
    const titled = await app.paidCall('/v1/tools/pdf', { html: '<html><head><title>Invoice 4711</title></head><body><p>Total due: 12 EUR</p></body></html>' }, 'live');
    assert.equal((await readPdf(Buffer.from(titled.response.body.data.pdf, 'base64'))).title, 'Invoice 4711');
    assert.equal((await readPdf(urlPdf)).title, 'Audit me');
  });

  test('pdf: neither or both of url and html is a 400 naming them, uncharged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    for (const body of [{ pageSize: 'A4' }, { url: `${pages.url}/audit`, html: '<p>x</p>' }]) {
      const response = await app.post('/v1/tools/pdf', body, apiKey);
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.match(response.body.error.message, /url/);
      assert.match(response.body.error.message, /html/);
    }
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('onpage/instant: the On-page record of the rendered page, charged 0.03', async () => {
    const { response, cost } = await app.paidCall('/v1/seo/onpage/instant', { url: `${pages.url}/audit` }, 'live');
    assert.equal(cost, parseUsd('0.03'));
    const [record] = response.body.data.pages;
    assert.equal(record.url, `${pages.url}/audit`);
    assert.equal(record.statusCode, 200);
    assert.equal(record.title, 'Audit me');
    assert.equal(record.description, 'A page to audit.');
    assert.deepEqual(record.h1, ['First heading', 'Second heading']);
    assert.equal(record.internalLinks, 2);
    assert.equal(record.externalLinks, 1);
    assert.equal(record.images, 3);
    assert.ok(record.wordCount >= 12, `wordCount ${record.wordCount}`);
    // The page blocks its main thread for 120 ms in a script: interactive only after that task.
    assert.ok(record.timeToInteractive >= 120, `timeToInteractive ${record.timeToInteractive}`);
  });

  test('a URL on a refused address is a 400 naming url, uncharged, and the browser never goes there', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    for (const path of ['/v1/scrape/screenshot', '/v1/seo/onpage/instant', '/v1/tools/pdf']) {
      const response = await app.post(path, { url: `${canary.url}/direct` }, apiKey);
      assert.equal(response.status, 400, `${path}: ${JSON.stringify(response.body)}`);
      assert.match(response.body.error.message, /^url: /);
    }
    assert.equal(await app.balance(accountId), 1_000_000);
    assert.equal(canary.hits, 0);
  });

  test('a redirect to a refused address is a 400 naming url, uncharged, for every browser endpoint', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const redirecting = `${pages.url}/redirect?to=${encodeURIComponent(`${canary.url}/redirected`)}`;
    for (const path of ['/v1/scrape/js', '/v1/scrape/screenshot', '/v1/seo/onpage/instant', '/v1/tools/pdf']) {
      const response = await app.post(path, { url: redirecting }, apiKey);
      assert.equal(response.status, 400, `${path}: ${JSON.stringify(response.body)}`);
      assert.match(response.body.error.message, /^url: .*loopback/);
    }
    assert.equal(await app.balance(accountId), 1_000_000);
    assert.equal(canary.hits, 0);
  });

  test('browser paths (img, iframe, script, stylesheet, fetch, WebSocket, worker, beacon, meta refresh) never reach a refused address', async () => {
    const target = encodeURIComponent(canary.url);
    await app.paidCall('/v1/scrape/screenshot', { url: `${pages.url}/escapes?target=${target}`, width: 640, height: 480 }, 'live');
    const html = `<html><body><img src="${canary.url}/inline-img.png"><iframe src="${canary.url}/inline-iframe"></iframe>
      <script>fetch('${canary.url}/inline-fetch').catch(() => {});</script><p>inline</p></body></html>`;
    await app.paidCall('/v1/tools/pdf', { html }, 'live');
    // The audit waits for the page to go quiet: what the page started late (the worker) has its chance.
    await app.paidCall('/v1/seo/onpage/instant', { url: `${pages.url}/escapes?target=${target}` }, 'live');
    // A page that sends itself to a refused address is refused like a redirect there.
    const { accountId, apiKey } = await app.createAccount('1.00');
    const refreshed = await app.post('/v1/scrape/js', { url: `${pages.url}/meta-refresh?target=${target}`, waitFor: 500 }, apiKey);
    assert.equal(refreshed.status, 400, JSON.stringify(refreshed.body));
    assert.match(refreshed.body.error.message, /^url: /);
    assert.equal(await app.balance(accountId), 1_000_000);
    assert.deepEqual(canary.requests, []);
    assert.equal(canary.hits, 0);
  });

  test('a saturated pool and queue answer 503 with Retry-After, uncharged', async () => {
    pages.hold();
    const { accountId, apiKey } = await app.createAccount('1.00');
    const heldBefore = pages.requests.filter((request) => request.includes('/hold')).length;
    const first = app.post('/v1/scrape/screenshot', { url: `${pages.url}/hold` }, apiKey);
    await waitFor(() => pages.requests.filter((request) => request.includes('/hold')).length > heldBefore, 'the first call to reach the page');
    // The browser is busy: of two more calls, one waits in the queue (size 1) and one is refused.
    const [second, third] = await Promise.all([
      app.post('/v1/scrape/screenshot', { url: `${pages.url}/hold?2` }, apiKey).then((response) => (pages.releaseHeld(), response)),
      app.post('/v1/scrape/screenshot', { url: `${pages.url}/hold?3` }, apiKey).then((response) => (response.status === 503 ? (pages.releaseHeld(), response) : response)),
    ]);
    const refused = [second, third].filter((response) => response.status === 503);
    assert.equal(refused.length, 1, JSON.stringify([second.status, third.status]));
    assert.equal(refused[0]?.body.error.code, 'UNAVAILABLE');
    assert.ok(Number(refused[0]?.headers.get('retry-after')) >= 1);
    assert.equal((await first).status, 200);
    const answered = [second, third].filter((response) => response.status === 200);
    assert.equal(answered.length, 1);
    // Two screenshots charged, the refused call not at all.
    assert.equal(await app.balance(accountId), 1_000_000 - 2 * parseUsd('0.02'));
  });

  test('a client that leaves mid-call frees its browser at once, and is not charged', async () => {
    pages.hold();
    const { accountId, apiKey } = await app.createAccount('1.00');
    const heldBefore = pages.requests.filter((request) => request.includes('/hold')).length;
    const leaving = new AbortController();
    const call = fetch(`${app.baseUrl}/v1/scrape/js`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ url: `${pages.url}/hold?leave` }),
      signal: leaving.signal,
    }).catch(() => undefined);
    await waitFor(() => pages.requests.filter((request) => request.includes('/hold')).length > heldBefore, 'the call to reach the page');
    leaving.abort();
    await call;
    // The page is still held: only the closed context frees the one browser for this call.
    const { response } = await app.paidCall('/v1/scrape/js', { url: `${pages.url}/script-rendered` }, 'live');
    assert.match(response.body.data.content, /Rendered by script/);
    assert.equal(await app.balance(accountId), 1_000_000);
    pages.releaseHeld();
  });

  test('a page that cannot be reached: a 502 naming url, as the fetcher says it, uncharged', async () => {
    // A port on the pages' address where nothing listens: Chromium's connection is refused.
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, PAGES_HOST, () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/scrape/js', { url: `http://${PAGES_HOST}:${closed}/gone` }, apiKey);
    assert.equal(response.status, 502, JSON.stringify(response.body));
    assert.match(response.body.error.message, /^url: the site could not be reached/);
    assert.equal(await app.balance(accountId), parseUsd('1.00'));
  });

  test('a host that does not resolve: a 502 naming url on every browser endpoint, as /v1/scrape says it, uncharged', async () => {
    const url = 'http://bücher.example/';
    const { accountId, apiKey } = await app.createAccount('1.00');
    const fetched = await app.post('/v1/scrape', { url }, apiKey);
    assert.equal(fetched.status, 502, JSON.stringify(fetched.body));
    for (const [path, body] of [['/v1/scrape/js', { url }], ['/v1/scrape/screenshot', { url }], ['/v1/scrape/stealth', { url, waitFor: 0 }]] as const) {
      const response = await app.post(path, body, apiKey);
      assert.equal(response.status, 502, `${path}: ${JSON.stringify(response.body)}`);
      assert.equal(response.body.error.message.replace(/; you were not charged\.$/, ''), fetched.body.error.message.replace(/; you were not charged\.$/, ''), path);
      assert.match(response.body.error.message, /^url: the host/, path);
    }
    assert.equal(await app.balance(accountId), parseUsd('1.00'));
  });

  test('a browser killed mid-call: 502, uncharged, and the pool replaces it', async () => {
    pages.hold();
    const { accountId, apiKey } = await app.createAccount('1.00');
    const heldBefore = pages.requests.filter((request) => request.includes('/hold')).length;
    const call = app.post('/v1/scrape/screenshot', { url: `${pages.url}/hold?kill` }, apiKey);
    await waitFor(() => pages.requests.filter((request) => request.includes('/hold')).length > heldBefore, 'the call to reach the page');
    const browsers = chromiumChildren();
    assert.equal(browsers.length, 1, `one pooled browser, found ${browsers.join(', ')}`);
    // Killed, it leaves its singleton socket's directory behind: in the pool's own TMPDIR.
    killedBrowserTemporary = fs.readFileSync(`/proc/${browsers[0]}/environ`, 'utf8').split('\0').find((entry) => entry.startsWith('TMPDIR='))?.slice('TMPDIR='.length);
    assert.match(killedBrowserTemporary ?? '', /\/tollgate-browsers-[^/]+$/);
    process.kill(browsers[0] as number, 'SIGKILL');
    const response = await call;
    pages.releaseHeld();
    assert.equal(response.status, 502, JSON.stringify(response.body));
    assert.equal(response.body.error.code, 'UPSTREAM_ERROR');
    assert.equal(await app.balance(accountId), 1_000_000);

    const { response: next } = await app.paidCall('/v1/scrape/screenshot', { url: `${pages.url}/tall`, width: 320, height: 240 }, 'live');
    assert.deepEqual(pngSize(Buffer.from(next.body.data.image, 'base64')), { width: 320, height: 240 });
    const replaced = chromiumChildren();
    assert.equal(replaced.length, 1);
    assert.notEqual(replaced[0], browsers[0]);
  });

  test('lighthouse: a real run on a local page, four scores 0-100 and the lab metrics, charged 0.05', async () => {
    const { response, cost } = await app.paidCall('/v1/seo/onpage/lighthouse', { url: `${pages.url}/audit` }, 'live');
    assert.equal(cost, parseUsd('0.05'));
    const report = response.body.data;
    for (const score of ['performanceScore', 'accessibilityScore', 'bestPracticesScore', 'seoScore']) {
      assert.ok(Number.isInteger(report[score]) && report[score] >= 0 && report[score] <= 100, `${score}: ${report[score]}`);
    }
    assert.ok(report.seoScore > 0, 'the SEO category was scored');
    assert.ok(report.firstContentfulPaint > 0, `FCP ${report.firstContentfulPaint}`);
    assert.ok(report.largestContentfulPaint >= report.firstContentfulPaint);
    assert.ok(report.speedIndex > 0);
    assert.ok(report.cumulativeLayoutShift >= 0);
    assert.ok(report.totalBlockingTime >= 0);
  });

  test('when the server stops, no Chromium of ours is left running', async () => {
    const running = chromiumChildren();
    assert.ok(running.length >= 1, 'a browser was running');
    closed = true;
    await app.close();
    await waitFor(() => chromiumChildren().length === 0, 'every browser to exit');
    for (const pid of running) assert.equal(fs.existsSync(`/proc/${pid}`) && !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z'), false, `browser ${pid} still running`);
    // Nor what a killed one left in its temporary directory.
    assert.ok(killedBrowserTemporary, 'the killed browser’s TMPDIR was read');
    assert.equal(fs.existsSync(killedBrowserTemporary), false, `${killedBrowserTemporary} was left behind`);
  });
});
