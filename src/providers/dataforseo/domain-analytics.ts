import { z } from 'zod';
import type { DomainAnalyticsProvider, SearchMarket } from '../families/domain-analytics';
import { thirdPartyRankOf } from '../families/domain-analytics';
import type {
  Competitor, DomainBacklink, DomainTechnology, PageKeywordIntersection, PositionBucket, RankedKeyword,
  SearchTypeOverview, SerpCompetitor,
} from '../../schemas/domain-analytics';
import { POSITION_BUCKETS } from '../../schemas/domain-analytics';
import type { Keyword } from '../../schemas/keyword';
import { applyKeywordFilters } from '../../filters/keyword-filter/evaluate';
import type { KeywordFilterBlock } from '../../filters/keyword-filter/schema';
import { translateKeywordFilters } from '../../filters/keyword-filter/vendor';
import type { DataForSeoClient } from './client';
import { KEYWORD_DATA_FIELD_PATHS, VendorKeywordData, keywordFromVendor } from './keywords';
import { itemsOf, present, vendorNumber as number, vendorText as text, whole } from './vendor-values';
import type { CallOptions } from '../providers';

/**
 * Domain analytics on the vendor's Labs, Backlinks and Domain Analytics APIs. Wire shapes below
 * list only the fields read; the vendor documents most of them as nullable, and a null becomes 0,
 * '' or an empty list (or a dropped row when a ranking has no position at all).
 */

const MAX_LIMIT = 1000;

// ── Wire shapes ─────────────────────────────────────────────────────────────────────────────

/** Labs' per-search-type counters (`metrics.organic`, `metrics.paid`). */
const MetricsInfo = z
  .looseObject({
    pos_1: number, pos_2_3: number, pos_4_10: number, pos_11_20: number, pos_21_30: number, pos_31_40: number,
    pos_41_50: number, pos_51_60: number, pos_61_70: number, pos_71_80: number, pos_81_90: number, pos_91_100: number,
    etv: number, count: number, estimated_paid_traffic_cost: number,
    is_new: number, is_up: number, is_down: number, is_lost: number,
  })
  .nullish();
const OrganicAndPaid = z.looseObject({ organic: MetricsInfo, paid: MetricsInfo }).nullish();

const RankOverviewResult = itemsOf(z.looseObject({ metrics: OrganicAndPaid }));
const BacklinksSummary = z.looseObject({ rank: number, backlinks: number, referring_domains: number });

const SerpElement = z.looseObject({ type: text, rank_group: number, rank_absolute: number, url: text, etv: number });

const RankedKeywordsResult = itemsOf(
  z.looseObject({ keyword_data: VendorKeywordData, ranked_serp_element: z.looseObject({ serp_item: SerpElement.nullish() }).nullish() }),
).extend({ metrics: OrganicAndPaid });
const BulkTrafficResult = itemsOf(z.looseObject({ target: z.string(), metrics: OrganicAndPaid }));
/** Backlinks' bulk pages summary: one item per target, named by `url` (the target as sent). */
const BulkPagesSummaryResult = itemsOf(z.looseObject({ url: text, rank: number, backlinks: number, referring_domains: number }));
const CompetitorsResult = itemsOf(z.looseObject({ domain: z.string(), avg_position: number, intersections: number, full_domain_metrics: OrganicAndPaid }));
const DomainIntersectionResult = itemsOf(
  z.looseObject({ keyword_data: VendorKeywordData, first_domain_serp_element: SerpElement.nullish(), second_domain_serp_element: SerpElement.nullish() }),
);
const PageIntersectionResult = itemsOf(
  // Documented as one SERP element per page number; some descriptions say an array of them.
  z.looseObject({ keyword_data: VendorKeywordData, intersection_result: z.record(z.string(), z.union([SerpElement, z.array(SerpElement)]).nullish()).nullish() }),
);
const SerpCompetitorsResult = itemsOf(
  z.looseObject({ domain: z.string(), avg_position: number, median_position: number, rating: number, etv: number, keywords_count: number, visibility: number }),
);
const TechnologiesResult = z.looseObject({ technologies: z.record(z.string(), z.record(z.string(), z.array(z.string()).nullish()).nullish()).nullish() });
const BacklinksResult = itemsOf(
  z.looseObject({ url_from: text, domain_from: text, anchor: text, dofollow: z.boolean().nullish(), domain_from_rank: number, first_seen: text }),
);

// ── Mapping ─────────────────────────────────────────────────────────────────────────────────

const money = (value: number | null | undefined) => Math.max(0, Math.round((value ?? 0) * 100) / 100);
const clamp = (value: number | null | undefined, max: number) => Math.min(max, Math.max(0, value ?? 0));

/** The vendor's "2019-11-15 12:57:46 +00:00" as ISO 8601; null when absent or unreadable. */
function isoTimestamp(value: string | null | undefined): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.\d+)? ?([+-]\d{2}:\d{2}|Z)?$/.exec(value?.trim() ?? '');
  return match ? `${match[1]}T${match[2]}${match[3] === undefined || match[3] === 'Z' ? '+00:00' : match[3]}` : null;
}

type KeywordFields = Pick<Keyword, 'keyword' | 'volume' | 'cpc' | 'competition' | 'competitionLevel' | 'difficulty' | 'intent'>;

/** The keyword metrics the rows of this area carry, read by the keyword adapter's one mapping. */
function keywordFields(data: z.output<typeof VendorKeywordData>): KeywordFields {
  const { keyword, volume, cpc, competition, competitionLevel, difficulty, intent } = keywordFromVendor(data);
  return { keyword, volume, cpc, competition, competitionLevel, difficulty, intent };
}

/** A ranking needs a position; the vendor gives rank_group (among organic results) or rank_absolute. */
function rankingOf(element: z.output<typeof SerpElement> | null | undefined, fallbackUrl = '') {
  const position = element?.rank_group ?? element?.rank_absolute;
  if (!element || position === null || position === undefined || position < 1) return null;
  return { position: Math.round(position), url: element.url ?? fallbackUrl, etv: money(element.etv), type: element.type ?? 'organic' };
}

function searchTypeOverview(metrics: z.output<typeof MetricsInfo>): SearchTypeOverview {
  // Our pos2_3 is the vendor's pos_2_3, and so on (every one declared in MetricsInfo).
  const counter = (bucket: PositionBucket) => whole(metrics?.[bucket.replace(/^pos/, 'pos_')] as number | null | undefined);
  return {
    keywords: whole(metrics?.count),
    traffic: whole(metrics?.etv),
    trafficCost: money(metrics?.estimated_paid_traffic_cost),
    positions: Object.fromEntries(POSITION_BUCKETS.map((bucket) => [bucket, counter(bucket)])) as Record<PositionBucket, number>,
    movement: { new: whole(metrics?.is_new), up: whole(metrics?.is_up), down: whole(metrics?.is_down), lost: whole(metrics?.is_lost) },
  };
}

/** Items that nest the keyword under `keyword_data` (ranked_keywords, domain_intersection, page_intersection), highest volume first. */
const BY_VOLUME = [`${KEYWORD_DATA_FIELD_PATHS.volume},desc`];

/**
 * Rows to ask for when words or length are filtered here, after the vendor's limit: three times
 * the rows wanted plus 100, at most 1,000. The vendor bills every row asked for ($0.0001 each,
 * ./costs.ts), and this keeps the call under the endpoints' $0.03 + $0.03 per 100 rows at any
 * limit (test/unit/operator-economics.test.ts); asking for 1,000 rows for a limit of 10 did not.
 */
function rowsToFilterLocally(limit: number): number {
  return Math.min(MAX_LIMIT, 3 * limit + 100);
}

/**
 * The filter block as task fields (`filters`, `order_by`, a `limit` that leaves room for what is
 * filtered here: words and length are computed from the returned keywords) and the local rest.
 */
function keywordQuery(filter: KeywordFilterBlock, limit: number) {
  const { filters, orderBy, local } = translateKeywordFilters(filter, KEYWORD_DATA_FIELD_PATHS);
  const task = { limit: local.filters.length > 0 ? rowsToFilterLocally(limit) : limit, order_by: orderBy ?? BY_VOLUME, ...(filters ? { filters } : {}) };
  return { task, finish: <Row extends KeywordFields>(rows: Row[]) => applyKeywordFilters(rows, local).slice(0, limit) };
}

const market = ({ locationCode, language }: SearchMarket) => ({ location_code: locationCode, language_code: language });
/** Where the domain metrics record measures traffic. */
const UNITED_STATES: SearchMarket = { locationCode: 2840, language: 'en' };

/** A bulk item names its target as sent, up to case and a trailing slash. */
function sameTarget(named: string | null | undefined, target: string): boolean {
  const bare = (value: string) => value.toLowerCase().replace(/\/+$/, '');
  return named != null && bare(named) === bare(target);
}

// ── The provider ────────────────────────────────────────────────────────────────────────────

/** Domain analytics served by the SEO data vendor (DataForSEO v3). */
export function dataForSeoDomainAnalytics(client: DataForSeoClient): DomainAnalyticsProvider {
  const summary = (target: string, options: CallOptions) => client.liveOne('backlinks/summary/live', { target }, BacklinksSummary, options);
  const rankOverview = async (target: string, where: SearchMarket, options: CallOptions) =>
    (await client.liveOne('dataforseo_labs/google/domain_rank_overview/live', { target, ...market(where) }, RankOverviewResult, options))?.items?.[0]?.metrics;

  return {
    name: client.name,

    async overview({ domain, ...where }, options) {
      const [ranks, links] = await Promise.all([rankOverview(domain, where, options), summary(domain, options)]);
      return {
        domain,
        organicTraffic: whole(ranks?.organic?.etv),
        organicKeywords: whole(ranks?.organic?.count),
        backlinks: whole(links?.backlinks),
        referringDomains: whole(links?.referring_domains),
        domainRank: whole(links?.rank, 1000),
      };
    },

    async rankedKeywords({ domain, limit, filter, ...where }, options) {
      const query = keywordQuery(filter, limit);
      const result = await client.liveOne(
        'dataforseo_labs/google/ranked_keywords/live',
        { target: domain, ...market(where), item_types: ['organic'], ...query.task },
        RankedKeywordsResult,
        options,
      );
      const rows = present(result?.items).flatMap((item) => {
        const ranking = rankingOf(item.ranked_serp_element?.serp_item);
        return ranking ? [{ ...keywordFields(item.keyword_data), position: ranking.position, url: ranking.url }] : [];
      });
      return query.finish(rows).map(({ volume, ...row }): RankedKeyword => ({ ...row, searchVolume: volume }));
    },

    async trafficEstimates({ domains, ...where }, options) {
      const result = await client.liveOne('dataforseo_labs/google/bulk_traffic_estimation/live', { targets: domains, ...market(where) }, BulkTrafficResult, options);
      const byTarget = new Map(present(result?.items).map((item) => [item.target.toLowerCase(), item.metrics]));
      return domains.map((domain) => {
        const metrics = byTarget.get(domain);
        return {
          domain,
          organicKeywords: whole(metrics?.organic?.count),
          organicTraffic: whole(metrics?.organic?.etv),
          paidKeywords: whole(metrics?.paid?.count),
          paidTraffic: whole(metrics?.paid?.etv),
        };
      });
    },

    async metrics({ domain }, options) {
      // Two bulk calls, each asked about the domain and its home page at once: the cheapest set that
      // gives every field (one Backlinks task, one Labs task; see docs/vendors/seo-data-vendor.md).
      const homePage = `https://${domain}/`;
      const targets = [domain, homePage];
      const [links, traffic] = await Promise.all([
        client.liveOne('backlinks/bulk_pages_summary/live', { targets }, BulkPagesSummaryResult, options),
        client.liveOne('dataforseo_labs/google/bulk_traffic_estimation/live', { targets, ...market(UNITED_STATES) }, BulkTrafficResult, options),
      ]);
      const linksOf = (target: string) => present(links?.items).find((item) => sameTarget(item.url, target));
      const organicOf = (target: string) => present(traffic?.items).find((item) => sameTarget(item.target, target))?.metrics?.organic;
      const [site, page] = [linksOf(domain), linksOf(homePage)];
      const [siteOrganic, pageOrganic] = [organicOf(domain), organicOf(homePage)];
      const domainRank = whole(site?.rank, 1000);
      return {
        target: domain,
        page: {
          backlinks: whole(page?.backlinks),
          refDomains: whole(page?.referring_domains),
          traffic: whole(pageOrganic?.etv),
          trafficValue: money(pageOrganic?.estimated_paid_traffic_cost),
          organicKeywords: whole(pageOrganic?.count),
          urlRating: whole((page?.rank ?? 0) / 10, 100),
          numberOfWordsOnPage: 0,
        },
        domainMetrics: {
          domainRating: whole(domainRank / 10, 100),
          thirdPartyRank: thirdPartyRankOf(domainRank),
          domainRank,
          backlinks: whole(site?.backlinks),
          refDomains: whole(site?.referring_domains),
          traffic: whole(siteOrganic?.etv),
          trafficValue: money(siteOrganic?.estimated_paid_traffic_cost),
          organicKeywords: whole(siteOrganic?.count),
        },
      };
    },

    async rankOverview({ domain, ...where }, options) {
      const metrics = await rankOverview(domain, where, options);
      return { target: domain, organic: searchTypeOverview(metrics?.organic), paid: searchTypeOverview(metrics?.paid) };
    },

    async technologies({ domain }, options) {
      const result = await client.liveOne('domain_analytics/technologies/domain_technologies/live', { target: domain }, TechnologiesResult, options);
      return Object.entries(result?.technologies ?? {}).flatMap(([group, categories]) =>
        Object.entries(categories ?? {}).flatMap(([category, names]) =>
          (names ?? []).map((name): DomainTechnology => ({ name, category, group }))));
    },

    async backlinks({ domain, limit }, options) {
      const result = await client.liveOne(
        'backlinks/backlinks/live',
        { target: domain, mode: 'as_is', limit, rank_scale: 'one_hundred', order_by: ['domain_from_rank,desc'] },
        BacklinksResult,
        options,
      );
      return present(result?.items).map((item): DomainBacklink => ({
        sourceUrl: item.url_from ?? '',
        sourceDomain: item.domain_from ?? '',
        anchorText: item.anchor ?? '',
        isDofollow: item.dofollow ?? false,
        domainAuthority: whole(item.domain_from_rank, 100),
        firstSeen: isoTimestamp(item.first_seen) ?? '',
      }));
    },

    async competitorDomains({ domain, limit, ...where }, options) {
      // The vendor lists the target among its own competitors: one more row, dropped here.
      const result = await client.liveOne(
        'dataforseo_labs/google/competitors_domain/live',
        { target: domain, ...market(where), limit: Math.min(MAX_LIMIT, limit + 1), order_by: ['intersections,desc'] },
        CompetitorsResult,
        options,
      );
      return present(result?.items)
        .filter((item) => item.domain.toLowerCase() !== domain)
        .map((item): Competitor => ({
          domain: item.domain,
          avgPosition: clamp(item.avg_position, 101),
          intersections: whole(item.intersections),
          organicCount: whole(item.full_domain_metrics?.organic?.count),
          organicEtv: money(item.full_domain_metrics?.organic?.etv),
        }))
        .sort((first, second) => second.intersections - first.intersections)
        .slice(0, limit);
    },

    async keywordGap({ domain1, domain2, intersections, limit, filter, ...where }, options) {
      const query = keywordQuery(filter, limit);
      const result = await client.liveOne(
        'dataforseo_labs/google/domain_intersection/live',
        { target1: domain1, target2: domain2, intersections, ...market(where), ...query.task },
        DomainIntersectionResult,
        options,
      );
      const rows = present(result?.items).flatMap((item) => {
        const first = rankingOf(item.first_domain_serp_element);
        if (!first) return [];
        const second = rankingOf(item.second_domain_serp_element);
        const ranking = (found: NonNullable<typeof first>) => ({ position: found.position, url: found.url, etv: found.etv });
        return [{ ...keywordFields(item.keyword_data), domain1: ranking(first), domain2: second ? ranking(second) : null }];
      });
      return query.finish(rows);
    },

    async pageIntersection({ pages, limit, ...where }, options) {
      const result = await client.liveOne(
        'dataforseo_labs/google/page_intersection/live',
        { pages: Object.fromEntries(pages.map((url, index) => [String(index + 1), url])), ...market(where), limit, order_by: BY_VOLUME },
        PageIntersectionResult,
        options,
      );
      return present(result?.items).map((item): PageKeywordIntersection => ({
        ...keywordFields(item.keyword_data),
        pages: pages.flatMap((url, index) => {
          const found = item.intersection_result?.[String(index + 1)];
          const ranking = rankingOf(Array.isArray(found) ? found[0] : found, url);
          return ranking ? [{ url: ranking.url, position: ranking.position, type: ranking.type, etv: ranking.etv }] : [];
        }),
      }));
    },

    async serpCompetitors({ keywords, limit, ...where }, options) {
      const result = await client.liveOne('dataforseo_labs/google/serp_competitors/live', { keywords, ...market(where), limit }, SerpCompetitorsResult, options);
      return present(result?.items).map((item): SerpCompetitor => ({
        domain: item.domain,
        avgPosition: clamp(item.avg_position, 101),
        medianPosition: clamp(item.median_position, 101),
        etv: money(item.etv),
        keywordsCount: whole(item.keywords_count),
        rating: whole(item.rating),
        visibility: Math.max(0, item.visibility ?? 0),
      }));
    },
  };
}
