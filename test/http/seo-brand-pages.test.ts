import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { FAMOUS_SITES } from '../../src/providers/sandbox/known-sites';
import { organicResults } from '../helpers/organic-results';

/**
 * A search for a site's name, through HTTP: a famous brand's page shows its own ad (and its rivals'
 * of its kind), its home page first, and no lookalike domains (ebay.net, nike.io) crowding it; its
 * competitors are sites of its kind; and a weak site named after a head term people search for its
 * own sake (laptops.io) does not top that term's page.
 */

type Result = { type: string; domain: string; url: string; title: string; position: number };
type RankedRow = { keyword: string; position: number; url: string };

/**
 * A small site (some 150 visits a month) named after no head term searched little (some 120 times
 * a month): its name's first result all the same, its traffic could take that place's clicks
 * (green-leaf.net, with 4 visits a month, could not: it competes on strength).
 */
const [DISTINCT_SITE, DISTINCT_NAME] = ['green-leaf.io', 'green leaf'];

/** Another TLD's site of a famous name: ebay.net, nike.io. */
const isLookalikeOf = (name: string, domain: string) => domain.slice(0, domain.indexOf('.')) === name && FAMOUS_SITES[domain] === undefined;

describe(`SEO sandbox: a search for a brand's name (${testDatabaseLabel()})`, () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(() => app?.close());

  test("a famous brand's ads are its own first, then rivals of its kind bidding on its name under their own names", async () => {
    const ebay: Result[] = (await app.paidData('/v1/serp/websearch', { query: 'ebay', depth: 10 })).results.filter((result: Result) => result.type === 'paid');
    assert.deepEqual(ebay.map((ad) => [ad.domain, ad.url]), [['ebay.com', 'https://ebay.com/lp/ebay']]);
    const nike: Result[] = (await app.paidData('/v1/serp/websearch', { query: 'nike', depth: 10 })).results.filter((result: Result) => result.type === 'paid');
    assert.deepEqual(nike.map((ad) => [ad.domain, ad.title.split(' — ')[0]]), [['nike.com', 'Nike'], ['adidas.com', 'Adidas']]);
  });

  test('a page never shows an advertiser twice: a brand with no rival of its kind has its own ad alone, where its keyword list agrees', async () => {
    // Famous sites without topics (linkedin, tiktok, yahoo…), and other searches whose ads are the page's sites.
    for (const query of ['linkedin', 'tiktok', 'yahoo', 'quora', 'netflix', 'coffee deals', 'cheap coffee near me', 'cheap coffee for men']) {
      const page = await app.paidData('/v1/serp/websearch', { query, depth: 10 });
      const ads = page.results.filter((result: Result) => result.type === 'paid').map((result: Result) => result.domain);
      assert.ok(ads.length > 0, `"${query}" has ads`);
      assert.equal(new Set(ads).size, ads.length, `"${query}": ${ads.join(', ')}`);
    }
    // Fewer ads move the organic results up: the brand's keyword list reads the same page.
    const page = await app.paidData('/v1/serp/websearch', { query: 'linkedin', depth: 100 });
    const first: Result = organicResults<Result>(page.results)[0]!;
    const rows: RankedRow[] = await app.paidData('/v1/seo/domain/keywords', { domain: 'linkedin.com', location_code: 2840, limit: 100 });
    assert.deepEqual([first.domain, rows.find((row) => row.keyword === 'linkedin')?.position], ['linkedin.com', first.position]);
  });

  test("a famous brand's first result for its name is its home page, titled with its name, where its keyword list puts it", async () => {
    for (const [domain, title] of [['ebay.com', 'Ebay'], ['nike.com', 'Nike'], ['bbc.co.uk', 'Bbc']] as const) {
      const name = domain.slice(0, domain.indexOf('.'));
      const page = await app.paidData('/v1/serp/websearch', { query: name, depth: 100 });
      const first: Result = organicResults<Result>(page.results)[0]!;
      assert.deepEqual([first.domain, first.url, first.title, first.position], [domain, `https://${domain}/`, title, 1]);
      const rows: RankedRow[] = await app.paidData('/v1/seo/domain/keywords', { domain, location_code: 2840, limit: 100 });
      const own = rows.find((row) => row.keyword === name);
      assert.deepEqual([own?.position, own?.url], [first.position, first.url], domain);
      // Its other pages about its name are articles.
      const deeper = page.results.filter((result: Result) => result.type === 'organic' && result.domain === domain).slice(1);
      assert.ok(deeper.length > 0 && deeper.every((result: Result) => result.url !== `https://${domain}/`), domain);
    }
  });

  test("no lookalike of a famous brand is among its name's first ten results, nor among its ten first competitors", async () => {
    for (const domain of ['ebay.com', 'nike.com', 'target.com', 'apple.com']) {
      const name = domain.slice(0, domain.indexOf('.'));
      const page = await app.paidData('/v1/serp/websearch', { query: name, depth: 100 });
      const organic = page.results.filter((result: Result) => result.type === 'organic').slice(0, 10).map((result: Result) => result.domain);
      assert.deepEqual(organic.filter((site: string) => isLookalikeOf(name, site)), [], `"${name}": ${organic.join(', ')}`);
      const { competitors } = await app.paidData('/v1/seo/competitors/domain', { domain, location_code: 2840, limit: 10 });
      const sites = competitors.map((competitor: { domain: string }) => competitor.domain);
      assert.deepEqual(sites.filter((site: string) => isLookalikeOf(name, site)), [], `${domain}: ${sites.join(', ')}`);
    }
  });

  test('a weak site named after a head term is not on the first page of its name, and its keyword list puts it where the page does', async () => {
    for (const [domain, name] of [['laptops.io', 'laptops'], ['tea.com', 'tea'], ['travel.com', 'travel'], ['shoes.com', 'shoes'], ['pets.com', 'pets']] as const) {
      const overview = await app.paidData('/v1/seo/domain/overview', { domain });
      assert.ok(overview.organicTraffic < 100, `${domain}: ${JSON.stringify(overview)}`);
      const page = await app.paidData('/v1/serp/websearch', { query: name, depth: 100 });
      const organic: Result[] = organicResults<Result>(page.results);
      assert.notEqual(organic[0]!.domain, domain, `"${name}"`);
      const shown = organic.find((result) => result.domain === domain);
      const rows: RankedRow[] = await app.paidData('/v1/seo/domain/keywords', { domain, location_code: 2840, limit: 100 });
      const own = rows.find((row) => row.keyword === name);
      assert.deepEqual([own?.position, own?.url], [shown?.position, shown?.url], domain);
      assert.ok(own === undefined || own.position > 10, `${domain} at ${own?.position} for "${name}"`);
    }
  });

  test('a small site named after no head term still comes first for its name, on its home page', async () => {
    const page = await app.paidData('/v1/serp/websearch', { query: DISTINCT_NAME, depth: 10 });
    const first: Result = page.results.find((result: Result) => result.type === 'organic');
    assert.deepEqual([first.domain, first.url], [DISTINCT_SITE, `https://${DISTINCT_SITE}/`]);
  });
});
