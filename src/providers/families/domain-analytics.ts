import type { KeywordFilterBlock } from '../../filters/keyword-filter/schema';
import type {
  Competitor, DomainBacklink, DomainMetrics, DomainOverview, DomainRankOverview, DomainTechnology, KeywordGap,
  PageKeywordIntersection, RankedKeyword, SerpCompetitor, TrafficEstimate,
} from '../../schemas/domain-analytics';
import type { CallOptions, ProviderFamily } from '../providers';

/** Where the data is measured: a vendor location code (2840 = United States) and a language. */
export interface SearchMarket {
  locationCode: number;
  language: string;
}

export interface DomainRequest extends SearchMarket {
  domain: string;
}

export interface RankedKeywordsRequest extends DomainRequest {
  limit: number;
  /** Applied before `limit`; sorted by search volume when it has no sort rule. */
  filter: KeywordFilterBlock;
}

export interface TrafficEstimatesRequest extends SearchMarket {
  /** Distinct domains; the answer has one estimate per domain, same order. */
  domains: string[];
}

export interface CompetitorDomainsRequest extends DomainRequest {
  limit: number;
}

export interface KeywordGapRequest extends SearchMarket {
  domain1: string;
  domain2: string;
  /** true: keywords both rank for; false: keywords only domain1 ranks for. */
  intersections: boolean;
  limit: number;
  /** Applied before `limit`; sorted by search volume when it has no sort rule. */
  filter: KeywordFilterBlock;
}

export interface PageIntersectionRequest extends SearchMarket {
  /** Page URLs in the caller's numbering order ("1" first). */
  pages: string[];
  limit: number;
}

export interface SerpCompetitorsRequest extends SearchMarket {
  keywords: string[];
  limit: number;
}

/** Domain analytics and competitors: overview, ranked keywords, traffic, metrics, technologies (WHOIS is the whois family's). */
export interface DomainAnalyticsProvider extends ProviderFamily {
  overview(request: DomainRequest, options: CallOptions): Promise<DomainOverview>;
  rankedKeywords(request: RankedKeywordsRequest, options: CallOptions): Promise<RankedKeyword[]>;
  trafficEstimates(request: TrafficEstimatesRequest, options: CallOptions): Promise<TrafficEstimate[]>;
  /** Link and traffic metrics of a domain and its home page (United States traffic). */
  metrics(request: { domain: string }, options: CallOptions): Promise<DomainMetrics>;
  rankOverview(request: DomainRequest, options: CallOptions): Promise<DomainRankOverview>;
  technologies(request: { domain: string }, options: CallOptions): Promise<DomainTechnology[]>;
  /** Strongest linking domains first. */
  backlinks(request: { domain: string; limit: number }, options: CallOptions): Promise<DomainBacklink[]>;
  /** Ranked by shared keywords, most first. */
  competitorDomains(request: CompetitorDomainsRequest, options: CallOptions): Promise<Competitor[]>;
  keywordGap(request: KeywordGapRequest, options: CallOptions): Promise<KeywordGap[]>;
  pageIntersection(request: PageIntersectionRequest, options: CallOptions): Promise<PageKeywordIntersection[]>;
  serpCompetitors(request: SerpCompetitorsRequest, options: CallOptions): Promise<SerpCompetitor[]>;
}

/**
 * A global position among domains (1 = strongest), estimated from the 0–1000 backlink rank on a
 * log scale: the few domains near 1000 hold the top places, the long tail spreads over millions.
 * Neither the sandbox nor the vendor reports such a position, so both derive it the same way.
 */
export function thirdPartyRankOf(domainRank: number): number {
  const strength = Math.min(1000, Math.max(0, domainRank)) / 1000;
  return Math.max(1, Math.round(10 ** (8.5 * (1 - strength))));
}
