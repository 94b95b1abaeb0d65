import type { OpenWebNinjaSettings } from '../../src/providers/openwebninja';
import { RETAIL_PATHS, type RetailPath } from '../../src/providers/openwebninja/costs';
import { startFakeUpstream, type FakeReply, type FakeUpstream, type RecordedRequest } from '../helpers/fake-upstream';
import * as answers from './openwebninja-answers';
import { KNOWN, notFound, type VendorReply } from './openwebninja-answers';

/**
 * The vendor's Real-Time Amazon Data API on a loopback port, on both of its channels: the direct
 * host's `/realtime-amazon-data/<operation>` (key in `x-api-key`) and RapidAPI's
 * `/<operation>` (`x-rapidapi-key` and `x-rapidapi-host`). It answers the documented shapes
 * (./openwebninja-answers.ts) for the things it knows and the vendor's not-found answer for the
 * rest; a wrong key is turned away as each channel's gateway does (direct: 403 "Forbidden",
 * RapidAPI: 401). A failure can be switched on for every operation; a test can also set one
 * operation's answer. Every request is recorded.
 */

export const CREDENTIALS = {
  apiKey: 'own_fake0key0for0tests',
  rapidApiKey: 'rapid0fake0key0for0tests0123456789abcdef',
  rapidApiHost: 'real-time-amazon-data.p.rapidapi.com',
} as const;

/** What every operation answers while set: a spent quota, a server error, a body that is not JSON, a refused key, a rejected request, JSON of another shape. */
export type Failure = 'quota' | 'error' | 'malformed' | 'unauthorized' | 'rejected' | 'shape';

const FAILURES: Record<Failure, VendorReply> = {
  quota: {
    status: 429,
    body: { message: 'You have exceeded the MONTHLY quota for Requests on your current plan, BASIC. Upgrade your plan at https://rapidapi.com/letscrape-6bRBa3QguO5/api/real-time-amazon-data' },
  },
  error: answers.vendorError(500, 'Something went wrong, please try again later.'),
  malformed: { status: 200, raw: '<html><body>upstream timeout</body></html>', headers: { 'content-type': 'text/html' } },
  unauthorized: { status: 401, body: { message: 'Invalid API key. Go to https://docs.rapidapi.com/docs/keys for more info.' } },
  rejected: answers.vendorError(400, 'Invalid value for parameter: sort_by'),
  shape: { status: 200, body: { status: 'OK', request_id: 'x', data: 'not an object' } },
};

type Answerer = (request: RecordedRequest) => VendorReply;

const param = (request: RecordedRequest, name: string) => request.query.get(name) ?? '';

/** The known things' answers; anything else is the vendor's not-found answer. */
const DEFAULTS: Record<RetailPath, Answerer> = {
  search: () => answers.SEARCH,
  'products-by-category': (request) => (param(request, 'category_id') === KNOWN.categoryId ? answers.CATEGORY_PAGE : notFound('Category')),
  'product-details': (request) => (param(request, 'asin') === KNOWN.asin ? answers.PRODUCT : notFound('Product')),
  'product-offers': (request) => (param(request, 'asin') === KNOWN.asin ? answers.OFFERS : notFound('Product')),
  'product-reviews': (request) => (param(request, 'asin') === KNOWN.asin ? answers.REVIEWS : notFound('Product')),
  'best-sellers': (request) => (param(request, 'category') === KNOWN.bestSellerCategory ? answers.BEST_SELLERS : notFound('Category')),
  'deals-v2': () => answers.DEALS,
  'product-category-list': () => answers.CATEGORIES,
  'seller-profile': (request) => (param(request, 'seller_id') === KNOWN.sellerId ? answers.SELLER : notFound('Seller')),
  'seller-reviews': (request) => (param(request, 'seller_id') === KNOWN.sellerId ? answers.SELLER_REVIEWS : notFound('Seller')),
  'influencer-profile': (request) => (param(request, 'influencer_name') === KNOWN.influencer ? answers.INFLUENCER : notFound('Influencer')),
};

export interface FakeOpenWebNinja {
  fake: FakeUpstream;
  /** Settings that point the adapter at the fake, per channel. */
  settings(channel: 'direct' | 'rapidapi', overrides?: Partial<OpenWebNinjaSettings>): OpenWebNinjaSettings;
  /** Answers `path` with `reply` (or what `reply(request)` says) on both channels, until reset. */
  on(path: RetailPath, reply: VendorReply | Answerer): void;
  /** Every operation answers this failure until `fail(undefined)` or reset. */
  fail(failure: Failure | undefined): void;
  /** The requests received (for one operation, when given), in order. */
  requests(path?: RetailPath): RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
}

function toFake(reply: VendorReply): FakeReply {
  return { status: reply.status, ...(reply.raw !== undefined ? { raw: reply.raw } : { json: reply.body }), ...(reply.headers ? { headers: reply.headers } : {}) };
}

export async function startFakeOpenWebNinja(): Promise<FakeOpenWebNinja> {
  const fake = await startFakeUpstream();
  const overrides = new Map<RetailPath, Answerer>();
  let failure: Failure | undefined;

  const refusal = (request: RecordedRequest, direct: boolean): VendorReply | undefined => {
    if (direct) return request.headers['x-api-key'] === CREDENTIALS.apiKey ? undefined : { status: 403, body: { message: 'Forbidden' } };
    const accepted = request.headers['x-rapidapi-key'] === CREDENTIALS.rapidApiKey && request.headers['x-rapidapi-host'] === CREDENTIALS.rapidApiHost;
    return accepted ? undefined : FAILURES.unauthorized;
  };

  const route = (path: RetailPath, direct: boolean) => (request: RecordedRequest) => {
    const reply = refusal(request, direct) ?? (failure ? FAILURES[failure] : (overrides.get(path) ?? DEFAULTS[path])(request));
    return toFake(reply);
  };

  const install = () => {
    for (const path of RETAIL_PATHS) {
      fake.on(`GET /realtime-amazon-data/${path}`, route(path, true));
      fake.on(`GET /${path}`, route(path, false));
    }
  };
  install();

  const operationOf = (request: RecordedRequest) => request.path.replace(/^\/realtime-amazon-data\//, '').replace(/^\//, '');

  return {
    fake,
    settings(channel, extra = {}) {
      const base: OpenWebNinjaSettings = channel === 'direct'
        ? { channel, baseUrl: `${fake.url}/realtime-amazon-data`, headers: { 'x-api-key': CREDENTIALS.apiKey }, timeoutMs: 3000 }
        : { channel, baseUrl: fake.url, headers: { 'x-rapidapi-key': CREDENTIALS.rapidApiKey, 'x-rapidapi-host': CREDENTIALS.rapidApiHost }, timeoutMs: 3000 };
      return { ...base, ...extra };
    },
    on(path, reply) {
      overrides.set(path, typeof reply === 'function' ? reply : () => reply);
    },
    fail(next) {
      failure = next;
    },
    requests(path) {
      return fake.requests.filter((request) => path === undefined || operationOf(request) === path);
    },
    reset() {
      overrides.clear();
      failure = undefined;
      fake.reset();
      install();
    },
    close: () => fake.close(),
  };
}
