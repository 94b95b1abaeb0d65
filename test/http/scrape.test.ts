import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { startTestSite, TEST_SITE_TEXTS, type TestSite } from '../helpers/test-site';

/**
 * The scraping endpoints through the real server, fetching the local test site with the real
 * fetcher (loopback opened by TOLLGATE_FETCH_ALLOWED_NETWORKS, as an intranet would be).
 */
/** A server of the test's own on loopback, for the duration of `use`. */
async function withServer(handler: http.RequestListener, use: (url: string) => Promise<void>): Promise<void> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe(`scraping endpoints (${testDatabaseLabel()})`, () => {
  let site: TestSite;
  let app: TestApp;
  /** The same server with no network opened: loopback is refused as any private address is. */
  let closed: TestApp;

  before(async () => {
    site = await startTestSite();
    app = await startTestApp({}, { TOLLGATE_FETCH_ALLOWED_NETWORKS: '127.0.0.0/8' });
    closed = await startTestApp({}, { TOLLGATE_FETCH_ALLOWED_NETWORKS: '' });
  });
  after(async () => {
    await app?.close();
    await closed?.close();
    await site?.close();
  });

  /** A call that must fail: its status, the field it names, and that nothing was charged. */
  async function uncharged(target: TestApp, path: string, body: unknown, status: number, pattern: RegExp) {
    const { accountId, apiKey } = await target.createAccount('1.00');
    const response = await target.post(path, body, apiKey);
    assert.equal(response.status, status, JSON.stringify(response.body));
    assert.match(response.body.error.message, pattern);
    assert.equal(response.headers.get('x-cost-usd'), null);
    assert.equal(await target.balance(accountId), 1_000_000);
    assert.equal(await target.ledgerSum(accountId), 1_000_000);
  }

  test('an article as markdown: main content only, GFM, links absolute, title and metadata; charged $0.01', async () => {
    const { response, cost } = await app.paidCall('/v1/scrape', { url: `${site.url}/article` }, 'live');
    assert.equal(cost, 10_000);
    const data = response.body.data;
    assert.equal(data.url, `${site.url}/article`);
    assert.equal(data.statusCode, 200);
    assert.equal(data.format, 'markdown');
    assert.equal(data.title, 'How Tollgate fetches pages');
    assert.equal(data.metadata.description, 'A test article about fetching pages safely.');
    assert.equal(data.metadata.ogTitle, 'Fetching pages safely');
    assert.equal(data.metadata.ogImage, `${site.url}/image.png`);
    assert.equal(data.metadata.canonical, `${site.url}/article`);
    assert.equal(data.metadata.lang, 'en');
    const content: string = data.content;
    assert.ok(content.startsWith('# Fetching pages safely\n\nEvery URL a customer chooses is fetched through one [fetcher](' + site.url + '/fetcher)'), content);
    assert.match(content, /\n## What is refused\n\n- Loopback addresses\n- Private networks\n- Cloud metadata\n/);
    assert.match(content, /\n```\nconst page = await fetcher\.fetch\(url, \{ signal \}\);\n```\n/);
    assert.match(content, /\| Setting \| Default \|\n\| --- \| --- \|\n\| TOLLGATE\\_FETCH\\_MAX\\_BYTES \| 10485760 \|/);
    assert.doesNotMatch(content, /Home|© Test site/, 'navigation and footer are left out');
  });

  test('text and html formats of the same article', async () => {
    const text = (await app.paidCall('/v1/scrape', { url: `${site.url}/article`, format: 'text' }, 'live')).response.body.data;
    assert.equal(text.format, 'text');
    assert.ok(text.content.startsWith('Fetching pages safely\n\nEvery URL a customer chooses is fetched through one fetcher,'), text.content);
    assert.match(text.content, /Setting\tDefault\nTOLLGATE_FETCH_MAX_BYTES\t10485760/);
    const html = (await app.paidCall('/v1/scrape', { url: `${site.url}/article`, format: 'html' }, 'live')).response.body.data;
    assert.match(html.content, /^<article><h1>Fetching pages safely<\/h1>/);
    assert.match(html.content, new RegExp(`<a href="${site.url}/fetcher">fetcher</a>`));
    assert.doesNotMatch(html.content, /<nav|<footer/);
  });

  test('format in any case ("HTML", as SPEC.md writes it) is read and answered in lower case; an unknown one is a 400 naming format, uncharged', async () => {
    const html = (await app.paidCall('/v1/scrape', { url: `${site.url}/article`, format: 'HTML' }, 'live')).response.body.data;
    assert.equal(html.format, 'html');
    assert.match(html.content, /^<article><h1>Fetching pages safely<\/h1>/);
    const text = (await app.paidCall('/v1/scrape', { url: `${site.url}/article`, format: ' Text ' }, 'live')).response.body.data;
    assert.equal(text.format, 'text');
    await uncharged(app, '/v1/scrape', { url: `${site.url}/article`, format: 'PDF' }, 400, /^format: must be one of "markdown", "html", "text"$/);
  });

  test('a selector returns only that part of the page; a bad one is a 400 naming selector, uncharged', async () => {
    const { response } = await app.paidCall('/v1/scrape', { url: `${site.url}/table`, selector: '#prices' }, 'live');
    assert.equal(response.body.data.content, '| Product | Price |\n| --- | --- |\n| Apple | 1.20 |\n| Pear | 0.95 |\n| Plum | 2.10 |');
    const before = site.requests.length;
    await uncharged(app, '/v1/scrape', { url: `${site.url}/table`, selector: 'td[' }, 400, /^selector: /);
    assert.equal(site.requests.length, before, 'nothing is fetched for a bad selector');
  });

  test('a selector matching inline elements returns each match as a block of its own, in page order, in every format', async () => {
    const read = async (format: string) => (await app.paidCall('/v1/scrape', { url: `${site.url}/article`, selector: 'nav a', format }, 'live')).response.body.data.content;
    assert.equal(await read('markdown'), `[Home](${site.url}/)\n\n[Table](${site.url}/table)`);
    assert.equal(await read('html'), `<a href="${site.url}/">Home</a>\n<a href="${site.url}/table">Table</a>`);
    assert.equal(await read('text'), 'Home\n\nTable');
  });

  test('charsets: windows-1252 by header and by http-equiv, Shift_JIS by meta, UTF-8 with a BOM', async () => {
    for (const [path, expected] of [
      ['/charset/windows-1252', TEST_SITE_TEXTS.windows1252],
      ['/charset/http-equiv', TEST_SITE_TEXTS.windows1252],
      ['/charset/shift_jis-meta', TEST_SITE_TEXTS.shiftJis],
      ['/charset/utf8-bom', TEST_SITE_TEXTS.utf8],
    ] as const) {
      const { response } = await app.paidCall('/v1/scrape', { url: `${site.url}${path}`, format: 'text' }, 'live');
      assert.equal(response.body.data.content, expected, path);
    }
  });

  test('a compressed page and a redirect: the final URL is reported', async () => {
    const gzip = (await app.paidCall('/v1/scrape', { url: `${site.url}/gzip` }, 'live')).response.body.data;
    assert.match(gzip.content, /^# Fetching pages safely/);
    const redirected = (await app.paidCall('/v1/scrape', { url: `${site.url}/redirect?to=/article` }, 'live')).response.body.data;
    assert.equal(redirected.url, `${site.url}/article`);
    assert.equal(redirected.title, 'How Tollgate fetches pages');
  });

  test('a 404 page is a successful, charged scrape reporting its status', async () => {
    const { response, cost } = await app.paidCall('/v1/scrape', { url: `${site.url}/status/404` }, 'live');
    assert.equal(cost, 10_000);
    assert.equal(response.body.data.statusCode, 404);
    assert.equal(response.body.data.content, '# Status 404');
  });

  test('plain text is returned as it is', async () => {
    const { response } = await app.paidCall('/v1/scrape', { url: `${site.url}/large?bytes=12` }, 'live');
    assert.equal(response.body.data.content, 'xxxxxxxxxxxx');
    assert.equal(response.body.data.title, null);
  });

  test('XML (RSS, Atom, any +xml or /xml type) is returned as it is; its elements can still be extracted', async () => {
    const feed = '<?xml version="1.0"?>\n<rss version="2.0"><channel><title>Feed</title><item><title>First &amp; best</title><link>https://example.com/1</link></item></channel></rss>';
    await withServer(
      (request, response) => response.writeHead(200, { 'content-type': decodeURIComponent(request.url!.slice(1)) }).end(feed),
      async (url) => {
        for (const type of ['application/rss+xml', 'application/atom+xml; charset=utf-8', 'application/xml', 'text/xml', 'application/vnd.example+xml']) {
          for (const format of ['markdown', 'text']) {
            const { response, cost } = await app.paidCall('/v1/scrape', { url: `${url}/${encodeURIComponent(type)}`, format }, 'live');
            assert.equal(cost, 10_000);
            assert.equal(response.body.data.content, feed, `${type} as ${format}`);
            assert.equal(response.body.data.title, null);
          }
        }
        const extracted = await app.paidCall('/v1/scrape/extract', { url: `${url}/application%2Frss%2Bxml`, extractRules: { titles: { selector: '//item/title', type: 'xpath', all: true } } }, 'live');
        assert.deepEqual(extracted.response.body.data.extracted, { titles: ['First & best'] });
      },
    );
  });

  test('an image or a PDF is a 502 naming its type, uncharged', async () => {
    await withServer(
      (request, response) => response.writeHead(200, { 'content-type': decodeURIComponent(request.url!.slice(1)) }).end('%PDF-1.4 or PNG bytes'),
      async (url) => {
        await uncharged(app, '/v1/scrape', { url: `${url}/image%2Fpng` }, 502, /^url: the page is image\/png, not HTML or text/);
        await uncharged(app, '/v1/scrape', { url: `${url}/application%2Fpdf` }, 502, /^url: the page is application\/pdf, not HTML or text/);
      },
    );
  });

  test('a private destination is a 400 naming url; nothing is fetched or charged', async () => {
    const before = site.requests.length;
    await uncharged(closed, '/v1/scrape', { url: `${site.url}/article` }, 400, /^url: .*loopback/);
    await uncharged(closed, '/v1/scrape/extract', { url: `${site.url}/table`, extractRules: { a: 'td' } }, 400, /^url: /);
    await uncharged(closed, '/v1/seo/onpage/content', { url: `${site.url}/article` }, 400, /^url: /);
    assert.equal(site.requests.length, before);
  });

  test('a URL that is not http(s) is a 400 naming url before anything is held', async () => {
    await uncharged(app, '/v1/scrape', { url: 'file:///etc/passwd' }, 400, /^url: /);
    await uncharged(app, '/v1/scrape', { url: 'not a url' }, 400, /^url: /);
  });

  test('an unreachable site is a 502, uncharged', async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    await uncharged(app, '/v1/scrape', { url: `http://127.0.0.1:${port}/` }, 502, /^url: the site could not be reached/);
  });

  test('every fetch failure is a 502 naming url, uncharged, on every endpoint that fetches: unreachable, redirecting forever, too large', async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const unreachable = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    await new Promise((resolve) => server.close(resolve));
    for (const [path, extra] of [
      ['/v1/scrape', {}],
      ['/v1/scrape/extract', { extractRules: { a: 'td' } }],
      ['/v1/scrape/ai-extract', { prompt: 'Every product' }],
      ['/v1/seo/onpage/content', {}],
    ] as const) {
      await uncharged(app, path, { url: unreachable, ...extra }, 502, /^url: the site could not be reached/);
    }
    await withServer(
      (request, response) => response.writeHead(302, { location: `/again${request.url}` }).end(),
      async (url) => uncharged(app, '/v1/scrape', { url: `${url}/` }, 502, /^url: the site redirected more than 5 times/),
    );
    await uncharged(app, '/v1/scrape', { url: `${site.url}/gzip-bomb` }, 502, /^url: the page is larger than 10485760 bytes/);
  });

  test('extract: CSS and XPath rules, attributes, all; charged $0.01', async () => {
    const { response, cost } = await app.paidCall(
      '/v1/scrape/extract',
      {
        url: `${site.url}/table`,
        extractRules: {
          first: 'td.name',
          names: { selector: 'td.name', all: true },
          prices: { selector: '//td[@class="price"]', type: 'xpath', all: true },
          plum: { selector: '//tr[td[1]="Plum"]/td[2]', type: 'xpath' },
          tableId: { selector: 'table', attribute: 'id' },
          missing: '.nothing',
        },
      },
      'live',
    );
    assert.equal(cost, 10_000);
    assert.deepEqual(response.body.data, {
      url: `${site.url}/table`,
      statusCode: 200,
      extracted: { first: 'Apple', names: ['Apple', 'Pear', 'Plum'], prices: ['1.20', '0.95', '2.10'], plum: '2.10', tableId: 'prices', missing: null },
    });
  });

  test('extract: a rule that does not parse is a 400 naming it, before anything is fetched or charged', async () => {
    const before = site.requests.length;
    await uncharged(app, '/v1/scrape/extract', { url: `${site.url}/table`, extractRules: { good: 'td', bad: { selector: '//td[', type: 'xpath' } } }, 400, /^extractRules\.bad: /);
    await uncharged(app, '/v1/scrape/extract', { url: `${site.url}/table`, extractRules: { worse: 'td:::x' } }, 400, /^extractRules\.worse: /);
    assert.equal(site.requests.length, before);
  });

  test('on-page content: main text, headings, counts and readability scores; charged $0.03', async () => {
    const { response, cost } = await app.paidCall('/v1/seo/onpage/content', { url: `${site.url}/article` }, 'live');
    assert.equal(cost, 30_000);
    const [page] = response.body.data.content;
    assert.equal(page.url, `${site.url}/article`);
    assert.equal(page.title, 'How Tollgate fetches pages');
    assert.equal(page.description, 'A test article about fetching pages safely.');
    assert.deepEqual(page.headings, [{ level: 1, text: 'Fetching pages safely' }, { level: 2, text: 'What is refused' }]);
    assert.ok(page.text.startsWith('Fetching pages safely\n\nEvery URL'));
    assert.ok(page.wordCount > 80 && page.wordCount < 140, String(page.wordCount));
    assert.ok(page.sentenceCount >= 8, String(page.sentenceCount));
    for (const score of ['automatedReadabilityIndex', 'colemanLiauIndex', 'fleschReadingEase']) assert.equal(typeof page[score], 'number', score);
    assert.ok(page.fleschReadingEase > 0 && page.fleschReadingEase < 100);
  });

  test('ai-extract: an object valid against the schema, from the sandbox model; charged $0.03', async () => {
    const schema = { type: 'object', properties: { products: { type: 'array', items: { type: 'string' }, minItems: 1 }, cheapest: { type: 'number' } }, required: ['products', 'cheapest'], additionalProperties: false };
    const { response, cost } = await app.paidCall('/v1/scrape/ai-extract', { url: `${site.url}/table`, prompt: 'Every product, and the cheapest price', schema }, 'live, sandbox');
    assert.equal(cost, 30_000);
    const data = response.body.data;
    assert.equal(data.url, `${site.url}/table`);
    assert.equal(data.model, 'openai/gpt-4o-mini');
    assert.equal(data.truncated, false);
    assert.deepEqual(Object.keys(data.extracted).sort(), ['cheapest', 'products']);
    assert.ok(Array.isArray(data.extracted.products) && data.extracted.products.length >= 1);
    assert.equal(typeof data.extracted.cheapest, 'number');
  });

  test('ai-extract: an invalid schema is a 400 naming schema, before anything is fetched or charged', async () => {
    const before = site.requests.length;
    await uncharged(app, '/v1/scrape/ai-extract', { url: `${site.url}/table`, prompt: 'x', schema: { type: 'object', properties: { a: { type: 'strnig' } } } }, 400, /^schema: /);
    await uncharged(app, '/v1/scrape/ai-extract', { url: `${site.url}/table`, prompt: 'x', schema: { type: 'string' } }, 400, /^schema: /);
    // Nested 800 deep (8 KB): refused by its depth before it is checked or compiled (both recursive; it answered 500).
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 800; level += 1) deep = { items: deep };
    await uncharged(app, '/v1/scrape/ai-extract', { url: `${site.url}/table`, prompt: 'x', schema: { type: 'object', properties: { a: deep } } }, 400, /^schema: must nest objects and arrays at most 64 levels deep/);
    assert.equal(site.requests.length, before);
  });
});
