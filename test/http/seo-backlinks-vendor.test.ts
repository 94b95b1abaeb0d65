import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabaseLabel } from '../helpers/test-app';
import { dataForSeoEnvelope as envelope, useDataForSeoHarness } from '../helpers/dataforseo-wire';
import { todayUtc } from '../../src/schemas/calendar-month';

/**
 * The backlink endpoints on the DataForSEO adapter, against a fake vendor answering in the wire
 * format of its Backlinks API documentation: what we send, how each answer maps, and how failures bill.
 */

/** A backlinks `result[0]` listing `items`, with the bookkeeping fields around them. */
function listResult(target: unknown, items: unknown[] | null) {
  return { target, mode: 'as_is', custom_mode: null, total_count: 48_210, items_count: items?.length ?? 0, items };
}

const NO_ATTRIBUTES = { nofollow: 0 };

describe(`backlink endpoints on the DataForSEO adapter (${testDatabaseLabel()})`, () => {
  const vendor = useDataForSeoHarness();
  const { reply, served, sentTask, failsUncharged } = vendor;

  describe('history', () => {
    const historyItem = (date: string, backlinks: number, extra: Record<string, unknown> = {}) => ({
      type: 'backlinks_history',
      date,
      rank: 512,
      backlinks,
      new_backlinks: 18_402,
      lost_backlinks: 9_120,
      new_referring_domains: 611,
      lost_referring_domains: 402,
      crawled_pages: 88_120,
      info: null,
      internal_links_count: 1_204_882,
      external_links_count: 310_554,
      broken_backlinks: 21_047,
      broken_pages: 3_881,
      referring_domains: 40_220,
      referring_domains_nofollow: 6_110,
      referring_main_domains: 35_108,
      referring_main_domains_nofollow: 5_022,
      referring_ips: 30_412,
      referring_subnets: 21_870,
      referring_pages: 802_113,
      referring_pages_nofollow: 110_087,
      referring_links_tld: { com: 500_120, org: 88_410 },
      referring_links_types: { anchor: 901_220, image: 80_114 },
      referring_links_attributes: { nofollow: 180_220 },
      referring_links_platform_types: { cms: 300_101, blogs: 120_778 },
      referring_links_semantic_locations: { article: 400_220 },
      referring_links_countries: { US: 310_220 },
      ...extra,
    });

    test('asks for the range, and returns one row per month, oldest first, on the month’s last day', async () => {
      reply('backlinks/history/live', [{
        target: 'example.com',
        date_from: '2024-01-01',
        date_to: '2024-03-15',
        items_count: 3,
        // The vendor dates each month by a timestamp, and does not promise an order.
        items: [
          historyItem('2024-03-01 00:00:00 +00:00', 1_131_400),
          historyItem('2024-01-01 00:00:00 +00:00', 1_104_871),
          historyItem('2024-02-01 00:00:00 +00:00', 1_119_002, { rank: null, new_backlinks: null, broken_pages: null, referring_main_domains: null }),
        ],
      }]);
      const { data } = (await served('/v1/seo/backlinks/history', { target: 'Example.com', date_from: '2024-01-10', date_to: '2024-03-15' }, 50_000)).body;
      assert.deepEqual(sentTask('backlinks/history/live'), { target: 'example.com', date_from: '2024-01-10', date_to: '2024-03-15' });
      assert.equal(data.target, 'example.com');
      assert.deepEqual(data.history.map((row: { date: string }) => row.date), ['2024-01-31', '2024-02-29', '2024-03-31']);
      assert.deepEqual(data.history[0], {
        date: '2024-01-31',
        rank: 512,
        backlinks: 1_104_871,
        newBacklinks: 18_402,
        lostBacklinks: 9_120,
        referringDomains: 40_220,
        newReferringDomains: 611,
        lostReferringDomains: 402,
        referringMainDomains: 35_108,
        referringPages: 802_113,
        brokenBacklinks: 21_047,
        brokenPages: 3_881,
      });
      const partial = data.history[1];
      assert.equal(partial.rank, 0);
      assert.equal(partial.newBacklinks, 0);
      assert.equal(partial.brokenPages, 0);
      assert.equal(partial.referringMainDomains, 0);
      assert.equal(partial.backlinks, 1_119_002);
    });

    test('without dates: from the vendor’s earliest data to today; dates before its archive start at 2019-01-01', async () => {
      reply('backlinks/history/live', [{ target: 'example.com', date_from: '2019-01-01', date_to: todayUtc(), items_count: 0, items: [] }]);
      assert.deepEqual((await served('/v1/seo/backlinks/history', { target: 'example.com' }, 50_000)).body.data.history, []);
      assert.deepEqual(sentTask('backlinks/history/live'), { target: 'example.com', date_to: todayUtc() });
      vendor.fake.reset();
      reply('backlinks/history/live', [{ target: 'example.com', items_count: 0, items: null }]);
      await served('/v1/seo/backlinks/history', { target: 'example.com', date_from: '2015-06-01', date_to: '2019-02-01' }, 50_000);
      assert.deepEqual(sentTask('backlinks/history/live'), { target: 'example.com', date_from: '2019-01-01', date_to: '2019-02-01' });
    });

    test('a range wholly before the archive is empty without asking the vendor', async () => {
      const { data } = (await served('/v1/seo/backlinks/history', { target: 'example.com', date_from: '2015-01-01', date_to: '2018-12-31' }, 50_000)).body;
      assert.deepEqual(data.history, []);
      assert.equal(vendor.fake.requests.length, 0);
    });
  });

  test('anchors: most backlinks first, dofollow net of nofollow, lost date as last seen', async () => {
    reply('backlinks/anchors/live', [listResult('example.com', [
      {
        type: 'backlinks_anchor', anchor: 'example', rank: 402, backlinks: 182_400, first_seen: '2019-04-02 11:20:31 +00:00', lost_date: null,
        backlinks_spam_score: 3, broken_backlinks: 1_204, broken_pages: 77, referring_domains: 9_812, referring_domains_nofollow: 1_022,
        referring_main_domains: 8_870, referring_main_domains_nofollow: 944, referring_ips: 7_712, referring_subnets: 5_401, referring_pages: 160_770,
        referring_pages_nofollow: 40_112, referring_links_tld: { com: 120_000 }, referring_links_types: { anchor: 182_400 },
        referring_links_attributes: { nofollow: 51_380, noopener: 12_004 }, referring_links_platform_types: { blogs: 40_220 },
        referring_links_semantic_locations: { article: 90_101 }, referring_links_countries: { US: 80_004 },
      },
      { type: 'backlinks_anchor', anchor: null, rank: null, backlinks: 40_115, first_seen: null, lost_date: '2026-09-14 07:02:11 +00:00', referring_domains: null, referring_links_attributes: null },
    ])]);
    const { data } = (await served('/v1/seo/backlinks/anchors', { target: 'example.com', limit: 250 }, 60_000)).body;
    assert.deepEqual(sentTask('backlinks/anchors/live'), { target: 'example.com', limit: 250, order_by: ['backlinks,desc'] });
    assert.deepEqual(data, {
      target: 'example.com',
      anchors: [
        { anchor: 'example', backlinks: 182_400, dofollow: 131_020, firstSeen: '2019-04-02', lastSeen: '', referringDomains: 9_812 },
        { anchor: '', backlinks: 40_115, dofollow: 40_115, firstSeen: '', lastSeen: '2026-09-14', referringDomains: 0 },
      ],
    });
  });

  test('summary: totals, dofollow and nofollow, rank', async () => {
    reply('backlinks/summary/live', [{
      target: 'https://example.com/pricing', first_seen: '2018-02-11 09:12:00 +00:00', lost_date: null, rank: 388, backlinks: 12_450,
      backlinks_spam_score: 4, crawled_pages: 1, info: { server: 'nginx', cms: null, platform_type: ['organization'], ip_address: '93.184.216.34', country: 'US', is_ip: false, target_spam_score: 0 },
      internal_links_count: 40, external_links_count: 12, broken_backlinks: 310, broken_pages: 0, referring_domains: 1_904, referring_domains_nofollow: 340,
      referring_main_domains: 1_702, referring_main_domains_nofollow: 300, referring_ips: 1_611, referring_subnets: 1_200, referring_pages: 10_002,
      referring_pages_nofollow: 2_010, referring_links_tld: { com: 9_000 }, referring_links_types: { anchor: 12_000 },
      referring_links_attributes: { nofollow: 3_150, ugc: 120 }, referring_links_platform_types: null, referring_links_semantic_locations: null, referring_links_countries: null,
    }]);
    const { data } = (await served('/v1/seo/backlinks/summary', { target: 'https://example.com/pricing' }, 50_000)).body;
    assert.deepEqual(sentTask('backlinks/summary/live'), { target: 'https://example.com/pricing' });
    assert.deepEqual(data, {
      target: 'https://example.com/pricing',
      totalBacklinks: 12_450,
      referringDomains: 1_904,
      referringIps: 1_611,
      dofollowBacklinks: 9_300,
      nofollowBacklinks: 3_150,
      brokenBacklinks: 310,
      domainRank: 388,
    });
  });

  test('list: each link mapped, on the 0–100 authority scale, with its status', async () => {
    const link = (overrides: Record<string, unknown>) => ({
      type: 'backlink', domain_from: 'news.example.org', url_from: 'https://news.example.org/2026/tools', url_from_https: true, domain_to: 'example.com',
      url_to: 'https://example.com/', url_to_https: true, tld_from: 'org', is_new: false, is_lost: false, backlink_spam_score: 2, rank: 61, page_from_rank: 55,
      domain_from_rank: 71, domain_from_platform_type: ['news'], domain_from_is_ip: false, domain_from_ip: '203.0.113.7', domain_from_country: 'US',
      page_from_external_links: 40, page_from_internal_links: 120, page_from_size: 63_357, page_from_encoding: 'utf-8', page_from_language: 'en',
      page_from_title: 'Tools we use', page_from_status_code: 200, first_seen: '2024-06-02 10:00:01 +00:00', prev_seen: '2026-09-30 08:00:00 +00:00',
      last_seen: '2026-10-28 21:14:09 +00:00', item_type: 'anchor', attributes: null, dofollow: true, original: true, alt: null, anchor: 'example',
      text_pre: 'we use', text_post: 'daily', semantic_location: 'article', links_count: 1, group_count: 0, is_broken: false, url_to_status_code: 200,
      url_to_spam_score: 0, url_to_redirect_target: null, is_indirect_link: false, indirect_link_path: null,
      ...overrides,
    });
    reply('backlinks/backlinks/live', [listResult('example.com', [
      link({}),
      link({ url_from: 'https://forum.example.net/t/1', domain_from: 'forum.example.net', dofollow: false, is_broken: true, url_to_status_code: 404, attributes: ['nofollow', 'ugc'] }),
      link({ is_lost: true, anchor: null, domain_from_rank: null, backlink_spam_score: null, first_seen: null, last_seen: null, dofollow: null }),
    ])]);
    const { data } = (await served('/v1/seo/backlinks/list', { target: 'example.com', limit: 3 }, 60_000)).body;
    assert.deepEqual(sentTask('backlinks/backlinks/live'), { target: 'example.com', limit: 3, mode: 'as_is', rank_scale: 'one_hundred' });
    assert.deepEqual(data.backlinks[0], {
      from: 'https://news.example.org/2026/tools', fromDomain: 'news.example.org', to: 'https://example.com/', anchor: 'example', dofollow: true,
      domainAuthority: 71, spamScore: 2, status: 'live', firstSeen: '2024-06-02', lastSeen: '2026-10-28',
    });
    assert.equal(data.backlinks[1].status, 'broken');
    assert.equal(data.backlinks[1].dofollow, false);
    assert.equal(data.backlinks[1].fromDomain, 'forum.example.net');
    assert.deepEqual(
      { ...data.backlinks[2], from: undefined },
      { from: undefined, fromDomain: 'news.example.org', to: 'https://example.com/', anchor: '', dofollow: false, domainAuthority: 0, spamScore: 0, status: 'lost', firstSeen: '', lastSeen: '' },
    );
  });

  test('referring domains: mapped, dofollow net of nofollow, asked without www.', async () => {
    reply('backlinks/referring_domains/live', [listResult('example.com', [
      { type: 'backlinks_referring_domain', domain: 'news.example.org', rank: 612, backlinks: 1_420, first_seen: '2021-02-11 00:12:44 +00:00', lost_date: null, backlinks_spam_score: 1, broken_backlinks: 3, broken_pages: 1, referring_domains: 1, referring_links_attributes: { nofollow: 210 } },
      { type: 'backlinks_referring_domain', domain: 'old.example.net', rank: null, backlinks: 3, first_seen: '2020-05-01 00:00:00 +00:00', lost_date: '2025-12-24 16:40:02 +00:00', referring_links_attributes: NO_ATTRIBUTES },
    ])]);
    const { data } = (await served('/v1/seo/backlinks/referring-domains', { target: 'www.example.com' }, 60_000)).body;
    assert.deepEqual(sentTask('backlinks/referring_domains/live'), { target: 'example.com', limit: 100, order_by: ['backlinks,desc'] }, 'the vendor wants domains without www.');
    assert.equal(data.target, 'www.example.com');
    assert.deepEqual(data.referringDomains, [
      { domain: 'news.example.org', backlinks: 1_420, dofollow: 1_210, rank: 612, firstSeen: '2021-02-11', lastSeen: '' },
      { domain: 'old.example.net', backlinks: 3, dofollow: 3, rank: 0, firstSeen: '2020-05-01', lastSeen: '2025-12-24' },
    ]);
  });

  test('domain intersection: numbered targets out, our targets back', async () => {
    const perTarget = (target: string, rank: number | null, backlinks: number | null) => ({ type: 'backlinks_domain_intersection', target, rank, backlinks, first_seen: '2022-01-04 10:00:00 +00:00', lost_date: null, backlinks_spam_score: 0, referring_links_attributes: NO_ATTRIBUTES });
    reply('backlinks/domain_intersection/live', [{
      targets: { 1: 'example.com', 2: 'example.org' }, total_count: 2, items_count: 2,
      items: [
        { domain_intersection: { 1: perTarget('news.example.net', 301, 12), 2: perTarget('news.example.net', 388, 5) }, summary: { intersections_count: 2 } },
        { domain_intersection: { 1: perTarget('blog.example.io', null, null), 2: perTarget('blog.example.io', 40, 1) }, summary: null },
      ],
    }]);
    const { data } = (await served('/v1/seo/backlinks/domain-intersection', { targets: ['example.com', 'example.org'], limit: 10 }, 60_000)).body;
    assert.deepEqual(sentTask('backlinks/domain_intersection/live'), { targets: { 1: 'example.com', 2: 'example.org' }, limit: 10 });
    assert.deepEqual(data, {
      targets: ['example.com', 'example.org'],
      intersections: [
        { domain: 'news.example.net', rank: 388, backlinks: 17, targets: { 'example.com': 12, 'example.org': 5 } },
        { domain: 'blog.example.io', rank: 40, backlinks: 1, targets: { 'example.com': 0, 'example.org': 1 } },
      ],
    });
  });

  test('page intersection: the linking page and its links to each target', async () => {
    const link = (urlTo: string, pageRank: number | null) => ({ type: 'backlink', domain_from: 'news.example.net', url_from: 'https://news.example.net/roundup', domain_to: new URL(urlTo).hostname, url_to: urlTo, page_from_rank: pageRank, domain_from_rank: 300, dofollow: true, anchor: 'tools', first_seen: '2025-03-03 00:00:00 +00:00', last_seen: '2026-10-01 00:00:00 +00:00' });
    reply('backlinks/page_intersection/live', [{
      targets: { 1: 'example.com', 2: 'https://example.org/pricing' }, total_count: 1, items_count: 1,
      items: [{ page_intersection: { 1: [link('https://example.com/', 120), link('https://example.com/blog', null)], 2: [link('https://example.org/pricing', 140)] }, summary: { intersections_count: 1 } }],
    }]);
    const { data } = (await served('/v1/seo/backlinks/page-intersection', { targets: ['example.com', 'https://example.org/pricing'] }, 60_000)).body;
    assert.deepEqual(sentTask('backlinks/page_intersection/live'), { targets: { 1: 'example.com', 2: 'https://example.org/pricing' }, limit: 100 });
    assert.deepEqual(data.intersections, [{ url: 'https://news.example.net/roundup', domain: 'news.example.net', rank: 140, targets: { 'example.com': 2, 'https://example.org/pricing': 1 } }]);
  });

  describe('failures', () => {
    test('no results (40102) is an empty, successful answer at the base price', async () => {
      reply('backlinks/anchors/live', null, { status_code: 40102, status_message: 'No Search Results.' });
      const { data } = (await served('/v1/seo/backlinks/anchors', { target: 'unknown-site.example', limit: 1000 }, 50_000)).body;
      assert.deepEqual(data.anchors, []);
    });

    test('a task error is a 502, not charged', async () => {
      reply('backlinks/summary/live', null, { status_code: 40501, status_message: 'Invalid Field: \'target\'.' });
      await failsUncharged('/v1/seo/backlinks/summary', { target: 'example.com' }, /refused the request/, ['Invalid Field', '40501']);
    });

    test('a vendor too slow to answer is a 502, not charged', async () => {
      vendor.fake.on('POST /v3/backlinks/referring_domains/live', { delayMs: 5_000, json: envelope('/v3/backlinks/referring_domains/live', { result: [] }) });
      await failsUncharged('/v1/seo/backlinks/referring-domains', { target: 'example.com' }, /did not answer/);
    });

    test('an answer that is not JSON, or not the documented shape, is a 502, not charged', async () => {
      vendor.fake.on('POST /v3/backlinks/backlinks/live', { raw: '<html>Maintenance</html>' });
      await failsUncharged('/v1/seo/backlinks/list', { target: 'example.com' }, /malformed/, ['Maintenance']);
      reply('backlinks/history/live', [{ target: 'example.com', items: [{ date: '2024-01-01 00:00:00 +00:00', backlinks: 'many' }] }]);
      await failsUncharged('/v1/seo/backlinks/history', { target: 'example.com' }, /unexpected shape/, ['backlinks']);
    });
  });
});
