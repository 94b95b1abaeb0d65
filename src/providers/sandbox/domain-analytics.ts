import type { DomainAnalyticsProvider } from '../families/domain-analytics';
import { thirdPartyRankOf } from '../families/domain-analytics';
import type { Keyword } from '../../schemas/keyword';
import {
  POSITION_BUCKETS, type Competitor, type DomainTechnology, type PositionBucket,
  type SearchTypeOverview, type SerpCompetitor,
} from '../../schemas/domain-analytics';
import { applyKeywordFilters } from '../../filters/keyword-filter/evaluate';
import { domainProfile, isRegistered, localDomainProfile, normalisedDomain } from './domain-profile';
import { registrableDomain } from '../../contacts/domain-lists';
import { keywordMetrics } from './keyword-metrics';
import { SANDBOX_DATA_MONTH } from './data-month';
import { normaliseKeyword } from '../../schemas/keyword';
import { SeededRandom, roundTo } from './random';
import { domainBacklinks } from './backlinks';
import { brandOf, estimatedVisits, holdsAmongRead, organicSites, rankingsOf } from './organic-rankings';
import { eventLoopSlices } from './event-loop-slices';
import { isLookalikeOf } from './known-sites';
import { gridOf } from './keyword-grid';
import type { SearchMarket } from './search-market';

/**
 * Domain analytics from the sandbox's sources of truth: every domain-level number comes from
 * `domainProfile` (scaled to the location's share of the domain's audience, the United States
 * being the profile itself), every keyword number from `keywordMetrics` in the market asked, and
 * who ranks where from the results pages (./organic-rankings.ts): a domain's keywords, positions
 * and URLs are the ones /v1/serp/websearch shows at depth 100 in the same location, its position
 * buckets are its keywords', and its competitors are the sites it meets on those pages.
 */


/** Keywords a home page ranks for beyond its share of the site's: searches for the site's name. */
const HOME_PAGE_KEYWORDS = 10;

// ── Positions and clicks ────────────────────────────────────────────────────────────────────

const bucketRange = (bucket: PositionBucket): [number, number] => {
  const [low, high = low] = bucket.slice(3).split('_').map(Number) as [number, number?];
  return [low, high];
};

/**
 * `total` keywords over the position buckets in the proportions of `positions` (a domain's keywords
 * as its list reads them): exactly those counts when the list holds all `total`.
 */
function positionCounts(total: number, positions: readonly number[]): Record<PositionBucket, number> {
  const held = POSITION_BUCKETS.map((bucket) => {
    const [low, high] = bucketRange(bucket);
    return positions.filter((position) => position >= low && position <= high).length;
  });
  const exact = held.map((count) => (positions.length === 0 ? 0 : (total * count) / positions.length));
  const counts = exact.map(Math.floor);
  // Largest remainders take the units lost to rounding down, so the buckets sum to `total`.
  const order = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder);
  for (let missing = total - counts.reduce((sum, value) => sum + value, 0), at = 0; missing > 0 && positions.length > 0; missing -= 1, at += 1) {
    counts[order[at % order.length]!.index]! += 1;
  }
  return Object.fromEntries(POSITION_BUCKETS.map((bucket, index) => [bucket, counts[index]!])) as Record<PositionBucket, number>;
}

function movement(keywords: number, random: SeededRandom): SearchTypeOverview['movement'] {
  const part = (low: number, high: number) => Math.round(keywords * random.between(low, high));
  return { new: part(0.04, 0.12), up: part(0.12, 0.3), down: part(0.12, 0.3), lost: part(0.03, 0.1) };
}

function paidPositions(keywords: number, random: SeededRandom): Record<PositionBucket, number> {
  const counts = Object.fromEntries(POSITION_BUCKETS.map((bucket) => [bucket, 0])) as Record<PositionBucket, number>;
  counts.pos1 = Math.round(keywords * random.between(0.35, 0.6));
  counts.pos2_3 = Math.min(keywords - counts.pos1, Math.round(keywords * random.between(0.25, 0.4)));
  counts.pos4_10 = keywords - counts.pos1 - counts.pos2_3;
  return counts;
}

// ── What a domain ranks for ─────────────────────────────────────────────────────────────────

/** Modifiers that make a keyword about the page's section, not about its topic. */
const SECTIONS = ['blog', 'guides', 'products', 'shop', 'learn', 'reviews'];

/** The words of a URL path that name a topic, not a site section or a number. */
function topicWords(text: string): string[] {
  return normaliseKeyword(text.replace(/[^a-z0-9]+/gi, ' ')).split(' ').filter((word) => word.length >= 3 && !/^\d+$/.test(word) && !SECTIONS.includes(word));
}

type Ranking = { position: number; url: string; etv: number };
type RankedRecord = Keyword & Ranking;

/**
 * The keywords a domain ranks for in a market, highest volume first: the keywords it holds there,
 * each at its place on the keyword's page in that market, with the market's metrics.
 */
async function rankedPool(domain: string, market: SearchMarket): Promise<RankedRecord[]> {
  return (await rankingsOf(domain, market))
    .map(({ keyword, position, url }) => {
      const metrics = keywordMetrics(keyword, market);
      return { ...metrics, position, url, etv: estimatedVisits(metrics.volume, position) };
    })
    .sort(byVolume);
}

const byVolume = (first: Keyword, second: Keyword) => second.volume - first.volume || first.keyword.localeCompare(second.keyword);

const rankingFields = ({ position, url, etv }: Ranking): Ranking => ({ position, url, etv });

const keywordFields = ({ keyword, volume, cpc, competition, competitionLevel, difficulty, intent }: Keyword) =>
  ({ keyword, volume, cpc, competition, competitionLevel, difficulty, intent });

// ── Technologies and WHOIS ──────────────────────────────────────────────────────────────────

/** group → category → candidates; a site uses one of each, with probability `presence` (1 when absent). */
const TECHNOLOGIES: Array<{ group: string; category: string; names: string[]; presence?: number }> = [
  { group: 'servers', category: 'web_servers', names: ['Nginx', 'Apache HTTP Server', 'LiteSpeed', 'Microsoft IIS'] },
  { group: 'servers', category: 'cdn', names: ['Cloudflare', 'Fastly', 'Amazon CloudFront', 'Akamai'], presence: 0.3 },
  { group: 'web_development', category: 'javascript_frameworks', names: ['React', 'Vue.js', 'Angular', 'Svelte'], presence: 0.4 },
  { group: 'web_development', category: 'javascript_libraries', names: ['jQuery', 'Lodash', 'core-js'] },
  { group: 'web_development', category: 'programming_languages', names: ['PHP', 'Node.js', 'Python', 'Ruby'] },
  { group: 'content', category: 'cms', names: ['WordPress', 'Drupal', 'Joomla', 'Ghost'], presence: 0.4 },
  { group: 'sales', category: 'ecommerce', names: ['Shopify', 'WooCommerce', 'Magento', 'BigCommerce'], presence: 0.6 },
  { group: 'analytics', category: 'analytics', names: ['Google Analytics', 'Matomo', 'Plausible', 'Hotjar'] },
  { group: 'marketing', category: 'tag_managers', names: ['Google Tag Manager', 'Tealium'], presence: 0.3 },
  { group: 'privacy', category: 'cookie_compliance', names: ['OneTrust', 'Cookiebot'], presence: 0.5 },
  { group: 'utilities', category: 'font_scripts', names: ['Google Font API', 'Font Awesome'], presence: 0.3 },
  { group: 'communication', category: 'live_chat', names: ['Intercom', 'Zendesk', 'Drift'], presence: 0.7 },
];

/** A moment in the given month, ISO 8601 (`monthIndex` = year·12 + month − 1). */
export function momentIn(monthIndex: number, random: SeededRandom): string {
  const day = String(random.integer(1, 28)).padStart(2, '0');
  const time = [random.integer(0, 23), random.integer(0, 59), random.integer(0, 59)].map((part) => String(part).padStart(2, '0')).join(':');
  return `${Math.floor(monthIndex / 12)}-${String((monthIndex % 12) + 1).padStart(2, '0')}-${day}T${time}+00:00`;
}

export const DATA_MONTH_INDEX = SANDBOX_DATA_MONTH.year * 12 + SANDBOX_DATA_MONTH.month - 1;
export const monthIndexOf = (yearMonth: string) => {
  const [year, month] = yearMonth.split('-').map(Number) as [number, number];
  return year * 12 + month - 1;
};

// ── The provider ────────────────────────────────────────────────────────────────────────────

export const sandboxDomainAnalytics: DomainAnalyticsProvider = {
  name: 'sandbox',

  async overview({ domain, locationCode }) {
    const profile = localDomainProfile(domain, locationCode);
    const { organicTraffic, organicKeywords, backlinks, referringDomains, domainRank } = profile;
    return { domain, organicTraffic, organicKeywords, backlinks, referringDomains, domainRank };
  },

  async rankedKeywords({ domain, locationCode, language, limit, filter }) {
    return applyKeywordFilters(await rankedPool(domain, { locationCode, language }), filter)
      .slice(0, limit)
      .map(({ keyword, position, volume, url, cpc, competition, competitionLevel, difficulty, intent }) =>
        ({ keyword, position, searchVolume: volume, url, cpc, competition, competitionLevel, difficulty, intent }));
  },

  async trafficEstimates({ domains, locationCode }) {
    return domains.map((domain) => {
      const { organicKeywords, organicTraffic, paidKeywords, paidTraffic } = localDomainProfile(domain, locationCode);
      return { domain, organicKeywords, organicTraffic, paidKeywords, paidTraffic };
    });
  },

  async metrics({ domain }) {
    const profile = domainProfile(domain);
    const random = new SeededRandom(`home-page:${profile.domain}`);
    const share = (value: number, low: number, high: number) => Math.round(value * random.between(low, high));
    const trafficShare = random.between(0.05, 0.3);
    return {
      target: domain,
      page: {
        backlinks: share(profile.backlinks, 0.1, 0.5),
        refDomains: share(profile.referringDomains, 0.3, 0.8),
        traffic: Math.round(profile.organicTraffic * trafficShare),
        trafficValue: roundTo(profile.organicTrafficValue * trafficShare, 2),
        organicKeywords: Math.min(profile.organicKeywords, share(profile.organicKeywords, 0.01, 0.08) + HOME_PAGE_KEYWORDS),
        urlRating: share(profile.domainRating, 0.7, 0.95),
        numberOfWordsOnPage: random.integer(250, 2500),
      },
      domainMetrics: {
        domainRating: profile.domainRating,
        thirdPartyRank: thirdPartyRankOf(profile.domainRank),
        domainRank: profile.domainRank,
        backlinks: profile.backlinks,
        refDomains: profile.referringDomains,
        traffic: profile.organicTraffic,
        trafficValue: profile.organicTrafficValue,
        organicKeywords: profile.organicKeywords,
      },
    };
  },

  async rankOverview({ domain, locationCode, language }) {
    const profile = localDomainProfile(domain, locationCode);
    const positions = (await rankingsOf(domain, { locationCode, language })).map((ranking) => ranking.position);
    const random = new SeededRandom(`rank-overview:${profile.domain}:${locationCode}`);
    return {
      target: domain,
      organic: {
        keywords: profile.organicKeywords,
        traffic: profile.organicTraffic,
        trafficCost: profile.organicTrafficValue,
        positions: positionCounts(profile.organicKeywords, positions),
        movement: movement(profile.organicKeywords, random),
      },
      paid: {
        keywords: profile.paidKeywords,
        traffic: profile.paidTraffic,
        trafficCost: profile.paidTrafficCost,
        positions: paidPositions(profile.paidKeywords, random),
        movement: movement(profile.paidKeywords, random),
      },
    };
  },

  async technologies({ domain }) {
    if (!isRegistered(domain)) return [];
    const random = new SeededRandom(`technologies:${domain}`);
    return TECHNOLOGIES.flatMap(({ group, category, names, presence = 1 }): DomainTechnology[] =>
      random.chance(presence) ? [{ name: random.pick(names), category, group }] : []);
  },

  // The target's one link graph, which every backlink endpoint reads (./link-graph.ts).
  async backlinks({ domain, limit }) {
    return domainBacklinks(domain, limit);
  },

  /**
   * The sites the domain meets on the pages of the keywords it ranks for, counted on the keywords
   * both rank for (so a competitor's intersections are its keyword gap with the domain), at their
   * average position on those pages. A famous domain's lookalikes (nike.io for nike.com) are not
   * its competitors, though they share its name's searches: searchers pass them by.
   */
  async competitorDomains({ domain, locationCode, language, limit }) {
    const market = { locationCode, language };
    const target = registrableDomain(domain);
    const met = new Map<string, number[]>();
    // Each keyword's page read again, a slice at a time (see rankingsOf).
    const slices = eventLoopSlices();
    for (const { keyword } of await rankingsOf(domain, market)) {
      if (slices.due) await slices.next();
      for (const { site, position } of organicSites(keyword, market)) {
        if (site !== target && !isLookalikeOf(site, target) && holdsAmongRead(site, keyword, market)) met.set(site, [...(met.get(site) ?? []), position]);
      }
    }
    return [...met]
      .map(([site, positions]): Competitor => {
        const rival = localDomainProfile(site, locationCode);
        return {
          domain: site,
          avgPosition: roundTo(positions.reduce((sum, position) => sum + position, 0) / positions.length, 2),
          intersections: positions.length,
          organicCount: rival.organicKeywords,
          organicEtv: rival.organicTraffic,
        };
      })
      .sort((first, second) => second.intersections - first.intersections || first.domain.localeCompare(second.domain))
      .slice(0, limit);
  },

  /**
   * The keywords both domains rank for (or only domain1 does), each domain at the position its own
   * keyword list gives it: the gap is the intersection of the two lists, so swapping the domains
   * swaps the rankings and keeps the keywords.
   */
  async keywordGap({ domain1, domain2, intersections, locationCode, language, limit, filter }) {
    const market = { locationCode, language };
    const rankingsOf2 = new Map((await rankedPool(domain2, market)).map((record) => [record.keyword, record]));
    const rows = (await rankedPool(domain1, market)).flatMap((record) => {
      const other = rankingsOf2.get(record.keyword);
      if ((other !== undefined) !== intersections) return [];
      return [{ ...record, domain1: rankingFields(record), domain2: other ? rankingFields(other) : null }];
    });
    return applyKeywordFilters(rows, filter).slice(0, limit).map((row) => ({ ...keywordFields(row), domain1: row.domain1, domain2: row.domain2 }));
  },

  /**
   * The keywords of the first page's subject (its path's last words, or its site's name) whose
   * results pages show every page's site, highest volume first, each page where its site's first
   * organic result is on that page (as /v1/serp/websearch and the site's keyword list put it).
   * Read in volume order until enough are found: at most one grid's pages, a slice at a time.
   */
  async pageIntersection({ pages, locationCode, language, limit }) {
    const market = { locationCode, language };
    const first = new URL(pages[0]!);
    const pathWords = topicWords(first.pathname);
    const topic = pathWords.length > 0 ? pathWords.slice(-3).join(' ') : brandOf(first.hostname);
    const sites = pages.map((url) => registrableDomain(normalisedDomain(new URL(url).hostname)));
    const found = [];
    const slices = eventLoopSlices();
    for (const metrics of [...new Set(gridOf(topic))].map((keyword) => keywordMetrics(keyword, market)).sort(byVolume)) {
      if (found.length >= limit) break;
      if (slices.due) await slices.next();
      const shown = new Map(organicSites(metrics.keyword, market).map(({ site, position }) => [site, position]));
      const positions = sites.map((site) => shown.get(site));
      if (positions.includes(undefined)) continue;
      found.push({
        ...keywordFields(metrics),
        pages: pages.map((url, index) => ({ url, position: positions[index]!, type: 'organic' as const, etv: estimatedVisits(metrics.volume, positions[index]!) })),
      });
    }
    return found;
  },

  async serpCompetitors({ keywords, locationCode, language, limit }) {
    const market = { locationCode, language };
    const positions = new Map<string, number[]>();
    const visits = new Map<string, number>();
    for (const keyword of new Set(keywords.map(normaliseKeyword))) {
      const volume = keywordMetrics(keyword, market).volume;
      // The domains the keyword's results page shows, each at the position of its first organic result.
      for (const { site, position } of organicSites(keyword, market)) {
        positions.set(site, [...(positions.get(site) ?? []), position]);
        visits.set(site, (visits.get(site) ?? 0) + estimatedVisits(volume, position));
      }
    }
    const visibilityOf = (position: number) => (position <= 10 ? 1 - (position - 1) / 10 : position <= 20 ? 0.05 : 0);
    return [...positions]
      .map(([domain, held]): SerpCompetitor => {
        const sorted = [...held].sort((a, b) => a - b);
        const middle = sorted.length / 2;
        return {
          domain,
          avgPosition: roundTo(sorted.reduce((sum, value) => sum + value, 0) / sorted.length, 2),
          medianPosition: sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2,
          etv: roundTo(visits.get(domain)!, 2),
          keywordsCount: sorted.length,
          rating: sorted.reduce((sum, position) => sum + 100 - position, 0),
          visibility: roundTo(sorted.reduce((sum, position) => sum + visibilityOf(position), 0), 4),
        };
      })
      .sort((first, second) => second.rating - first.rating || first.domain.localeCompare(second.domain))
      .slice(0, limit);
  },
};
