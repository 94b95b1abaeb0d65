import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sandboxWebPage } from '../../src/providers/sandbox/serp/websearch';
import { estimatedVisits, holdsAmongRead, organicSites, rankedSites, rankingsOf } from '../../src/providers/sandbox/organic-rankings';
import { domainProfile, localDomainProfile } from '../../src/providers/sandbox/domain-profile';
import { gridCellsReader, gridKeyword, GRID_SIZE } from '../../src/providers/sandbox/keyword-grid';
import { keywordMetrics, keywordVolume } from '../../src/providers/sandbox/keyword-metrics';
import { BIG_SITES, REFERENCE_SITES } from '../../src/providers/sandbox/known-sites';

/**
 * Who ranks where, read both ways: a domain's keywords from its side, and the results pages of
 * those keywords, agree on the position and the URL, in every market.
 */

const US = { locationCode: 2840, language: 'en' };
const UK = { locationCode: 2826, language: 'en' };
const GERMANY = { locationCode: 2276, language: 'de' };
const EVERY_PAGE = new Set([...BIG_SITES, ...REFERENCE_SITES]);

/**
 * A domain's first result on a keyword's page of 100, as the page shows it, with its organic
 * position: its place among the page's organic results (the vendor's rank_group), ads not counted.
 */
function firstResult(keyword: string, domain: string, market: typeof US) {
  const organic = sandboxWebPage({ query: keyword, depth: 100, ...market }).results.filter((result) => result.type === 'organic');
  const rank = organic.findIndex((result) => result.domain === domain);
  return rank === -1 ? undefined : { position: rank + 1, url: organic[rank]!.url };
}

test("a domain's keywords are on their pages in the same market, at the position and URL its list gives", async () => {
  for (const [domain, market] of [['amazon.com', US], ['coffee.io', US], ['coffee.io', UK], ['nike.com', GERMANY], ['example.com', UK]] as const) {
    const rankings = await rankingsOf(domain, market);
    assert.ok(rankings.length > 0, domain);
    for (const { keyword, position, url } of rankings.filter((_, index) => index % 25 === 0)) {
      const shown = firstResult(keyword, domain, market);
      assert.deepEqual([shown?.position, shown?.url], [position, url], `${domain} "${keyword}" in ${market.locationCode}`);
    }
  }
});

test('a site that is not everywhere is on a page only for a keyword its own list holds, at the same position', async () => {
  const checked = new Set<string>();
  for (const query of ['coffee', 'best coffee', 'coffee near me', 'nike', 'nike login', 'cheap running shoes', 'organic coffee reviews', 'recipes']) {
    for (const { site, position } of organicSites(query, US)) {
      // The general and reference sites are on pages they do not hold; a site holding over 2,000 keywords lists only its first 2,000.
      if (EVERY_PAGE.has(site) || domainProfile(site).organicKeywords > 2_000) continue;
      checked.add(site);
      assert.equal((await rankingsOf(site, US)).find((ranking) => ranking.keyword === query)?.position, position, `${site} on "${query}"`);
    }
  }
  assert.ok(checked.size >= 5, `${checked.size} sites checked`);
});

test('a small domain holds exactly as many keywords as its profile counts, its name first', async () => {
  let found = 0;
  for (let index = 0; found < 5 && index < 500; index += 1) {
    const domain = `brew-${index}.com`;
    const { organicKeywords } = localDomainProfile(domain, UK.locationCode);
    if (organicKeywords === 0 || organicKeywords > 300) continue;
    found += 1;
    const rankings = await rankingsOf(domain, UK);
    assert.equal(rankings.length, organicKeywords, domain);
    assert.equal(rankings[0]!.keyword, `brew ${index}`);
  }
  assert.equal(found, 5);
});

test('every site a page ranks has its first result on the page of 100; a page of 10 is the start of it', () => {
  for (const query of ['coffee', 'best coffee grinder reviews', 'hotels in lisbon', 'what is inflation', 'nike', 'election news today']) {
    for (const market of [US, UK]) {
      const sites = rankedSites(query, market);
      assert.deepEqual(organicSites(query, market).map(({ site }) => site), sites, query);
      assert.deepEqual(sandboxWebPage({ query, depth: 10, ...market }).results.slice(0, 9), sandboxWebPage({ query, depth: 100, ...market }).results.slice(0, 9));
    }
  }
});

test('a search for a site by name puts its .com first among the organic results', () => {
  const [first] = organicSites('nike login', US);
  assert.equal(first?.site, 'nike.com');
});

test("a famous site is at organic position 1 for its name, under the ads its page shows (positions count organic results only, as the vendor's rank_group)", async () => {
  const page = sandboxWebPage({ query: 'nike', depth: 100, ...US });
  assert.ok(page.results.findIndex((result) => result.type === 'organic') > 0, 'the brand page shows ads above its organic results');
  assert.deepEqual(organicSites('nike', US)[0], { site: 'nike.com', position: 1 });
  assert.equal((await rankingsOf('nike.com', US)).find((ranking) => ranking.keyword === 'nike')?.position, 1);
});

test('the location changes who ranks where, a little: the same sites lead, in another order', () => {
  const us = rankedSites('espresso machine', US);
  const uk = rankedSites('espresso machine', UK);
  assert.notDeepEqual(uk, us);
  assert.ok(uk.slice(0, 10).filter((site) => us.slice(0, 15).includes(site)).length >= 7);
});

test('holdsAmongRead answers yes exactly for the keywords rankingsOf lists', async () => {
  const listed = new Set((await rankingsOf('coffee.io', UK)).map((ranking) => ranking.keyword));
  for (let index = 0; index < GRID_SIZE; index += 7) {
    const keyword = gridKeyword('coffee', index);
    assert.equal(holdsAmongRead('coffee.io', keyword, UK), listed.has(keyword), keyword);
  }
});

test('a keyword is read back into every grid it belongs to', () => {
  const cells = gridCellsReader(['login']);
  for (const index of [0, 1, 4, 30, 31, 70, 71, 500, GRID_SIZE - 1]) {
    const keyword = gridKeyword('coffee lab', index);
    assert.ok(cells(keyword).some((cell) => cell.subject === 'coffee lab' && cell.index === index), keyword);
  }
  assert.deepEqual(cells('coffee lab login'), [{ subject: 'coffee lab login', index: 0 }, { subject: 'coffee lab', index: GRID_SIZE }]);
  assert.equal(keywordMetrics('coffee lab').keyword, 'coffee lab');
});

test('a site holds its name and name-only searches first, then its topics alone, then keywords of one modifier, then of two', async () => {
  const keywords = (await rankingsOf('amazon.com', US)).map((ranking) => ranking.keyword);
  assert.deepEqual(keywords.slice(0, 7), ['amazon', 'amazon login', 'amazon coupon', 'amazon customer service', 'amazon pricing', 'amazon contact', 'amazon careers']);
  const cellsOf = gridCellsReader();
  // Then its three topics, bare; then the rest, read as modifiers on its name or a topic.
  const subjects = ['amazon', ...keywords.slice(7, 10)];
  assert.ok(keywords.slice(7, 10).every((topic) => !topic.includes('amazon')));
  const modifiers = (keyword: string) => {
    const { index } = cellsOf(keyword).find((cell) => subjects.includes(cell.subject))!;
    return index === 0 ? 0 : index <= 70 ? 1 : 2;
  };
  const tiers = keywords.slice(10).map(modifiers);
  assert.deepEqual(tiers, [...tiers].sort((a, b) => a - b), 'one-modifier keywords before two-modifier ones');
  assert.ok(tiers.includes(1) && tiers.includes(2));
});

test("a big domain's pages are read a slice at a time: other work runs before its keywords are ready", async () => {
  // A domain and market no other test reads (the readings are remembered).
  const reading = rankingsOf('walmart.com', { locationCode: 2276, language: 'de' });
  let otherWorkRan = false;
  setImmediate(() => (otherWorkRan = true));
  const rankings = await reading;
  assert.ok(rankings.length > 1_000, `walmart.com holds ${rankings.length} keywords in Germany`);
  assert.equal(otherWorkRan, true, 'the event loop ran other work while the pages were read');
});

test("outside the United States too, a famous domain's keywords bring no more visits than the traffic its overview reports there", async () => {
  const INDIA = { locationCode: 2356, language: 'en' };
  for (const market of [INDIA, UK, GERMANY]) {
    for (const site of ['amazon.com', 'facebook.com', 'ebay.com', 'webmd.com', 'example.com']) {
      const rankings = await rankingsOf(site, market);
      const visits = rankings.slice(0, 100).reduce((sum, ranking) => sum + estimatedVisits(keywordVolume(ranking.keyword, market), ranking.position), 0);
      const traffic = localDomainProfile(site, market.locationCode).organicTraffic;
      // A seeded market's keywords scatter around its share (±60 % at one sigma): within half again, where
      // the overview once said a fortieth of what the keywords brought.
      assert.ok(visits <= 1.5 * traffic, `${site} in ${market.locationCode}: its top keywords bring ${Math.round(visits)} visits, its overview says ${traffic}`);
    }
  }
});
