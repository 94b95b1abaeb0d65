import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabaseLabel, type TestResponse } from '../helpers/test-app';
import { dataForSeoEnvelope as envelope, useDataForSeoHarness } from '../helpers/dataforseo-wire';
import { assertNeutralMessage } from '../helpers/fake-upstream';

/**
 * The keyword endpoints on the DataForSEO adapter, against a fake vendor answering in the wire
 * format of its Labs documentation: what we send, how the answer maps, and how failures bill.
 */

const LABS = '/v3/dataforseo_labs/google';


/** A Labs `result[0]` holding `items`, with the bookkeeping fields the vendor adds around them. */
function labsResult(items: unknown[] | null, extra: Record<string, unknown> = {}) {
  return { se_type: 'google', location_code: 2840, language_code: 'en', total_count: items?.length ?? 0, items_count: items?.length ?? 0, offset: 0, offset_token: null, ...extra, items };
}

/** The vendor's KeywordDataInfo, as keyword_ideas and keyword_overview items carry it. */
function keywordDataInfo(keyword: string, metrics: { volume: number; cpc: number; competition: number; level: string; difficulty: number; intent: string }) {
  return {
    se_type: 'google',
    keyword,
    location_code: 2840,
    language_code: 'en',
    keyword_info: {
      se_type: 'google',
      last_updated_time: '2026-10-14 09:12:47 +00:00',
      competition: metrics.competition,
      competition_level: metrics.level,
      cpc: metrics.cpc,
      search_volume: metrics.volume,
      low_top_of_page_bid: 0.61,
      high_top_of_page_bid: 2.37,
      categories: [10021, 10178],
      // Newest first, as the vendor sends them.
      monthly_searches: [
        { year: 2026, month: 9, search_volume: 8100 },
        { year: 2026, month: 8, search_volume: 6600 },
        { year: 2025, month: 10, search_volume: 5400 },
      ],
      search_volume_trend: { monthly: 23, quarterly: 10, yearly: 50 },
    },
    clickstream_keyword_info: null,
    keyword_properties: {
      se_type: 'google',
      core_keyword: null,
      synonym_clustering_algorithm: 'text_processing',
      keyword_difficulty: metrics.difficulty,
      detected_language: 'en',
      is_another_language: false,
      words_count: keyword.split(' ').length,
    },
    serp_info: {
      se_type: 'google',
      check_url: `https://www.google.com/search?q=${encodeURIComponent(keyword)}&num=100&hl=en&gl=US`,
      serp_item_types: ['people_also_ask', 'organic', 'images', 'twitter', 'related_searches', 'ai_overview'],
      se_results_count: 187000000,
      last_updated_time: '2026-10-11 03:20:15 +00:00',
      previous_updated_time: '2026-09-11 02:58:40 +00:00',
    },
    avg_backlinks_info: {
      se_type: 'google',
      backlinks: 1543.2,
      dofollow: 1012.4,
      referring_pages: 1320.9,
      referring_domains: 187.6,
      referring_main_domains: 160.3,
      rank: 312.5,
      main_domain_rank: 612.1,
      last_updated_time: '2026-10-12 11:05:33 +00:00',
    },
    search_intent_info: { se_type: 'google', main_intent: metrics.intent, foreign_intent: ['transactional'], last_updated_time: '2026-10-02 07:40:21 +00:00' },
  };
}

/** Everything the vendor may leave null, left null. */
function sparseKeywordDataInfo(keyword: string) {
  return {
    se_type: 'google',
    keyword,
    location_code: 2840,
    language_code: 'en',
    keyword_info: { se_type: 'google', last_updated_time: null, competition: null, competition_level: null, cpc: null, search_volume: null, low_top_of_page_bid: null, high_top_of_page_bid: null, categories: null, monthly_searches: null, search_volume_trend: null },
    clickstream_keyword_info: null,
    keyword_properties: { se_type: 'google', core_keyword: null, synonym_clustering_algorithm: null, keyword_difficulty: null, detected_language: null, is_another_language: null, words_count: null },
    serp_info: null,
    avg_backlinks_info: null,
    search_intent_info: null,
  };
}

const RUNNING_SHOES = keywordDataInfo('running shoes', { volume: 6600, cpc: 1.42, competition: 0.71, level: 'HIGH', difficulty: 38, intent: 'commercial' });

/** RUNNING_SHOES as we map it, field by field. */
const RUNNING_SHOES_MAPPED = {
  keyword: 'running shoes',
  volume: 6600,
  cpc: 1.42,
  difficulty: 38,
  competition: 0.71,
  competitionLevel: 'HIGH',
  intent: 'commercial',
  avgBacklinks: 1543.2,
  avgReferringDomains: 187.6,
  serpFeatures: ['peopleAlsoAsk', 'organic', 'images', 'micro', 'relatedSearches', 'aiOverview'],
  totalResults: 187000000,
  trend: [{ month: '2025-10', volume: 5400 }, { month: '2026-08', volume: 6600 }, { month: '2026-09', volume: 8100 }],
};

const SPARSE_MAPPED = (keyword: string) => ({
  keyword,
  volume: 0,
  cpc: 0,
  difficulty: 0,
  competition: 0,
  competitionLevel: 'unknown',
  intent: 'unknown',
  avgBacklinks: 0,
  avgReferringDomains: 0,
  serpFeatures: [],
  totalResults: 0,
  trend: [],
});

describe(`SEO keyword endpoints on the DataForSEO adapter (${testDatabaseLabel()})`, () => {
  const vendor = useDataForSeoHarness({ TOLLGATE_UPSTREAM_TIMEOUT_MS: '2000' });

  /** Answers `path` with one successful task holding `result`. */
  function answer(path: string, result: unknown[] | null, status?: { status_code: number; status_message: string }) {
    vendor.fake.on(`POST ${path}`, { json: envelope(path, { ...status, result }) });
  }

  /** Calls on a fresh account: the response, what it cost in micro-USD, and the one task sent. */
  async function call(path: string, body: unknown): Promise<{ response: TestResponse; cost: number; task: any }> {
    const { accountId, apiKey } = await vendor.app.createAccount('10.00');
    const response = await vendor.app.post(path, body, apiKey);
    const cost = 10_000_000 - (await vendor.app.balance(accountId));
    const sent = vendor.fake.requests.at(-1);
    if (sent) {
      assert.equal(sent.method, 'POST');
      assert.ok(Array.isArray(sent.body) && sent.body.length === 1, 'one task, in an array');
    }
    return { response, cost, task: sent?.body?.[0] };
  }

  async function succeeded(path: string, body: unknown) {
    const result = await call(path, body);
    assert.equal(result.response.status, 200, JSON.stringify(result.response.body));
    assert.equal(result.response.headers.get('x-tollgate-provider'), 'live');
    return result;
  }

  describe('/v1/seo/keywords/ideas → keyword_ideas/live', () => {
    const path = `${LABS}/keyword_ideas/live`;

    test('sends the seed, location, language, limit, translated filters and order; maps each record; applies length locally', async () => {
      const long = keywordDataInfo('best running shoes for flat feet and overpronation', { volume: 880, cpc: 0.95, competition: 0.44, level: 'MEDIUM', difficulty: 12, intent: 'informational' });
      const cheap = keywordDataInfo('running shoes sale', { volume: 2900, cpc: 0.88, competition: 1, level: 'HIGH', difficulty: 27, intent: 'transactional' });
      answer(path, [labsResult([cheap, RUNNING_SHOES, long], { seed_keywords: ['running shoes'] })]);
      const { response, cost, task } = await succeeded('/v1/seo/keywords/ideas', {
        keyword: 'running shoes',
        limit: 3,
        location_code: 2826,
        language: 'en',
        filters: [
          { field: 'volume', op: 'gte', value: 500 },
          { field: 'competitionLevel', op: 'in', value: ['high', 'Medium'] },
          { field: 'keyword', op: 'like', value: 'Running' },
          { field: 'words', op: '<=', value: 8 },
          { field: 'intent', op: 'ne', value: 'navigational' },
          { field: 'length', op: '<=', value: 30 },
        ],
        sort: ['cpc:asc', 'difficulty'],
      });
      assert.equal(vendor.fake.requests[0]!.path, path);
      assert.equal(vendor.fake.requests[0]!.headers.authorization, `Basic ${Buffer.from('login:pw').toString('base64')}`);
      assert.deepEqual(task, {
        keywords: ['running shoes'],
        location_code: 2826,
        language_code: 'en',
        include_serp_info: true,
        limit: 3,
        filters: [
          ['keyword_info.search_volume', '>=', 500],
          'and', ['keyword_info.competition_level', 'in', ['HIGH', 'MEDIUM']],
          'and', ['keyword', 'like', '%running%'],
          'and', ['keyword_properties.words_count', '<=', 8],
          'and', ['search_intent_info.main_intent', '<>', 'navigational'],
        ],
        order_by: ['keyword_info.cpc,asc', 'keyword_properties.keyword_difficulty,desc'],
      });
      assert.equal(response.body.data.seed, 'running shoes');
      // The vendor's order is kept; the 52-character idea fails `length <= 30`, applied here.
      assert.deepEqual(response.body.data.keywords, [
        { ...RUNNING_SHOES_MAPPED, keyword: 'running shoes sale', volume: 2900, cpc: 0.88, competition: 1, difficulty: 27, intent: 'transactional' },
        RUNNING_SHOES_MAPPED,
      ]);
      assert.equal(cost, 40_000);
    });

    test('without sort rules, asks for the highest volume first; without filters, sends none', async () => {
      answer(path, [labsResult([RUNNING_SHOES])]);
      const { task } = await succeeded('/v1/seo/keywords/ideas', { keyword: 'running shoes' });
      assert.deepEqual(task, {
        keywords: ['running shoes'], location_code: 2840, language_code: 'en', include_serp_info: true, limit: 50,
        order_by: ['keyword_info.search_volume,desc'],
      });
    });

    test('under match any, the filters are joined by or', async () => {
      answer(path, [labsResult([RUNNING_SHOES])]);
      const { task } = await succeeded('/v1/seo/keywords/ideas', {
        keyword: 'running shoes',
        match: 'any',
        filters: [{ field: 'difficulty', op: '<', value: 20 }, { field: 'cpc', op: 'not_in', value: [0] }],
      });
      assert.deepEqual(task.filters, [['keyword_properties.keyword_difficulty', '<', 20], 'or', ['keyword_info.cpc', 'not_in', [0]]]);
    });

    test('empty answers (40102, items null) are an empty list, billed the base price only', async () => {
      answer(path, null, { status_code: 40102, status_message: 'No Search Results.' });
      const noResults = await succeeded('/v1/seo/keywords/ideas', { keyword: 'qwxzv plorf' });
      assert.deepEqual(noResults.response.body.data, { seed: 'qwxzv plorf', keywords: [] });
      assert.equal(noResults.cost, 30_000);

      answer(path, [labsResult(null)]);
      const nullItems = await succeeded('/v1/seo/keywords/ideas', { keyword: 'qwxzv plorf' });
      assert.deepEqual(nullItems.response.body.data.keywords, []);
      assert.equal(nullItems.cost, 30_000);
    });

    test('a record with every field null maps to zeros and unknowns', async () => {
      answer(path, [labsResult([sparseKeywordDataInfo('running shoes stack height')])]);
      const { response } = await succeeded('/v1/seo/keywords/ideas', { keyword: 'running shoes' });
      assert.deepEqual(response.body.data.keywords, [SPARSE_MAPPED('running shoes stack height')]);
    });
  });

  describe('/v1/seo/keywords/related → related_keywords/live', () => {
    const path = `${LABS}/related_keywords/live`;

    /** A related_keywords item: the record nested under keyword_data. */
    const relatedItem = (data: unknown, depth = 1) => ({ se_type: 'google', keyword_data: data, depth, related_keywords: ['trail running shoes', 'running shoes women'] });

    test('sends keyword, depth and the nested filter paths; counts words locally; maps keyword_data', async () => {
      const trail = keywordDataInfo('trail running shoes', { volume: 14800, cpc: 1.1, competition: 0.9, level: 'HIGH', difficulty: 45, intent: 'commercial' });
      const wordy = keywordDataInfo('best trail running shoes for wide feet', { volume: 590, cpc: 0.8, competition: 0.6, level: 'MEDIUM', difficulty: 22, intent: 'commercial' });
      answer(path, [labsResult([relatedItem(trail), relatedItem(wordy, 2), relatedItem(RUNNING_SHOES, 2)], { seed_keyword: 'running shoes', seed_keyword_data: null })]);
      const { response, cost, task } = await succeeded('/v1/seo/keywords/related', {
        keyword: 'running shoes',
        limit: 100,
        location_code: 2276,
        language: 'de',
        filters: [
          { field: 'cpc', op: '>', value: 0.5 },
          { field: 'keyword', op: 'not_like', value: 'Nike' },
          { field: 'competition', op: '<=', value: 0.95 },
          { field: 'difficulty', op: '>=', value: 10 },
          { field: 'competitionLevel', op: '!=', value: 'low' },
          { field: 'intent', op: 'in', value: ['Commercial'] },
          { field: 'volume', op: 'eq', value: 14800 },
          { field: 'words', op: '<', value: 5 },
        ],
        sort: ['volume:asc'],
      });
      assert.equal(vendor.fake.requests[0]!.path, path);
      assert.deepEqual(task, {
        keyword: 'running shoes',
        location_code: 2276,
        language_code: 'de',
        depth: 4, // 584 keywords at depth 3 would cover 100, but filters thin them out
        include_serp_info: true,
        limit: 100,
        filters: [
          ['keyword_data.keyword_info.cpc', '>', 0.5],
          'and', ['keyword_data.keyword', 'not_like', '%nike%'],
          'and', ['keyword_data.keyword_info.competition', '<=', 0.95],
          'and', ['keyword_data.keyword_properties.keyword_difficulty', '>=', 10],
          'and', ['keyword_data.keyword_info.competition_level', '<>', 'LOW'],
          'and', ['keyword_data.search_intent_info.main_intent', 'in', ['commercial']],
          'and', ['keyword_data.keyword_info.search_volume', '=', 14800],
        ],
        order_by: ['keyword_data.keyword_info.search_volume,asc'],
      });
      assert.deepEqual(response.body.data, {
        seed: 'running shoes',
        keywords: [
          { ...RUNNING_SHOES_MAPPED, keyword: 'trail running shoes', volume: 14800, cpc: 1.1, competition: 0.9, difficulty: 45 },
          RUNNING_SHOES_MAPPED,
        ],
      });
      assert.equal(cost, 40_000);
    });

    test('depth follows the limit; without sort rules, highest volume first', async () => {
      answer(path, [labsResult([relatedItem(RUNNING_SHOES)])]);
      const expectations: Array<[number, number]> = [[5, 1], [8, 1], [50, 2], [500, 3], [1000, 4]];
      for (const [limit, depth] of expectations) {
        const { task } = await succeeded('/v1/seo/keywords/related', { keyword: 'running shoes', limit });
        assert.deepEqual(task, {
          keyword: 'running shoes', location_code: 2840, language_code: 'en', depth, include_serp_info: true, limit,
          order_by: ['keyword_data.keyword_info.search_volume,desc'],
        }, `limit ${limit}`);
      }
    });

    test('items null, a null keyword_data and null fields are empty, skipped and defaulted', async () => {
      answer(path, [labsResult(null)]);
      assert.deepEqual((await succeeded('/v1/seo/keywords/related', { keyword: 'running shoes' })).response.body.data.keywords, []);

      answer(path, [labsResult([relatedItem(null), relatedItem(sparseKeywordDataInfo('running shoes insoles'))])]);
      const { response, cost } = await succeeded('/v1/seo/keywords/related', { keyword: 'running shoes' });
      assert.deepEqual(response.body.data.keywords, [SPARSE_MAPPED('running shoes insoles')]);
      assert.equal(cost, 40_000);
    });
  });

  describe('/v1/seo/keywords/overview and /v1/seo/keywords → keyword_overview/live', () => {
    const path = `${LABS}/keyword_overview/live`;

    test('overview: sends the distinct keywords and the country as location_code; request order; unknown keywords left out and unbilled', async () => {
      const trail = keywordDataInfo('trail running shoes', { volume: 14800, cpc: 1.1, competition: 0.9, level: 'HIGH', difficulty: 45, intent: 'commercial' });
      // The vendor answers in its own order and omits what it does not know.
      answer(path, [labsResult([{ ...trail, search_partners: false }, { ...RUNNING_SHOES, search_partners: false }])]);
      const { response, cost, task } = await succeeded('/v1/seo/keywords/overview', {
        keywords: ['Running Shoes', 'qwxzv plorf', 'trail running shoes', 'running  shoes'],
        location: 'de',
        language: 'de',
      });
      assert.equal(vendor.fake.requests[0]!.path, path);
      assert.deepEqual(task, { keywords: ['running shoes', 'qwxzv plorf', 'trail running shoes'], location_code: 2276, language_code: 'de', include_serp_info: true });
      assert.deepEqual(response.body.data, {
        keywords: [RUNNING_SHOES_MAPPED, { ...RUNNING_SHOES_MAPPED, keyword: 'trail running shoes', volume: 14800, cpc: 1.1, competition: 0.9, difficulty: 45 }],
      });
      assert.equal(cost, 40_000);
    });

    test('/keywords: one record per keyword (unknown ones zeroed), filters and sort applied locally, 0.15', async () => {
      const trail = keywordDataInfo('trail running shoes', { volume: 14800, cpc: 1.1, competition: 0.9, level: 'HIGH', difficulty: 45, intent: 'commercial' });
      answer(path, [labsResult([trail, RUNNING_SHOES, sparseKeywordDataInfo('running shoes insoles')])]);
      const all = await succeeded('/v1/seo/keywords', { keywords: ['running shoes', 'qwxzv plorf', 'running shoes insoles', 'trail running shoes'], location: 'gb' });
      assert.deepEqual(all.task, {
        keywords: ['running shoes', 'qwxzv plorf', 'running shoes insoles', 'trail running shoes'],
        location_code: 2826,
        language_code: 'en',
        include_serp_info: true,
      });
      const trailMapped = { ...RUNNING_SHOES_MAPPED, keyword: 'trail running shoes', volume: 14800, cpc: 1.1, competition: 0.9, difficulty: 45 };
      assert.deepEqual(all.response.body.data, [RUNNING_SHOES_MAPPED, SPARSE_MAPPED('qwxzv plorf'), SPARSE_MAPPED('running shoes insoles'), trailMapped]);
      assert.equal(all.cost, 150_000);

      const filtered = await succeeded('/v1/seo/keywords', {
        keywords: ['running shoes', 'qwxzv plorf', 'running shoes insoles', 'trail running shoes'],
        filters: [{ field: 'volume', op: '>', value: 0 }, { field: 'words', op: '>=', value: 2 }],
        sort: ['volume:desc'],
      });
      assert.equal(filtered.task.filters, undefined, 'nothing filtered upstream on /keywords');
      assert.deepEqual(filtered.response.body.data, [trailMapped, RUNNING_SHOES_MAPPED]);
      assert.equal(filtered.cost, 150_000);
    });

    test('/keywords: a 40102 answer gives every keyword an unknown record', async () => {
      answer(path, null, { status_code: 40102, status_message: 'No Search Results.' });
      const { response, cost } = await succeeded('/v1/seo/keywords', { keywords: ['qwxzv plorf', 'zzkk'] });
      assert.deepEqual(response.body.data, [SPARSE_MAPPED('qwxzv plorf'), SPARSE_MAPPED('zzkk')]);
      assert.equal(cost, 150_000);
    });
  });

  describe('/v1/seo/keywords/difficulty → bulk_keyword_difficulty/live', () => {
    const path = `${LABS}/bulk_keyword_difficulty/live`;

    test('sends keywords, location_code and language; a null difficulty is left out and not billed', async () => {
      answer(path, [labsResult([
        { se_type: 'google', keyword: 'trail running shoes', keyword_difficulty: 45 },
        { se_type: 'google', keyword: 'running shoes', keyword_difficulty: 74 },
        { se_type: 'google', keyword: 'qwxzv plorf', keyword_difficulty: null },
      ])]);
      const { response, cost, task } = await succeeded('/v1/seo/keywords/difficulty', { keywords: ['running shoes', 'qwxzv plorf', 'Trail Running Shoes'], location: 'fr', language: 'fr' });
      assert.equal(vendor.fake.requests[0]!.path, path);
      assert.deepEqual(task, { keywords: ['running shoes', 'qwxzv plorf', 'trail running shoes'], location_code: 2250, language_code: 'fr' });
      assert.deepEqual(response.body.data, { keywords: [{ keyword: 'running shoes', difficulty: 74 }, { keyword: 'trail running shoes', difficulty: 45 }] });
      assert.equal(cost, 40_000);
    });
  });

  describe('/v1/seo/keywords/intent → search_intent/live', () => {
    const path = `${LABS}/search_intent/live`;

    test('sends keywords and language only; maps the main and secondary intents; unclassified keywords left out', async () => {
      answer(path, [{
        language_code: 'en',
        items_count: 3,
        items: [
          { keyword: 'buy running shoes', keyword_intent: { label: 'transactional', probability: 0.962 }, secondary_keyword_intents: [{ label: 'navigational', probability: 0.08 }, { label: 'commercial', probability: 0.44 }] },
          { keyword: 'how to lace running shoes', keyword_intent: { label: 'informational', probability: 1 }, secondary_keyword_intents: null },
          { keyword: 'qwxzv plorf', keyword_intent: null, secondary_keyword_intents: null },
        ],
      }]);
      const { response, cost, task } = await succeeded('/v1/seo/keywords/intent', { keywords: ['how to lace running shoes', 'buy running shoes', 'qwxzv plorf'], language: 'en' });
      assert.equal(vendor.fake.requests[0]!.path, path);
      assert.deepEqual(task, { keywords: ['how to lace running shoes', 'buy running shoes', 'qwxzv plorf'], language_code: 'en' });
      assert.deepEqual(response.body.data, {
        keywords: [
          { keyword: 'how to lace running shoes', intent: 'informational', probability: 1, secondaryIntents: [] },
          {
            keyword: 'buy running shoes',
            intent: 'transactional',
            probability: 0.962,
            secondaryIntents: [{ intent: 'commercial', probability: 0.44 }, { intent: 'navigational', probability: 0.08 }],
          },
        ],
      });
      assert.equal(cost, 40_000);
    });
  });

  describe('vendor failures: 502 UPSTREAM_ERROR, nothing charged', () => {
    async function failed(path: string, body: unknown, message: RegExp) {
      const { response, cost } = await call(path, body);
      assert.equal(response.status, 502, JSON.stringify(response.body));
      assert.equal(response.body.error.code, 'UPSTREAM_ERROR');
      assert.match(response.body.error.message, message);
      assertNeutralMessage(response.body.error.message, ['Invalid Field', 'Bad Gateway', 'search_volume']);
      assert.equal(response.headers.get('x-cost-usd'), null);
      assert.equal(cost, 0);
    }

    test('a task error on each endpoint', async () => {
      const cases: Array<[string, string, unknown]> = [
        ['keyword_ideas', '/v1/seo/keywords/ideas', { keyword: 'running shoes' }],
        ['related_keywords', '/v1/seo/keywords/related', { keyword: 'running shoes' }],
        ['keyword_overview', '/v1/seo/keywords/overview', { keywords: ['running shoes'] }],
        ['keyword_overview', '/v1/seo/keywords', { keywords: ['running shoes'] }],
        ['bulk_keyword_difficulty', '/v1/seo/keywords/difficulty', { keywords: ['running shoes'] }],
        ['search_intent', '/v1/seo/keywords/intent', { keywords: ['running shoes'] }],
      ];
      for (const [vendorFunction, path, body] of cases) {
        answer(`${LABS}/${vendorFunction}/live`, null, { status_code: 40501, status_message: 'Invalid Field: \'language_code\'.' });
        await failed(path, body, /refused the request/);
      }
    });

    test('a timeout', async () => {
      vendor.fake.on(`POST ${LABS}/keyword_ideas/live`, { delayMs: 5_000, json: envelope(`${LABS}/keyword_ideas/live`, { result: [labsResult([])] }) });
      await failed('/v1/seo/keywords/ideas', { keyword: 'running shoes' }, /did not answer/);
    });

    test('an answer that is not JSON, or not in the documented shape', async () => {
      vendor.fake.on(`POST ${LABS}/keyword_overview/live`, { raw: '<html><body>Bad Gateway</body></html>' });
      await failed('/v1/seo/keywords/overview', { keywords: ['running shoes'] }, /malformed/);

      answer(`${LABS}/keyword_overview/live`, [labsResult([{ keyword: 'running shoes', keyword_info: { search_volume: 'lots' } }])]);
      await failed('/v1/seo/keywords', { keywords: ['running shoes'] }, /unexpected shape/);

      answer(`${LABS}/search_intent/live`, [{ items: { keyword: 'running shoes' } }]);
      await failed('/v1/seo/keywords/intent', { keywords: ['running shoes'] }, /unexpected shape/);
    });
  });
});
