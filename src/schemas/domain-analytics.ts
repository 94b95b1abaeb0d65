import { z } from 'zod';
import { Keyword } from './keyword';

/**
 * Records of the domain-analytics and competitor endpoints (SPEC.md "Backlink and domain
 * records" plus the shapes ENDPOINT-CATALOG.md gives the others). Traffic figures are the data
 * provider's estimated monthly visits (its `etv`); traffic values and costs are USD.
 */

const count = (description: string) => z.number().int().nonnegative().meta({ description });
const amount = (description: string) => z.number().nonnegative().meta({ description });
const position = (description: string) => z.number().int().min(1).meta({ description });

export const DomainOverview = z
  .object({
    domain: z.string().meta({ examples: ['example.com'] }),
    organicTraffic: count('Estimated monthly organic visits in the location.'),
    organicKeywords: count('Keywords the domain ranks for organically in the location.'),
    backlinks: count('Backlinks pointing to the domain (all locations).'),
    referringDomains: count('Distinct domains linking to it.'),
    domainRank: z.number().int().min(0).max(1000).meta({ description: 'Backlink rank, 0 to 1000.' }),
  })
  .meta({ id: 'DomainOverview' });

export const TrafficEstimate = z
  .object({
    domain: z.string().meta({ examples: ['example.com'] }),
    organicKeywords: count('Keywords ranking organically.'),
    organicTraffic: count('Estimated monthly organic visits.'),
    paidKeywords: count('Keywords with ads.'),
    paidTraffic: count('Estimated monthly visits from ads.'),
  })
  .meta({ id: 'TrafficEstimate' });

/** The keyword metrics the filter block reads, shared by every keyword row of this area. */
const keywordMetrics = {
  cpc: Keyword.shape.cpc,
  competition: Keyword.shape.competition,
  competitionLevel: Keyword.shape.competitionLevel,
  difficulty: Keyword.shape.difficulty,
  intent: Keyword.shape.intent,
};

export const RankedKeyword = z
  .object({
    keyword: Keyword.shape.keyword,
    position: position('Organic position of the domain for this keyword.'),
    searchVolume: Keyword.shape.volume,
    url: z.string().meta({ description: 'The ranking page.', examples: ['https://example.com/guides/coffee'] }),
    ...keywordMetrics,
  })
  .meta({ id: 'RankedKeyword' });

const PageMetrics = z.object({
  backlinks: count('Backlinks to the page.'),
  refDomains: count('Domains linking to the page.'),
  traffic: count('Estimated monthly organic visits to the page.'),
  trafficValue: amount('USD value of that traffic at the keywords\' CPC.'),
  organicKeywords: count('Keywords the page ranks for.'),
  urlRating: z.number().int().min(0).max(100).meta({ description: 'Link strength of the page, 0 to 100.' }),
  numberOfWordsOnPage: count('Words on the page (0 when the provider does not measure it).'),
});

const SiteMetrics = z.object({
  domainRating: z.number().int().min(0).max(100).meta({ description: 'Link strength of the domain, 0 to 100.' }),
  thirdPartyRank: position('Estimated position among all domains by link strength (1 = strongest).'),
  domainRank: z.number().int().min(0).max(1000).meta({ description: 'Backlink rank, 0 to 1000.' }),
  backlinks: count('Backlinks to the domain.'),
  refDomains: count('Domains linking to it.'),
  traffic: count('Estimated monthly organic visits (United States).'),
  trafficValue: amount('USD value of that traffic.'),
  organicKeywords: count('Keywords the domain ranks for (United States).'),
});

export const DomainMetrics = z
  .object({
    target: z.string().meta({ description: 'The domain analysed.', examples: ['example.com'] }),
    page: PageMetrics.meta({ description: 'The home page of the domain.' }),
    domainMetrics: SiteMetrics.meta({ description: 'The whole domain.' }),
  })
  .meta({ id: 'DomainMetrics' });

/** Position buckets of the rank overview, in order: pos1, pos2_3, pos4_10, pos11_20 … pos91_100. */
export const POSITION_BUCKETS = [
  'pos1', 'pos2_3', 'pos4_10', 'pos11_20', 'pos21_30', 'pos31_40', 'pos41_50', 'pos51_60', 'pos61_70', 'pos71_80',
  'pos81_90', 'pos91_100',
] as const;
export type PositionBucket = (typeof POSITION_BUCKETS)[number];

const bucketLabel = (bucket: PositionBucket) =>
  bucket === 'pos1' ? 'position 1' : `positions ${bucket.slice(3).replace('_', ' to ')}`;

const SearchTypeOverview = z.object({
  keywords: count('Keywords the domain appears for.'),
  traffic: count('Estimated monthly visits.'),
  trafficCost: amount('What that traffic would cost in ads, USD per month.'),
  positions: z
    .object(Object.fromEntries(POSITION_BUCKETS.map((bucket) => [bucket, count(`Keywords at ${bucketLabel(bucket)}.`)])) as Record<PositionBucket, z.ZodNumber>)
    .meta({ description: 'Keywords per position range; the ranges sum to `keywords`.' }),
  movement: z
    .object({
      new: count('Keywords that newly rank.'),
      up: count('Keywords whose position improved.'),
      down: count('Keywords whose position dropped.'),
      lost: count('Keywords no longer ranking.'),
    })
    .meta({ description: 'Changes since the previous data update.' }),
});

export const DomainRankOverview = z
  .object({
    target: z.string().meta({ examples: ['example.com'] }),
    organic: SearchTypeOverview.meta({ description: 'Organic results.' }),
    paid: SearchTypeOverview.meta({ description: 'Ads.' }),
  })
  .meta({ id: 'DomainRankOverview' });

export const DomainTechnology = z
  .object({
    name: z.string().meta({ description: 'Technology name.', examples: ['Nginx'] }),
    category: z.string().meta({ description: 'What it is used for.', examples: ['web_servers'] }),
    group: z.string().meta({ description: 'Broad group of the category.', examples: ['servers'] }),
  })
  .meta({ id: 'DomainTechnology' });

export const DomainBacklink = z
  .object({
    sourceUrl: z.string().meta({ description: 'Page the link is on.', examples: ['https://blog.example.org/coffee-gear'] }),
    sourceDomain: z.string().meta({ description: 'Domain of that page.', examples: ['blog.example.org'] }),
    anchorText: z.string().meta({ description: 'Anchor text (empty for image and other non-text links).' }),
    isDofollow: z.boolean().meta({ description: 'Whether the link passes ranking credit.' }),
    domainAuthority: z.number().int().min(0).max(100).meta({ description: 'Link strength of the linking domain, 0 to 100.' }),
    firstSeen: z.string().meta({ description: 'When the link was first seen, ISO 8601.', examples: ['2025-03-14T08:21:10+00:00'] }),
  })
  .meta({ id: 'DomainBacklink' });

const timestamp = (description: string) =>
  z.string().nullable().meta({ description: `${description}, ISO 8601; null when unknown.`, examples: ['1995-08-14T04:00:00+00:00'] });

export const WhoisRecord = z
  .object({
    domain: z.string().meta({ examples: ['example.com'] }),
    registrar: z.string().nullable().meta({ description: 'Registrar; null when unknown or the domain is not registered.' }),
    createdDate: timestamp('Registration date'),
    updatedDate: timestamp('Last update of the record'),
    expiryDate: timestamp('Expiry date'),
    nameServers: z.array(z.string()).meta({ description: 'Name servers (empty when the provider does not report them).' }),
  })
  .meta({ id: 'WhoisRecord' });

export const Competitor = z
  .object({
    domain: z.string().meta({ examples: ['competitor.example'] }),
    avgPosition: z.number().nonnegative().meta({ description: 'Average position of the competitor on the shared keywords (0 when unknown).' }),
    intersections: count('Keywords both domains rank for.'),
    organicCount: count('Keywords the competitor ranks for in the location.'),
    organicEtv: amount('Estimated monthly organic traffic of the competitor in the location.'),
  })
  .meta({ id: 'Competitor' });

const Ranking = z.object({
  position: position('Organic position.'),
  url: z.string().meta({ description: 'The ranking page.' }),
  etv: amount('Estimated monthly visits this ranking brings.'),
});

export const KeywordGap = z
  .object({
    keyword: Keyword.shape.keyword,
    volume: Keyword.shape.volume,
    ...keywordMetrics,
    domain1: Ranking.meta({ description: 'Where domain1 ranks.' }),
    domain2: Ranking.nullable().meta({ description: 'Where domain2 ranks; null when it does not.' }),
  })
  .meta({ id: 'KeywordGap' });

export const PageKeywordIntersection = z
  .object({
    keyword: Keyword.shape.keyword,
    volume: Keyword.shape.volume,
    ...keywordMetrics,
    pages: z
      .array(
        z.object({
          url: z.string(),
          position: position('Position of the page.'),
          type: z.string().meta({ description: 'Result type the page appears as.', examples: ['organic'] }),
          etv: amount('Estimated monthly visits this ranking brings.'),
        }),
      )
      .meta({ description: 'The given pages that rank for the keyword, in the order they were given.' }),
  })
  .meta({ id: 'PageKeywordIntersection' });

export const SerpCompetitor = z
  .object({
    domain: z.string().meta({ examples: ['competitor.example'] }),
    avgPosition: z.number().nonnegative().meta({ description: 'Mean position over the keywords it ranks for (0 when unknown).' }),
    medianPosition: z.number().nonnegative().meta({ description: 'Median position over those keywords (0 when unknown).' }),
    etv: amount('Estimated monthly visits the keywords bring it.'),
    keywordsCount: count('How many of the keywords it ranks for.'),
    rating: count('Sum of (100 − position) over those keywords.'),
    visibility: amount('Visibility index summed over the keywords: 1 to 0.1 for positions 1 to 10, 0.05 for 11 to 20, 0 below.'),
  })
  .meta({ id: 'SerpCompetitor' });

export type DomainOverview = z.infer<typeof DomainOverview>;
export type TrafficEstimate = z.infer<typeof TrafficEstimate>;
export type RankedKeyword = z.infer<typeof RankedKeyword>;
export type DomainMetrics = z.infer<typeof DomainMetrics>;
export type DomainRankOverview = z.infer<typeof DomainRankOverview>;
export type SearchTypeOverview = z.infer<typeof SearchTypeOverview>;
export type DomainTechnology = z.infer<typeof DomainTechnology>;
export type DomainBacklink = z.infer<typeof DomainBacklink>;
export type WhoisRecord = z.infer<typeof WhoisRecord>;
export type Competitor = z.infer<typeof Competitor>;
export type KeywordGap = z.infer<typeof KeywordGap>;
export type PageKeywordIntersection = z.infer<typeof PageKeywordIntersection>;
export type SerpCompetitor = z.infer<typeof SerpCompetitor>;
