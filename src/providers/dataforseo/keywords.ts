import { z } from 'zod';
import { applyKeywordFilters } from '../../filters/keyword-filter/evaluate';
import { translateKeywordFilters, type VendorFieldPaths } from '../../filters/keyword-filter/vendor';
import type { Keyword, KeywordSearchIntent } from '../../schemas/keyword';
import { KeywordIntent } from '../../schemas/keyword';
import type { KeywordsProvider, SeedKeywordsRequest } from '../families/keywords';
import type { CallOptions } from '../providers';
import type { DataForSeoClient } from './client';

/**
 * Keyword research on the vendor's DataForSEO Labs (Google) endpoints. Every endpoint returning
 * full keyword records reports them in the same nested form (the vendor's KeywordDataInfo), read
 * by `VendorKeywordData` and mapped by `keywordFromVendor`. Schemas name only the fields we read;
 * the vendor documents nearly all of them as nullable.
 */

const LABS = 'dataforseo_labs/google';

const VendorMonthlySearches = z.looseObject({
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  search_volume: z.number().nullish(),
});

/** The vendor's keyword record (KeywordDataInfo). */
export const VendorKeywordData = z.looseObject({
  keyword: z.string(),
  keyword_info: z
    .looseObject({
      search_volume: z.number().nullish(),
      cpc: z.number().nullish(),
      competition: z.number().nullish(),
      competition_level: z.string().nullish(),
      monthly_searches: z.array(VendorMonthlySearches).nullish(),
    })
    .nullish(),
  keyword_properties: z.looseObject({ keyword_difficulty: z.number().nullish() }).nullish(),
  serp_info: z
    .looseObject({ serp_item_types: z.array(z.string()).nullish(), se_results_count: z.number().nullish() })
    .nullish(),
  avg_backlinks_info: z
    .looseObject({ backlinks: z.number().nullish(), referring_domains: z.number().nullish() })
    .nullish(),
  search_intent_info: z.looseObject({ main_intent: z.string().nullish() }).nullish(),
});

type VendorKeywordData = z.output<typeof VendorKeywordData>;

/** `result[0]` of the Labs endpoints: the interesting part is always `items` (null when nothing was found). */
const itemsResult = <Item extends z.ZodType>(item: Item) => z.looseObject({ items: z.array(item).nullish() });

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const count = (value: number | null | undefined) => Math.max(0, Math.round(value ?? 0));

const competitionLevels = new Set(['LOW', 'MEDIUM', 'HIGH']);

function competitionLevelOf(level: string | null | undefined): Keyword['competitionLevel'] {
  const upper = level?.toUpperCase();
  return upper !== undefined && competitionLevels.has(upper) ? (upper as Keyword['competitionLevel']) : 'unknown';
}

function intentOf(label: string | null | undefined): Keyword['intent'] {
  const parsed = KeywordIntent.safeParse(label?.toLowerCase());
  return parsed.success ? parsed.data : 'unknown';
}

/** Vendor SERP item types that carry a platform's name get the spec's neutral word. */
const NEUTRAL_SERP_TYPES: Record<string, string> = { twitter: 'micro' };

/** `people_also_ask` → `peopleAlsoAsk`, as our SERP result types are spelled. */
function serpFeatureOf(vendorType: string): string {
  return NEUTRAL_SERP_TYPES[vendorType] ?? vendorType.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

/** Months with a measured volume, oldest first (the vendor sends newest first, not promised). */
function trendOf(months: z.output<typeof VendorMonthlySearches>[] | null | undefined): Keyword['trend'] {
  return (months ?? [])
    .filter((entry) => entry.search_volume !== null && entry.search_volume !== undefined)
    .sort((first, second) => first.year - second.year || first.month - second.month)
    .map((entry) => ({ month: `${entry.year}-${String(entry.month).padStart(2, '0')}`, volume: count(entry.search_volume) }));
}

/** The one mapping from the vendor's keyword record to ours; what the vendor left null reads as zero or unknown. */
export function keywordFromVendor(data: VendorKeywordData): Keyword {
  const info = data.keyword_info;
  const serpFeatures = (data.serp_info?.serp_item_types ?? []).map(serpFeatureOf);
  return {
    keyword: data.keyword,
    volume: count(info?.search_volume),
    cpc: Math.max(0, info?.cpc ?? 0),
    difficulty: clamp(data.keyword_properties?.keyword_difficulty ?? 0, 0, 100),
    competition: clamp(info?.competition ?? 0, 0, 1),
    competitionLevel: competitionLevelOf(info?.competition_level),
    intent: intentOf(data.search_intent_info?.main_intent),
    avgBacklinks: Math.max(0, data.avg_backlinks_info?.backlinks ?? 0),
    avgReferringDomains: Math.max(0, data.avg_backlinks_info?.referring_domains ?? 0),
    serpFeatures: [...new Set(serpFeatures)],
    totalResults: count(data.serp_info?.se_results_count),
    trend: trendOf(info?.monthly_searches),
  };
}

/** Where our filter fields sit in keyword_ideas items (the record itself); words are filtered upstream here. */
const IDEAS_FIELD_PATHS: VendorFieldPaths = {
  keyword: 'keyword',
  volume: 'keyword_info.search_volume',
  cpc: 'keyword_info.cpc',
  competition: 'keyword_info.competition',
  competitionLevel: 'keyword_info.competition_level',
  difficulty: 'keyword_properties.keyword_difficulty',
  intent: 'search_intent_info.main_intent',
  words: 'keyword_properties.words_count',
};

/**
 * Where our filter fields sit in items that nest the record under `keyword_data` (related_keywords,
 * and also ranked_keywords and domain_intersection); words are counted locally there (SPEC.md).
 */
export const KEYWORD_DATA_FIELD_PATHS: VendorFieldPaths = {
  keyword: 'keyword_data.keyword',
  volume: 'keyword_data.keyword_info.search_volume',
  cpc: 'keyword_data.keyword_info.cpc',
  competition: 'keyword_data.keyword_info.competition',
  competitionLevel: 'keyword_data.keyword_info.competition_level',
  difficulty: 'keyword_data.keyword_properties.keyword_difficulty',
  intent: 'keyword_data.search_intent_info.main_intent',
};

/**
 * The vendor's `filters` and `order_by` for a filter block, and what is left to apply here.
 * Without sort rules the order is highest volume first, as the sandbox and our docs promise.
 */
function vendorFilterFields(request: SeedKeywordsRequest, fieldPaths: VendorFieldPaths) {
  const { filters, orderBy, local } = translateKeywordFilters(request.filter, fieldPaths);
  return { filters, order_by: orderBy ?? [`${fieldPaths.volume},desc`], local };
}

/** related_keywords' expansion depth yields about 8, 72, 584 or 4,680 keywords (depth 1 to 4). */
const RELATED_KEYWORDS_BY_DEPTH = [8, 72, 584, 4_680];

/** The shallowest depth (the closest relations) that can fill `limit`, one deeper when filters thin it out. */
function relatedDepth(request: SeedKeywordsRequest): number {
  const wanted = RELATED_KEYWORDS_BY_DEPTH.findIndex((expected) => expected >= request.limit);
  const enough = wanted === -1 ? RELATED_KEYWORDS_BY_DEPTH.length : wanted + 1;
  return Math.min(RELATED_KEYWORDS_BY_DEPTH.length, request.filter.filters.length > 0 ? enough + 1 : enough);
}

const RelatedKeywordItem = z.looseObject({ keyword_data: VendorKeywordData.nullish() });
const DifficultyItem = z.looseObject({ keyword: z.string(), keyword_difficulty: z.number().nullish() });
const VendorIntent = z.looseObject({ label: z.string().nullish(), probability: z.number().nullish() });
const IntentItem = z.looseObject({
  keyword: z.string(),
  keyword_intent: VendorIntent.nullish(),
  secondary_keyword_intents: z.array(VendorIntent).nullish(),
});

const probabilityOf = (value: number | null | undefined) => clamp(value ?? 0, 0, 1);

function searchIntentFromVendor(item: z.output<typeof IntentItem>): KeywordSearchIntent | undefined {
  if (!item.keyword_intent?.label) return undefined;
  const secondaryIntents = (item.secondary_keyword_intents ?? [])
    .filter((secondary) => secondary.label)
    .map((secondary) => ({ intent: intentOf(secondary.label), probability: probabilityOf(secondary.probability) }))
    .sort((first, second) => second.probability - first.probability);
  return {
    keyword: item.keyword,
    intent: intentOf(item.keyword_intent.label),
    probability: probabilityOf(item.keyword_intent.probability),
    secondaryIntents,
  };
}

/** Rows in the order their keywords were asked for; any the vendor renamed go last. */
function inRequestOrder<Row extends { keyword: string }>(rows: Row[], keywords: readonly string[]): Row[] {
  const position = new Map(keywords.map((keyword, index) => [keyword, index]));
  const rank = (row: Row) => position.get(row.keyword.toLowerCase()) ?? keywords.length;
  return rows.map((row, index) => ({ row, index })).sort((a, b) => rank(a.row) - rank(b.row) || a.index - b.index).map(({ row }) => row);
}

const isPresent = <Value>(value: Value | undefined | null): value is Value => value !== undefined && value !== null;

/** DataForSEO Labs as our keywords family; every method is one live call, its signal passed on. */
export function dataForSeoKeywords(client: DataForSeoClient): KeywordsProvider {
  const items = async <Item extends z.ZodType>(path: string, task: Record<string, unknown>, item: Item, options: CallOptions) =>
    (await client.liveOne(`${LABS}/${path}`, task, itemsResult(item), options))?.items ?? [];

  return {
    name: client.name,

    async keywordIdeas(request, options) {
      const { local, ...filtering } = vendorFilterFields(request, IDEAS_FIELD_PATHS);
      const task = {
        keywords: [request.seed],
        location_code: request.locationCode,
        language_code: request.language,
        include_serp_info: true,
        limit: request.limit,
        ...filtering,
      };
      const ideas = (await items('keyword_ideas/live', task, VendorKeywordData, options)).map(keywordFromVendor);
      return applyKeywordFilters(ideas, local);
    },

    async relatedKeywords(request, options) {
      const { local, ...filtering } = vendorFilterFields(request, KEYWORD_DATA_FIELD_PATHS);
      const task = {
        keyword: request.seed,
        location_code: request.locationCode,
        language_code: request.language,
        depth: relatedDepth(request),
        include_serp_info: true,
        limit: request.limit,
        ...filtering,
      };
      const related = await items('related_keywords/live', task, RelatedKeywordItem, options);
      return applyKeywordFilters(related.map((item) => item.keyword_data).filter(isPresent).map(keywordFromVendor), local);
    },

    async keywordOverview(request, options) {
      const task = { keywords: request.keywords, location_code: request.locationCode, language_code: request.language, include_serp_info: true };
      const records = (await items('keyword_overview/live', task, VendorKeywordData, options)).map(keywordFromVendor);
      return inRequestOrder(records, request.keywords);
    },

    async keywordDifficulty(request, options) {
      const task = { keywords: request.keywords, location_code: request.locationCode, language_code: request.language };
      // A null difficulty is "not scored": the row is left out, so it is not billed either.
      const scored = (await items('bulk_keyword_difficulty/live', task, DifficultyItem, options)).flatMap(({ keyword, keyword_difficulty: difficulty }) =>
        isPresent(difficulty) ? [{ keyword, difficulty: clamp(difficulty, 0, 100) }] : []);
      return inRequestOrder(scored, request.keywords);
    },

    async searchIntent(request, options) {
      const task = { keywords: request.keywords, language_code: request.language };
      const classified = (await items('search_intent/live', task, IntentItem, options)).map(searchIntentFromVendor).filter(isPresent);
      return inRequestOrder(classified, request.keywords);
    },
  };
}
