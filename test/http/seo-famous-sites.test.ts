import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { organicResults } from '../helpers/organic-results';

/**
 * The sites everyone knows, through HTTP: a user trying the sandbox with a familiar domain sees it
 * registered long ago, big on every endpoint that reports a domain (the same numbers on each),
 * first on its name's results page, and ranking for keywords whose pages show it where its list says.
 */

const FAMOUS = ['ebay.com', 'target.com', 'apple.com', 'microsoft.com', 'google.com', 'facebook.com', 'walmart.com', 'nike.com', 'bbc.co.uk', 'cnn.com', 'netflix.com', 'paypal.com', 'zoom.us'];

type RankedRow = { keyword: string; position: number; url: string };
type Result = { type: string; domain: string; url: string; position: number };

describe(`SEO sandbox: famous sites (${testDatabaseLabel()})`, () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(() => app?.close());

  test('each is taken at the registrar and registered long ago, with the registrar big brands use', async () => {
    const checks = (await app.paidData('/v1/seo/domain/available', { domains: FAMOUS })).domains;
    assert.deepEqual(checks.map((check: { domain: string; available: boolean }) => [check.domain, check.available]), FAMOUS.map((domain) => [domain, false]));
    // .us's registry publishes no RDAP: WHOIS refuses zoom.us (400), as the live path does.
    for (const domain of FAMOUS.filter((famous) => !famous.endsWith('.us'))) {
      const whois = await app.paidData('/v1/seo/domain/whois', { domain });
      assert.equal(whois.registrar, 'MarkMonitor Inc.', domain);
      assert.ok(whois.createdDate < '2006', `${domain} created ${whois.createdDate}`);
    }
  });

  test('each has a big standing, the same on overview, metrics, traffic, rank-overview and the backlink summary', async () => {
    const traffic = (await app.paidData('/v1/seo/domain/traffic', { targets: FAMOUS, location: 'us' })).domains;
    for (const [index, domain] of FAMOUS.entries()) {
      const overview = await app.paidData('/v1/seo/domain/overview', { domain });
      assert.ok(overview.domainRank >= 800, `${domain}: ${JSON.stringify(overview)}`);
      assert.ok(overview.organicKeywords >= 100_000 && overview.organicTraffic >= 1_000_000 && overview.backlinks >= 10_000_000, `${domain}: ${JSON.stringify(overview)}`);
      assert.deepEqual([traffic[index].domain, traffic[index].organicKeywords, traffic[index].organicTraffic], [domain, overview.organicKeywords, overview.organicTraffic]);
      const { domainMetrics } = await app.paidData('/v1/seo/domain/metrics', { domain });
      assert.deepEqual([domainMetrics.domainRank, domainMetrics.traffic, domainMetrics.organicKeywords, domainMetrics.backlinks], [overview.domainRank, overview.organicTraffic, overview.organicKeywords, overview.backlinks]);
      assert.ok(domainMetrics.domainRating >= 80, domain);
      const { organic } = await app.paidData('/v1/seo/domain/rank-overview', { domain, location: 'us' });
      assert.deepEqual([organic.keywords, organic.traffic], [overview.organicKeywords, overview.organicTraffic]);
      const summary = await app.paidData('/v1/seo/backlinks/summary', { target: domain });
      assert.deepEqual([summary.totalBacklinks, summary.referringDomains, summary.domainRank], [overview.backlinks, overview.referringDomains, overview.domainRank]);
    }
  });

  test("each is the first organic result on its name's results page", async () => {
    for (const domain of FAMOUS) {
      const name = domain.slice(0, domain.indexOf('.'));
      const page = await app.paidData('/v1/serp/websearch', { query: name, depth: 10 });
      const organic = page.results.filter((result: { type: string }) => result.type === 'organic');
      assert.equal(organic[0]?.domain, domain, `"${name}": ${organic.map((result: { domain: string }) => result.domain).join(', ')}`);
    }
  });

  for (const [domain, locationCode] of [['ebay.com', 2840], ['bbc.co.uk', 2826], ['zoom.us', 2840]] as const) {
    test(`${domain}'s keywords include its name, and each keyword's page shows it at the position and URL its list gives`, async () => {
      const rows: RankedRow[] = await app.paidData('/v1/seo/domain/keywords', { domain, location_code: locationCode, limit: 1000 });
      assert.equal(rows.length, 1000);
      const name = domain.slice(0, domain.indexOf('.'));
      assert.ok(rows.some((row) => row.keyword === name), `${domain} ranks for "${name}"`);
      for (const row of rows.filter((_, index) => index % 100 === 0)) {
        const page = await app.paidData('/v1/serp/websearch', { query: row.keyword, depth: 100, location_code: locationCode });
        const first = organicResults<Result>(page.results).find((result) => result.domain === domain);
        assert.deepEqual([first?.position, first?.url], [row.position, row.url], `"${row.keyword}"`);
      }
    });
  }
});
