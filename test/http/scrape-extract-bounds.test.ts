import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, testDatabaseLabel, type TestApp, type TestResponse } from '../helpers/test-app';
import { PageReaders } from '../../src/scrape/page-readers';
import type { PagesProvider } from '../../src/providers/families/pages';

/**
 * /v1/scrape/extract on pages made to stall it, through the real server and fetcher (loopback
 * opened as an intranet would be): the rules run on the page readers' threads, under a time limit
 * (one second here, for the test's pace), so the event loop answers other calls meanwhile, and a
 * page that cannot be extracted from is a 502 naming url, uncharged.
 */
const PAGES: Record<string, string> = {
  // Flat, but a rule asking each of 5,000 divs for every div before it is quadratic: tens of seconds.
  '/many-divs': `<!doctype html><html><body>${'<div>x</div>'.repeat(5_000)}</body></html>`,
  // 500 KB of nested elements: linkedom's parser alone would take many seconds, a 10 MB page hours.
  '/nested': `<html><body>${'<div>'.repeat(100_000)}x${'</div>'.repeat(100_000)}</body></html>`,
  // Opened by comments and no doctype: 33 of them took the doctype pattern 50 s, each one more twice that.
  '/comments': `${'<!--a-->'.repeat(33)}<p>x</p>`,
};

describe(`extraction bounds (${testDatabaseLabel()})`, () => {
  let site: http.Server;
  let siteUrl: string;
  let app: TestApp;
  const readers = new PageReaders(2, { extractionTimeLimitMs: 1_000 });
  /** Told each time the endpoint hands a page to the page readers. */
  let handedOver: () => void = () => undefined;

  before(async () => {
    site = http.createServer((request, response) => {
      const page = PAGES[request.url ?? ''];
      if (page === undefined) return response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    const pages: PagesProvider = {
      ...readers.provider(),
      extract: (request, call) => {
        handedOver();
        return readers.extract(request, call.signal);
      },
    };
    app = await startTestApp({ providers: { pages } }, { TOLLGATE_FETCH_ALLOWED_NETWORKS: '127.0.0.0/8' });
  });
  after(async () => {
    await app?.close();
    await readers.close();
    site?.closeAllConnections();
    await new Promise((resolve) => site?.close(resolve));
  });

  /** The call's answer, which must be a 502 naming url, and that the account was charged nothing, to the micro-dollar. */
  async function assertUncharged(response: TestResponse, accountId: string, message: RegExp) {
    assert.equal(response.status, 502, JSON.stringify(response.body));
    assert.equal(response.body.error.code, 'UPSTREAM_ERROR');
    assert.match(response.body.error.message, message);
    assert.match(response.body.error.message, /; you were not charged\.$/);
    assert.equal(response.headers.get('x-cost-usd'), null);
    assert.equal(await app.balance(accountId), 1_000_000);
    assert.equal(await app.ledgerSum(accountId), 1_000_000);
    assert.equal(await app.openHolds(accountId), 0);
  }

  test('while rules grind on a hostile page, /health is answered; the extraction then ends in a 502 naming url, uncharged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const order: string[] = [];
    const extracting = new Promise<void>((resolve) => {
      handedOver = resolve;
    });
    const extraction = app.post('/v1/scrape/extract', { url: `${siteUrl}/many-divs`, extractRules: { divs: { selector: '//div[not(preceding::div)]', type: 'xpath', all: true } } }, apiKey).then((response) => {
      order.push('extraction');
      return response;
    });
    // The page is fetched and in the readers' hands (on the main thread, the loop would now be stuck).
    await Promise.race([extracting, extraction]);
    const health = await app.get('/health').then((response) => {
      order.push('health');
      return response;
    });
    const refused = await extraction;
    assert.deepEqual(order, ['health', 'extraction'], 'the health check is answered before the extraction ends');
    assert.equal(health.status, 200);
    assert.equal(health.body.data.status, 'up');
    await assertUncharged(refused, accountId, /^url: applying the rules to this page took longer than 1 s \(XPath over a large page is slow: CSS selectors, or fewer rules, may fit\)/);
  });

  test('a page nested past 256 elements is a 502 naming url, uncharged, refused before it is parsed', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/scrape/extract', { url: `${siteUrl}/nested`, extractRules: { text: 'div', all: { selector: '//div', type: 'xpath', all: true } } }, apiKey);
    await assertUncharged(response, accountId, /^url: the page nests elements more than 256 deep, past what extraction reads; /);
  });

  test('a page opened by many comments and no doctype is read at once; charged $0.01', async () => {
    const { response, cost } = await app.paidCall('/v1/scrape/extract', { url: `${siteUrl}/comments`, extractRules: { p: { selector: '//p', type: 'xpath' } } }, 'live');
    assert.equal(cost, 10_000);
    assert.deepEqual(response.body.data, { url: `${siteUrl}/comments`, statusCode: 200, extracted: { p: 'x' } });
  });
});
