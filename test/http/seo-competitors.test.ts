import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp, type TestResponse } from '../helpers/test-app';
import { keywordMetrics } from '../../src/providers/sandbox/keyword-metrics';
import { BIG_SITES, REFERENCE_SITES } from '../../src/providers/sandbox/known-sites';
import { organicResults } from '../helpers/organic-results';

/** The competitor-research endpoints on the sandbox, through HTTP: shapes, prices, coherence, validation. */

/** 0.03 + 0.03 per 100 results, up to the cent, in micro-USD. */
const perHundredCost = (results: number) => Math.ceil((3_000_000 + 30_000 * results) / 1_000_000) * 10_000;

const pagesOf = (urls: string[]) => Object.fromEntries(urls.map((url, index) => [String(index + 1), url]));

describe(`SEO competitor endpoints on the sandbox (${testDatabaseLabel()})`, () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(() => app?.close());

  const charged = (path: string, body: unknown) => app.paidCall(path, body);

  async function data(path: string, body: unknown): Promise<any> {
    return (await charged(path, body)).response.body.data;
  }

  async function refused(path: string, body: unknown, field: RegExp): Promise<void> {
    const { accountId, apiKey } = await app.createAccount('5.00');
    const response = await app.post(path, body, apiKey);
    assert.equal(response.status, 400, `${JSON.stringify(body).slice(0, 200)}: ${JSON.stringify(response.body)}`);
    assert.equal(response.body.error.code, 'VALIDATION_ERROR');
    assert.match(response.body.error.message, field);
    assert.equal(await app.balance(accountId), 5_000_000, 'a refused call is not charged');
  }

  describe('competitors/domain', () => {
    test('exactly `limit` competitors, most shared keywords first, never the domain itself; billed per domain', async () => {
      for (const limit of [1, 100, 1000]) {
        const { response, cost } = await charged('/v1/seo/competitors/domain', { domain: 'example.com', limit });
        const { domain, competitors } = response.body.data;
        assert.equal(domain, 'example.com');
        assert.equal(competitors.length, limit);
        assert.equal(cost, perHundredCost(limit), `limit ${limit}`);
        const overlaps = competitors.map((competitor: { intersections: number }) => competitor.intersections);
        assert.deepEqual(overlaps, [...overlaps].sort((a, b) => b - a));
        assert.ok(competitors.every((competitor: { domain: string }) => competitor.domain !== 'example.com'));
        assert.equal(new Set(competitors.map((competitor: { domain: string }) => competitor.domain)).size, limit);
      }
    });

    test("each competitor's keywords and traffic are its own profile's, and overlap never exceeds either domain's keywords", async () => {
      const { organicKeywords } = await data('/v1/seo/domain/overview', { domain: 'coffee.io', location: 'gb' });
      const { competitors } = await data('/v1/seo/competitors/domain', { domain: 'coffee.io', location_code: 2826, limit: 25 });
      assert.equal(competitors.length, 25);
      const { domains } = await data('/v1/seo/domain/traffic', { targets: competitors.map((competitor: { domain: string }) => competitor.domain), location: 'gb' });
      competitors.forEach((competitor: Record<string, number | string>, index: number) => {
        assert.deepEqual(Object.keys(competitor).sort(), ['avgPosition', 'domain', 'intersections', 'organicCount', 'organicEtv']);
        assert.equal(competitor.organicCount, domains[index].organicKeywords, String(competitor.domain));
        assert.equal(competitor.organicEtv, domains[index].organicTraffic, String(competitor.domain));
        assert.ok((competitor.intersections as number) <= Math.min(organicKeywords, competitor.organicCount as number));
        assert.ok((competitor.avgPosition as number) >= 1 && (competitor.avgPosition as number) <= 100);
      });
    });

    test('a domain given with a protocol is refused, not charged', async () => {
      await refused('/v1/seo/competitors/domain', { domain: 'https://example.com' }, /^domain: must be a bare domain/);
      await refused('/v1/seo/competitors/domain', { domain: 'example.com', limit: 1001 }, /^limit: /);
      await refused('/v1/seo/competitors/domain', { domain: 'example.com', location: 'us' }, /location: unknown field/);
    });
  });

  describe('competitors/keywords', () => {
    /** Each keyword a domain ranks for (up to 1,000), with its ranking, as domain/keywords reports it. */
    async function rankingsOf(domain: string): Promise<Map<string, { position: number; url: string }>> {
      return new Map((await data('/v1/seo/domain/keywords', { domain, limit: 1000 })).map((row: { keyword: string }) => [row.keyword, row]));
    }

    test('shared keywords: both rankings present, each exactly as domain/keywords reports it; billed per keyword', async () => {
      const { response, cost } = await charged('/v1/seo/competitors/keywords', { domain1: 'example.com', domain2: 'amazon.com', limit: 50 });
      const { domain1, domain2, intersections, keywords } = response.body.data;
      assert.deepEqual([domain1, domain2, intersections], ['example.com', 'amazon.com', true]);
      assert.equal(keywords.length, 50);
      assert.equal(cost, perHundredCost(50));
      const ranked1 = await rankingsOf('example.com');
      const ranked2 = await rankingsOf('amazon.com');
      for (const row of keywords) {
        assert.deepEqual(Object.keys(row).sort(), ['competition', 'competitionLevel', 'cpc', 'difficulty', 'domain1', 'domain2', 'intent', 'keyword', 'volume']);
        assert.ok(row.domain2 !== null && row.domain2.url.startsWith('https://amazon.com/'), row.keyword);
        assert.deepEqual([row.domain1.position, row.domain1.url], [ranked1.get(row.keyword)?.position, ranked1.get(row.keyword)?.url], row.keyword);
        assert.deepEqual([row.domain2.position, row.domain2.url], [ranked2.get(row.keyword)?.position, ranked2.get(row.keyword)?.url], row.keyword);
        assert.equal(row.volume, keywordMetrics(row.keyword).volume);
        assert.ok(row.domain1.etv >= 0 && row.domain2.etv >= 0);
      }
    });

    test("the gap is symmetric and never contradicts either domain's own keywords", async () => {
      type Row = { keyword: string; domain1: { position: number }; domain2: { position: number } };
      const gap = async (domain1: string, domain2: string): Promise<Row[]> => (await data('/v1/seo/competitors/keywords', { domain1, domain2, limit: 1000 })).keywords;
      for (const [first, second] of [['nike.com', 'adidas.com'], ['coffee.io', 'amazon.com']] as const) {
        const forward = await gap(first, second);
        const backward = await gap(second, first);
        assert.deepEqual(forward.map((row) => row.keyword), backward.map((row) => row.keyword), `${first} / ${second}`);
        assert.deepEqual(forward.map((row) => [row.domain1.position, row.domain2.position]), backward.map((row) => [row.domain2.position, row.domain1.position]));
        const counts = await Promise.all([first, second].map(async (domain) => (await data('/v1/seo/domain/overview', { domain })).organicKeywords as number));
        assert.ok(forward.length <= Math.min(...counts), `${forward.length} shared, keywords ${counts.join(' and ')}`);
        const [ranked1, ranked2] = [await rankingsOf(first), await rankingsOf(second)];
        for (const row of forward) {
          // domain/keywords lists a domain's 1,000 biggest keywords: a keyword it lists has the gap's position; a shorter list has them all.
          for (const [ranked, ranking] of [[ranked1, row.domain1], [ranked2, row.domain2]] as const) {
            if (ranked.has(row.keyword)) assert.equal(ranking.position, ranked.get(row.keyword)!.position, row.keyword);
            else assert.equal(ranked.size, 1000, `${row.keyword} is missing from a complete keyword list`);
          }
        }
        for (const keyword of ranked1.keys()) if (ranked2.has(keyword)) assert.ok(forward.some((row) => row.keyword === keyword), `${keyword} is shared`);
      }
    });

    test('intersections false: keywords only domain1 ranks for, domain2 null, none shared with the true answer', async () => {
      const only = (await data('/v1/seo/competitors/keywords', { domain1: 'example.com', domain2: 'example.org', intersections: false, limit: 1000 })).keywords;
      const shared = (await data('/v1/seo/competitors/keywords', { domain1: 'example.com', domain2: 'example.org', limit: 1000 })).keywords;
      assert.ok(only.length > 0 && only.every((row: { domain2: unknown }) => row.domain2 === null));
      const sharedKeywords = new Set(shared.map((row: { keyword: string }) => row.keyword));
      assert.ok(only.every((row: { keyword: string }) => !sharedKeywords.has(row.keyword)));
    });

    test('filters and sort apply before the limit', async () => {
      const { keywords } = await data('/v1/seo/competitors/keywords', {
        domain1: 'example.com', domain2: 'amazon.com', limit: 10,
        filters: [{ field: 'difficulty', op: '<', value: 50 }, { field: 'keyword', op: 'not_like', value: 'example' }], sort: ['difficulty:asc'],
      });
      assert.ok(keywords.length > 0);
      for (const row of keywords) assert.ok(row.difficulty < 50 && !row.keyword.includes('example'), row.keyword);
      const difficulties = keywords.map((row: { difficulty: number }) => row.difficulty);
      assert.deepEqual(difficulties, [...difficulties].sort((a, b) => a - b));
    });

    test('the same domain twice, missing domains, bad filters and words mixed under match any are refused', async () => {
      await refused('/v1/seo/competitors/keywords', { domain1: 'example.com', domain2: 'example.com' }, /^domain2: must differ from domain1/);
      await refused('/v1/seo/competitors/keywords', { domain1: 'example.com', domain2: 'EXAMPLE.COM' }, /^domain2: must differ from domain1/);
      await refused('/v1/seo/competitors/keywords', { domain1: 'example.com' }, /^domain2: is required/);
      await refused('/v1/seo/competitors/keywords', { domain1: 'http://example.com', domain2: 'example.org' }, /^domain1: /);
      await refused('/v1/seo/competitors/keywords', { domain1: 'example.com', domain2: 'example.org', intersections: 'yes' }, /^intersections: /);
      await refused('/v1/seo/competitors/keywords', { domain1: 'example.com', domain2: 'example.org', filters: [{ field: 'volume', op: 'in', value: 5 }] }, /^filters\[0\]\.value: /);
      await refused(
        '/v1/seo/competitors/keywords',
        { domain1: 'example.com', domain2: 'example.org', match: 'any', filters: [{ field: 'cpc', op: '>', value: 1 }, { field: 'length', op: '<', value: 20 }] },
        /^match: /,
      );
    });
  });

  describe('competitors/pages', () => {
    // Sites that meet on the results pages of laptops (example.com writes about them; the big sites are on every page).
    const pages = ['https://example.com/laptops', 'https://www.amazon.com/best-laptops', 'http://reddit.com/r/laptops'];

    test('each keyword lists every page, in the numbering order, with the keyword metrics; billed per keyword', async () => {
      const { response, cost } = await charged('/v1/seo/competitors/pages', { pages: pagesOf(pages), limit: 20 });
      const { keywords } = response.body.data;
      assert.equal(keywords.length, 20);
      assert.equal(cost, perHundredCost(20));
      for (const row of keywords) {
        assert.deepEqual(Object.keys(row).sort(), ['competition', 'competitionLevel', 'cpc', 'difficulty', 'intent', 'keyword', 'pages', 'volume']);
        assert.deepEqual(row.pages.map((page: { url: string }) => page.url), pages);
        for (const page of row.pages) assert.ok(page.position >= 1 && page.position <= 100 && page.type === 'organic' && page.etv >= 0);
        const metrics = keywordMetrics(row.keyword);
        assert.deepEqual([row.volume, row.cpc, row.competition, row.difficulty, row.intent], [metrics.volume, metrics.cpc, metrics.competition, metrics.difficulty, metrics.intent]);
      }
      assert.ok(keywords.every((row: { keyword: string }) => row.keyword.includes('laptops')), 'keywords come from the first page');
    });

    test("each page where its site's first organic result is on the keyword's page: as /v1/serp/websearch and /v1/seo/domain/keywords put it", async () => {
      type Row = { keyword: string; pages: Array<{ url: string; position: number; etv: number }> };
      type Result = { type: string; domain: string; position: number };
      for (const location_code of [2840, 2826]) {
        const { keywords }: { keywords: Row[] } = await data('/v1/seo/competitors/pages', { pages: pagesOf(pages.slice(0, 2)), location_code, limit: 8 });
        assert.equal(keywords.length, 8);
        for (const row of keywords) {
          const page = await data('/v1/serp/websearch', { query: row.keyword, depth: 100, location_code });
          const firstOf = (domain: string) => organicResults<Result>(page.results).find((result) => result.domain === domain)?.position;
          assert.deepEqual(row.pages.map((shown) => shown.position), [firstOf('example.com'), firstOf('amazon.com')], `"${row.keyword}" in ${location_code}`);
        }
      }
      const { keywords }: { keywords: Row[] } = await data('/v1/seo/competitors/pages', { pages: pagesOf(pages.slice(0, 2)), limit: 100 });
      const listed = new Map((await data('/v1/seo/domain/keywords', { domain: 'example.com', limit: 1000 })).map((row: { keyword: string; position: number }) => [row.keyword, row.position]));
      const both = keywords.filter((row) => listed.has(row.keyword));
      assert.ok(both.length >= 5, `${both.length} keywords in both lists`);
      for (const row of both) assert.equal(row.pages[0]!.position, listed.get(row.keyword), `"${row.keyword}"`);
    });

    test('keys given out of order are read in numbering order', async () => {
      const shuffled = { '2': pages[1], '1': pages[0] };
      const { keywords } = await data('/v1/seo/competitors/pages', { pages: shuffled, limit: 5 });
      assert.deepEqual(keywords[0].pages.map((page: { url: string }) => page.url), pages.slice(0, 2));
    });

    test('keys other than "1" to "n", no pages, more than 20, or a URL that is not http(s) are refused', async () => {
      await refused('/v1/seo/competitors/pages', { pages: { '0': pages[0], '1': pages[1] } }, /^pages: keys must be "1" to "2"/);
      await refused('/v1/seo/competitors/pages', { pages: { '1': pages[0], '3': pages[1] } }, /^pages: keys must be "1" to "2"/);
      await refused('/v1/seo/competitors/pages', { pages: { first: pages[0] } }, /^pages: keys must be "1" to "1"/);
      await refused('/v1/seo/competitors/pages', { pages: {} }, /^pages: must hold at least one page/);
      const many = Array.from({ length: 21 }, (_, index) => `https://site-${index}.example/page`);
      await refused('/v1/seo/competitors/pages', { pages: pagesOf(many) }, /^pages: must hold at most 20 pages/);
      await refused('/v1/seo/competitors/pages', { pages: { '1': 'ftp://example.com/file' } }, /^pages\.1: must be an http or https URL/);
      await refused('/v1/seo/competitors/pages', { pages: { '1': 'example.com/page' } }, /^pages\.1: /);
      await refused('/v1/seo/competitors/pages', { pages: pages[0] }, /^pages: /);
    });

    test('twenty pages are accepted', async () => {
      // Nineteen general sites a laptop's results pages show (all but the code host), after one that writes about laptops.
      const twenty = [pages[0]!, ...[...BIG_SITES, ...REFERENCE_SITES].filter((site) => site !== 'github.com').map((site) => `https://${site}/laptops`)];
      const { keywords } = await data('/v1/seo/competitors/pages', { pages: pagesOf(twenty), limit: 5 });
      assert.equal(keywords.length, 5);
      for (const row of keywords) assert.equal(row.pages.length, 20);
    });
  });

  describe('competitors/serp', () => {
    test("one keyword: the domains its results page shows, each at its first organic result's position; billed per domain", async () => {
      const { response, cost } = await charged('/v1/seo/competitors/serp', { keywords: ['coffee grinder'] });
      const { competitors } = response.body.data;
      // The same keyword's page of 100, from the SERP endpoint: the domains of its organic results, at their first.
      const page = await data('/v1/serp/websearch', { query: 'coffee grinder', depth: 100 });
      const firstPositions = new Map<string, number>();
      for (const result of organicResults<{ type: string; domain: string; position: number }>(page.results)) if (!firstPositions.has(result.domain)) firstPositions.set(result.domain, result.position);
      assert.ok(firstPositions.size >= 12, `${firstPositions.size} domains`);
      assert.deepEqual(competitors.map((competitor: { domain: string; avgPosition: number }) => [competitor.domain, competitor.avgPosition]), [...firstPositions]);
      assert.equal(cost, perHundredCost(competitors.length));
      const volume = keywordMetrics('coffee grinder').volume;
      for (const competitor of competitors) {
        assert.deepEqual(Object.keys(competitor).sort(), ['avgPosition', 'domain', 'etv', 'keywordsCount', 'medianPosition', 'rating', 'visibility']);
        assert.equal(competitor.medianPosition, competitor.avgPosition);
        assert.equal(competitor.rating, 100 - competitor.avgPosition);
        assert.equal(competitor.keywordsCount, 1);
        assert.ok(competitor.etv <= volume);
        const visibility = competitor.avgPosition <= 10 ? 1 - (competitor.avgPosition - 1) / 10 : competitor.avgPosition <= 20 ? 0.05 : 0;
        assert.ok(Math.abs(competitor.visibility - visibility) < 1e-9, `${competitor.domain}: visibility ${competitor.visibility}`);
      }
    });

    test('several keywords: at most `limit` domains, highest rating first, each counted once per keyword', async () => {
      const keywords = ['coffee grinder', 'burr coffee grinder', 'coffee beans', 'espresso machine', 'Coffee Grinder'];
      const all = (await charged('/v1/seo/competitors/serp', { keywords, limit: 150 })).response.body.data.competitors;
      assert.ok(all.length > 14 && all.length < 150, `${all.length} domains`);
      const ratings = all.map((competitor: { rating: number }) => competitor.rating);
      assert.deepEqual(ratings, [...ratings].sort((a, b) => b - a));
      for (const competitor of all) {
        assert.ok(competitor.keywordsCount >= 1 && competitor.keywordsCount <= 4, 'duplicates count once');
        assert.ok(competitor.avgPosition >= 1 && competitor.avgPosition <= 100);
      }
      // The general sites every page ranks lead: they hold a place on all four pages.
      assert.equal(all[0].keywordsCount, 4);
      const { response, cost } = await charged('/v1/seo/competitors/serp', { keywords, limit: 5 });
      assert.deepEqual(response.body.data.competitors, all.slice(0, 5));
      assert.equal(cost, perHundredCost(5));
    });

    test('no keywords, more than 200, or an empty keyword are refused', async () => {
      await refused('/v1/seo/competitors/serp', { keywords: [] }, /^keywords: must have at least 1 item/);
      await refused('/v1/seo/competitors/serp', { keywords: Array.from({ length: 201 }, (_, index) => `keyword ${index}`) }, /^keywords: must have at most 200 items/);
      await refused('/v1/seo/competitors/serp', { keywords: ['coffee', '  '] }, /^keywords\[1\]: must not be empty/);
      await refused('/v1/seo/competitors/serp', { keyword: 'coffee' }, /keywords: is required/);
    });
  });
});
