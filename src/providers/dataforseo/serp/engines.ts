import { z } from 'zod';
import { DomainName } from '../../../schemas/domain-name';
import type { SerpEngine } from '../../../schemas/serp';
import type { CallOptions } from '../../providers';
import type { SerpSearchRequest } from '../../families/serp';
import type { DataForSeoClient } from '../client';
import { listOf, text } from './wire';

/** Where each engine lives on the vendor's API and the task it takes. */
export interface EngineCall {
  /** The live endpoint's path, or for a queued engine the function's base path. */
  path: string;
  /** The vendor runs this engine only as a queued task (task_post, then task_get/advanced). */
  queued?: boolean;
  task(request: SerpSearchRequest, client: DataForSeoClient, options: CallOptions): Promise<Record<string, unknown> | undefined>;
}

const located = (request: SerpSearchRequest) => ({ keyword: request.query, location_code: request.locationCode, language_code: request.language });
const paged = (request: SerpSearchRequest) => ({ ...located(request), depth: request.depth });

function call(path: string, task: (request: SerpSearchRequest) => Record<string, unknown>): EngineCall {
  return { path, task: async (request) => task(request) };
}

const Advertisers = z.looseObject({
  items: listOf({ type: text, advertiser_id: text, advertisers: listOf({ advertiser_id: text }).nullish() }),
});

/** At most 25 advertiser ids per ads search, as the vendor allows. */
const MOST_ADVERTISERS = 25;

/**
 * The ads library is searched by advertiser: a domain query goes as `target`; a name is first
 * looked up among advertisers (accounts and multi-account brands), whose ids are then searched.
 * No advertiser by that name: no search (undefined).
 */
async function adsTask(request: SerpSearchRequest, client: DataForSeoClient, options: CallOptions): Promise<Record<string, unknown> | undefined> {
  const common = { location_code: request.locationCode, platform: 'all', depth: request.depth };
  const domain = DomainName.safeParse(request.query);
  if (domain.success) return { target: domain.data, ...common };
  const found = await client.liveOne('serp/google/ads_advertisers/live/advanced', { keyword: request.query, location_code: request.locationCode }, Advertisers, options);
  const ids = (found?.items ?? []).flatMap((item) => [item.advertiser_id, ...(item.advertisers ?? []).map((account) => account.advertiser_id)]).filter((id): id is string => Boolean(id));
  const unique = [...new Set(ids)].slice(0, MOST_ADVERTISERS);
  return unique.length > 0 ? { advertiser_ids: unique, ...common } : undefined;
}

export const ENGINE_CALLS: Record<SerpEngine, EngineCall> = {
  websearch: call('serp/google/organic/live/advanced', paged),
  images: call('serp/google/images/live/advanced', paged),
  news: call('serp/google/news/live/advanced', paged),
  // Dataset search takes no location.
  datasets: call('serp/google/dataset_search/live/advanced', (request) => ({ keyword: request.query, language_code: request.language, depth: request.depth })),
  // Autocomplete has no depth: the engine offers what it offers; we cut at depth.
  autocomplete: call('serp/google/autocomplete/live/advanced', located),
  ads: { path: 'serp/google/ads_search/live/advanced', task: adsTask },
  aiMode: call('serp/google/ai_mode/live/advanced', located),
  finance: call('serp/google/finance_ticker_search/live/advanced', located),
  bing: call('serp/bing/organic/live/advanced', paged),
  yahoo: call('serp/yahoo/organic/live/advanced', paged),
  // The vendor runs Baidu only as a queued task (no live endpoint).
  baidu: { ...call('serp/baidu/organic', paged), queued: true },
  video: call('serp/youtube/organic/live/advanced', (request) => ({ ...located(request), block_depth: request.depth })),
};
