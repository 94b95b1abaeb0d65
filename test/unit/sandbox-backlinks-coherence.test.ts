import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { domainBacklinks, sandboxBacklinks } from '../../src/providers/sandbox/backlinks';
import { dofollowFrom, linkGraph } from '../../src/providers/sandbox/link-graph';
import { longTailPartition, spreading } from '../../src/providers/sandbox/long-tail';
import { domainProfile } from '../../src/providers/sandbox/domain-profile';
import { sandboxDomainAnalytics } from '../../src/providers/sandbox/domain-analytics';
import { SeededRandom } from '../../src/providers/sandbox/random';

/**
 * The sandbox's backlink endpoints read one link graph per target, so they agree exactly: the
 * summary's totals are the sums over the referring domains, over the anchors and over the links
 * listed, and an intersection counts a domain's links to a target as that target's lists do.
 */

const call = {} as never;
const MAX_ROWS = 1000;

/** The first domain of a family whose profile fits `fits`. */
function domainWhere(prefix: string, fits: (backlinks: number, referringDomains: number) => boolean): string {
  for (let index = 0; ; index += 1) {
    const domain = `${prefix}-${index}.com`;
    const profile = domainProfile(domain);
    if (fits(profile.backlinks, profile.referringDomains)) return domain;
  }
}

/** Targets whose every link fits in one list of 1000: the one a review found incoherent, a small and a mid-sized site, a page. */
const LISTABLE = [
  'citypaper.news',
  domainWhere('corner-shop', (links, domains) => links >= 20 && links <= 120 && domains >= 2),
  domainWhere('county-paper', (links, domains) => links >= 500 && links <= MAX_ROWS && domains >= 20),
  'https://citypaper.news/about',
];

function tally<T>(items: readonly T[], keyOf: (item: T) => string, countOf: (item: T) => number = () => 1): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + countOf(item));
  return counts;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describe('sandbox backlinks: one link graph behind every endpoint', () => {
  test('the review case: citypaper.news has 54 links from 1 domain, 36 dofollow, on every endpoint', async () => {
    const summary = await sandboxBacklinks.summary({ target: 'citypaper.news' }, call);
    assert.deepEqual([summary.totalBacklinks, summary.referringDomains, summary.dofollowBacklinks], [54, 1, 36]);
    const referring = await sandboxBacklinks.referringDomains({ target: 'citypaper.news', limit: MAX_ROWS }, call);
    const links = await sandboxBacklinks.backlinks({ target: 'citypaper.news', limit: MAX_ROWS }, call);
    const expected = new Map(referring.map((row) => [row.domain, row.backlinks]));
    assert.deepEqual(tally(links, (link) => link.fromDomain), expected);
    assert.deepEqual(tally(domainBacklinks('citypaper.news', MAX_ROWS), (link) => link.sourceDomain), expected);
  });

  for (const target of LISTABLE) {
    test(`${target}: summary == referring domains == links listed == anchors, links and dofollow alike`, async () => {
      const summary = await sandboxBacklinks.summary({ target }, call);
      const referring = await sandboxBacklinks.referringDomains({ target, limit: MAX_ROWS }, call);
      const links = await sandboxBacklinks.backlinks({ target, limit: MAX_ROWS }, call);
      const anchors = await sandboxBacklinks.anchors({ target, limit: MAX_ROWS }, call);
      assert.ok(summary.totalBacklinks <= MAX_ROWS, 'every link fits in one list');

      assert.equal(referring.length, summary.referringDomains);
      assert.equal(sum(referring.map((row) => row.backlinks)), summary.totalBacklinks);
      assert.equal(sum(referring.map((row) => row.dofollow)), summary.dofollowBacklinks);

      assert.equal(links.length, summary.totalBacklinks);
      assert.equal(new Set(links.map((link) => link.from)).size, links.length, 'each link its own page');
      assert.equal(links.filter((link) => link.dofollow).length, summary.dofollowBacklinks);
      assert.equal(links.filter((link) => link.status === 'broken').length, summary.brokenBacklinks);
      assert.deepEqual(tally(links, (link) => link.fromDomain), new Map(referring.map((row) => [row.domain, row.backlinks])));
      assert.deepEqual(tally(links, (link) => link.fromDomain, (link) => Number(link.dofollow)), new Map(referring.map((row) => [row.domain, row.dofollow])));
      for (const row of referring) {
        const earliest = links.filter((link) => link.fromDomain === row.domain).map((link) => link.firstSeen).sort()[0];
        assert.equal(row.firstSeen, earliest, `${row.domain} first linked with its first link`);
      }

      assert.equal(sum(anchors.map((row) => row.backlinks)), summary.totalBacklinks);
      assert.equal(sum(anchors.map((row) => row.dofollow)), summary.dofollowBacklinks);
      for (const row of anchors) {
        const using = links.filter((link) => link.anchor === row.anchor);
        assert.equal(using.length, row.backlinks, `links with anchor '${row.anchor}'`);
        assert.equal(using.filter((link) => link.dofollow).length, row.dofollow, `dofollow links with anchor '${row.anchor}'`);
        assert.equal(new Set(using.map((link) => link.fromDomain)).size, row.referringDomains, `domains using anchor '${row.anchor}'`);
      }
    });
  }

  for (const domain of LISTABLE.filter((target) => !target.startsWith('http'))) {
    test(`${domain}: the domain backlinks endpoint (/v1/seo/domain/backlinks) lists the same links`, async () => {
      const links = await sandboxBacklinks.backlinks({ target: domain, limit: MAX_ROWS }, call);
      const rows = await sandboxDomainAnalytics.backlinks({ domain, limit: MAX_ROWS }, call);
      assert.deepEqual(
        rows.map((row) => [row.sourceUrl, row.sourceDomain, row.anchorText, row.isDofollow, row.domainAuthority, row.firstSeen.slice(0, 10)]),
        links.map((link) => [link.from, link.fromDomain, link.anchor, link.dofollow, link.domainAuthority, link.firstSeen]),
      );
      for (const row of rows) assert.match(row.firstSeen, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    });
  }

  for (const targets of [['citypaper.news', 'amazon.com'], [LISTABLE[2]!, 'example.com', 'github.com'], [LISTABLE[1]!, LISTABLE[2]!]]) {
    test(`domain intersection of ${targets.join(', ')}: each domain's links are its referring-domain counts`, async () => {
      const intersections = await sandboxBacklinks.domainIntersection({ targets, limit: MAX_ROWS }, call);
      const referring = await Promise.all(targets.map(async (target) => new Map(
        (await sandboxBacklinks.referringDomains({ target, limit: MAX_ROWS }, call)).map((row) => [row.domain, row.backlinks]),
      )));
      const everywhere = [...referring[0]!.keys()].filter((domain) => referring.every((counts) => counts.has(domain)));
      assert.deepEqual(intersections.map((row) => row.domain).sort(), everywhere.sort(), 'exactly the domains linking to every target');
      for (const row of intersections) {
        assert.deepEqual(row.targets, Object.fromEntries(targets.map((target, index) => [target, referring[index]!.get(row.domain)])));
        assert.equal(row.backlinks, sum(Object.values(row.targets)));
      }
    });
  }

  test('page intersection: only pages on domains linking to every target, never more links than the domain has', async () => {
    const targets = ['citypaper.news', 'amazon.com'];
    const shared = new Map((await sandboxBacklinks.domainIntersection({ targets, limit: MAX_ROWS }, call)).map((row) => [row.domain, row.targets]));
    const pages = await sandboxBacklinks.pageIntersection({ targets, limit: 50 }, call);
    for (const page of pages) {
      const domainLinks = shared.get(page.domain);
      assert.ok(domainLinks, `${page.domain} links to every target`);
      for (const target of targets) assert.ok(page.targets[target]! >= 1 && page.targets[target]! <= domainLinks[target]!);
    }
  });

  test('a huge target: exact totals without materialising its links', async () => {
    const graph = linkGraph('amazon.com');
    const profile = domainProfile('amazon.com');
    assert.ok(graph.names.length <= MAX_ROWS, 'only the listable domains are held by name');
    assert.equal(graph.domains.parts, profile.referringDomains);
    assert.equal(graph.domains.start(graph.domains.parts), profile.backlinks);
    const lastNamed = graph.domains.size(graph.domains.head - 1);
    assert.ok(graph.domains.size(graph.domains.head) <= lastNamed, 'the unnamed tail is never bigger than the named domains');
    const links = await sandboxBacklinks.backlinks({ target: 'amazon.com', limit: MAX_ROWS }, call);
    const referring = new Map((await sandboxBacklinks.referringDomains({ target: 'amazon.com', limit: MAX_ROWS }, call)).map((row) => [row.domain, row]));
    assert.equal(links.length, MAX_ROWS);
    for (const [domain, count] of tally(links, (link) => link.fromDomain)) assert.ok(count <= referring.get(domain)!.backlinks, domain);
  });

  test('a large target, summed domain by domain over its whole tail: links and dofollow add up to the summary', async () => {
    const graph = linkGraph('example.com');
    const summary = await sandboxBacklinks.summary({ target: 'example.com' }, call);
    let links = 0;
    let dofollow = 0;
    for (let index = 0; index < graph.domains.parts; index += 1) {
      const size = graph.domains.size(index);
      const followed = dofollowFrom(graph, index);
      assert.ok(size >= 1 && followed >= 0 && followed <= size, `domain ${index}`);
      links += size;
      dofollow += followed;
    }
    assert.equal(graph.domains.parts, summary.referringDomains);
    assert.equal(links, summary.totalBacklinks);
    assert.equal(dofollow, summary.dofollowBacklinks);
  });

  test('the same target however spelled has one graph', async () => {
    const plain = await sandboxBacklinks.referringDomains({ target: 'citypaper.news', limit: 10 }, call);
    assert.deepEqual(await sandboxBacklinks.referringDomains({ target: 'www.citypaper.news', limit: 10 }, call), plain);
    assert.deepEqual(domainBacklinks('WWW.CityPaper.news', 10), domainBacklinks('citypaper.news', 10));
  });
});

describe('long-tail partition', () => {
  for (const [total, parts, head] of [[206, 5, 1000], [50_000, 3_000, 1000], [1_000_000, 120_000, 1000], [10, 10, 4], [7, 1, 1000], [0, 0, 1000]] as const) {
    test(`${total} items over ${parts} parts (${head} held): sizes add up, largest first, every item in its part`, () => {
      const split = longTailPartition(total, parts, head, new SeededRandom(`test:${total}:${parts}`));
      const sizes = Array.from({ length: parts }, (_, index) => split.size(index));
      assert.equal(sum(sizes), total);
      sizes.forEach((size, index) => {
        assert.ok(size >= 1, `part ${index} is not empty`);
        if (index > 0) assert.ok(size <= sizes[index - 1]!, `part ${index} no larger than the one before`);
      });
      assert.equal(split.start(parts), total);
      const random = new SeededRandom(`items:${total}`);
      for (let probe = 0; probe < Math.min(total, 500); probe += 1) {
        const item = random.integer(0, total - 1);
        const part = split.partOf(item);
        assert.ok(split.start(part) <= item && item < split.start(part + 1), `item ${item} in part ${part}`);
      }
    });
  }

  test('spreading is a bijection', () => {
    for (const n of [1, 2, 97, 1000, 4096]) {
      const spread = spreading(n, new SeededRandom(`spread:${n}`));
      assert.equal(new Set(Array.from({ length: n }, (_, item) => spread(item))).size, n);
    }
  });
});
