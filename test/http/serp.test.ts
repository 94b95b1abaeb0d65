import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { keywordMetrics } from '../../src/providers/sandbox/keyword-metrics';
import { ENGINE_FAVOURITE_SITES } from '../../src/providers/sandbox/known-sites';
import { startTestApp, testDatabaseLabel, type TestApp, type TestResponse } from '../helpers/test-app';

/** The SERP family and the raw search page, served by the sandbox, as a client meets them. */

interface Result {
  position: number;
  type: string;
  title: string;
  url: string;
  description: string;
  domain: string;
  data: Record<string, any>;
}

interface Page {
  query: string;
  totalResults: number;
  itemTypes: string[];
  results: Result[];
}

interface Engine {
  path: string;
  /** Results per billed page; null for a flat price per call. */
  pageSize: number | null;
  maxDepth: number;
  /** Result types the engine may return. */
  types: string[];
  /** The engine returns exactly `depth` results. */
  exact: boolean;
  query: string;
}

/** SPEC's closed list of SERP result types: what the web engines may return. */
const WEB = [
  'organic', 'paid', 'featuredSnippet', 'peopleAlsoAsk', 'relatedSearches', 'peopleAlsoSearch', 'localPack', 'knowledgeGraph', 'video', 'topStories',
  'images', 'shopping', 'micro', 'answerBox', 'events', 'jobs', 'recipes', 'topSights', 'scholarlyArticles', 'popularProducts', 'hotelsPack',
  'googleFlights', 'googleReviews', 'thirdPartyReviews', 'googlePosts', 'carousel', 'multiCarousel', 'mentionCarousel', 'app', 'map',
];

const ENGINES: Engine[] = [
  { path: '/v1/serp/websearch', pageSize: 10, maxDepth: 100, types: WEB, exact: true, query: 'best running shoes' },
  { path: '/v1/seo/serp', pageSize: 10, maxDepth: 100, types: WEB, exact: true, query: 'coffee near me' },
  { path: '/v1/serp/websearch-images', pageSize: 100, maxDepth: 100, types: ['imagesSearch', 'relatedSearches', 'carousel'], exact: true, query: 'modern kitchen ideas' },
  { path: '/v1/serp/websearch-news', pageSize: 10, maxDepth: 100, types: ['newsSearch', 'topStories'], exact: true, query: 'electric cars' },
  { path: '/v1/serp/websearch-datasets', pageSize: 20, maxDepth: 100, types: ['dataset'], exact: true, query: 'air quality' },
  { path: '/v1/serp/websearch-autocomplete', pageSize: null, maxDepth: 100, types: ['autocomplete'], exact: false, query: 'coffee grinder' },
  { path: '/v1/serp/websearch-ads', pageSize: 40, maxDepth: 100, types: ['adsSearch'], exact: true, query: 'bluebottle.example' },
  { path: '/v1/serp/websearch-ai-mode', pageSize: null, maxDepth: 100, types: ['aiOverview'], exact: false, query: 'how to descale an espresso machine' },
  { path: '/v1/serp/websearch-finance', pageSize: null, maxDepth: 100, types: ['marketInstrument', 'marketIndex', 'assetPair'], exact: false, query: 'aapl' },
  { path: '/v1/serp/bing', pageSize: 10, maxDepth: 100, types: WEB, exact: true, query: 'buy laptop' },
  { path: '/v1/serp/yahoo', pageSize: 6, maxDepth: 100, types: WEB, exact: true, query: 'how to brew coffee' },
  { path: '/v1/serp/baidu', pageSize: 10, maxDepth: 100, types: WEB, exact: true, query: 'green tea' },
  { path: '/v1/serp/video', pageSize: 20, maxDepth: 100, types: ['videoSearch', 'videoChannel', 'videoPlaylist'], exact: true, query: 'sourdough starter' },
];

function expectedCents(engine: Engine, depth: number): number {
  return engine.pageSize === null ? 1 : Math.ceil(depth / engine.pageSize);
}

describe(`SERP engines and the raw search page, sandbox (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  let accountId: string;
  let apiKey: string;

  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
    ({ accountId, apiKey } = await app.createAccount('100.00'));
  });
  after(() => app?.close());

  async function ok(path: string, body: unknown): Promise<TestResponse> {
    const response = await app.post(path, body, apiKey);
    assert.equal(response.status, 200, `${path} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
    assert.equal(response.headers.get('x-tollgate-provider'), 'sandbox');
    return response;
  }

  async function page(path: string, body: Record<string, unknown>): Promise<Page> {
    return (await ok(path, body)).body.data;
  }

  function assertWellFormed(data: Page, engine: Engine, query: string, depth: number) {
    assert.deepEqual(Object.keys(data), ['query', 'totalResults', 'itemTypes', 'results']);
    assert.equal(data.query, query);
    if (engine.exact) assert.equal(data.results.length, depth, `${engine.path} depth ${depth}`);
    else assert.ok(data.results.length >= 1 && data.results.length <= depth, `${engine.path} depth ${depth}: ${data.results.length}`);
    assert.deepEqual(data.results.map((result) => result.position), data.results.map((_, index) => index + 1));
    assert.deepEqual(data.itemTypes, [...new Set(data.results.map((result) => result.type))]);
    for (const result of data.results) {
      assert.ok(engine.types.includes(result.type), `${engine.path}: unexpected type ${result.type}`);
      assert.deepEqual(Object.keys(result).sort(), ['data', 'description', 'domain', 'position', 'title', 'type', 'url']);
      assert.equal(typeof result.data, 'object');
    }
    assert.ok(Number.isInteger(data.totalResults) && data.totalResults >= data.results.length);
  }

  describe('shape', () => {
    for (const engine of ENGINES) {
      test(`${engine.path}: positions 1..n, itemTypes distinct in order, only the engine's types, for several depths`, async () => {
        for (const depth of [...new Set([1, 7, 10, 41, engine.maxDepth].filter((depth) => depth <= engine.maxDepth))]) {
          assertWellFormed(await page(engine.path, { query: engine.query, depth }), engine, engine.query, depth);
        }
      });
    }

    test('the web page mixes types by intent: ads for buying, local pack for local, answers for questions', async () => {
      const typesOf = async (query: string) => (await page('/v1/serp/websearch', { query, depth: 30 })).itemTypes;
      assert.ok((await typesOf('buy laptop')).includes('paid'));
      assert.ok((await typesOf('coffee near me')).includes('localPack'));
      const question = await typesOf('how to brew coffee');
      assert.ok(['featuredSnippet', 'answerBox'].some((type) => question.includes(type)), question.join());
      assert.ok((await typesOf('chocolate cake recipe')).includes('recipes'));
      assert.ok((await typesOf('hotels in lisbon')).includes('hotelsPack'));
      assert.ok(!(await typesOf('how to brew coffee')).includes('paid'));
    });

    test("the web engines return only SPEC's 30 result types: the AI overview is AI mode's answer, not a web result", async () => {
      assert.equal(WEB.length, 30);
      // Informational queries whose pages once carried an AI overview among their results.
      for (const query of ['coffee brewing guide', 'yoga for beginners', 'how to make cold brew']) {
        for (const path of ['/v1/serp/websearch', '/v1/seo/serp', '/v1/serp/bing', '/v1/serp/yahoo', '/v1/serp/baidu']) {
          const { itemTypes } = await page(path, { query, depth: 100 });
          assert.deepEqual(itemTypes.filter((type) => !WEB.includes(type)), [], `${path} "${query}"`);
        }
        assert.deepEqual((await page('/v1/serp/websearch-ai-mode', { query })).itemTypes, ['aiOverview']);
      }
    });

    test('typed data: organic, local pack and people-also-ask carry their fields', async () => {
      const data = await page('/v1/serp/websearch', { query: 'coffee near me', depth: 40 });
      const organic = data.results.find((result) => result.type === 'organic')!;
      for (const field of ['breadcrumb', 'websiteName', 'isImage', 'isVideo', 'isFeaturedSnippet', 'isMalicious', 'highlighted', 'links', 'rating', 'price', 'timestamp', 'ampVersion']) {
        assert.ok(field in organic.data, `organic.data.${field}`);
      }
      assert.equal(organic.domain, new URL(organic.url).hostname);
      const local = data.results.find((result) => result.type === 'localPack')!;
      assert.deepEqual(Object.keys(local.data).sort(), ['address', 'cid', 'isMapsItem', 'isPaid', 'phone', 'rating']);
      const questions = data.results.find((result) => result.type === 'peopleAlsoAsk');
      if (questions) assert.ok(questions.data.items.every((item: any) => typeof item.title === 'string' && Array.isArray(item.expandedElement)));
    });
  });

  describe('coherence', () => {
    test("the web page reports the keyword's own totalResults", async () => {
      for (const query of ['best running shoes', 'Coffee Near Me', 'tea']) {
        assert.equal((await page('/v1/serp/websearch', { query })).totalResults, keywordMetrics(query).totalResults, query);
      }
    });

    test("the local pack, map and place reviews show the maps search's own first places for the query", async () => {
      for (const query of ['coffee in berlin', 'coffee near me', 'pizza in tokyo']) {
        const places = (await page('/v1/serp/websearch-maps', { query, limit: 3 })).results as unknown as Array<Record<string, any>>;
        const web = await page('/v1/serp/websearch', { query, depth: 100 });
        const pack = web.results.filter((result) => result.type === 'localPack');
        assert.equal(pack.length, 3, query);
        const cidOf = (place: Record<string, any>) => new URL(place.googleMapsUrl).searchParams.get('cid');
        assert.deepEqual(
          pack.map((result) => [result.title, result.data.phone, result.data.address, result.data.cid, result.data.rating?.value]),
          places.map((place) => [place.name, place.internationalPhone, place.address, cidOf(place), place.rating]),
          query,
        );
        for (const result of web.results.filter((item) => item.type === 'map' || item.type === 'googleReviews')) assert.equal(result.data.cid, cidOf(places[0]!), `${query}: ${result.type}`);
      }
    });

    test('autocomplete: depth distinct suggestions (the 20 the engine has for a larger depth), each starting with the query', async () => {
      for (const depth of [1, 10, 20, 21, 100]) {
        const data = await page('/v1/serp/websearch-autocomplete', { query: 'Coffee Grinder', depth });
        const suggestions = data.results.map((result) => result.data.suggestion as string);
        assert.equal(new Set(suggestions).size, Math.min(depth, 20));
        for (const [index, suggestion] of suggestions.entries()) {
          assert.ok(suggestion.startsWith('coffee grinder '), suggestion);
          assert.equal(data.results[index]!.title, suggestion);
        }
      }
    });

    test('news: every story published before the sandbox data month (2026-10)', async () => {
      const data = await page('/v1/serp/websearch-news', { query: 'electric cars', depth: 100 });
      for (const result of data.results.filter((item) => item.type === 'newsSearch')) {
        assert.ok(result.data.timestamp < '2026-10-01', result.data.timestamp);
        assert.match(result.data.timePublished, /ago$/);
      }
    });

    test('AI mode: one answer citing sites the web page ranks for the query', async () => {
      const query = 'how to descale an espresso machine';
      const answer = await page('/v1/serp/websearch-ai-mode', { query, depth: 5 });
      assert.deepEqual(answer.itemTypes, ['aiOverview']);
      assert.equal(answer.results.length, 1);
      const references = answer.results[0]!.data.references as Array<{ domain: string; url: string }>;
      assert.ok(references.length >= 3);
      const webDomains = new Set((await page('/v1/serp/websearch', { query, depth: 100 })).results.filter((result) => result.type === 'organic').map((result) => result.domain));
      for (const reference of references) assert.ok(webDomains.has(reference.domain), reference.domain);
      // In another location, the sites that location's web page ranks first.
      const inUk = (await page('/v1/serp/websearch-ai-mode', { query, depth: 5, location_code: 2826 })).results[0]!.data.references as Array<{ domain: string }>;
      const ukPage = (await page('/v1/serp/websearch', { query, depth: 100, location_code: 2826 })).results.filter((result) => result.type === 'organic');
      assert.notDeepEqual(inUk.map((reference) => reference.domain), references.map((reference) => reference.domain));
      assert.deepEqual(inUk.map((reference) => reference.domain), [...new Set(ukPage.map((result) => result.domain))].slice(0, inUk.length));
    });

    test('the other general engines overlap with the web page but rank differently', async () => {
      const organicDomains = (data: Page) => data.results.filter((result) => result.type === 'organic').map((result) => result.domain);
      const query = 'espresso machine reviews';
      const web = organicDomains(await page('/v1/serp/websearch', { query, depth: 20 }));
      for (const path of ['/v1/serp/bing', '/v1/serp/yahoo', '/v1/serp/baidu']) {
        const other = organicDomains(await page(path, { query, depth: 20 }));
        const shared = other.filter((domain) => web.includes(domain));
        assert.ok(shared.length >= other.length / 3, `${path} shares ${shared.length} of ${other.length}`);
        assert.notDeepEqual(other, web, path);
      }
    });

    test("the other general engines rank the web page's sites in the location asked: a UK page differs from a US one as the web page does", async () => {
      const organicDomains = (data: Page) => data.results.filter((result) => result.type === 'organic').map((result) => result.domain);
      for (const query of ['best running shoes', 'buy laptop']) {
        const web = async (location_code: number) => new Set(organicDomains(await page('/v1/serp/websearch', { query, depth: 100, location_code })));
        const [usWeb, ukWeb] = [await web(2840), await web(2826)];
        for (const engine of ['bing', 'yahoo', 'baidu'] as const) {
          const path = `/v1/serp/${engine}`;
          const [us, uk] = [organicDomains(await page(path, { query, depth: 20, location_code: 2840 })), organicDomains(await page(path, { query, depth: 20, location_code: 2826 }))];
          assert.notDeepEqual(uk, us, `${path} "${query}"`);
          // Beyond the engine's own favourites (and its sites named after the query's first word), a site on its page is on the web page of the same location.
          const first = query.split(' ')[0]!;
          const own = (domain: string) => [...ENGINE_FAVOURITE_SITES[engine], `${first}hub.net`, `${first}world.com`, `${first}.com.cn`].includes(domain);
          assert.deepEqual(uk.filter((domain) => !own(domain) && !ukWeb.has(domain)), [], `${path} "${query}" in the UK`);
          assert.deepEqual(us.filter((domain) => !own(domain) && !usWeb.has(domain)), [], `${path} "${query}" in the US`);
        }
      }
    });

    test('finance: a ticker answers with that instrument first, a pair with rates, an index name with indexes', async () => {
      const ticker = await page('/v1/serp/websearch-finance', { query: 'aapl' });
      assert.equal(ticker.results[0]!.type, 'marketInstrument');
      assert.equal(ticker.results[0]!.data.ticker, 'AAPL');
      assert.equal(typeof ticker.results[0]!.data.price, 'number');
      const pair = await page('/v1/serp/websearch-finance', { query: 'eur usd' });
      assert.equal(pair.results[0]!.type, 'assetPair');
      assert.equal(pair.results[0]!.data.identifier, 'EUR-USD');
      const index = await page('/v1/serp/websearch-finance', { query: 's&p 500', depth: 2 });
      assert.deepEqual(index.itemTypes, ['marketIndex']);
      assert.equal(index.results.length, 2);
      assert.equal(index.results[0]!.data.ticker, 'INX');
      const again = await page('/v1/serp/websearch-finance', { query: 'aapl stock' });
      assert.equal(again.results[0]!.data.price, ticker.results[0]!.data.price, 'one ticker, one quote');
    });

    test('video: videos carry channel, views, date and duration', async () => {
      const data = await page('/v1/serp/video', { query: 'sourdough starter', depth: 20 });
      const videos = data.results.filter((result) => result.type === 'videoSearch');
      assert.ok(videos.length >= 18);
      for (const video of videos) {
        assert.ok(video.data.channelName && video.data.channelId);
        assert.ok(video.data.viewsCount > 0 && video.data.durationSeconds > 0);
        assert.ok(video.data.publishedAt < '2026-10-01');
      }
    });

    test('ads: a domain names one advertiser; its creatives have ids, format and shown dates', async () => {
      const data = await page('/v1/serp/websearch-ads', { query: 'bluebottle.example', depth: 41 });
      assert.equal(new Set(data.results.map((result) => result.data.advertiserId)).size, 1);
      for (const ad of data.results) {
        assert.match(ad.data.creativeId, /^CR\d{20}$/);
        assert.ok(['text', 'image', 'video'].includes(ad.data.format));
        assert.ok(ad.data.firstShown < ad.data.lastShown);
      }
    });

    test('the raw page is well-formed HTML holding the web page results for the query, in order', async () => {
      const query = 'best running shoes';
      for (const numResults of [5, 10, 30]) {
        const raw = (await ok('/v1/search/websearch', { query, numResults })).body.data;
        assert.deepEqual(Object.keys(raw), ['query', 'html']);
        assert.equal(raw.query, query);
        assert.match(raw.html, /^<!DOCTYPE html>\n<html lang="en">[\s\S]*<\/html>$/);
        assert.equal(raw.html.match(/class="result"/g)?.length, numResults);
        const web = await page('/v1/serp/websearch', { query, depth: numResults });
        let cursor = 0;
        for (const result of web.results.filter((item) => item.url)) {
          const at = raw.html.indexOf(`href="${result.url}"`, cursor);
          assert.ok(at >= cursor, `${result.type} ${result.url} in order`);
          cursor = at;
        }
      }
      const tricky = (await ok('/v1/search/websearch', { query: 'coffee & "tea" <b>' })).body.data.html as string;
      assert.ok(!tricky.includes('<b>'), 'the query is escaped');
      assert.ok(tricky.includes('coffee &amp; &quot;tea&quot; &lt;b&gt;'));
    });
  });

  describe('billing', () => {
    const cases: Array<[string, number]> = [
      ['/v1/serp/websearch', 30], ['/v1/serp/websearch', 100], ['/v1/serp/websearch-images', 1], ['/v1/serp/websearch-images', 100],
      ['/v1/serp/websearch-news', 11], ['/v1/serp/websearch-datasets', 20], ['/v1/serp/websearch-datasets', 21], ['/v1/serp/websearch-autocomplete', 20],
      ['/v1/serp/websearch-ads', 40], ['/v1/serp/websearch-ads', 41], ['/v1/serp/websearch-ai-mode', 100], ['/v1/serp/websearch-finance', 100],
      ['/v1/serp/bing', 100], ['/v1/serp/yahoo', 6], ['/v1/serp/yahoo', 7], ['/v1/serp/yahoo', 100], ['/v1/serp/baidu', 11], ['/v1/serp/video', 20], ['/v1/serp/video', 21],
    ];
    for (const [path, depth] of cases) {
      const engine = ENGINES.find((candidate) => candidate.path === path)!;
      const cents = expectedCents(engine, depth);
      test(`${path} depth ${depth} costs $${(cents / 100).toFixed(2)}, and the balance drops by exactly that`, async () => {
        const before = await app.balance(accountId);
        const response = await ok(path, { query: engine.query, depth });
        assert.equal(response.headers.get('x-cost-usd'), (cents / 100).toFixed(2));
        assert.equal(before - (await app.balance(accountId)), cents * 10_000);
      });
    }

    test('/v1/search/websearch costs $0.02 whatever numResults', async () => {
      for (const numResults of [1, 100]) {
        const before = await app.balance(accountId);
        const response = await ok('/v1/search/websearch', { query: 'running shoes', numResults });
        assert.equal(response.headers.get('x-cost-usd'), '0.02');
        assert.equal(before - (await app.balance(accountId)), 20_000);
      }
      assert.equal(await app.ledgerSum(accountId), await app.balance(accountId));
    });
  });

  describe('determinism', () => {
    for (const engine of ENGINES) {
      test(`${engine.path}: the same body twice gives the same data`, async () => {
        const body = { query: engine.query, depth: Math.min(25, engine.maxDepth) };
        assert.deepEqual(await page(engine.path, body), await page(engine.path, body));
      });
    }

    test('/v1/search/websearch: the same body twice gives the same page', async () => {
      const body = { query: 'how to brew coffee', country: 'gb', numResults: 20 };
      assert.deepEqual((await ok('/v1/search/websearch', body)).body.data, (await ok('/v1/search/websearch', body)).body.data);
    });

    test('/v1/seo/serp is identical to /v1/serp/websearch', async () => {
      for (const body of [{ query: 'pizza in seattle', depth: 23 }, { query: 'what is inflation' }]) {
        assert.deepEqual(await page('/v1/seo/serp', body), await page('/v1/serp/websearch', body));
      }
    });
  });

  describe('validation: 400 naming the field, nothing charged', () => {
    async function refused(path: string, body: unknown, field: RegExp) {
      const before = await app.balance(accountId);
      const response = await app.post(path, body, apiKey);
      assert.equal(response.status, 400, `${path} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
      assert.equal(response.body.error.code, 'VALIDATION_ERROR');
      assert.match(response.body.error.message, field);
      assert.equal(await app.balance(accountId), before);
    }

    for (const engine of ENGINES) {
      test(`${engine.path}: depth 0 and ${engine.maxDepth + 1}, missing query, an unknown field`, async () => {
        await refused(engine.path, { query: engine.query, depth: 0 }, /\bdepth\b/);
        await refused(engine.path, { query: engine.query, depth: engine.maxDepth + 1 }, /\bdepth\b/);
        await refused(engine.path, { query: engine.query, depth: 2.5 }, /\bdepth\b/);
        await refused(engine.path, { depth: 10 }, /\bquery\b/);
        await refused(engine.path, { query: '   ' }, /\bquery\b/);
        await refused(engine.path, { query: 'x'.repeat(701) }, /\bquery\b/);
        await refused(engine.path, { query: engine.query, page: 2 }, /\bpage\b/);
        await refused(engine.path, { query: 'a\u0000b\u0007c' }, /^query: must be one line of text without control characters/);
        await refused(engine.path, { query: engine.query, language: 'xx' }, /^language: is not a known language code/);
      });
    }

    test('/v1/search/websearch: numResults 0 and 101, an unknown country, missing query, an unknown field', async () => {
      await refused('/v1/search/websearch', { query: 'tea', numResults: 0 }, /\bnumResults\b/);
      await refused('/v1/search/websearch', { query: 'tea', numResults: 101 }, /\bnumResults\b/);
      await refused('/v1/search/websearch', { query: 'tea', country: 'zz' }, /\bcountry\b/);
      await refused('/v1/search/websearch', { numResults: 10 }, /\bquery\b/);
      await refused('/v1/search/websearch', { query: 'tea', depth: 10 }, /\bdepth\b/);
      await refused('/v1/search/websearch', { query: 'a\u0000b\u0007c' }, /^query: must be one line of text without control characters/);
    });
  });
});
