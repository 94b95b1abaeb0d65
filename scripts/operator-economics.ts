/**
 * Operator economics: for every vendor-backed endpoint, what its vendor calls cost the operator
 * (the adapters' cost data: src/providers/dataforseo/costs.ts, src/providers/google-places/costs.ts,
 * src/providers/rdap/costs.ts, src/providers/namecheap/costs.ts, src/providers/tomba/costs.ts,
 * src/providers/openwebninja/costs.ts, src/providers/rapidapi-photos/costs.ts, src/providers/rapidapi-clips/costs.ts, src/providers/rapidapi-video/costs.ts)
 * against what the customer pays, at the smallest and the largest input the endpoint allows.
 * The endpoint's real handler runs on the real adapters over recording clients, so what is priced
 * is exactly what the adapter would ask for. `npm run`-free: `node --import tsx scripts/operator-economics.ts`
 * prints the README's table; test/unit/operator-economics.test.ts holds cost ≤ price and the
 * README in step.
 */
import { z } from 'zod';
import type { EndpointDefinition, EndpointServices } from '../src/core/define-endpoint';
import { formatUsd, type Micros } from '../src/core/money';
import { endpoints } from '../src/endpoints';
import type { Providers } from '../src/providers/providers';
import { sandboxProviders } from '../src/providers/sandbox';
import { DataForSeoClient } from '../src/providers/dataforseo/client';
import { BELOW_COST as DATAFORSEO_BELOW_COST, upstreamCostMicros as seoTaskCost } from '../src/providers/dataforseo/costs';
import { dataForSeoFamilies } from '../src/providers/dataforseo';
import { GooglePlacesClient, type PlacesCall } from '../src/providers/google-places/client';
import { upstreamCostMicros as placesCallCost } from '../src/providers/google-places/costs';
import { googlePlacesOn } from '../src/providers/google-places';
import type { UpstreamAnswer } from '../src/providers/http/upstream-request';
import { builtinCatalog } from '../src/catalog/model-catalog';
import { loadConfig } from '../src/config';
import { RdapClient, type RdapAnswer } from '../src/providers/rdap/client';
import { upstreamCostMicros as rdapLookupCost } from '../src/providers/rdap/costs';
import { loadRdapBootstrap, rdapWhoisOn } from '../src/providers/rdap';
import { NamecheapClient, type NamecheapCall } from '../src/providers/namecheap/client';
import { upstreamCostMicros as namecheapCallCost } from '../src/providers/namecheap/costs';
import { namecheapRegistrarOn } from '../src/providers/namecheap';
import type { ApiResponse } from '../src/providers/namecheap/wire';
import { TombaClient, type TombaAnswer, type TombaCall } from '../src/providers/tomba/client';
import { DOMAIN_SEARCH_PAGE_SIZE, upstreamCostMicros as tombaRequestCost } from '../src/providers/tomba/costs';
import { tombaContactsOn } from '../src/providers/tomba';
import { OpenWebNinjaClient, openWebNinjaRetailOn } from '../src/providers/openwebninja';
import type { OpenWebNinjaAnswer, OpenWebNinjaCall } from '../src/providers/openwebninja/client';
import { upstreamCostMicros as retailRequestCost } from '../src/providers/openwebninja/costs';
import { RapidApiPhotosClient, rapidApiPhotosOn, type PhotosAnswer, type PhotosCall } from '../src/providers/rapidapi-photos';
import { HIGHLIGHTS_WITH_ITEMS, upstreamCostMicros as photosRequestCost } from '../src/providers/rapidapi-photos/costs';
import { RapidApiClipsClient, rapidApiClipsOn, type ClipsAnswer, type ClipsCall } from '../src/providers/rapidapi-clips';
import { upstreamCostMicros as clipsRequestCost } from '../src/providers/rapidapi-clips/costs';
import { RapidApiVideoClient, rapidApiVideoOn, type VideoAnswer, type VideoCall } from '../src/providers/rapidapi-video';
import { upstreamCostMicros as videoRequestCost } from '../src/providers/rapidapi-video/costs';
import { NO_KEY_LIMITS } from '../src/auth/key-limits';
import { startedAs } from './started-as';

/**
 * Every endpoint served by a vendor adapter. `shortfall` marks one whose price cannot cover the
 * vendor's list price at some allowed input, whatever the adapter asks for: the adapter declares it
 * (its BELOW_COST), and the server does not serve it live unless the operator accepts the loss
 * (TOLLGATE_SERVE_BELOW_COST).
 */
export const VENDOR_BACKED: ReadonlyArray<{ id: string; shortfall?: string }> = [
  ...['seo.keyword_ideas', 'seo.keywords_related', 'seo.keywords_overview', 'seo.keywords', 'seo.keywords_difficulty', 'seo.keywords_intent'].map((id) => ({ id })),
  ...['seo.domain_overview', 'seo.domain_keywords', 'seo.domain_traffic', 'seo.domain_rank_overview', 'seo.domain_technologies', 'seo.domain_backlinks'].map((id) => ({ id })),
  { id: 'seo.domain_metrics', shortfall: DATAFORSEO_BELOW_COST['seo.domain_metrics'] },
  { id: 'seo.domain_whois' },
  ...['seo.competitors_domain', 'seo.competitors_keywords', 'seo.competitors_pages', 'seo.competitors_serp'].map((id) => ({ id })),
  ...['seo.backlinks_summary', 'seo.backlinks_history', 'seo.backlinks_anchors', 'seo.backlinks_list', 'seo.backlinks_referring_domains', 'seo.backlinks_domain_intersection', 'seo.backlinks_page_intersection'].map((id) => ({ id })),
  ...['seo.content_search', 'seo.content_sentiment', 'seo.content_summary', 'seo.trends', 'seo.ai_assistant', 'seo.ai_llm_mentions'].map((id) => ({ id })),
  ...['serp.websearch', 'seo.serp', 'serp.websearch_images', 'serp.websearch_news', 'serp.websearch_datasets', 'serp.websearch_autocomplete', 'serp.websearch_ads'].map((id) => ({ id })),
  ...['serp.websearch_ai_mode', 'serp.websearch_finance', 'serp.bing', 'serp.yahoo', 'serp.baidu', 'serp.video', 'search.websearch'].map((id) => ({ id })),
  { id: 'serp.websearch_maps' },
  { id: 'maps.search' },
  { id: 'maps.place' },
  { id: 'maps.reviews' },
  { id: 'maps.photo' },
  { id: 'seo.domain_available' },
  { id: 'tools.whois' },
  ...['email.finder', 'email.author_finder', 'email.enrich', 'email.profile_finder', 'email.person', 'email.combined', 'email.company'].map((id) => ({ id })),
  ...['email.count', 'email.domain_search', 'email.format', 'email.locations', 'email.similar', 'email.sources', 'email.phone_finder'].map((id) => ({ id })),
  ...['email.verify', 'email.domain_status'].map((id) => ({ id })),
  ...['retail.best_sellers', 'retail.categories', 'retail.deals', 'retail.influencer', 'retail.product', 'retail.product_offers'].map((id) => ({ id })),
  ...['retail.product_reviews', 'retail.products_by_category', 'retail.search', 'retail.seller', 'retail.seller_reviews'].map((id) => ({ id })),
  ...['photos.user', 'photos.user_about', 'photos.user_posts', 'photos.user_reels', 'photos.user_tagged', 'photos.user_followers', 'photos.user_similar'].map((id) => ({ id })),
  ...['photos.user_stories', 'photos.user_highlights', 'photos.post', 'photos.post_comments', 'photos.post_likers', 'photos.hashtag', 'photos.search', 'photos.media_id'].map((id) => ({ id })),
  ...['clips.challenge', 'clips.challenge_videos', 'clips.comment_replies', 'clips.comments', 'clips.music', 'clips.music_videos', 'clips.search', 'clips.search_challenge', 'clips.search_photo'].map((id) => ({ id })),
  ...['clips.search_user', 'clips.user', 'clips.user_favorites', 'clips.user_followers', 'clips.user_following', 'clips.user_posts', 'clips.user_reposts', 'clips.user_story', 'clips.video'].map((id) => ({ id })),
  ...['video.channel', 'video.channel_about', 'video.channel_channels', 'video.channel_community', 'video.channel_livestreams', 'video.channel_playlists', 'video.channel_search'].map((id) => ({ id })),
  ...['video.channel_shorts', 'video.channel_store', 'video.channel_videos', 'video.comments', 'video.hashtag', 'video.home', 'video.hype', 'video.metadata'].map((id) => ({ id })),
  ...['video.playlist', 'video.post', 'video.post_comments', 'video.related', 'video.resolve', 'video.screenshot', 'video.search', 'video.shorts'].map((id) => ({ id })),
  ...['video.shorts_info', 'video.subtitles', 'video.suggest', 'video.transcript', 'video.trending', 'video.video', 'video.video_info'].map((id) => ({ id })),
];

/** Each vendor call an endpoint made, priced. */
export interface PricedCall {
  call: string;
  micros: Micros;
}

/** A DataForSEO client that sends nothing: it records each task and answers "no results". */
class RecordingSeoClient extends DataForSeoClient {
  readonly calls: PricedCall[] = [];
  constructor() {
    super({ login: 'recording', password: 'recording', baseUrl: 'http://127.0.0.1:9', timeoutMs: 1 });
  }
  override async live(path: string, task: Record<string, unknown>): Promise<unknown[]> {
    this.calls.push({ call: path, micros: seoTaskCost(path, task) });
    // The ads search looks advertisers up first; the most it then searches is 25 of them.
    if (path === 'serp/google/ads_advertisers/live/advanced') {
      return [{ items: [{ type: 'ads_multi_account_advertiser', advertiser_id: 'AR0', advertisers: Array.from({ length: 25 }, (_, index) => ({ advertiser_id: `AR${index + 1}` })) }] }];
    }
    return [];
  }
  override async queued(base: string, _view: string, task: Record<string, unknown>): Promise<unknown[]> {
    const path = `${base}/task_post`;
    this.calls.push({ call: path, micros: seoTaskCost(path, task) });
    return [];
  }
}

/** A Places client that sends nothing: it records each call and answers an empty 200. */
class RecordingPlacesClient extends GooglePlacesClient {
  readonly calls: PricedCall[] = [];
  constructor() {
    super({ apiKey: 'recording', baseUrl: 'http://127.0.0.1:9', timeoutMs: 1 });
  }
  override async call(call: PlacesCall): Promise<UpstreamAnswer> {
    this.calls.push({ call: `${call.method} ${call.path}`, micros: placesCallCost(call) });
    return { status: 200, headers: {}, body: {}, quote: (text) => text };
  }
}

/** An RDAP client that sends nothing: it records each lookup and answers "not found". */
class RecordingRdapClient extends RdapClient {
  readonly calls: PricedCall[] = [];
  constructor() {
    super(1);
  }
  override async get(url: string): Promise<RdapAnswer> {
    this.calls.push({ call: `GET ${new URL(url).pathname}`, micros: rdapLookupCost() });
    return { status: 404, headers: {}, body: undefined, url, quote: (text) => text };
  }
}

/** A Namecheap client that sends nothing: it records each command and answers an empty success. */
class RecordingNamecheapClient extends NamecheapClient {
  readonly calls: PricedCall[] = [];
  constructor() {
    super({ apiUser: 'recording', apiKey: 'recording', username: 'recording', clientIp: '127.0.0.1', baseUrl: 'http://127.0.0.1:9/xml.response', timeoutMs: 1 });
  }
  override async call(call: NamecheapCall): Promise<ApiResponse> {
    this.calls.push({ call: call.command, micros: namecheapCallCost(call) });
    return { ApiResponse: { Status: 'OK' } };
  }
}

/**
 * A Tomba client that sends nothing: it records each request, priced as the most it may cost, and
 * answers "nothing found" — except domain-search, answered with full pages of a domain with more
 * addresses than any page asks, so the adapter asks every page a request may need.
 */
class RecordingTombaClient extends TombaClient {
  readonly calls: PricedCall[] = [];
  constructor() {
    super({ key: 'recording', secret: 'recording', baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 1 });
  }
  override async get(call: TombaCall): Promise<TombaAnswer> {
    this.calls.push({ call: `GET /${call.path}`, micros: tombaRequestCost(call.path) });
    if (call.path !== 'domain-search') return { notFound: false, body: { data: null } };
    const emails = Array.from({ length: DOMAIN_SEARCH_PAGE_SIZE }, (_, index) => ({ email: `recorded.${call.query.page}.${index}@example.com`, score: 50 }));
    return { notFound: false, body: { data: { organization: null, emails }, meta: { total: 100_000 } } };
  }
}

/** An OpenWeb Ninja client that sends nothing: it records each request, priced on the dearer channel, and answers "not found". */
class RecordingRetailClient extends OpenWebNinjaClient {
  readonly calls: PricedCall[] = [];
  constructor() {
    super({ baseUrl: 'http://127.0.0.1:9', headers: {}, channel: 'direct', timeoutMs: 1 });
  }
  override async get(call: OpenWebNinjaCall): Promise<OpenWebNinjaAnswer> {
    this.calls.push({ call: `GET /${call.path}`, micros: retailRequestCost(call.path) });
    return { notFound: true };
  }
}

/**
 * A photos client that sends nothing: it records each request and answers "nothing", except
 * where an answer leads the adapter to ask more (its dearest path): highlights with more of them
 * than it fetches items for, comments without their count, a hashtag's top feed, the searches.
 */
class RecordingPhotosClient extends RapidApiPhotosClient {
  readonly calls: PricedCall[] = [];
  constructor() {
    super({ apiKey: 'recording', host: 'recording.example', baseUrl: 'http://127.0.0.1:9', timeoutMs: 1 });
  }
  override async get(call: PhotosCall): Promise<PhotosAnswer> {
    this.calls.push({ call: `GET /${call.path}`, micros: photosRequestCost(call.path) });
    if (call.path === 'v1/highlights') return { notFound: false, body: { data: { items: Array.from({ length: HIGHLIGHTS_WITH_ITEMS + 3 }, (_, index) => ({ id: `highlight:${index + 1}`, title: 'h' })) } } };
    if (['v1/comments', 'v1/hashtag', 'v1/search_users', 'v1/search_hashtags', 'v1/search_locations'].includes(call.path)) return { notFound: false, body: { data: { items: [] } } };
    return { notFound: false, body: { data: null } };
  }
}

/**
 * A short-video client that sends nothing: it records each request and answers "not found",
 * except where an answer leads the adapter to ask more (its dearest path): a comments page
 * without its total (the video is asked for it), a story answer without the user's id.
 */
class RecordingClipsClient extends RapidApiClipsClient {
  readonly calls: PricedCall[] = [];
  constructor() {
    super({ apiKey: 'recording', host: 'recording.example', baseUrl: 'http://127.0.0.1:9', timeoutMs: 1 });
  }
  override async get(call: ClipsCall): Promise<ClipsAnswer> {
    this.calls.push({ call: `GET /${call.path}`, micros: clipsRequestCost(call.path) });
    if (call.path === 'comment/list') return { notFound: false, body: { code: 0, msg: 'success', data: { comments: [] } } };
    if (call.path === 'user/story') return { notFound: false, body: { code: 0, msg: 'success', data: { videos: [] } } };
    return { notFound: true };
  }
}

/**
 * A video-platform client that sends nothing: it records each request and answers "not found"
 * (every method asks one path, ./rapidapi-video/costs.ts, so nothing is asked after it). The
 * resolver is given a handle's URL, so the one call that reaches the vendor is reached.
 */
class RecordingVideoClient extends RapidApiVideoClient {
  readonly calls: PricedCall[] = [];
  constructor() {
    super({ apiKey: 'recording', host: 'recording.example', baseUrl: 'http://127.0.0.1:9', timeoutMs: 1 });
  }
  override async get(call: VideoCall): Promise<VideoAnswer> {
    this.calls.push({ call: `GET /${call.path}`, micros: videoRequestCost(call.path) });
    return { notFound: true };
  }
}

/**
 * The families Tollgate serves itself, standing in with fixed answers so that the vendor requests
 * behind them are reached and priced: a domain with a mail server (verify then asks the contacts
 * family about the mailbox), SMTP probing off (the operator's default), an article with a named
 * author (author-finder then asks the finder).
 */
const localStandIns = {
  dns: { name: 'recording', query: async (_name: string, type: string) => ({ status: 'NOERROR' as const, records: type === 'MX' ? [{ type: 'MX' as const, exchange: 'mx.example.com', priority: 10 }] : [] }) },
  smtp: { name: 'recording', enabled: false, probe: async () => Promise.reject(new Error('SMTP probing is off')) },
  web: {
    name: 'recording',
    fetchPage: async (url: string) => {
      const text = '<html><head><meta name="author" content="Jane Doe"></head><body><article>Text</article></body></html>';
      return { url, statusCode: 200, headers: {}, contentType: 'text/html', body: Buffer.from(text), text, redirects: [url] };
    },
  },
};

const shippedBootstrap = loadRdapBootstrap(undefined);

/** Runs the endpoint's handler on `input` over recording clients; the vendor calls it made, priced. */
export async function upstreamCalls(endpoint: EndpointDefinition<any, any>, input: unknown): Promise<PricedCall[]> {
  const seo = new RecordingSeoClient();
  const places = new RecordingPlacesClient();
  const rdap = new RecordingRdapClient();
  const namecheap = new RecordingNamecheapClient();
  const tomba = new RecordingTombaClient();
  const retail = new RecordingRetailClient();
  const photos = new RecordingPhotosClient();
  const clips = new RecordingClipsClient();
  const video = new RecordingVideoClient();
  // The families Tollgate serves itself cost nothing: fixed stand-ins (above).
  const providers = {
    ...sandboxProviders,
    ...localStandIns,
    ...dataForSeoFamilies(seo),
    places: googlePlacesOn(places),
    whois: rdapWhoisOn(rdap, shippedBootstrap),
    registrar: namecheapRegistrarOn(namecheap),
    contacts: tombaContactsOn(tomba),
    retail: openWebNinjaRetailOn(retail),
    photos: rapidApiPhotosOn(photos),
    clips: rapidApiClipsOn(clips),
    video: rapidApiVideoOn(video),
  } as unknown as Providers;
  const ctx = {
    requestId: 'req_economics',
    accountId: 'acct_economics',
    keyId: 'key_economics',
    account: async () => ({ accountId: 'acct_economics', email: 'economics@example.com', balanceMicros: 0, createdAt: new Date(0).toISOString() }),
    extendLease: async () => undefined,
    // Media jobs run on the queue, whose vendor costs are checked model by model (test/unit/media).
    key: async () => ({ keyId: 'key_example', limits: NO_KEY_LIMITS, caps: [] }),
    handOverReservation: async () => {
      throw new Error('the economics run queues no jobs');
    },
    history: { usage: async () => [], entries: async () => ({ entries: [], nextBefore: null }) },
  };
  // Empty answers may make a handler fail after its calls (a place not found); the calls are what count.
  const plan = await endpoint.prepare({ input, params: {}, models: builtinCatalog, services: {} as EndpointServices });
  await Promise.resolve(endpoint.handler({ input, plan, models: builtinCatalog, params: {}, settings: loadConfig({}).endpoints, services: {} as EndpointServices, ctx, providers, call: { signal: new AbortController().signal } })).catch(() => undefined);
  return [...seo.calls, ...places.calls, ...rdap.calls, ...namecheap.calls, ...tomba.calls, ...retail.calls, ...photos.calls, ...clips.calls, ...video.calls];
}

/** Fields that size a request, set to their bounds. */
const SIZE_FIELDS = new Set(['limit', 'depth', 'numResults']);
/** Lists that shape a request rather than size it. */
const SHAPING_LISTS = new Set(['filters', 'sort', 'price_levels']);

type JsonSchema = { type?: string; minimum?: number; maximum?: number; minItems?: number; maxItems?: number; properties?: Record<string, JsonSchema> };

/** A different but valid-looking value for the n-th copy of an example entry. */
function variant(value: unknown, index: number): unknown {
  if (typeof value === 'string') return value.includes('.') ? value.replace(/^(https?:\/\/)?/, `$1v${index}-`) : `${value} ${index}`;
  if (Array.isArray(value)) return value.map((entry) => variant(entry, index));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, variant(entry, index)]));
  return value;
}

/**
 * The endpoint's example request stretched to the `extreme` its schema allows: size fields
 * (limit, depth, numResults) at their bound, lists of its example at their most or fewest
 * entries. Keyword endpoints also get a word-count filter, which the vendor cannot apply and
 * which therefore tempts an adapter to over-fetch.
 */
export function boundaryInputs(endpoint: EndpointDefinition<any, any>): Array<{ label: string; input: Record<string, unknown> }> {
  const schema = z.toJSONSchema(endpoint.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const properties = schema.properties ?? {};
  const stretch = (extreme: 'smallest' | 'largest') => {
    const input: Record<string, unknown> = { ...(endpoint.examples.request as Record<string, unknown>) };
    for (const [name, property] of Object.entries(properties)) {
      if (SIZE_FIELDS.has(name) && (property.type === 'integer' || property.type === 'number')) {
        input[name] = extreme === 'largest' ? property.maximum : (property.minimum ?? 1);
      }
      const example = input[name];
      if (property.type === 'array' && !SHAPING_LISTS.has(name) && Array.isArray(example) && example.length > 0 && property.maxItems !== undefined) {
        const size = extreme === 'largest' ? property.maxItems : Math.max(1, property.minItems ?? 1);
        input[name] = Array.from({ length: size }, (_, index) => (index === 0 ? example[0] : variant(example[0], index)));
      }
    }
    return input;
  };
  const inputs = [
    { label: 'smallest', input: stretch('smallest') },
    { label: 'largest', input: stretch('largest') },
  ];
  if ('filters' in properties && 'sort' in properties) {
    const wordCount = [{ field: 'words', op: '>=', value: 3 }];
    for (const { label, input } of [...inputs]) inputs.push({ label: `${label}, word filter`, input: { ...input, filters: wordCount, match: 'all' } });
  }
  return inputs;
}

export interface EconomicsRow {
  endpoint: EndpointDefinition<any, any>;
  label: string;
  priceMicros: Micros;
  costMicros: Micros;
  calls: PricedCall[];
  shortfall?: string;
}

/** Price and upstream cost of every vendor-backed endpoint at each boundary input. */
export async function economics(): Promise<EconomicsRow[]> {
  const rows: EconomicsRow[] = [];
  for (const { id, shortfall } of VENDOR_BACKED) {
    const endpoint = endpoints.find((candidate) => candidate.id === id);
    if (!endpoint) throw new Error(`${id} is not a registered endpoint`);
    for (const { label, input } of boundaryInputs(endpoint)) {
      const checked = endpoint.input.safeParse(input);
      if (!checked.success) throw new Error(`${id}, ${label} input ${JSON.stringify(input)}: ${checked.error.message}`);
      const parsed = checked.data;
      const calls = await upstreamCalls(endpoint, parsed);
      const costMicros = calls.reduce((sum, call) => sum + call.micros, 0);
      rows.push({ endpoint, label, priceMicros: endpoint.price.maxMicros(parsed), costMicros, calls, ...(shortfall ? { shortfall } : {}) });
    }
  }
  return rows;
}

/** The README's table: per endpoint, price, upstream cost and margin at its smallest and largest input. */
export async function economicsTable(): Promise<string> {
  const rows = await economics();
  const usd = (micros: Micros) => `$${formatUsd(micros)}`;
  const cell = (row: EconomicsRow | undefined) => (row ? `${usd(row.priceMicros)} / ${usd(row.costMicros)} / ${row.priceMicros >= row.costMicros ? '' : '−'}${usd(Math.abs(row.priceMicros - row.costMicros))}` : '');
  const lines = VENDOR_BACKED.map(({ id, shortfall }) => {
    const own = rows.filter((row) => row.endpoint.id === id);
    const endpoint = own[0]!.endpoint;
    const worst = (label: string) => own.filter((row) => row.label.startsWith(label)).sort((a, b) => (a.priceMicros - a.costMicros) - (b.priceMicros - b.costMicros))[0];
    return `| \`${endpoint.method} ${endpoint.path}\` | ${cell(worst('smallest'))} | ${cell(worst('largest'))} | ${shortfall ? `Short, so not served live unless listed in \`TOLLGATE_SERVE_BELOW_COST\`: ${shortfall}.` : ''} |`;
  });
  return ['| Endpoint | Smallest input: price / upstream cost / margin | Largest input: price / upstream cost / margin | Note |', '|---|---|---|---|', ...lines].join('\n');
}

if (startedAs('scripts/operator-economics.ts')) console.log(await economicsTable());
