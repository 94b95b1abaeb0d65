import { z } from 'zod';
import type { ContentProvider, LlmMentionsRequest, MentionTarget } from '../families/content';
import type { ContentResult, LlmMention, LlmMentionsPage, Sentiment, SentimentResult } from '../../schemas/content';
import { dateOfTimestamp, isCalendarDate } from '../../schemas/calendar-month';
import type { DataForSeoClient } from './client';
import { itemsOf, present, vendorNumber as count, vendorText as text, whole } from './vendor-values';
import type { CallOptions } from '../providers';

/**
 * The vendor's Content Analysis (`content_analysis/*`), Google Trends explore and AI Optimization
 * (LLM responses, LLM mentions) APIs, mapped to our camelCase records; nulls read as 0, '' or [].
 */

/** A current model that can search the web (the answer should cite sources). */
const ASSISTANT_MODEL = 'gpt-4.1-mini';
/** The summary's average content quality is taken over this many top citations. */
const QUALITY_SAMPLE = 100;
const PLATFORMS = { websearch: 'google', assistant: 'chat_gpt' } as const;

const numbers = z.record(z.string(), z.number().nullish()).nullish();

const CitationItem = z.looseObject({
  url: text,
  domain: text,
  spam_score: count,
  content_info: z
    .looseObject({ title: text, main_title: text, snippet: text, date_published: text, content_quality_score: count, connotation_types: numbers })
    .nullish(),
});
type Citation = z.output<typeof CitationItem>;

const ContentSummaryResult = z.looseObject({ total_count: count, connotation_types: numbers });

const TrendsResult = z.looseObject({
  items: z
    .array(
      z
        .looseObject({
          type: text,
          data: z.array(z.looseObject({ date_from: text, timestamp: count, values: z.array(z.number().nullable()).nullish() }).nullish()).nullish(),
          averages: z.array(z.number().nullable()).nullish(),
        })
        .nullish(),
    )
    .nullish(),
});

const LlmResponseResult = z.looseObject({
  items: z
    .array(
      z
        .looseObject({
          type: text,
          sections: z
            .array(z.looseObject({ type: text, text, annotations: z.array(z.looseObject({ title: text, url: text, text }).nullish()).nullish() }).nullish())
            .nullish(),
        })
        .nullish(),
    )
    .nullish(),
});

const MentionItem = z.looseObject({
  platform: text,
  model_name: text,
  location_code: count,
  language_code: text,
  question: text,
  answer: text,
  sources: z
    .array(z.looseObject({ position: count, title: text, url: text, domain: text, source_name: text, snippet: text, thumbnail: text, markdown: text, publication_date: text }).nullish())
    .nullish(),
  search_results: z
    .array(z.looseObject({ position: count, title: text, url: text, domain: text, description: text, breadcrumb: text, publication_date: text }).nullish())
    .nullish(),
  ai_search_volume: count,
  monthly_searches: z.array(z.looseObject({ year: count, month: count, search_volume: count }).nullish()).nullish(),
  first_response_at: text,
  last_response_at: text,
  brand_entities: z.array(z.looseObject({ rank: count, title: text, category: text }).nullish()).nullish(),
  fan_out_queries: z.array(z.string().nullable()).nullish(),
});
const MentionsResult = z.looseObject({ total_count: count, current_offset: count, search_after_token: text, items: z.array(MentionItem.nullish()).nullish() });

/** The most probable polarity of a citation (neutral when the vendor gives none). */
function polarity(connotations: Record<string, number | null | undefined> | null | undefined): { sentiment: Sentiment; score: number } {
  const probability = (kind: Sentiment) => Math.min(1, Math.max(0, connotations?.[kind] ?? 0));
  const sentiment = (['positive', 'negative', 'neutral'] as const).reduce((best, kind) => (probability(kind) > probability(best) ? kind : best), 'neutral' as Sentiment);
  return { sentiment, score: Math.round((probability('positive') - probability('negative')) * 1000) / 1000 };
}

function contentRow(item: Citation): ContentResult {
  const info = item.content_info;
  return {
    url: item.url ?? '',
    domain: item.domain ?? '',
    title: info?.title ?? info?.main_title ?? '',
    snippet: info?.snippet ?? '',
    datePublished: dateOfTimestamp(info?.date_published),
    sentiment: polarity(info?.connotation_types).sentiment,
    contentQualityScore: Math.max(0, info?.content_quality_score ?? 0),
    spamScore: whole(item.spam_score, 100),
  };
}

function sentimentRow(item: Citation): SentimentResult {
  const info = item.content_info;
  const { sentiment, score } = polarity(info?.connotation_types);
  return { url: item.url ?? '', domain: item.domain ?? '', title: info?.title ?? info?.main_title ?? '', sentiment, sentimentScore: score, date: dateOfTimestamp(info?.date_published) };
}

function vendorTarget(target: MentionTarget): Record<string, unknown> {
  const common = { search_filter: target.searchFilter, search_scope: target.searchScope };
  return 'domain' in target
    ? { domain: target.domain, ...common, include_subdomains: target.includeSubdomains }
    : { keyword: target.keyword, ...common, match_type: target.matchType };
}

/** The task without the fields left unset (the vendor reads an absent field as its default, not a null). */
function compact(task: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(task)) as Record<string, unknown>;
}

function mentionRow(item: z.output<typeof MentionItem>, requested: LlmMentionsRequest['platform']): LlmMention {
  return {
    platform: item.platform === PLATFORMS.assistant ? 'assistant' : item.platform === PLATFORMS.websearch ? 'websearch' : requested,
    modelName: item.model_name ?? '',
    locationCode: whole(item.location_code),
    languageCode: item.language_code ?? '',
    question: item.question ?? '',
    answer: item.answer ?? '',
    sources: present(item.sources).map((source) => ({
      position: whole(source.position),
      title: source.title ?? '',
      url: source.url ?? '',
      domain: source.domain ?? '',
      sourceName: source.source_name ?? '',
      snippet: source.snippet ?? '',
      thumbnail: source.thumbnail ?? '',
      markdown: source.markdown ?? '',
      publicationDate: source.publication_date ?? '',
    })),
    searchResults: present(item.search_results).map((result) => ({
      position: whole(result.position),
      title: result.title ?? '',
      url: result.url ?? '',
      domain: result.domain ?? '',
      description: result.description ?? '',
      breadcrumb: result.breadcrumb ?? '',
      publicationDate: result.publication_date ?? '',
    })),
    aiSearchVolume: whole(item.ai_search_volume),
    monthlySearches: present(item.monthly_searches)
      .filter((entry) => entry.year != null && entry.month != null && entry.month >= 1 && entry.month <= 12)
      .map((entry) => ({ year: entry.year!, month: entry.month!, searchVolume: whole(entry.search_volume) })),
    firstResponseAt: item.first_response_at ?? '',
    lastResponseAt: item.last_response_at ?? '',
    brandEntities: present(item.brand_entities).map((entity) => ({ position: whole(entity.rank), title: entity.title ?? '', category: entity.category ?? '' })),
    fanOutQueries: (item.fan_out_queries ?? []).filter((query): query is string => query != null),
  };
}

export function dataForSeoContent(client: DataForSeoClient): ContentProvider {
  async function citations(keyword: string, limit: number, options: CallOptions): Promise<Citation[]> {
    const result = await client.liveOne('content_analysis/search/live', { keyword, limit }, itemsOf(CitationItem), options);
    return present(result?.items as Array<Citation | null | undefined> | null | undefined);
  }

  return {
    name: client.name,

    async searchContent({ keyword, limit }, options) {
      return (await citations(keyword, limit, options)).map(contentRow);
    },

    async sentiment({ keyword, limit }, options) {
      return (await citations(keyword, limit, options)).map(sentimentRow);
    },

    async summary({ keyword }, options) {
      // The vendor's summary has no quality average: it is read off the top citations, asked at the same time.
      const [summary, sample] = await Promise.all([
        client.liveOne('content_analysis/summary/live', { keyword }, ContentSummaryResult, options),
        citations(keyword, QUALITY_SAMPLE, options),
      ]);
      const scores = sample.map((item) => item.content_info?.content_quality_score).filter((score): score is number => typeof score === 'number');
      const average = scores.length === 0 ? 0 : scores.reduce((sum, score) => sum + score, 0) / scores.length;
      const polarities = summary?.connotation_types;
      return {
        totalCount: whole(summary?.total_count),
        avgContentQualityScore: Math.max(0, Math.round(average * 100) / 100),
        sentimentDistribution: { positive: whole(polarities?.positive), neutral: whole(polarities?.neutral), negative: whole(polarities?.negative) },
      };
    },

    async trends({ keywords, locationCode }, options) {
      const result = await client.liveOne(
        'keywords_data/google_trends/explore/live',
        { keywords, location_code: locationCode, time_range: 'past_12_months', item_types: ['google_trends_graph'] },
        TrendsResult,
        options,
      );
      const graph = present(result?.items).find((item) => item.type === 'google_trends_graph');
      const interest = (value: number | null | undefined) => Math.min(100, Math.max(0, value ?? 0));
      const timeline = present(graph?.data)
        .map((point) => ({
          date: isCalendarDate(point.date_from ?? '') ? point.date_from! : point.timestamp != null ? new Date(point.timestamp * 1000).toISOString().slice(0, 10) : '',
          values: keywords.map((_, index) => interest(point.values?.[index])),
        }))
        .filter((point) => point.date !== '');
      return { timeline, averages: keywords.map((_, index) => interest(graph?.averages?.[index])) };
    },

    async assistant({ keyword, country }, options) {
      const result = await client.liveOne(
        'ai_optimization/chat_gpt/llm_responses/live',
        { user_prompt: keyword, model_name: ASSISTANT_MODEL, web_search: true, web_search_country_iso_code: country.toUpperCase() },
        LlmResponseResult,
        options,
      );
      const sections = present(result?.items)
        .filter((item) => item.type === 'message')
        .flatMap((item) => present(item.sections))
        .filter((section) => section.type === 'text');
      const references = new Map<string, { url: string; title: string; snippet: string }>();
      for (const annotation of sections.flatMap((section) => present(section.annotations))) {
        if (annotation.url && !references.has(annotation.url)) references.set(annotation.url, { url: annotation.url, title: annotation.title ?? '', snippet: annotation.text ?? '' });
      }
      return { response: sections.map((section) => section.text ?? '').filter(Boolean).join('\n\n'), references: [...references.values()] };
    },

    async llmMentions(request, options): Promise<LlmMentionsPage> {
      const task = compact({
        target: request.targets.map(vendorTarget),
        platform: PLATFORMS[request.platform],
        location_code: request.locationCode,
        language_code: request.language,
        filters: request.filters,
        order_by: request.orderBy,
        offset: request.searchAfterToken === undefined && request.offset > 0 ? request.offset : undefined,
        search_after_token: request.searchAfterToken,
        limit: request.limit,
        tag: request.tag,
      });
      const result = await client.liveOne('ai_optimization/llm_mentions/search/live', task, MentionsResult, options);
      const mentions = present(result?.items).map((item) => mentionRow(item, request.platform));
      return {
        platform: request.platform,
        totalCount: whole(result?.total_count),
        itemsCount: mentions.length,
        currentOffset: whole(result?.current_offset ?? request.offset),
        searchAfterToken: result?.search_after_token ?? '',
        mentions,
      };
    },
  };
}
