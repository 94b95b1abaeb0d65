import type { KeywordFilterBlock } from '../../filters/keyword-filter/schema';
import type { Keyword } from '../../schemas/keyword';
import type { CallOptions, ProviderFamily } from '../providers';

export interface KeywordIdeasRequest {
  seed: string;
  limit: number;
  locationCode: number;
  language: string;
  /** Applied before `limit`, as the data provider does (an empty block keeps everything). */
  filter: KeywordFilterBlock;
}

/** Keyword research: metrics, ideas, related keywords, difficulty, intent. */
export interface KeywordsProvider extends ProviderFamily {
  keywordIdeas(request: KeywordIdeasRequest, options: CallOptions): Promise<Keyword[]>;
}
