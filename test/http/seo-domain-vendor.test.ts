import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabaseLabel, type TestResponse } from '../helpers/test-app';
import { assertNeutralMessage, type RecordedRequest } from '../helpers/fake-upstream';
import { dataForSeoEnvelope, useDataForSeoHarness } from '../helpers/dataforseo-wire';

/**
 * The domain-analytics and competitor endpoints on the DataForSEO adapter, against a fake vendor
 * answering in the wire format of its Labs, Backlinks and Domain Analytics documentation: what we
 * send, how each answer maps field by field, and how empty, partial and failed answers bill.
 */

const LABS = '/v3/dataforseo_labs/google';
const PATHS = {
  rankOverview: `${LABS}/domain_rank_overview/live`,
  rankedKeywords: `${LABS}/ranked_keywords/live`,
  bulkTraffic: `${LABS}/bulk_traffic_estimation/live`,
  competitorsDomain: `${LABS}/competitors_domain/live`,
  domainIntersection: `${LABS}/domain_intersection/live`,
  pageIntersection: `${LABS}/page_intersection/live`,
  serpCompetitors: `${LABS}/serp_competitors/live`,
  summary: '/v3/backlinks/summary/live',
  bulkPagesSummary: '/v3/backlinks/bulk_pages_summary/live',
  backlinks: '/v3/backlinks/backlinks/live',
  technologies: '/v3/domain_analytics/technologies/domain_technologies/live',
};

// ── The vendor's wire format ────────────────────────────────────────────────────────────────

function envelope(path: string, result: unknown[] | null, status = { code: 20000, message: 'Ok.' }) {
  return dataForSeoEnvelope(path, { result, status_code: status.code, status_message: status.message });
}

const NO_RESULTS = { code: 40102, message: 'No Search Results.' };

function labsResult(items: unknown[] | null, extra: Record<string, unknown> = {}) {
  return { se_type: 'google', location_code: 2840, language_code: 'en', total_count: items?.length ?? 0, items_count: items?.length ?? 0, ...extra, items };
}

/** DataforseoLabsMetricsInfo: counts per position range, traffic, movement. */
function metricsInfo(values: Partial<Record<string, number | null>>) {
  const zeroes = Object.fromEntries(['pos_1', 'pos_2_3', 'pos_4_10', 'pos_11_20', 'pos_21_30', 'pos_31_40', 'pos_41_50', 'pos_51_60', 'pos_61_70', 'pos_71_80', 'pos_81_90', 'pos_91_100'].map((key) => [key, 0]));
  return {
    ...zeroes, etv: 0, impressions_etv: 0, count: 0, estimated_paid_traffic_cost: 0, is_new: 0, is_up: 0, is_down: 0, is_lost: 0,
    clickstream_etv: null, clickstream_gender_distribution: null, clickstream_age_distribution: null, ...values,
  };
}

function keywordData(keyword: string, info: { volume: number | null; cpc: number | null; competition: number | null; level: string | null; difficulty: number | null; intent: string | null }) {
  return {
    se_type: 'google',
    keyword,
    location_code: 2840,
    language_code: 'en',
    keyword_info: {
      se_type: 'google',
      last_updated_time: '2026-10-12 07:41:09 +00:00',
      competition: info.competition,
      competition_level: info.level,
      cpc: info.cpc,
      search_volume: info.volume,
      low_top_of_page_bid: 0.42,
      high_top_of_page_bid: 1.95,
      categories: [10019, 10178],
      monthly_searches: [{ year: 2026, month: 9, search_volume: info.volume }],
      search_volume_trend: { monthly: 0, quarterly: 22, yearly: 50 },
    },
    clickstream_keyword_info: null,
    keyword_properties: { se_type: 'google', core_keyword: null, synonym_clustering_algorithm: 'text_processing', keyword_difficulty: info.difficulty, detected_language: 'en', is_another_language: false },
    serp_info: null,
    avg_backlinks_info: null,
    search_intent_info: { se_type: 'google', main_intent: info.intent, foreign_intent: null, last_updated_time: '2026-03-03 20:51:09 +00:00' },
  };
}

/** A Labs organic SERP element (ranked_serp_element.serp_item, *_domain_serp_element, intersection_result.N). */
function serpElement(domain: string, url: string, rank: { group: number | null; absolute: number | null }, etv: number | null) {
  return {
    se_type: 'google',
    type: 'organic',
    rank_group: rank.group,
    rank_absolute: rank.absolute,
    position: 'left',
    xpath: '/html[1]/body[1]/div[3]/div[1]/div[13]/div[1]/div[2]/div[2]/div[1]/div[1]/div[4]',
    domain,
    title: 'A result title',
    url,
    breadcrumb: `https://${domain} › guides`,
    website_name: 'Site',
    is_image: false,
    is_video: false,
    is_featured_snippet: false,
    is_malicious: false,
    description: 'A result description.',
    pre_snippet: null,
    extended_snippet: null,
    amp_version: false,
    rating: null,
    highlighted: ['coffee'],
    links: null,
    about_this_result: null,
    main_domain: domain,
    relative_url: new URL(url).pathname,
    etv,
    impressions_etv: null,
    estimated_paid_traffic_cost: null,
    clickstream_etv: null,
    rank_changes: { previous_rank_absolute: null, is_new: false, is_up: true, is_down: false },
    backlinks_info: { referring_domains: 11, referring_main_domains: 11, referring_pages: 14, dofollow: 13, backlinks: 18, time_update: '2026-10-08 11:26:29 +00:00' },
    rank_info: { page_rank: 211, main_domain_rank: 419 },
  };
}

/** An item of Backlinks' bulk pages summary: one per target, named by `url`. */
function bulkPageSummary(url: string, values: { rank: number | null; backlinks: number | null; referringDomains: number | null }) {
  return {
    type: 'backlinks_bulk_pages_summary',
    url,
    main_domain_rank: values.rank,
    rank: values.rank,
    first_seen: '2009-04-19 01:01:14 +00:00',
    lost_date: null,
    backlinks: values.backlinks,
    backlinks_spam_score: 8,
    broken_backlinks: 12,
    broken_pages: 0,
    referring_domains: values.referringDomains,
    referring_domains_nofollow: 410,
    referring_main_domains: values.referringDomains === null ? null : values.referringDomains - 200,
    referring_ips: 20400,
    referring_subnets: 14100,
    referring_pages: 981000,
    referring_links_tld: { com: 610000 },
    referring_links_types: { anchor: 1100000 },
    referring_links_attributes: { nofollow: 184000 },
    referring_links_platform_types: { blogs: 120000 },
    referring_links_semantic_locations: { article: 31000 },
    referring_links_countries: { US: 420000 },
  };
}

function backlinksSummary(target: string, values: { rank: number | null; backlinks: number | null; referringDomains: number | null }) {
  return {
    target,
    first_seen: '2009-04-19 01:01:14 +00:00',
    lost_date: null,
    rank: values.rank,
    backlinks: values.backlinks,
    backlinks_spam_score: 8,
    crawled_pages: 48291,
    info: { server: 'nginx', cms: null, platform_type: ['blogs'], ip_address: '93.184.215.14', country: 'US', is_ip: false, target_spam_score: 0 },
    internal_links_count: 1420,
    external_links_count: 380,
    broken_backlinks: 4120,
    broken_pages: 12,
    referring_domains: values.referringDomains,
    referring_domains_nofollow: 1204,
    referring_main_domains: 9012,
    referring_main_domains_nofollow: 980,
    referring_ips: 8140,
    referring_subnets: 6230,
    referring_pages: 231004,
    referring_pages_nofollow: 40112,
    referring_links_tld: { com: 120044, org: 21000 },
    referring_links_types: { anchor: 220100, image: 9120 },
    referring_links_attributes: { nofollow: 40112 },
    referring_links_platform_types: { blogs: 81000 },
    referring_links_semantic_locations: { article: 90000, '': 12000 },
    referring_links_countries: { US: 90120, DE: 12003 },
  };
}

// ── The suite ───────────────────────────────────────────────────────────────────────────────

describe(`domain analytics on the DataForSEO adapter (${testDatabaseLabel()})`, () => {
  // /v1/seo/domain/metrics costs more upstream than its price: served here as an operator accepting the loss would.
  const vendor = useDataForSeoHarness({ TOLLGATE_SERVE_BELOW_COST: 'seo.domain_metrics' });

  function reply(path: string, result: unknown[] | null, status?: { code: number; message: string }) {
    vendor.fake.on(`POST ${path}`, { json: envelope(path, result, status) });
  }

  /** The one task the adapter sent to `path`. */
  function sentTo(path: string): Record<string, unknown> {
    const requests = vendor.fake.requests.filter((request: RecordedRequest) => request.path === path);
    assert.equal(requests.length, 1, `one request to ${path}, got ${requests.length}`);
    assert.ok(Array.isArray(requests[0]!.body) && requests[0]!.body.length === 1, 'a live call carries exactly one task');
    return requests[0]!.body[0];
  }

  async function call(path: string, body: unknown): Promise<{ response: TestResponse; cost: number }> {
    const { accountId, apiKey } = await vendor.app.createAccount('5.00');
    const response = await vendor.app.post(path, body, apiKey);
    return { response, cost: 5_000_000 - (await vendor.app.balance(accountId)) };
  }

  async function ok(path: string, body: unknown, price: number): Promise<any> {
    const { response, cost } = await call(path, body);
    assert.equal(response.status, 200, JSON.stringify(response.body).slice(0, 500));
    assert.equal(response.headers.get('x-tollgate-provider'), 'live');
    assert.equal(cost, price, 'charged');
    return response.body.data;
  }

  async function failed(path: string, body: unknown): Promise<string> {
    const { response, cost } = await call(path, body);
    assert.equal(response.status, 502, JSON.stringify(response.body));
    assert.equal(response.body.error.code, 'UPSTREAM_ERROR');
    assert.equal(cost, 0, 'an upstream failure is not charged');
    assertNeutralMessage(response.body.error.message, ['Invalid Field', 'Internal Error']);
    return response.body.error.message;
  }

  describe('/v1/seo/domain/overview', () => {
    test('domain_rank_overview and backlinks summary in parallel, for the location asked', async () => {
      reply(PATHS.rankOverview, [labsResult([{ se_type: 'google', location_code: 2826, language_code: 'en', metrics: { organic: metricsInfo({ etv: 182431.62, count: 9120 }), paid: metricsInfo({ etv: 5200.4, count: 140 }) } }], { target: 'example.com', location_code: 2826 })]);
      reply(PATHS.summary, [backlinksSummary('example.com', { rank: 552, backlinks: 1284000, referringDomains: 31200 })]);
      const data = await ok('/v1/seo/domain/overview', { domain: 'Example.com', location: 'gb', language: 'en' }, 40_000);
      assert.deepEqual(sentTo(PATHS.rankOverview), { target: 'example.com', location_code: 2826, language_code: 'en' });
      assert.deepEqual(sentTo(PATHS.summary), { target: 'example.com' });
      assert.deepEqual(data, { domain: 'example.com', organicTraffic: 182432, organicKeywords: 9120, backlinks: 1284000, referringDomains: 31200, domainRank: 552 });
    });

    test('nothing known (40102 and null fields) is a zero overview, still charged as a successful lookup', async () => {
      reply(PATHS.rankOverview, null, NO_RESULTS);
      reply(PATHS.summary, [backlinksSummary('unknown-site.example', { rank: null, backlinks: null, referringDomains: null })]);
      const data = await ok('/v1/seo/domain/overview', { domain: 'unknown-site.example' }, 40_000);
      assert.deepEqual(sentTo(PATHS.rankOverview), { target: 'unknown-site.example', location_code: 2840, language_code: 'en' });
      assert.deepEqual(data, { domain: 'unknown-site.example', organicTraffic: 0, organicKeywords: 0, backlinks: 0, referringDomains: 0, domainRank: 0 });
    });

    test('one of the two calls failing fails the whole call, uncharged', async () => {
      reply(PATHS.rankOverview, [labsResult([{ metrics: { organic: metricsInfo({ etv: 10, count: 1 }) } }])]);
      reply(PATHS.summary, null, { code: 40501, message: 'Invalid Field: target.' });
      assert.match(await failed('/v1/seo/domain/overview', { domain: 'example.com' }), /refused the request/);
    });
  });

  describe('/v1/seo/domain/keywords', () => {
    const items = [
      {
        se_type: 'google',
        keyword_data: keywordData('coffee grinder', { volume: 74000, cpc: 0.93, competition: 1, level: 'HIGH', difficulty: 48, intent: 'commercial' }),
        ranked_serp_element: { se_type: 'google', serp_item: serpElement('example.com', 'https://example.com/grinders', { group: 3, absolute: 5 }, 7770.1), check_url: 'https://www.google.com/search?q=coffee+grinder', serp_item_types: ['organic', 'images'], se_results_count: 120000000, keyword_difficulty: 48, is_lost: false, last_updated_time: '2026-10-01 12:00:00 +00:00', previous_updated_time: '2026-08-01 12:00:00 +00:00' },
      },
      {
        se_type: 'google',
        keyword_data: { ...keywordData('best burr coffee grinder for espresso', { volume: null, cpc: null, competition: null, level: null, difficulty: null, intent: null }), keyword_info: null, keyword_properties: null, search_intent_info: null },
        ranked_serp_element: { se_type: 'google', serp_item: serpElement('example.com', 'https://example.com/burr', { group: null, absolute: 14 }, null) },
      },
      {
        se_type: 'google',
        keyword_data: keywordData('coffee', { volume: 1220000, cpc: 1.1, competition: 0.3, level: 'LOW', difficulty: 90, intent: 'informational' }),
        ranked_serp_element: { se_type: 'google', serp_item: null },
      },
    ];

    test('filters and sort are translated to keyword_data paths; each item maps field by field', async () => {
      reply(PATHS.rankedKeywords, [labsResult(items, { target: 'example.com', metrics: { organic: metricsInfo({ count: 3 }) } })]);
      const data = await ok('/v1/seo/domain/keywords', {
        domain: 'example.com',
        limit: 50,
        location_code: 2276,
        language: 'de',
        filters: [{ field: 'volume', op: 'gte', value: 100 }, { field: 'intent', op: 'in', value: ['Commercial', 'transactional'] }, { field: 'keyword', op: 'like', value: 'Coffee' }],
        match: 'any',
        sort: ['cpc:asc', 'difficulty'],
      }, 40_000);
      assert.deepEqual(sentTo(PATHS.rankedKeywords), {
        target: 'example.com',
        location_code: 2276,
        language_code: 'de',
        item_types: ['organic'],
        limit: 50,
        order_by: ['keyword_data.keyword_info.cpc,asc', 'keyword_data.keyword_properties.keyword_difficulty,desc'],
        filters: [
          ['keyword_data.keyword_info.search_volume', '>=', 100],
          'or',
          ['keyword_data.search_intent_info.main_intent', 'in', ['commercial', 'transactional']],
          'or',
          ['keyword_data.keyword', 'like', '%coffee%'],
        ],
      });
      assert.deepEqual(data, [
        { keyword: 'coffee grinder', position: 3, searchVolume: 74000, cpc: 0.93, url: 'https://example.com/grinders', difficulty: 48, competition: 1, competitionLevel: 'HIGH', intent: 'commercial' },
        { keyword: 'best burr coffee grinder for espresso', position: 14, searchVolume: 0, cpc: 0, url: 'https://example.com/burr', difficulty: 0, competition: 0, competitionLevel: 'unknown', intent: 'unknown' },
      ], 'the item without a SERP position is dropped, nulls become zero or unknown');
    });

    test('words and length are applied here, after asking for three times the rows plus 100; the default order is by volume', async () => {
      reply(PATHS.rankedKeywords, [labsResult(items)]);
      const data = await ok('/v1/seo/domain/keywords', { domain: 'example.com', limit: 10, filters: [{ field: 'words', op: '>=', value: 3 }, { field: 'cpc', op: '<', value: 5 }] }, 40_000);
      assert.deepEqual(sentTo(PATHS.rankedKeywords), {
        target: 'example.com',
        location_code: 2840,
        language_code: 'en',
        item_types: ['organic'],
        limit: 130,
        order_by: ['keyword_data.keyword_info.search_volume,desc'],
        filters: ['keyword_data.keyword_info.cpc', '<', 5],
      });
      assert.deepEqual(data.map((row: { keyword: string }) => row.keyword), ['best burr coffee grinder for espresso']);
    });

    test('no keywords (40102) is an empty list, billed the base price', async () => {
      reply(PATHS.rankedKeywords, null, NO_RESULTS);
      assert.deepEqual(await ok('/v1/seo/domain/keywords', { domain: 'example.com' }, 30_000), []);
      assert.equal(sentTo(PATHS.rankedKeywords).filters, undefined, 'no filters field without filters');
    });
  });

  describe('/v1/seo/domain/traffic', () => {
    test('one bulk call for the distinct targets; estimates in the order sent, a target the vendor skips at zero', async () => {
      reply(PATHS.bulkTraffic, [labsResult([
        { se_type: 'google', target: 'example.org', metrics: { organic: { etv: 2300.4, count: 410 }, paid: { etv: null, count: null }, featured_snippet: { etv: 12, count: 1 }, local_pack: null } },
        { se_type: 'google', target: 'example.com', metrics: { organic: { etv: 182400, count: 9120 }, paid: { etv: 5200.5, count: 140 }, featured_snippet: null, local_pack: null } },
      ])]);
      const data = await ok('/v1/seo/domain/traffic', { targets: ['example.com', 'example.org', 'EXAMPLE.com', 'example.net'], location: 'ca' }, 40_000);
      assert.deepEqual(sentTo(PATHS.bulkTraffic), { targets: ['example.com', 'example.org', 'example.net'], location_code: 2124, language_code: 'en' });
      assert.deepEqual(data, {
        domains: [
          { domain: 'example.com', organicKeywords: 9120, organicTraffic: 182400, paidKeywords: 140, paidTraffic: 5201 },
          { domain: 'example.org', organicKeywords: 410, organicTraffic: 2300, paidKeywords: 0, paidTraffic: 0 },
          { domain: 'example.net', organicKeywords: 0, organicTraffic: 0, paidKeywords: 0, paidTraffic: 0 },
        ],
      });
    });
  });

  describe('/v1/seo/domain/metrics', () => {
    test('the domain and its home page in one bulk Backlinks call and one bulk Labs call, United States', async () => {
      // The vendor answers in its own order, the home page first, and names a target as it likes its case.
      reply(PATHS.bulkPagesSummary, [{ total_count: 2, items_count: 2, items: [
        bulkPageSummary('https://example.com/', { rank: 483, backlinks: 312000, referringDomains: 14100 }),
        bulkPageSummary('Example.com', { rank: 552, backlinks: 1284000, referringDomains: 31200 }),
      ] }]);
      reply(PATHS.bulkTraffic, [labsResult([
        { se_type: 'google', target: 'https://example.com/', metrics: { organic: metricsInfo({ etv: 31200.7, count: 420, estimated_paid_traffic_cost: 28400.5 }), paid: null } },
        { se_type: 'google', target: 'example.com', metrics: { organic: metricsInfo({ etv: 182400.2, count: 9120, estimated_paid_traffic_cost: 161900.254 }), paid: metricsInfo({}) } },
      ])]);

      const data = await ok('/v1/seo/domain/metrics', { domain: 'https://example.com/pricing' }, 20_000);
      assert.deepEqual(sentTo(PATHS.bulkPagesSummary), { targets: ['example.com', 'https://example.com/'] });
      assert.deepEqual(sentTo(PATHS.bulkTraffic), { targets: ['example.com', 'https://example.com/'], location_code: 2840, language_code: 'en' });
      assert.deepEqual(
        vendor.fake.requests.map((request) => request.path).sort(),
        [PATHS.bulkPagesSummary, PATHS.bulkTraffic],
        'two vendor calls, nothing else',
      );
      assert.deepEqual(data, {
        target: 'example.com',
        page: { backlinks: 312000, refDomains: 14100, traffic: 31201, trafficValue: 28400.5, organicKeywords: 420, urlRating: 48, numberOfWordsOnPage: 0 },
        domainMetrics: { domainRating: 55, thirdPartyRank: 6427, domainRank: 552, backlinks: 1284000, refDomains: 31200, traffic: 182400, trafficValue: 161900.25, organicKeywords: 9120 },
      });
    });

    test('a target the vendor leaves out reads as zeros, the other kept', async () => {
      reply(PATHS.bulkPagesSummary, [{ total_count: 1, items_count: 1, items: [bulkPageSummary('example.com', { rank: 552, backlinks: 1284000, referringDomains: null }), null] }]);
      reply(PATHS.bulkTraffic, [labsResult([{ se_type: 'google', target: 'example.com', metrics: { organic: metricsInfo({ etv: 10.4, count: 3 }), paid: null } }])]);
      const data = await ok('/v1/seo/domain/metrics', { domain: 'example.com' }, 20_000);
      assert.deepEqual(data.page, { backlinks: 0, refDomains: 0, traffic: 0, trafficValue: 0, organicKeywords: 0, urlRating: 0, numberOfWordsOnPage: 0 });
      assert.deepEqual(
        { ...data.domainMetrics, thirdPartyRank: undefined },
        { domainRating: 55, thirdPartyRank: undefined, domainRank: 552, backlinks: 1284000, refDomains: 0, traffic: 10, trafficValue: 0, organicKeywords: 3 },
      );
    });

    test('a malformed answer from any of the calls is a 502, uncharged', async () => {
      reply(PATHS.bulkPagesSummary, [{ items: [bulkPageSummary('example.com', { rank: 1, backlinks: 1, referringDomains: 1 })] }]);
      vendor.fake.on(`POST ${PATHS.bulkTraffic}`, { raw: '{"version":"0.1", "status_code": 20000, "tasks": [' });
      assert.match(await failed('/v1/seo/domain/metrics', { domain: 'example.com' }), /malformed/);
    });
  });

  describe('/v1/seo/domain/rank-overview', () => {
    test('every position range, movement and cost of organic and paid, for the location asked', async () => {
      const organic = metricsInfo({
        pos_1: 310, pos_2_3: 520, pos_4_10: 1480, pos_11_20: 1710, pos_21_30: 1220, pos_31_40: 960, pos_41_50: 780, pos_51_60: 640,
        pos_61_70: 520, pos_71_80: 410, pos_81_90: 330, pos_91_100: 240, etv: 182400.4, count: 9120, estimated_paid_traffic_cost: 161900.256,
        is_new: 640, is_up: 1820, is_down: 1510, is_lost: 420,
      });
      const paid = metricsInfo({ pos_1: 70, pos_2_3: 45, pos_4_10: 25, etv: 5200, count: 140, estimated_paid_traffic_cost: null, is_new: 12, is_up: null });
      reply(PATHS.rankOverview, [labsResult([{ se_type: 'google', location_code: 2276, language_code: 'de', metrics: { organic, paid, featured_snippet: metricsInfo({ count: 2 }), local_pack: null } }], { target: 'example.com' })]);
      const data = await ok('/v1/seo/domain/rank-overview', { domain: 'example.com', location: 'de', language: 'de' }, 40_000);
      assert.deepEqual(sentTo(PATHS.rankOverview), { target: 'example.com', location_code: 2276, language_code: 'de' });
      assert.deepEqual(data, {
        target: 'example.com',
        organic: {
          keywords: 9120,
          traffic: 182400,
          trafficCost: 161900.26,
          positions: { pos1: 310, pos2_3: 520, pos4_10: 1480, pos11_20: 1710, pos21_30: 1220, pos31_40: 960, pos41_50: 780, pos51_60: 640, pos61_70: 520, pos71_80: 410, pos81_90: 330, pos91_100: 240 },
          movement: { new: 640, up: 1820, down: 1510, lost: 420 },
        },
        paid: {
          keywords: 140,
          traffic: 5200,
          trafficCost: 0,
          positions: { pos1: 70, pos2_3: 45, pos4_10: 25, pos11_20: 0, pos21_30: 0, pos31_40: 0, pos41_50: 0, pos51_60: 0, pos61_70: 0, pos71_80: 0, pos81_90: 0, pos91_100: 0 },
          movement: { new: 12, up: 0, down: 0, lost: 0 },
        },
      });
    });

    test('items null: an all-zero overview', async () => {
      reply(PATHS.rankOverview, [labsResult(null, { target: 'new-site.example' })]);
      const data = await ok('/v1/seo/domain/rank-overview', { domain: 'new-site.example' }, 40_000);
      assert.equal(data.organic.keywords, 0);
      assert.equal(data.paid.positions.pos1, 0);
      assert.deepEqual(data.organic.movement, { new: 0, up: 0, down: 0, lost: 0 });
    });
  });

  describe('/v1/seo/domain/technologies', () => {
    test('group → category → names, flattened; a null category is skipped', async () => {
      reply(PATHS.technologies, [{
        type: 'domain_technology_item',
        domain: 'example.com',
        title: 'Example Domain',
        description: null,
        meta_keywords: null,
        domain_rank: 552,
        last_visited: '2026-10-03 12:57:46 +00:00',
        country_iso_code: 'US',
        language_code: 'en',
        content_language_code: 'en',
        phone_numbers: null,
        emails: null,
        social_graph_urls: null,
        technologies: {
          servers: { web_servers: ['Nginx'], cdn: ['Cloudflare', 'Fastly'] },
          web_development: { javascript_frameworks: ['React'], programming_languages: null },
          analytics: { analytics: ['Google Analytics'] },
        },
      }]);
      const data = await ok('/v1/seo/domain/technologies', { domain: 'example.com' }, 30_000);
      assert.deepEqual(sentTo(PATHS.technologies), { target: 'example.com' });
      assert.deepEqual(data, {
        domain: 'example.com',
        technologies: [
          { name: 'Nginx', category: 'web_servers', group: 'servers' },
          { name: 'Cloudflare', category: 'cdn', group: 'servers' },
          { name: 'Fastly', category: 'cdn', group: 'servers' },
          { name: 'React', category: 'javascript_frameworks', group: 'web_development' },
          { name: 'Google Analytics', category: 'analytics', group: 'analytics' },
        ],
      });
    });

    test('technologies null: none', async () => {
      reply(PATHS.technologies, [{ type: 'domain_technology_item', domain: 'example.com', technologies: null }]);
      assert.deepEqual(await ok('/v1/seo/domain/technologies', { domain: 'example.com' }, 30_000), { domain: 'example.com', technologies: [] });
    });
  });

  describe('/v1/seo/domain/backlinks', () => {
    test('as_is backlinks on a 0–100 scale, strongest domains first; timestamps in ISO 8601, nulls defaulted', async () => {
      reply(PATHS.backlinks, [{
        target: 'example.com', mode: 'as_is', custom_mode: null, total_count: 1284000, items_count: 2, search_after_token: 'token',
        items: [
          {
            type: 'backlink', domain_from: 'news.example.org', url_from: 'https://news.example.org/tech/best-tools', url_from_https: true, domain_to: 'example.com', url_to: 'https://example.com/',
            url_to_https: true, tld_from: 'org', is_new: false, is_lost: false, backlink_spam_score: 2, rank: 310, page_from_rank: 48, domain_from_rank: 78, domain_from_platform_type: ['news'],
            domain_from_ip: '203.0.113.10', domain_from_country: 'US', page_from_title: 'Best tools', page_from_language: 'en', page_from_status_code: 200,
            first_seen: '2024-05-02 10:14:33 +00:00', prev_seen: '2026-09-01 00:00:00 +00:00', last_seen: '2026-10-01 08:00:00 +00:00', item_type: 'anchor',
            attributes: null, dofollow: true, anchor: 'Example', text_pre: 'see', text_post: 'for more', semantic_location: 'article', links_count: 1, group_count: 1, is_broken: false,
            url_to_status_code: 200, url_to_spam_score: 0, url_to_redirect_target: null, is_indirect_link: false, indirect_link_path: null,
          },
          { type: 'backlink', domain_from: null, url_from: 'https://blog.example.net/links', dofollow: null, anchor: null, domain_from_rank: null, first_seen: null },
        ],
      }]);
      const data = await ok('/v1/seo/domain/backlinks', { domain: 'example.com', limit: 250 }, 60_000);
      assert.deepEqual(sentTo(PATHS.backlinks), { target: 'example.com', mode: 'as_is', limit: 250, rank_scale: 'one_hundred', order_by: ['domain_from_rank,desc'] });
      assert.deepEqual(data, [
        { sourceUrl: 'https://news.example.org/tech/best-tools', sourceDomain: 'news.example.org', anchorText: 'Example', isDofollow: true, domainAuthority: 78, firstSeen: '2024-05-02T10:14:33+00:00' },
        { sourceUrl: 'https://blog.example.net/links', sourceDomain: '', anchorText: '', isDofollow: false, domainAuthority: 0, firstSeen: '' },
      ]);
    });

    test('items null: no backlinks, the base price', async () => {
      reply(PATHS.backlinks, [{ target: 'example.com', total_count: 0, items_count: 0, items: null }]);
      assert.deepEqual(await ok('/v1/seo/domain/backlinks', { domain: 'example.com' }, 50_000), []);
    });
  });

  describe('/v1/seo/competitors/domain', () => {
    test('competitors by shared keywords, the target itself dropped, figures from full_domain_metrics', async () => {
      reply(PATHS.competitorsDomain, [labsResult([
        { se_type: 'google', domain: 'example.com', avg_position: 18.2, sum_position: 160000, intersections: 9120, full_domain_metrics: { organic: metricsInfo({ etv: 182400, count: 9120 }) }, metrics: { organic: metricsInfo({ etv: 182400, count: 9120 }) }, competitor_metrics: null },
        { se_type: 'google', domain: 'example.net', avg_position: 22.75, sum_position: 21840, intersections: 960, full_domain_metrics: { organic: metricsInfo({ etv: 41800.4, count: 5400 }), paid: metricsInfo({}) }, metrics: { organic: metricsInfo({ etv: 900, count: 960 }) } },
        { se_type: 'google', domain: 'example.org', avg_position: 14.2, sum_position: 25986, intersections: 1830, full_domain_metrics: { organic: metricsInfo({ etv: 310200, count: 24100 }) }, metrics: null },
        { se_type: 'google', domain: 'new-rival.example', avg_position: null, sum_position: null, intersections: null, full_domain_metrics: null, metrics: null },
      ], { target: 'example.com' })]);
      const data = await ok('/v1/seo/competitors/domain', { domain: 'example.com', location_code: 2826, language: 'en', limit: 10 }, 40_000);
      assert.deepEqual(sentTo(PATHS.competitorsDomain), { target: 'example.com', location_code: 2826, language_code: 'en', limit: 11, order_by: ['intersections,desc'] });
      assert.deepEqual(data, {
        domain: 'example.com',
        competitors: [
          { domain: 'example.org', avgPosition: 14.2, intersections: 1830, organicCount: 24100, organicEtv: 310200 },
          { domain: 'example.net', avgPosition: 22.75, intersections: 960, organicCount: 5400, organicEtv: 41800.4 },
          { domain: 'new-rival.example', avgPosition: 0, intersections: 0, organicCount: 0, organicEtv: 0 },
        ],
      });
    });
  });

  describe('/v1/seo/competitors/keywords', () => {
    test('domain_intersection with target1/target2, filters on keyword_data paths; both rankings mapped', async () => {
      reply(PATHS.domainIntersection, [labsResult([
        {
          se_type: 'google',
          keyword_data: keywordData('coffee grinder', { volume: 74000, cpc: 0.93, competition: 0.71, level: 'HIGH', difficulty: 48, intent: 'commercial' }),
          first_domain_serp_element: serpElement('example.com', 'https://example.com/grinders', { group: 7, absolute: 9 }, 1406.04),
          second_domain_serp_element: serpElement('example.org', 'https://example.org/best-grinders', { group: 3, absolute: 4 }, 7770.1),
        },
        {
          se_type: 'google',
          keyword_data: keywordData('grinder settings', { volume: 1900, cpc: null, competition: 0.1, level: 'LOW', difficulty: null, intent: 'informational' }),
          first_domain_serp_element: serpElement('example.com', 'https://example.com/settings', { group: 12, absolute: 15 }, null),
          second_domain_serp_element: null,
        },
      ])]);
      const data = await ok('/v1/seo/competitors/keywords', {
        domain1: 'example.com', domain2: 'example.org', limit: 100,
        filters: [{ field: 'competitionLevel', op: '=', value: 'high' }, { field: 'difficulty', op: '<=', value: 60 }],
        sort: ['volume:desc'],
      }, 40_000);
      assert.deepEqual(sentTo(PATHS.domainIntersection), {
        target1: 'example.com',
        target2: 'example.org',
        intersections: true,
        location_code: 2840,
        language_code: 'en',
        limit: 100,
        order_by: ['keyword_data.keyword_info.search_volume,desc'],
        filters: [['keyword_data.keyword_info.competition_level', '=', 'HIGH'], 'and', ['keyword_data.keyword_properties.keyword_difficulty', '<=', 60]],
      });
      assert.deepEqual(data, {
        domain1: 'example.com',
        domain2: 'example.org',
        intersections: true,
        keywords: [
          { keyword: 'coffee grinder', volume: 74000, cpc: 0.93, competition: 0.71, competitionLevel: 'HIGH', difficulty: 48, intent: 'commercial', domain1: { position: 7, url: 'https://example.com/grinders', etv: 1406.04 }, domain2: { position: 3, url: 'https://example.org/best-grinders', etv: 7770.1 } },
          { keyword: 'grinder settings', volume: 1900, cpc: 0, competition: 0.1, competitionLevel: 'LOW', difficulty: 0, intent: 'informational', domain1: { position: 12, url: 'https://example.com/settings', etv: 0 }, domain2: null },
        ],
      });
    });

    test('intersections false is sent as such; length filters stay local', async () => {
      reply(PATHS.domainIntersection, [labsResult([
        { se_type: 'google', keyword_data: keywordData('grinder', { volume: 9900, cpc: 0.5, competition: 0.2, level: 'LOW', difficulty: 30, intent: 'informational' }), first_domain_serp_element: serpElement('example.com', 'https://example.com/g', { group: 2, absolute: 2 }, 1500), second_domain_serp_element: null },
        { se_type: 'google', keyword_data: keywordData('electric coffee grinder', { volume: 2400, cpc: 0.8, competition: 0.5, level: 'MEDIUM', difficulty: 35, intent: 'commercial' }), first_domain_serp_element: serpElement('example.com', 'https://example.com/e', { group: 5, absolute: 6 }, 120), second_domain_serp_element: null },
      ])]);
      const data = await ok('/v1/seo/competitors/keywords', { domain1: 'example.com', domain2: 'example.org', intersections: false, limit: 5, filters: [{ field: 'length', op: '>', value: 10 }] }, 40_000);
      const sent = sentTo(PATHS.domainIntersection);
      assert.equal(sent.intersections, false);
      assert.equal(sent.limit, 115, 'three times the rows asked plus 100: length is filtered here');
      assert.equal(sent.filters, undefined);
      assert.deepEqual(data.keywords.map((row: { keyword: string }) => row.keyword), ['electric coffee grinder']);
    });
  });

  describe('/v1/seo/competitors/pages', () => {
    test('the pages object as numbered; intersection_result per page number mapped in the pages order', async () => {
      reply(PATHS.pageIntersection, [labsResult([
        {
          se_type: 'google',
          keyword_data: keywordData('best coffee grinders', { volume: 14800, cpc: 0.95, competition: 0.71, level: 'HIGH', difficulty: 48, intent: 'commercial' }),
          intersection_result: {
            '1': serpElement('example.com', 'https://example.com/coffee-grinders', { group: 4, absolute: 6 }, 1110),
            '2': serpElement('example.org', 'https://example.org/best-coffee-grinders', { group: 2, absolute: 2 }, 2294),
          },
        },
        {
          se_type: 'google',
          keyword_data: keywordData('grinder', { volume: 9900, cpc: 0.5, competition: 0.2, level: 'LOW', difficulty: 30, intent: 'informational' }),
          intersection_result: { '1': null, '2': serpElement('example.org', 'https://example.org/best-coffee-grinders', { group: 9, absolute: 11 }, 180.2) },
        },
      ])]);
      const pages = { '2': 'https://example.org/best-coffee-grinders', '1': 'https://example.com/coffee-grinders' };
      const data = await ok('/v1/seo/competitors/pages', { pages, location_code: 2840, limit: 100 }, 40_000);
      assert.deepEqual(sentTo(PATHS.pageIntersection), {
        pages: { '1': 'https://example.com/coffee-grinders', '2': 'https://example.org/best-coffee-grinders' },
        location_code: 2840,
        language_code: 'en',
        limit: 100,
        order_by: ['keyword_data.keyword_info.search_volume,desc'],
      });
      assert.deepEqual(data, {
        keywords: [
          {
            keyword: 'best coffee grinders', volume: 14800, cpc: 0.95, competition: 0.71, competitionLevel: 'HIGH', difficulty: 48, intent: 'commercial',
            pages: [
              { url: 'https://example.com/coffee-grinders', position: 4, type: 'organic', etv: 1110 },
              { url: 'https://example.org/best-coffee-grinders', position: 2, type: 'organic', etv: 2294 },
            ],
          },
          {
            keyword: 'grinder', volume: 9900, cpc: 0.5, competition: 0.2, competitionLevel: 'LOW', difficulty: 30, intent: 'informational',
            pages: [{ url: 'https://example.org/best-coffee-grinders', position: 9, type: 'organic', etv: 180.2 }],
          },
        ],
      });
    });
  });

  describe('/v1/seo/competitors/serp', () => {
    test('serp_competitors items mapped field by field', async () => {
      reply(PATHS.serpCompetitors, [labsResult([
        { se_type: 'google', domain: 'example.com', avg_position: 2.5, median_position: 2.5, rating: 195, etv: 4120.6, keywords_count: 2, visibility: 1.7, relevant_serp_items: 3, keywords_positions: { 'coffee grinder': [2], 'burr grinder': [3, 7] } },
        { se_type: 'google', domain: 'example.org', avg_position: 11, median_position: 11, rating: 89, etv: null, keywords_count: 1, visibility: null, relevant_serp_items: 1, keywords_positions: { 'coffee grinder': [11] } },
      ], { seed_keywords: ['coffee grinder', 'burr grinder'] })]);
      const data = await ok('/v1/seo/competitors/serp', { keywords: ['coffee grinder', 'burr grinder'], location_code: 2826, language: 'en', limit: 20 }, 40_000);
      assert.deepEqual(sentTo(PATHS.serpCompetitors), { keywords: ['coffee grinder', 'burr grinder'], location_code: 2826, language_code: 'en', limit: 20 });
      assert.deepEqual(data, {
        competitors: [
          { domain: 'example.com', avgPosition: 2.5, medianPosition: 2.5, etv: 4120.6, keywordsCount: 2, rating: 195, visibility: 1.7 },
          { domain: 'example.org', avgPosition: 11, medianPosition: 11, etv: 0, keywordsCount: 1, rating: 89, visibility: 0 },
        ],
      });
    });
  });

  test('every endpoint: nothing found (40102) is a success with zeros, nulls or empty lists, at the base price', async () => {
    for (const path of Object.values(PATHS)) reply(path, null, NO_RESULTS);
    const zeroFootprint = { keywords: 0, traffic: 0, trafficCost: 0, movement: { new: 0, up: 0, down: 0, lost: 0 } };
    const cases: Array<[string, Record<string, unknown>, number, (data: any) => void]> = [
      ['/v1/seo/domain/overview', { domain: 'example.com' }, 40_000, (data) => assert.deepEqual(data, { domain: 'example.com', organicTraffic: 0, organicKeywords: 0, backlinks: 0, referringDomains: 0, domainRank: 0 })],
      ['/v1/seo/domain/keywords', { domain: 'example.com' }, 30_000, (data) => assert.deepEqual(data, [])],
      ['/v1/seo/domain/traffic', { targets: ['example.com'] }, 40_000, (data) => assert.deepEqual(data.domains, [{ domain: 'example.com', organicKeywords: 0, organicTraffic: 0, paidKeywords: 0, paidTraffic: 0 }])],
      ['/v1/seo/domain/metrics', { domain: 'example.com' }, 20_000, (data) => {
        assert.deepEqual(data.page, { backlinks: 0, refDomains: 0, traffic: 0, trafficValue: 0, organicKeywords: 0, urlRating: 0, numberOfWordsOnPage: 0 });
        const { thirdPartyRank, ...site } = data.domainMetrics;
        assert.deepEqual(site, { domainRating: 0, domainRank: 0, backlinks: 0, refDomains: 0, traffic: 0, trafficValue: 0, organicKeywords: 0 });
        assert.ok(thirdPartyRank > 100_000_000, 'no links: at the very end of the global ranking');
      }],
      ['/v1/seo/domain/rank-overview', { domain: 'example.com' }, 40_000, (data) => {
        for (const { positions, ...footprint } of [data.organic, data.paid]) {
          assert.deepEqual(footprint, zeroFootprint);
          assert.ok(Object.values(positions).every((count) => count === 0));
        }
      }],
      ['/v1/seo/domain/technologies', { domain: 'example.com' }, 30_000, (data) => assert.deepEqual(data, { domain: 'example.com', technologies: [] })],
      ['/v1/seo/domain/backlinks', { domain: 'example.com' }, 50_000, (data) => assert.deepEqual(data, [])],
      ['/v1/seo/competitors/domain', { domain: 'example.com' }, 30_000, (data) => assert.deepEqual(data, { domain: 'example.com', competitors: [] })],
      ['/v1/seo/competitors/keywords', { domain1: 'example.com', domain2: 'example.org' }, 30_000, (data) => assert.deepEqual(data.keywords, [])],
      ['/v1/seo/competitors/pages', { pages: { '1': 'https://example.com/a' } }, 30_000, (data) => assert.deepEqual(data, { keywords: [] })],
      ['/v1/seo/competitors/serp', { keywords: ['coffee'] }, 30_000, (data) => assert.deepEqual(data, { competitors: [] })],
    ];
    for (const [path, body, price, check] of cases) check(await ok(path, body, price));
  });

  describe('failures: 502 UPSTREAM_ERROR, never charged', () => {
    const CALLS: Array<[string, Record<string, unknown>]> = [
      ['/v1/seo/domain/overview', { domain: 'example.com' }],
      ['/v1/seo/domain/keywords', { domain: 'example.com' }],
      ['/v1/seo/domain/traffic', { targets: ['example.com'] }],
      ['/v1/seo/domain/metrics', { domain: 'example.com' }],
      ['/v1/seo/domain/rank-overview', { domain: 'example.com' }],
      ['/v1/seo/domain/technologies', { domain: 'example.com' }],
      ['/v1/seo/domain/backlinks', { domain: 'example.com' }],
      ['/v1/seo/competitors/domain', { domain: 'example.com' }],
      ['/v1/seo/competitors/keywords', { domain1: 'example.com', domain2: 'example.org' }],
      ['/v1/seo/competitors/pages', { pages: { '1': 'https://example.com/a' } }],
      ['/v1/seo/competitors/serp', { keywords: ['coffee'] }],
    ];

    test('a task error on every endpoint', async () => {
      for (const path of Object.values(PATHS)) reply(path, null, { code: 50000, message: 'Internal Error.' });
      for (const [path, body] of CALLS) assert.match(await failed(path, body), /is failing right now/, path);
    });

    test('a result in an unexpected shape', async () => {
      reply(PATHS.serpCompetitors, [{ items: 'not a list' }]);
      assert.match(await failed('/v1/seo/competitors/serp', { keywords: ['coffee'] }), /unexpected shape; try again later\./);
      reply(PATHS.rankedKeywords, [labsResult([{ keyword_data: { keyword: 42 }, ranked_serp_element: null }])]);
      assert.match(await failed('/v1/seo/domain/keywords', { domain: 'example.com' }), /unexpected shape/);
    });

    test('a vendor that does not answer in time', async () => {
      vendor.fake.on(`POST ${PATHS.technologies}`, { delayMs: 5_000, json: envelope(PATHS.technologies, [{ technologies: null }]) });
      assert.match(await failed('/v1/seo/domain/technologies', { domain: 'example.com' }), /did not answer in time/);
    });

    test('an answer that is not JSON', async () => {
      vendor.fake.on(`POST ${PATHS.technologies}`, { status: 200, raw: '<html>Bad gateway</html>' });
      assert.match(await failed('/v1/seo/domain/technologies', { domain: 'example.com' }), /malformed/);
    });
  });
});
