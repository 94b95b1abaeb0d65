import { z } from 'zod';
import { serpDraft } from '../../../schemas/serp';
import { count, flag, headOf, HeadFields, hostOf, listOf, looseText, mapping, text, texts, type ItemMapping } from './wire';

/**
 * The items of the vendor's verticals and other engines (AI overview and AI mode, images, news,
 * dataset search, autocomplete, ads transparency, finance, the video platform), keyed by the
 * vendor's type and mapped to ours.
 */

const Trend = z.unknown().optional().transform((value) => (value === 'up' || value === 'down' || value === 'stable' ? value : null));
const FinanceFields = { displayed_name: text, url: text, identifier: text, location: text, trend: Trend, timestamp: text, percentage_delta: count };
const financeHead = (item: { displayed_name?: string | null; url?: string | null; identifier?: string | null; location?: string | null }) =>
  headOf({ title: item.displayed_name, url: item.url, description: [item.identifier, item.location].filter(Boolean).join(' · ') });

const AiOverview = z.looseObject({
  ...HeadFields,
  markdown: text,
  items: listOf({ text: looseText, markdown: looseText }),
  references: listOf({ title: text, url: text, domain: text, source: text, text: looseText }),
});

const Dataset = z.looseObject({
  title: text,
  dataset_id: text,
  links: listOf({ url: text }),
  dataset_providers: listOf({ title: text, url: text, domain: text }),
  formats: listOf({ format: text, size: looseText }),
  authors: listOf({ name: text, url: text }),
  licenses: listOf({ title: text, url: text }),
  updated_date: text,
  area_covered: texts,
  period_covered: z.looseObject({ start_date: text, end_date: text, displayed_date: text }).nullish(),
  scholarly_citations_count: count,
  dataset_description: z.looseObject({ text: text }).nullish(),
});

const YoutubeVideo = z.looseObject({
  ...HeadFields,
  video_id: text,
  thumbnail_url: text,
  channel_id: text,
  channel_name: text,
  channel_url: text,
  views_count: count,
  timestamp: text,
  duration_time_seconds: count,
  is_live: flag,
  is_shorts: flag,
});

const youtubeVideo = (isPaid: boolean) =>
  mapping(YoutubeVideo, (item) =>
    serpDraft(
      'videoSearch',
      {
        videoId: item.video_id ?? '',
        channelId: item.channel_id ?? null,
        channelName: item.channel_name ?? null,
        channelUrl: item.channel_url ?? null,
        thumbnailUrl: item.thumbnail_url ?? null,
        viewsCount: item.views_count ?? null,
        publishedAt: item.timestamp ?? null,
        durationSeconds: item.duration_time_seconds ?? null,
        isLive: item.is_live ?? false,
        isShorts: item.is_shorts ?? false,
        isPaid,
      },
      headOf(item),
    ),
  );

export const VERTICAL_ITEMS: Record<string, ItemMapping> = {
  ai_overview: mapping(AiOverview, (item) => {
    const markdown = item.markdown ?? item.items.map((part) => part.markdown ?? part.text ?? '').filter(Boolean).join('\n\n');
    return serpDraft(
      'aiOverview',
      {
        markdown,
        references: item.references.map((reference) => ({
          title: reference.title ?? '',
          url: reference.url ?? '',
          domain: reference.domain ?? hostOf(reference.url ?? ''),
          source: reference.source ?? null,
          text: reference.text,
        })),
      },
      { ...headOf(item), description: item.description ?? markdown.split('\n')[0] ?? '' },
    );
  }),
  images_search: mapping(z.looseObject({ ...HeadFields, subtitle: text, alt: text, source_url: text, encoded_url: text }), (item) =>
    serpDraft('imagesSearch', { subtitle: item.subtitle ?? null, alt: item.alt ?? null, sourceUrl: item.source_url ?? null, encodedUrl: item.encoded_url ?? null }, headOf({ ...item, description: item.alt })),
  ),
  news_search: mapping(z.looseObject({ ...HeadFields, snippet: text, source: text, image_url: text, time_published: text, timestamp: text }), (item) =>
    serpDraft(
      'newsSearch',
      { source: item.source ?? null, imageUrl: item.image_url ?? null, timePublished: item.time_published ?? null, timestamp: item.timestamp ?? null },
      headOf({ ...item, description: item.snippet }),
    ),
  ),
  dataset: mapping(Dataset, (item) => {
    const providers = item.dataset_providers.map((provider) => ({ title: provider.title ?? '', url: provider.url ?? '', domain: provider.domain ?? hostOf(provider.url ?? '') }));
    const url = item.links[0]?.url ?? providers[0]?.url ?? '';
    return serpDraft(
      'dataset',
      {
        datasetId: item.dataset_id ?? null,
        providers,
        formats: item.formats.map((format) => ({ format: format.format ?? '', size: format.size })),
        authors: item.authors.map((author) => ({ name: author.name ?? '', url: author.url ?? null })),
        licenses: item.licenses.map((license) => ({ title: license.title ?? '', url: license.url ?? null })),
        updatedDate: item.updated_date ?? null,
        areaCovered: item.area_covered ?? [],
        periodCovered: item.period_covered
          ? { startDate: item.period_covered.start_date ?? null, endDate: item.period_covered.end_date ?? null, displayedDate: item.period_covered.displayed_date ?? null }
          : null,
        scholarlyCitationsCount: item.scholarly_citations_count ?? null,
      },
      headOf({ title: item.title, url, description: item.dataset_description?.text, domain: providers[0]?.domain }),
    );
  }),
  autocomplete: mapping(z.looseObject({ suggestion: text, suggestion_type: text, relevance: count, search_query_url: text, thumbnail_url: text, highlighted: texts }), (item) =>
    serpDraft(
      'autocomplete',
      { suggestion: item.suggestion ?? '', suggestionType: item.suggestion_type ?? null, relevance: item.relevance ?? null, highlighted: item.highlighted ?? [], thumbnailUrl: item.thumbnail_url ?? null },
      headOf({ title: item.suggestion, url: item.search_query_url }),
    ),
  ),
  ads_search: mapping(
    z.looseObject({
      title: text,
      url: text,
      advertiser_id: text,
      creative_id: text,
      verified: flag,
      format: text,
      preview_image: z.looseObject({ url: text, width: count, height: count }).nullish(),
      preview_url: text,
      first_shown: text,
      last_shown: text,
    }),
    (item) =>
      serpDraft(
        'adsSearch',
        {
          advertiserId: item.advertiser_id ?? '',
          creativeId: item.creative_id ?? '',
          verified: item.verified ?? false,
          format: item.format ?? null,
          previewImage: item.preview_image?.url ? { url: item.preview_image.url, width: item.preview_image.width ?? null, height: item.preview_image.height ?? null } : null,
          previewUrl: item.preview_url ?? null,
          firstShown: item.first_shown ?? null,
          lastShown: item.last_shown ?? null,
        },
        headOf(item),
      ),
  ),
  google_finance_market_instrument: mapping(z.looseObject({ ...FinanceFields, ticker: text, price: count, price_delta: count, price_currency: text }), (item) =>
    serpDraft(
      'marketInstrument',
      {
        ticker: item.ticker ?? '',
        identifier: item.identifier ?? item.ticker ?? '',
        price: item.price ?? null,
        priceDelta: item.price_delta ?? null,
        percentageDelta: item.percentage_delta ?? null,
        currency: item.price_currency ?? null,
        trend: item.trend,
        timestamp: item.timestamp ?? null,
      },
      financeHead(item),
    ),
  ),
  google_finance_market_index: mapping(z.looseObject({ ...FinanceFields, ticker: text, market_identifier: text, index_value: count, index_value_delta: count }), (item) =>
    serpDraft(
      'marketIndex',
      {
        ticker: item.ticker ?? '',
        identifier: item.identifier ?? [item.ticker, item.market_identifier].filter(Boolean).join(':'),
        value: item.index_value ?? null,
        valueDelta: item.index_value_delta ?? null,
        percentageDelta: item.percentage_delta ?? null,
        trend: item.trend,
        timestamp: item.timestamp ?? null,
      },
      financeHead(item),
    ),
  ),
  google_finance_asset_pair: mapping(z.looseObject({ ...FinanceFields, base_symbol: text, quote_symbol: text, price: count, price_delta: count }), (item) =>
    serpDraft(
      'assetPair',
      {
        identifier: item.identifier ?? [item.base_symbol, item.quote_symbol].filter(Boolean).join('-'),
        baseSymbol: item.base_symbol ?? null,
        quoteSymbol: item.quote_symbol ?? null,
        price: item.price ?? null,
        priceDelta: item.price_delta ?? null,
        percentageDelta: item.percentage_delta ?? null,
        trend: item.trend,
        timestamp: item.timestamp ?? null,
      },
      financeHead(item),
    ),
  ),
  youtube_video: youtubeVideo(false),
  youtube_video_paid: youtubeVideo(true),
  youtube_channel: mapping(z.looseObject({ name: text, url: text, description: text, channel_id: text, logo: text, is_verified: flag }), (item) =>
    serpDraft('videoChannel', { channelId: item.channel_id ?? '', logo: item.logo ?? null, isVerified: item.is_verified ?? false }, headOf({ ...item, title: item.name })),
  ),
  youtube_playlist: mapping(z.looseObject({ ...HeadFields, playlist_id: text, channel_id: text, channel_name: text, thumbnail_url: text }), (item) =>
    serpDraft('videoPlaylist', { playlistId: item.playlist_id ?? '', channelId: item.channel_id ?? null, channelName: item.channel_name ?? null, thumbnailUrl: item.thumbnail_url ?? null }, headOf(item)),
  ),
};
