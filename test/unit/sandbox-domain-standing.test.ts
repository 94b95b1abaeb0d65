import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sandboxDomainAnalytics } from '../../src/providers/sandbox/domain-analytics';
import { domainProfile, isRegistered, localDomainProfile, UNKNOWN_SITE_AUTHORITY } from '../../src/providers/sandbox/domain-profile';
import { FAMOUS_SITES, famousSitesNamed, isLookalikeOf } from '../../src/providers/sandbox/known-sites';
import { advertisersOf, organicSites, rankedSites } from '../../src/providers/sandbox/organic-rankings';
import { keywordVolume } from '../../src/providers/sandbox/keyword-metrics';
import { sandboxBacklinks } from '../../src/providers/sandbox/backlinks';
import { HEAD_TOPICS } from '../../src/providers/sandbox/search-vocabulary';

/**
 * A domain's standing in the sandbox: famous sites are the biggest, a site nobody famous owns stays
 * below them, a country's site is big at home only, and a famous site's lookalikes are no rivals.
 */

const US = { locationCode: 2840, language: 'en' };
const FRANCE = 2250;
const CALL = {} as never;

/** The famous sites but the examples' (example.com is a spec's example, not a famous site). */
const FAMOUS = (Object.entries(FAMOUS_SITES) as Array<[string, number]>).filter(([site]) => !site.startsWith('example.'));
const LEAST_FAMOUS = Math.min(...FAMOUS.map(([, fame]) => fame));

test("a famous site's lookalikes under other TLDs are never among its competitors, however many are asked", async () => {
  for (const domain of ['nike.com', 'ebay.com', 'amazon.com']) {
    const competitors = await sandboxDomainAnalytics.competitorDomains({ domain, ...US, limit: 100 }, CALL);
    assert.ok(competitors.length >= 20, domain);
    const lookalikes = competitors.map(({ domain: site }) => site).filter((site) => isLookalikeOf(site, domain));
    assert.deepEqual(lookalikes, [], domain);
  }
  assert.equal(isLookalikeOf('nike.org', 'nike.com'), true);
});

test('no site nobody famous owns is as strong or as visited as the famous ones, however lucky its name', () => {
  const googleTraffic = domainProfile('google.com').organicTraffic;
  let registered = 0;
  for (const name of ['running-shoes.net', 'fitness.org', 'laptops.com', ...Array.from({ length: 3000 }, (_, index) => `shop${index}.com`)]) {
    if (!isRegistered(name)) continue;
    registered += 1;
    const profile = domainProfile(name);
    assert.ok(profile.domainRank <= UNKNOWN_SITE_AUTHORITY * 1000 && profile.domainRank < LEAST_FAMOUS * 1000, `${name}: rank ${profile.domainRank}`);
    assert.ok(profile.organicTraffic < googleTraffic / 20, `${name}: ${profile.organicTraffic} visits`);
  }
  assert.ok(registered > 500, `${registered} registered names`);
  const [nike, exactMatch] = [domainProfile('nike.com'), domainProfile('running-shoes.net')];
  assert.ok(exactMatch.domainRank < nike.domainRank && exactMatch.organicTraffic < nike.organicTraffic / 10 && exactMatch.backlinks < nike.backlinks / 10);
});

test("a famous site is visited at least as often as its name is searched, of which its name's first place takes a quarter", () => {
  for (const [site] of FAMOUS) {
    const name = site.slice(0, site.indexOf('.'));
    if (famousSitesNamed(name)[0] !== site) continue;
    assert.ok(domainProfile(site).organicTraffic >= keywordVolume(name, US), site);
  }
});

test("a head term is no site's brand: its exact-match site gets no name's first place and no ads on it", () => {
  for (const topic of HEAD_TOPICS) {
    const sites = rankedSites(topic, US);
    assert.deepEqual(advertisersOf(topic, [`${topic.replaceAll(' ', '-')}.com`, ...sites]), [], topic);
  }
  const page = organicSites('running shoes', US);
  assert.notEqual(page[0]?.site, 'running-shoes.net');
  assert.ok(page.slice(0, 10).some(({ site }) => site === 'nike.com'), page.map(({ site }) => site).join(', '));
});

test("a country's site is big at home and small abroad, so it is no top competitor in another market", async () => {
  const [home, abroad] = [localDomainProfile('fitness.fr', FRANCE), localDomainProfile('fitness.fr', US.locationCode)];
  assert.equal(home.organicTraffic, domainProfile('fitness.fr').organicTraffic);
  assert.ok(abroad.organicTraffic < home.organicTraffic / 10 && abroad.organicKeywords < home.organicKeywords / 10, `${abroad.organicTraffic} against ${home.organicTraffic}`);
  // A famous one is read everywhere.
  assert.deepEqual(localDomainProfile('bbc.co.uk', US.locationCode), domainProfile('bbc.co.uk'));
  // fitness.fr and fitness.co.uk once led nike.com's United States competitors, sharing all its fitness keywords.
  const competitors = await sandboxDomainAnalytics.competitorDomains({ domain: 'nike.com', ...US, limit: 20 }, CALL);
  const isCountrySite = (site: string) => /\.(fr|de|co\.uk)$/.test(site) && FAMOUS_SITES[site] === undefined;
  assert.deepEqual(competitors.slice(0, 5).filter(({ domain }) => isCountrySite(domain)), []);
  for (const { domain, intersections } of competitors.filter((competitor) => isCountrySite(competitor.domain))) {
    assert.ok(intersections < competitors[0]!.intersections / 4, `${domain} shares ${intersections} keywords`);
  }
});

test("a famous site's brand anchors were first seen in its first years, not last month", async () => {
  for (const site of ['rei.com', 'nike.com', 'ebay.com']) {
    const since = domainProfile(site).firstSeenMonth;
    const [anchor] = await sandboxBacklinks.anchors({ target: site, limit: 1 } as never, {} as never);
    assert.ok(anchor!.backlinks > 1_000_000, site);
    const sinceYear = Number(since.slice(0, 4));
    assert.ok(anchor!.firstSeen >= since && Number(anchor!.firstSeen.slice(0, 4)) <= sinceYear + 1, `${site}: ${anchor!.anchor} first seen ${anchor!.firstSeen}, the site ${since}`);
  }
});
