import type { CallOptions, ProviderFamily } from '../providers';
import type {
  AssistantReference,
  ContentResult,
  ContentSummary,
  LlmMentionsPage,
  SentimentResult,
  TrendPoint,
} from '../../schemas/content';

export interface ContentSearchRequest {
  keyword: string;
  limit: number;
}

export interface TrendsRequest {
  /** 1 to 5 keywords; the answer's values follow this order. */
  keywords: string[];
  locationCode: number;
}

export interface TrendsAnswer {
  timeline: TrendPoint[];
  /** Average interest per keyword over the period, in request order. */
  averages: number[];
}

export interface AssistantRequest {
  keyword: string;
  /** Two-letter country code, lower-case. */
  country: string;
}

export interface AssistantAnswer {
  response: string;
  references: AssistantReference[];
}

/** `[field, operator, value]`, the vendor's filter condition. */
export type MentionCondition = [string, string, unknown];
/** Conditions joined by "and"/"or", groups nestable: `[[c1], "and", [[c2], "or", [c3]]]`. */
export type MentionFilter = Array<MentionCondition | 'and' | 'or' | MentionFilter>;

interface MentionTargetCommon {
  searchFilter?: 'include' | 'exclude';
  searchScope?: string[];
}
export type MentionTarget =
  | (MentionTargetCommon & { domain: string; includeSubdomains?: boolean })
  | (MentionTargetCommon & { keyword: string; matchType?: 'word_match' | 'partial_match' });

export interface LlmMentionsRequest {
  targets: MentionTarget[];
  platform: 'websearch' | 'assistant';
  locationCode: number;
  language: string;
  filters?: MentionFilter;
  /** Up to 3 `field,asc|desc` rules. */
  orderBy?: string[];
  offset: number;
  searchAfterToken?: string;
  limit: number;
  tag?: string;
}

/** Content analysis, search trends and AI-assistant visibility. */
export interface ContentProvider extends ProviderFamily {
  /** Pages citing the keyword, most relevant first. */
  searchContent(request: ContentSearchRequest, options: CallOptions): Promise<ContentResult[]>;
  /** The same citations, with their polarity scored. */
  sentiment(request: ContentSearchRequest, options: CallOptions): Promise<SentimentResult[]>;
  summary(request: { keyword: string }, options: CallOptions): Promise<Omit<ContentSummary, 'keyword'>>;
  trends(request: TrendsRequest, options: CallOptions): Promise<TrendsAnswer>;
  assistant(request: AssistantRequest, options: CallOptions): Promise<AssistantAnswer>;
  llmMentions(request: LlmMentionsRequest, options: CallOptions): Promise<LlmMentionsPage>;
}
