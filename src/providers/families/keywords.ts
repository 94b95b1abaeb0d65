import type { KeywordFilterBlock } from '../../filters/keyword-filter/schema';
import type { Keyword, KeywordDifficulty, KeywordSearchIntent } from '../../schemas/keyword';
import type { CallOptions, ProviderFamily } from '../providers';

/** Keywords grown from one seed (ideas, related keywords). */
export interface SeedKeywordsRequest {
  seed: string;
  limit: number;
  locationCode: number;
  language: string;
  /**
   * Applied before `limit`, as the data provider does (an empty block keeps everything). Without
   * sort rules the keywords come highest volume first.
   */
  filter: KeywordFilterBlock;
}

/** Metrics for keywords the caller names; keywords arrive normalised (lower case, single spaces) and distinct. */
export interface KeywordListRequest {
  keywords: readonly string[];
  locationCode: number;
  language: string;
}

export interface SearchIntentRequest {
  keywords: readonly string[];
  language: string;
}

/**
 * Keyword research: metrics, ideas, related keywords, difficulty, intent. Whatever a provider
 * cannot measure for a keyword it leaves out of the answer (so it is never billed); answers for
 * listed keywords keep the request's order.
 */
export interface KeywordsProvider extends ProviderFamily {
  /** Ideas around the seed (the seed itself may be among them), at most `limit`. */
  keywordIdeas(request: SeedKeywordsRequest, options: CallOptions): Promise<Keyword[]>;
  /** Semantically related keywords (neighbouring topics, questions), never the seed, at most `limit`. */
  relatedKeywords(request: SeedKeywordsRequest, options: CallOptions): Promise<Keyword[]>;
  /** Full metrics with a 12-month trend, one record per keyword the provider knows. */
  keywordOverview(request: KeywordListRequest, options: CallOptions): Promise<Keyword[]>;
  /** SEO difficulty of each keyword the provider has scored. */
  keywordDifficulty(request: KeywordListRequest, options: CallOptions): Promise<KeywordDifficulty[]>;
  /** Search intent of each keyword the provider has classified. */
  searchIntent(request: SearchIntentRequest, options: CallOptions): Promise<KeywordSearchIntent[]>;
}
