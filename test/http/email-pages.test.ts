import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config';
import { emptyContact } from '../../src/schemas/contact';
import { createNet, type Net } from '../../src/net';
import type { WebProvider } from '../../src/providers/families/web';
import { EXAMPLE_CONTACT } from '../../src/endpoints/email/examples';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { startTestDnsServer, type TestDnsServer } from '../helpers/test-dns-server';

/**
 * The two email endpoints that fetch pages — author-finder (an article's URL) and technology (a
 * domain's home page) — through the real server, the SSRF-safe fetcher and a DNS server on
 * loopback, against pages served on loopback (opened to the fetcher as an intranet would be).
 */

const ARTICLE_WITH_LINKED_DATA = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cold chain lessons | Northwind blog</title>
<meta property="og:site_name" content="Northwind blog">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"BlogPosting","headline":"Cold chain lessons","author":{"@type":"Person","name":"Greta Stubridge"},"publisher":{"@type":"Organization","name":"Northwind"}}</script>
</head><body><article><h1>Cold chain lessons</h1><p>What a year of refrigerated freight taught us about packaging.</p></article></body></html>`;
const ARTICLE_BY_A_STRANGER = `<!doctype html><html><head><meta charset="utf-8"><meta name="author" content="Zebulon Quixworthy"><title>Guest post</title></head>
<body><article><h1>Guest post</h1><p>A visitor writes.</p></article></body></html>`;
const ARTICLE_BY_ONE_NAME = `<!doctype html><html><head><meta charset="utf-8"><meta name="author" content="Prince"><title>One name</title></head><body><p>Hi.</p></body></html>`;
const ARTICLE_WITHOUT_AUTHOR = `<!doctype html><html><head><meta charset="utf-8"><title>Release notes</title></head><body><article><h1>Release notes</h1><p>Bug fixes.</p></article></body></html>`;
const WORDPRESS_HOME = `<!doctype html><html><head><meta charset="utf-8"><meta name="generator" content="WordPress 6.6.2"><title>Northwind shop</title>
<link rel="stylesheet" href="/wp-content/themes/northwind/style.css">
<script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1"></script></head><body><h1>Shop</h1></body></html>`;
const ARTICLE_WITH_A_MIDDLE_NAME = `<!doctype html><html><head><meta charset="utf-8"><title>Harvest notes</title></head>
<body><article><h1>Harvest notes</h1><p class="byline">Written by María José García-López</p><p>Olives, early this year.</p></article></body></html>`;
const ARTICLE_BY_AN_ADDRESS = `<!doctype html><html><head><meta charset="utf-8"><meta name="author" content="greta.stubridge@northwind.example"><title>Cold chain</title></head>
<body><article><h1>Cold chain</h1><p>Notes.</p></article></body></html>`;
const ARTICLE_WITH_PARTICLES = `<!doctype html><html><head><meta charset="utf-8"><meta name="author" content="Mary Ann van der Berg"><title>Dykes</title></head><body><p>Hi.</p></body></html>`;
const PLAIN_HOME = `<!doctype html><html><head><meta charset="utf-8"><title>Blank</title></head><body><p>Nothing to see.</p></body></html>`;

/** Publishing platforms' hosts, served by the test site: their authors are not their staff. */
const PLATFORM_HOSTS = ['medium.com', 'janedoe.substack.com', 'someone.github.io', 'www.wordpress.com'];

describe(`email endpoints that fetch pages (${testDatabaseLabel()})`, () => {
  let site: http.Server;
  let port: number;
  const requests: string[] = [];
  let dns: TestDnsServer;
  let net: Net;
  let app: TestApp;
  /** The same server with no network opened: loopback is refused as any private address is. */
  let closed: TestApp;

  before(async () => {
    site = http.createServer((request, response) => {
      requests.push(`${request.method} ${request.headers.host} ${request.url}`);
      const pages: Record<string, string> = {
        '/linked-data': ARTICLE_WITH_LINKED_DATA,
        '/stranger': ARTICLE_BY_A_STRANGER,
        '/one-name': ARTICLE_BY_ONE_NAME,
        '/no-author': ARTICLE_WITHOUT_AUTHOR,
        '/middle-name': ARTICLE_WITH_A_MIDDLE_NAME,
        '/address-author': ARTICLE_BY_AN_ADDRESS,
        '/particles': ARTICLE_WITH_PARTICLES,
        '/': request.headers.host?.startsWith('blank.') ? PLAIN_HOME : WORDPRESS_HOME,
      };
      // Documents that are not pages: /image/png, /application/pdf; every path of picture.* (its home page too).
      const media = request.headers.host?.startsWith('picture.') ? 'image/png' : /^\/(image\/png|application\/pdf)$/.exec(request.url ?? '')?.[1];
      const page = media === undefined ? pages[request.url ?? ''] : '%PDF-1.4 or PNG bytes';
      const stack = request.headers.host?.startsWith('blank.') ? {} : { server: 'nginx/1.25.3', 'x-powered-by': 'PHP/8.2.10' };
      // Home pages whose type says nothing: none at all (untyped.*, untyped-picture.*), or the unnamed file's (download.*).
      const unnamed = /^(untyped|untyped-picture|download)\./.exec(request.headers.host ?? '')?.[1];
      if (unnamed !== undefined) {
        response.writeHead(200, unnamed === 'download' ? { 'content-type': 'application/octet-stream' } : {});
        return response.end(unnamed === 'untyped-picture' ? Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') : WORDPRESS_HOME);
      }
      response.writeHead(request.url === '/removed' ? 410 : page === undefined ? 404 : 200, { 'content-type': media ?? 'text/html; charset=utf-8', ...stack });
      response.end(page ?? '<h1>Not found</h1>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    port = (site.address() as AddressInfo).port;
    dns = await startTestDnsServer({
      'blog.northwind.example': { A: ['127.0.0.1'] },
      'shop.northwind.example': { A: ['127.0.0.1'] },
      'blank.northwind.example': { A: ['127.0.0.1'] },
      'picture.northwind.example': { A: ['127.0.0.1'] },
      'untyped.northwind.example': { A: ['127.0.0.1'] },
      'download.northwind.example': { A: ['127.0.0.1'] },
      'untyped-picture.northwind.example': { A: ['127.0.0.1'] },
      'intranet.northwind.example': { A: ['10.20.30.40'] },
      ...Object.fromEntries(PLATFORM_HOSTS.map((host) => [host, { A: ['127.0.0.1'] }])),
    });
    const environment = { TOLLGATE_DNS_SERVERS: dns.servers.join(','), TOLLGATE_FETCH_ALLOWED_NETWORKS: '127.0.0.0/8' };
    // A domain names no port: its home page is asked of the test site's (https first, which the
    // plain-HTTP site cannot speak — so the fallback to http is what answers). Fetched for real.
    net = createNet(loadConfig(environment).net);
    const web: WebProvider = {
      name: 'local',
      fetchPage(url, options, call) {
        const target = new URL(url);
        if ((target.hostname.endsWith('.northwind.example') || PLATFORM_HOSTS.includes(target.hostname)) && target.port === '') target.port = String(port);
        return net.fetcher.fetch(target.toString(), { ...options, signal: call.signal });
      },
    };
    app = await startTestApp({ providers: { web } }, { ...environment, TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
    closed = await startTestApp({}, { TOLLGATE_DNS_SERVERS: dns.servers.join(','), TOLLGATE_FETCH_ALLOWED_NETWORKS: '' });
  });
  after(async () => {
    await app?.close();
    await closed?.close();
    await net?.close();
    await dns?.close();
    await new Promise((resolve) => site?.close(resolve));
  });

  async function paid(target: TestApp, path: string, body: unknown) {
    const { accountId, apiKey } = await target.createAccount('1.00');
    const response = await target.post(path, body, apiKey);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return { data: response.body.data, provider: response.headers.get('x-tollgate-provider'), cost: 1_000_000 - (await target.balance(accountId)) };
  }

  async function uncharged(target: TestApp, path: string, body: unknown, status: number, message: RegExp) {
    const { accountId, apiKey } = await target.createAccount('1.00');
    const response = await target.post(path, body, apiKey);
    assert.equal(response.status, status, JSON.stringify(response.body));
    assert.match(response.body.error.message, message);
    assert.equal(response.headers.get('x-cost-usd'), null);
    assert.equal(await target.balance(accountId), 1_000_000);
    assert.equal(await target.ledgerSum(accountId), 1_000_000);
    return response;
  }

  const article = (path: string) => `http://blog.northwind.example:${port}${path}`;

  test('author-finder: the JSON-LD author, then the finder at the page\'s company domain; $0.04', async () => {
    const { data, provider, cost } = await paid(app, '/v1/email/author-finder', { url: article('/linked-data') });
    assert.deepEqual(data.contact, EXAMPLE_CONTACT, "the sandbox world's Greta Stubridge of northwind.example");
    assert.equal(provider, 'live, sandbox');
    assert.equal(cost, 40_000);
    assert.ok(requests.includes(`GET blog.northwind.example:${port} /linked-data`));
  });

  test('author-finder: an author the data does not know gets the domain pattern\'s guess, with a lower confidence', async () => {
    const { contact } = (await paid(app, '/v1/email/author-finder', { url: article('/stranger') })).data;
    assert.equal(contact.email, 'zebulon.quixworthy@northwind.example');
    assert.deepEqual([contact.fullName, contact.companyDomain], ['Zebulon Quixworthy', 'northwind.example']);
    assert.ok(contact.confidenceScore > 0 && contact.confidenceScore < 85, String(contact.confidenceScore));
  });

  test('author-finder: no author is a success with every field null, email null and confidence 0; charged', async () => {
    const { data, provider, cost } = await paid(app, '/v1/email/author-finder', { url: article('/no-author') });
    assert.deepEqual(data.contact, emptyContact());
    assert.equal(data.contact.email, null);
    assert.equal(data.contact.confidenceScore, 0);
    assert.equal(provider, 'live', 'no finder was asked');
    assert.equal(cost, 40_000);
  });

  test('author-finder: a name without a last name, or a site at an address, keeps the name with no address', async () => {
    const oneName = (await paid(app, '/v1/email/author-finder', { url: article('/one-name') })).data.contact;
    assert.deepEqual(oneName, emptyContact({ fullName: 'Prince', firstName: 'Prince' }));
    const atAddress = (await paid(app, '/v1/email/author-finder', { url: `http://127.0.0.1:${port}/linked-data` })).data.contact;
    assert.deepEqual(atAddress, emptyContact({ fullName: 'Greta Stubridge', firstName: 'Greta', lastName: 'Stubridge' }));
  });

  test('author-finder: the full name read from the page, middle name and all, beside the first and last names the finder was asked', async () => {
    const { contact } = (await paid(app, '/v1/email/author-finder', { url: article('/middle-name') })).data;
    assert.deepEqual([contact.fullName, contact.firstName, contact.lastName], ['María José García-López', 'María José', 'García-López']);
    assert.equal(contact.companyDomain, 'northwind.example');
  });

  test('author-finder: on a publishing platform the author is no employee of the platform: the name, no address', async () => {
    for (const host of PLATFORM_HOSTS) {
      const { data, provider } = await paid(app, '/v1/email/author-finder', { url: `http://${host}/linked-data` });
      assert.deepEqual(data.contact, emptyContact({ fullName: 'Greta Stubridge', firstName: 'Greta', lastName: 'Stubridge' }), host);
      assert.equal(provider, 'live', `${host}: no finder was asked`);
    }
  });

  test('author-finder: an author given as an address is that address and the person it belongs to', async () => {
    const { data, provider } = await paid(app, '/v1/email/author-finder', { url: article('/address-author') });
    assert.deepEqual(data.contact, EXAMPLE_CONTACT);
    assert.equal(provider, 'live, sandbox');
  });

  test('author-finder: the name split as the finder splits full_name (Mary Ann | van der Berg)', async () => {
    const { contact } = (await paid(app, '/v1/email/author-finder', { url: article('/particles') })).data;
    const finder = (await paid(app, '/v1/email/finder', { domain: 'northwind.example', full_name: 'Mary Ann van der Berg' })).data.contact;
    assert.deepEqual([contact.email, contact.firstName, contact.lastName], [finder.email, 'Mary Ann', 'van der Berg']);
    assert.equal(contact.email, 'maryann.vanderberg@northwind.example');
  });

  test('author-finder: a page that answers 404 or 410 is a 404 NOT_FOUND naming url; uncharged', async () => {
    const gone = await uncharged(app, '/v1/email/author-finder', { url: article('/no-such-post') }, 404, /^url: the page is gone \(the site answered 404\)$/);
    assert.equal(gone.body.error.param, 'url');
    await uncharged(app, '/v1/email/author-finder', { url: article('/removed') }, 404, /^url: the page is gone \(the site answered 410\)$/);
  });

  test('author-finder: an image or a PDF is a 502 naming url and its type, as /v1/scrape answers; uncharged', async () => {
    await uncharged(app, '/v1/email/author-finder', { url: article('/image/png') }, 502, /^url: the page is image\/png, not HTML or text/);
    await uncharged(app, '/v1/email/author-finder', { url: article('/application/pdf') }, 502, /^url: the page is application\/pdf, not HTML or text/);
  });

  test('author-finder: a refused destination is a 400 naming url, an unreachable one a 502; neither charged', async () => {
    await uncharged(closed, '/v1/email/author-finder', { url: article('/linked-data') }, 400, /^url: Tollgate does not fetch this destination \(.*loopback/);
    const free = http.createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const freePort = (free.address() as AddressInfo).port;
    await new Promise((resolve) => free.close(resolve));
    await uncharged(app, '/v1/email/author-finder', { url: `http://127.0.0.1:${freePort}/post` }, 502, /^url: /);
  });

  test('technology: the home page fingerprinted (https failing, http answering); $0.02, no vendor', async () => {
    const before = requests.length;
    const { data, provider, cost } = await paid(app, '/v1/email/technology', { domain: 'SHOP.northwind.example' });
    assert.equal(data.domain, 'shop.northwind.example');
    const names = data.technologies.map((technology: { name: string }) => technology.name);
    for (const name of ['WordPress', 'PHP', 'Nginx', 'jQuery']) assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
    assert.deepEqual(data.technologies.find((technology: { name: string }) => technology.name === 'WordPress'), { name: 'WordPress', slug: 'wordpress', category: 'CMS', website: 'https://wordpress.org' });
    assert.equal(provider, 'live');
    assert.equal(cost, 20_000);
    assert.deepEqual(requests.slice(before), [`GET shop.northwind.example:${port} /`], 'one page fetched, over http');
  });

  test('technology: a page that shows nothing known is a success with none', async () => {
    const { data, cost } = await paid(app, '/v1/email/technology', { domain: 'blank.northwind.example' });
    assert.deepEqual(data, { domain: 'blank.northwind.example', technologies: [] });
    assert.equal(cost, 20_000);
  });

  test('technology: a private address is a 400 naming domain, a name that does not resolve a 502; neither charged', async () => {
    await uncharged(app, '/v1/email/technology', { domain: 'intranet.northwind.example' }, 400, /^domain: Tollgate does not fetch this destination \(.*private/);
    await uncharged(closed, '/v1/email/technology', { domain: 'shop.northwind.example' }, 400, /^domain: Tollgate does not fetch this destination \(.*loopback/);
    await uncharged(app, '/v1/email/technology', { domain: 'gone.northwind.example' }, 502, /^domain: /);
  });

  test('technology: a home page that is an image is a 502 naming domain and its type, uncharged', async () => {
    await uncharged(app, '/v1/email/technology', { domain: 'picture.northwind.example' }, 502, /^domain: the page is image\/png, not HTML or text/);
    // Sent without a type, an image is what its bytes say, as /v1/scrape sniffs it.
    await uncharged(app, '/v1/email/technology', { domain: 'untyped-picture.northwind.example' }, 502, /^domain: the page is image\/png, not HTML or text/);
  });

  test('technology: an HTML home page sent without a type, or as application/octet-stream, is sniffed and fingerprinted; charged', async () => {
    for (const domain of ['untyped.northwind.example', 'download.northwind.example']) {
      const { data, cost } = await paid(app, '/v1/email/technology', { domain });
      const names = data.technologies.map((technology: { name: string }) => technology.name);
      for (const name of ['WordPress', 'jQuery']) assert.ok(names.includes(name), `${domain}: ${name} in ${names.join(', ')}`);
      assert.equal(cost, 20_000);
    }
  });
});
