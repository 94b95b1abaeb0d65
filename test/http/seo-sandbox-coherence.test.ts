import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { localDomainProfile } from '../../src/providers/sandbox/domain-profile';

/**
 * The SEO and SERP sandbox as one world, through HTTP: what the domain endpoints say a domain ranks
 * for is what the results pages show, in the same location; a location has its own volumes, the
 * same on every endpoint that reports a keyword there.
 */

const POSITION_BUCKETS: Array<[string, number, number]> = [
  ['pos1', 1, 1], ['pos2_3', 2, 3], ['pos4_10', 4, 10], ['pos11_20', 11, 20], ['pos21_30', 21, 30], ['pos31_40', 31, 40],
  ['pos41_50', 41, 50], ['pos51_60', 51, 60], ['pos61_70', 61, 70], ['pos71_80', 71, 80], ['pos81_90', 81, 90], ['pos91_100', 91, 100],
];

type RankedRow = { keyword: string; position: number; url: string; searchVolume: number; cpc: number };

describe(`SEO sandbox coherence across endpoints (${testDatabaseLabel()})`, () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(() => app?.close());

  for (const [domain, location, locationCode] of [['amazon.com', 'us', 2840], ['coffee.io', 'gb', 2826], ['nike.com', 'de', 2276]] as const) {
    test(`${domain} in ${location}: each keyword's results page shows the domain at the organic position and URL domain/keywords gives`, async () => {
      const rows: RankedRow[] = await app.paidData('/v1/seo/domain/keywords', { domain, location_code: locationCode, limit: 200 });
      assert.equal(rows.length, 200);
      for (const row of rows.filter((_, index) => index % 20 === 0)) {
        const page = await app.paidData('/v1/serp/websearch', { query: row.keyword, depth: 100, location_code: locationCode });
        // A domain's position is its first result's place among the organic results (the vendor's rank_group): ads do not count.
        const organic = page.results.filter((result: { type: string }) => result.type === 'organic');
        const rank = organic.findIndex((result: { domain: string }) => result.domain === domain);
        assert.deepEqual([rank + 1, organic[rank]?.url], [row.position, row.url], `"${row.keyword}"`);
      }
    });
  }

  test("a location has its own volumes and CPCs, the same on the keyword endpoints and a domain's keywords", async () => {
    const rows: RankedRow[] = await app.paidData('/v1/seo/domain/keywords', { domain: 'coffee.io', location_code: 2826, limit: 30 });
    const keywords = rows.map((row) => row.keyword);
    const gb = (await app.paidData('/v1/seo/keywords/overview', { keywords, location: 'gb' })).keywords;
    const us = (await app.paidData('/v1/seo/keywords/overview', { keywords, location: 'us' })).keywords;
    assert.deepEqual(rows.map((row) => [row.keyword, row.searchVolume, row.cpc]), gb.map((record: any) => [record.keyword, record.volume, record.cpc]));
    assert.ok(gb.filter((record: any, index: number) => record.volume < us[index].volume).length >= 25, 'the United Kingdom searches less than the United States');
    const research = await app.paidData('/v1/seo/keywords', { keywords: keywords.slice(0, 5), location: 'gb' });
    assert.deepEqual(research.map((record: any) => record.volume), gb.slice(0, 5).map((record: any) => record.volume));
    const ideas = await app.paidData('/v1/seo/keywords/ideas', { keyword: 'coffee', location_code: 2826, limit: 50 });
    const ukCoffee = ideas.keywords.find((record: any) => record.keyword === 'coffee');
    assert.equal(ukCoffee.volume, gb.find((record: any) => record.keyword === 'coffee').volume);
  });

  test("rank-overview's position buckets count the domain's keywords by their positions on their pages", async () => {
    const domain = smallDomain();
    const rows: RankedRow[] = await app.paidData('/v1/seo/domain/keywords', { domain, location_code: 2826, limit: 1000 });
    const { organic } = await app.paidData('/v1/seo/domain/rank-overview', { domain, location: 'gb' });
    assert.equal(rows.length, organic.keywords);
    const counted = Object.fromEntries(POSITION_BUCKETS.map(([bucket, low, high]) => [bucket, rows.filter((row) => row.position >= low && row.position <= high).length]));
    assert.deepEqual(organic.positions, counted);
  });

  test("a domain's competitors are the sites on its keywords' pages, each counted on the keywords the gap says both rank for", async () => {
    const { competitors } = await app.paidData('/v1/seo/competitors/domain', { domain: 'coffee.io', location_code: 2826, limit: 40 });
    assert.equal(competitors.length, 40);
    // Those sharing at most the 1,000 keywords one gap answer lists.
    const checked = competitors.filter((competitor: { intersections: number }) => competitor.intersections <= 1000).slice(0, 3);
    assert.equal(checked.length, 3);
    for (const competitor of checked) {
      const gap = await app.paidData('/v1/seo/competitors/keywords', { domain1: 'coffee.io', domain2: competitor.domain, location_code: 2826, limit: 1000 });
      assert.equal(gap.keywords.length, competitor.intersections, competitor.domain);
      const mean = gap.keywords.reduce((sum: number, row: any) => sum + row.domain2.position, 0) / gap.keywords.length;
      assert.equal(competitor.avgPosition, Math.round(mean * 100) / 100, competitor.domain);
    }
  });
});

/** A domain that ranks in the United Kingdom for a few hundred keywords at most: its whole list fits one call. */
function smallDomain(): string {
  for (let index = 0; ; index += 1) {
    const domain = `roastery-${index}.com`;
    const { organicKeywords } = localDomainProfile(domain, 2826);
    if (organicKeywords >= 40 && organicKeywords <= 500) return domain;
  }
}
