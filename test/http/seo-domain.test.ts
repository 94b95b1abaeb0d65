import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp, type TestResponse } from '../helpers/test-app';
import { domainProfile } from '../../src/providers/sandbox/domain-profile';
import { keywordMetrics } from '../../src/providers/sandbox/keyword-metrics';

/** The domain-analytics endpoints on the sandbox, through HTTP: shapes, prices, coherence, validation. */

const POSITION_BUCKETS = ['pos1', 'pos2_3', 'pos4_10', 'pos11_20', 'pos21_30', 'pos31_40', 'pos41_50', 'pos51_60', 'pos61_70', 'pos71_80', 'pos81_90', 'pos91_100'];

/** A domain whose sandbox profile ranks for fewer keywords than a default limit of 100. */
function smallDomain(): string {
  for (let index = 0; ; index += 1) {
    const domain = `tiny-site-${index}.com`;
    const { organicKeywords, backlinks } = domainProfile(domain);
    if (organicKeywords > 0 && organicKeywords < 60 && backlinks < 100) return domain;
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe(`SEO domain endpoints on the sandbox (${testDatabaseLabel()})`, () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(() => app?.close());

  /** Posts with a fresh account; returns the response and what the call cost in micro-USD. */
  async function charged(path: string, body: unknown): Promise<{ response: TestResponse; cost: number }> {
    const { response, cost } = await app.paidCall(path, body);
    assert.equal(response.headers.get('x-cost-usd'), (cost / 1_000_000).toFixed(2));
    return { response, cost };
  }

  async function data(path: string, body: unknown): Promise<any> {
    return (await charged(path, body)).response.body.data;
  }

  async function refused(path: string, body: unknown, field: RegExp): Promise<void> {
    const { accountId, apiKey } = await app.createAccount('5.00');
    const response = await app.post(path, body, apiKey);
    assert.equal(response.status, 400, `${path} ${JSON.stringify(body).slice(0, 200)}: ${JSON.stringify(response.body)}`);
    assert.equal(response.body.error.code, 'VALIDATION_ERROR');
    assert.match(response.body.error.message, field);
    assert.equal(await app.balance(accountId), 5_000_000, 'a refused call is not charged');
  }

  describe('shapes and flat prices', () => {
    test('overview: the Domain overview record, $0.04', async () => {
      const { response, cost } = await charged('/v1/seo/domain/overview', { domain: 'Example.com' });
      assert.deepEqual(Object.keys(response.body.data).sort(), ['backlinks', 'domain', 'domainRank', 'organicKeywords', 'organicTraffic', 'referringDomains']);
      assert.equal(response.body.data.domain, 'example.com');
      assert.ok(response.body.data.domainRank >= 0 && response.body.data.domainRank <= 1000);
      assert.equal(cost, 40_000);
    });

    test('metrics: page and domain metrics of a domain given as a URL, $0.02', async () => {
      const { response, cost } = await charged('/v1/seo/domain/metrics', { domain: 'https://Example.com:8443/pricing?plan=pro#top' });
      const { target, page, domainMetrics } = response.body.data;
      assert.equal(target, 'example.com');
      assert.deepEqual(Object.keys(page).sort(), ['backlinks', 'numberOfWordsOnPage', 'organicKeywords', 'refDomains', 'traffic', 'trafficValue', 'urlRating']);
      assert.deepEqual(Object.keys(domainMetrics).sort(), ['backlinks', 'domainRank', 'domainRating', 'organicKeywords', 'refDomains', 'thirdPartyRank', 'traffic', 'trafficValue']);
      assert.ok(page.backlinks <= domainMetrics.backlinks && page.refDomains <= domainMetrics.refDomains && page.traffic <= domainMetrics.traffic);
      assert.ok(page.urlRating <= domainMetrics.domainRating);
      assert.equal(cost, 20_000);
    });

    test('rank-overview: organic and paid footprints whose position ranges sum to their keywords, $0.04', async () => {
      const { response, cost } = await charged('/v1/seo/domain/rank-overview', { domain: 'example.com', location: 'gb' });
      const { target, organic, paid } = response.body.data;
      assert.equal(target, 'example.com');
      for (const footprint of [organic, paid]) {
        assert.deepEqual(Object.keys(footprint.positions), POSITION_BUCKETS);
        assert.equal(sum(Object.values(footprint.positions) as number[]), footprint.keywords);
        assert.deepEqual(Object.keys(footprint.movement).sort(), ['down', 'lost', 'new', 'up']);
      }
      assert.ok(organic.keywords > 0 && organic.positions.pos91_100 > 0);
      assert.equal(paid.positions.pos11_20 + paid.positions.pos91_100, 0, 'ads hold the top positions only');
      assert.equal(cost, 40_000);
    });

    test('technologies: named technologies with category and group, $0.03', async () => {
      const { response, cost } = await charged('/v1/seo/domain/technologies', { domain: 'shop.example.com' });
      assert.equal(response.body.data.domain, 'shop.example.com');
      const technologies = response.body.data.technologies as Array<Record<string, string>>;
      assert.ok(technologies.length >= 4);
      for (const technology of technologies) {
        assert.deepEqual(Object.keys(technology).sort(), ['category', 'group', 'name']);
        assert.ok(technology.name && technology.category && technology.group);
      }
      assert.ok(technologies.some((technology) => technology.category === 'web_servers'));
      assert.equal(cost, 30_000);
    });

    test('whois: a domain the availability check finds taken has a registrar, ordered dates and name servers; a free one null fields, $0.02 either way; an uncheckable TLD a 400 naming domain, not charged', async () => {
      const registeredDomains: string[] = [];
      const freeDomains: string[] = [];
      const uncheckable: string[] = [];
      const { apiKey } = await app.createAccount('5.00');
      const checks = (await app.post('/v1/seo/domain/available', { domains: ['coffee.com', 'example.net', 'tollgate-example.com', 'zq-tollgate-9x.com', 'coffee.zz'] }, apiKey)).body.data.domains;
      for (const check of checks) (check.error ? uncheckable : check.available ? freeDomains : registeredDomains).push(check.domain);
      assert.deepEqual(uncheckable, ['coffee.zz']);
      await refused('/v1/seo/domain/whois', { domain: 'coffee.zz' }, /^domain: no registration data service is known for \.zz/);
      assert.ok(registeredDomains.length > 0 && freeDomains.length > 0, JSON.stringify(checks));

      for (const domain of registeredDomains) {
        const { response, cost } = await charged('/v1/seo/domain/whois', { domain });
        const record = response.body.data;
        assert.equal(record.domain, domain);
        assert.equal(typeof record.registrar, 'string');
        assert.ok(record.createdDate < record.updatedDate && record.updatedDate < record.expiryDate, JSON.stringify(record));
        assert.ok(record.createdDate.slice(0, 7) <= domainProfile(domain).firstSeenMonth, 'registered before its first backlink was seen');
        assert.ok(record.nameServers.length >= 2);
        assert.equal(cost, 20_000);
      }
      for (const domain of freeDomains) {
        const { response, cost } = await charged('/v1/seo/domain/whois', { domain });
        assert.deepEqual(response.body.data, { domain, registrar: null, createdDate: null, updatedDate: null, expiryDate: null, nameServers: [] });
        assert.equal(cost, 20_000);
      }
    });
  });

  describe('results-priced endpoints charge for what they return', () => {
    test('traffic: the cost table of the spec (1 → 0.04 … 1000 → 0.33), one estimate per target in order', async () => {
      const table: Array<[number, number]> = [[1, 40_000], [10, 40_000], [50, 50_000], [100, 60_000], [250, 110_000], [500, 180_000], [1000, 330_000]];
      for (const [count, price] of table) {
        const targets = Array.from({ length: count }, (_, index) => `site-${count}-${index}.example`);
        const { response, cost } = await charged('/v1/seo/domain/traffic', { targets });
        assert.deepEqual(response.body.data.domains.map((estimate: { domain: string }) => estimate.domain), targets);
        assert.equal(cost, price, `${count} domains`);
      }
    });

    test('traffic: duplicate targets (any letter case) are estimated and billed once', async () => {
      const { response, cost } = await charged('/v1/seo/domain/traffic', { targets: ['example.com', 'EXAMPLE.com', 'example.org', 'example.com'] });
      assert.deepEqual(response.body.data.domains.map((estimate: { domain: string }) => estimate.domain), ['example.com', 'example.org']);
      assert.deepEqual(Object.keys(response.body.data.domains[0]).sort(), ['domain', 'organicKeywords', 'organicTraffic', 'paidKeywords', 'paidTraffic']);
      assert.equal(cost, 40_000);
    });

    test('keywords: exactly `limit` rows for a large domain, billed 0.03 + 0.03 per 100', async () => {
      for (const [limit, price] of [[1, 40_000], [100, 60_000], [1000, 330_000]] as const) {
        const { response, cost } = await charged('/v1/seo/domain/keywords', { domain: 'example.com', limit });
        assert.equal(response.body.data.length, limit);
        assert.equal(cost, price, `limit ${limit}`);
      }
    });

    test('keywords: a small domain returns every keyword it ranks for, and pays only for those', async () => {
      const domain = smallDomain();
      const { organicKeywords } = await data('/v1/seo/domain/overview', { domain });
      const { response, cost } = await charged('/v1/seo/domain/keywords', { domain });
      assert.equal(response.body.data.length, organicKeywords);
      assert.equal(cost, Math.ceil((3_000_000 + 30_000 * organicKeywords) / 1_000_000) * 10_000);
    });

    test('keywords: rows carry the catalog fields plus the filtered metrics, on the domain, from the keyword metrics', async () => {
      const rows = await data('/v1/seo/domain/keywords', { domain: 'coffee.io', limit: 50 });
      for (const row of rows) {
        assert.deepEqual(Object.keys(row).sort(), ['competition', 'competitionLevel', 'cpc', 'difficulty', 'intent', 'keyword', 'position', 'searchVolume', 'url']);
        assert.ok(row.position >= 1 && row.position <= 100);
        assert.ok(row.url.startsWith('https://coffee.io/'), row.url);
        const metrics = keywordMetrics(row.keyword);
        assert.deepEqual([row.searchVolume, row.cpc, row.difficulty, row.intent], [metrics.volume, metrics.cpc, metrics.difficulty, metrics.intent]);
      }
      const volumes = rows.map((row: { searchVolume: number }) => row.searchVolume);
      assert.deepEqual(volumes, [...volumes].sort((a, b) => b - a), 'highest volume first by default');
      assert.ok(rows.some((row: { keyword: string }) => row.keyword.includes('coffee')), 'keywords come from the domain name');
    });

    test('keywords: filters and sort apply before the limit', async () => {
      const rows = await data('/v1/seo/domain/keywords', {
        domain: 'example.com',
        limit: 30,
        filters: [{ field: 'intent', op: 'in', value: ['commercial', 'transactional'] }, { field: 'words', op: '>=', value: 3 }, { field: 'volume', op: '>', value: 500 }],
        sort: ['cpc:asc'],
      });
      assert.equal(rows.length, 30);
      for (const row of rows) {
        assert.ok(['commercial', 'transactional'].includes(row.intent), row.keyword);
        assert.ok(row.keyword.split(' ').length >= 3 && row.searchVolume > 500, row.keyword);
      }
      const cpcs = rows.map((row: { cpc: number }) => row.cpc);
      assert.deepEqual(cpcs, [...cpcs].sort((a, b) => a - b));
    });

    test('backlinks: exactly `limit` rows, strongest first, billed 0.05 + 0.01 per 100', async () => {
      for (const [limit, price] of [[1, 60_000], [100, 60_000], [250, 80_000], [1000, 150_000]] as const) {
        const { response, cost } = await charged('/v1/seo/domain/backlinks', { domain: 'example.com', limit });
        const rows = response.body.data;
        assert.equal(rows.length, limit);
        assert.equal(cost, price, `limit ${limit}`);
        const authorities = rows.map((row: { domainAuthority: number }) => row.domainAuthority);
        assert.deepEqual(authorities, [...authorities].sort((a, b) => b - a));
      }
      const [row] = await data('/v1/seo/domain/backlinks', { domain: 'example.com', limit: 1 });
      assert.deepEqual(Object.keys(row).sort(), ['anchorText', 'domainAuthority', 'firstSeen', 'isDofollow', 'sourceDomain', 'sourceUrl']);
      assert.equal(new URL(row.sourceUrl).hostname, row.sourceDomain);
      assert.equal(row.domainAuthority, domainProfile(row.sourceDomain).domainRating, "the linking domain's own rating");
      assert.match(row.firstSeen, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
      assert.ok(row.firstSeen.slice(0, 7) >= domainProfile('example.com').firstSeenMonth && row.firstSeen.slice(0, 7) <= '2026-10');
    });

    test('backlinks: a domain with few backlinks returns them all and pays for those', async () => {
      const domain = smallDomain();
      const { response, cost } = await charged('/v1/seo/domain/backlinks', { domain, limit: 1000 });
      assert.equal(response.body.data.length, domainProfile(domain).backlinks);
      assert.equal(cost, 60_000);
    });
  });

  describe('coherence between endpoints', () => {
    test('one fact decides registration: a domain with keywords, links or traffic is taken; a free one has none, and no WHOIS record', async () => {
      const names = ['google.com', 'mynikecentral.io', 'nike.com', 'coffee.io', 'coffee-lab.io', 'coffee.com', 'tollgate-example.com', 'example.net', 'shop.example.com'];
      const checks = (await data('/v1/seo/domain/available', { domains: names })).domains as Array<{ domain: string; available: boolean; isPremium: boolean }>;
      const free = checks.filter((check) => check.available).map((check) => check.domain);
      assert.ok(free.length > 0 && free.length < names.length, JSON.stringify(checks));
      for (const { domain, available } of checks) {
        const overview = await data('/v1/seo/domain/overview', { domain });
        const summary = await data('/v1/seo/backlinks/summary', { target: domain });
        const presence = overview.organicKeywords + overview.organicTraffic + overview.backlinks + summary.totalBacklinks;
        assert.equal(presence === 0, available, `${domain}: available ${available}, ${JSON.stringify(overview)}`);
        // .io's registry publishes no RDAP: WHOIS refuses it (400), as the live path does.
        if (!domain.endsWith('.io')) {
          const whois = await data('/v1/seo/domain/whois', { domain });
          assert.equal(whois.registrar === null, available, `${domain}: ${JSON.stringify(whois)}`);
        }
        if (available) {
          assert.deepEqual(await data('/v1/seo/domain/keywords', { domain, limit: 10 }), []);
          assert.deepEqual(await data('/v1/seo/domain/backlinks', { domain, limit: 10 }), []);
          assert.deepEqual((await data('/v1/seo/backlinks/referring-domains', { target: domain, limit: 10 })).referringDomains, []);
          assert.deepEqual((await data('/v1/seo/backlinks/anchors', { target: `https://${domain}/pricing`, limit: 10 })).anchors, []);
          assert.deepEqual((await data('/v1/seo/backlinks/history', { target: domain, date_from: '2026-01-01', date_to: '2026-09-30' })).history, []);
          assert.deepEqual((await data('/v1/seo/domain/technologies', { domain })).technologies, []);
        }
      }
      // The reported cases: the famous domain and nike.com's top competitor are taken.
      assert.ok(!free.includes('google.com') && !free.includes('mynikecentral.io'));
      const [rival] = (await data('/v1/seo/competitors/domain', { domain: 'nike.com', limit: 20 })).competitors as Array<{ domain: string }>;
      assert.equal((await data('/v1/seo/domain/available', { domains: [rival!.domain] })).domains[0].available, false, rival!.domain);
    });

    for (const location of ['us', 'de']) {
      test(`overview, traffic and rank-overview agree on a domain's organic footprint (${location})`, async () => {
        const overview = await data('/v1/seo/domain/overview', { domain: 'coffee.io', location });
        const [estimate] = (await data('/v1/seo/domain/traffic', { targets: ['coffee.io'], location })).domains;
        const ranks = await data('/v1/seo/domain/rank-overview', { domain: 'coffee.io', location });
        assert.equal(estimate.organicTraffic, overview.organicTraffic);
        assert.equal(ranks.organic.traffic, overview.organicTraffic);
        assert.equal(estimate.organicKeywords, overview.organicKeywords);
        assert.equal(ranks.organic.keywords, overview.organicKeywords);
        assert.equal(estimate.paidKeywords, ranks.paid.keywords);
        assert.equal(estimate.paidTraffic, ranks.paid.traffic);
      });
    }

    test('a location other than the United States sees a smaller share of the same domain, with the same links', async () => {
      const us = await data('/v1/seo/domain/overview', { domain: 'example.com', location: 'us' });
      const gb = await data('/v1/seo/domain/overview', { domain: 'example.com', location: 'gb' });
      assert.ok(gb.organicTraffic < us.organicTraffic && gb.organicKeywords < us.organicKeywords);
      assert.deepEqual([gb.backlinks, gb.referringDomains, gb.domainRank], [us.backlinks, us.referringDomains, us.domainRank]);
    });

    test('overview and metrics agree on links, rank and United States traffic, all from the domain profile', async () => {
      const overview = await data('/v1/seo/domain/overview', { domain: 'example.com' });
      const { domainMetrics } = await data('/v1/seo/domain/metrics', { domain: 'example.com' });
      const profile = domainProfile('example.com');
      assert.equal(domainMetrics.backlinks, overview.backlinks);
      assert.equal(domainMetrics.refDomains, overview.referringDomains);
      assert.equal(domainMetrics.domainRank, overview.domainRank);
      assert.equal(domainMetrics.traffic, overview.organicTraffic);
      assert.equal(domainMetrics.organicKeywords, overview.organicKeywords);
      assert.deepEqual(
        [overview.backlinks, overview.referringDomains, overview.domainRank, overview.organicTraffic, domainMetrics.domainRating, domainMetrics.trafficValue],
        [profile.backlinks, profile.referringDomains, profile.domainRank, profile.organicTraffic, profile.domainRating, profile.organicTrafficValue],
      );
    });

    test('a stronger domain has a better global rank position', async () => {
      const strong = (await data('/v1/seo/domain/metrics', { domain: 'wikipedia.org' })).domainMetrics;
      const weak = (await data('/v1/seo/domain/metrics', { domain: smallDomain() })).domainMetrics;
      assert.ok(strong.domainRank > weak.domainRank);
      assert.ok(strong.thirdPartyRank < weak.thirdPartyRank);
    });

    test('the same request twice answers the same data', async () => {
      for (const [path, body] of [
        ['/v1/seo/domain/keywords', { domain: 'example.org', limit: 20 }],
        ['/v1/seo/domain/backlinks', { domain: 'example.org', limit: 20 }],
        ['/v1/seo/domain/whois', { domain: 'coffee.com' }],
        ['/v1/seo/domain/technologies', { domain: 'coffee.com' }],
      ] as const) {
        assert.deepEqual(await data(path, body), await data(path, body), path);
      }
    });
  });

  describe('validation: 400 naming the field, never charged', () => {
    test('a domain with a protocol, or not a domain at all', async () => {
      for (const path of ['/v1/seo/domain/overview', '/v1/seo/domain/keywords', '/v1/seo/domain/rank-overview', '/v1/seo/domain/technologies', '/v1/seo/domain/backlinks', '/v1/seo/domain/whois']) {
        await refused(path, { domain: 'https://example.com' }, /^domain: must be a bare domain without protocol/);
        await refused(path, { domain: 'not a domain' }, /^domain: /);
        await refused(path, {}, /^domain: is required/);
      }
      await refused('/v1/seo/domain/metrics', { domain: 'ftp://example.com' }, /^domain: /);
    });

    test('traffic: no targets, more than 1000, or a bad one (named by its index)', async () => {
      await refused('/v1/seo/domain/traffic', { targets: [] }, /^targets: must have at least 1 item/);
      await refused('/v1/seo/domain/traffic', { targets: Array.from({ length: 1001 }, (_, index) => `site-${index}.com`) }, /^targets: must have at most 1000 items/);
      await refused('/v1/seo/domain/traffic', { targets: ['example.com', 'example.org', 'http://example.net'] }, /^targets\[2\]: must be a bare domain/);
    });

    test('location must be a supported two-letter country; limits stay within range', async () => {
      await refused('/v1/seo/domain/overview', { domain: 'example.com', location: 'xx' }, /^location: /);
      await refused('/v1/seo/domain/overview', { domain: 'example.com', location_code: 2840 }, /location_code: unknown field/);
      await refused('/v1/seo/domain/traffic', { targets: ['example.com'], location: 'usa' }, /^location: /);
      await refused('/v1/seo/domain/keywords', { domain: 'example.com', limit: 1001 }, /^limit: must be at most 1000/);
      await refused('/v1/seo/domain/backlinks', { domain: 'example.com', limit: 0 }, /^limit: must be at least 1/);
    });

    test('keywords: invalid filters and words mixed with provider fields under match any', async () => {
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ filters: [{ field: 'searchVolume', op: '>', value: 1 }] }, /^filters\[0\]\.field: /],
        [{ filters: [{ field: 'volume', op: 'like', value: 'x' }] }, /^filters\[0\]\.op: /],
        [{ sort: ['length:asc'] }, /^sort\[0\]: /],
        [{ match: 'any', filters: [{ field: 'words', op: '>', value: 2 }, { field: 'volume', op: '>', value: 10 }] }, /^match: /],
      ];
      for (const [block, message] of cases) await refused('/v1/seo/domain/keywords', { domain: 'example.com', ...block }, message);
    });

    test('keywords: words and length alone under match any are fine', async () => {
      const rows = await data('/v1/seo/domain/keywords', { domain: 'example.com', limit: 20, match: 'any', filters: [{ field: 'words', op: '=', value: 1 }, { field: 'length', op: '>', value: 30 }] });
      assert.ok(rows.length > 0);
      for (const row of rows) assert.ok(row.keyword.split(' ').length === 1 || row.keyword.length > 30, row.keyword);
    });
  });
});
