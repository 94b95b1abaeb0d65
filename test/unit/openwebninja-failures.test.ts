import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setMaxListeners } from 'node:events';
import { UpstreamError } from '../../src/core/errors';
import type { RetailProvider } from '../../src/providers/families/retail';
import type { CallOptions } from '../../src/providers/providers';
import { openWebNinjaRetail } from '../../src/providers/openwebninja';
import { upstreamCostMicros, type Channel, type RetailPath } from '../../src/providers/openwebninja/costs';
import { KNOWN, vendorError } from '../fakes/openwebninja-answers';
import { CREDENTIALS, startFakeOpenWebNinja, type FakeOpenWebNinja } from '../fakes/openwebninja-server';
import { assertNeutralMessage } from '../helpers/fake-upstream';

/**
 * The OpenWeb Ninja retail adapter when the vendor fails, for every method and on both channels:
 * a spent quota (429) and a server error (500), each tried three times; a refused key; a
 * rejected request; an answer that is not JSON or not the documented shape; a 404 that is not
 * the vendor's — each a 502 (UpstreamError) in our words, whose log detail names what to check
 * and holds neither the key nor the values asked about. The caller's signal is obeyed.
 */

const VENDOR_TEXTS = ['exceeded the MONTHLY quota', 'Something went wrong', 'Invalid API key', 'Invalid value', 'OpenWeb', 'RapidAPI', 'Amazon'];

type Method = { name: string; path: RetailPath; run: (retail: RetailProvider, call: CallOptions) => Promise<unknown> };

const METHODS: Method[] = [
  { name: 'bestSellers', path: 'best-sellers', run: (r, c) => r.bestSellers({ category: KNOWN.bestSellerCategory, country: 'US', type: 'BEST_SELLERS', page: 1 }, c) },
  { name: 'categories', path: 'product-category-list', run: (r, c) => r.categories({ country: 'US' }, c) },
  { name: 'deals', path: 'deals-v2', run: (r, c) => r.deals({ country: 'US', page: 1, price_range: 'ALL', discount_range: 'ALL', deal_type: 'ALL', min_rating: 'ALL' }, c) },
  { name: 'influencer', path: 'influencer-profile', run: (r, c) => r.influencer({ influencer_name: KNOWN.influencer, country: 'US' }, c) },
  { name: 'product', path: 'product-details', run: (r, c) => r.product({ asin: KNOWN.asin, country: 'US' }, c) },
  { name: 'productOffers', path: 'product-offers', run: (r, c) => r.productOffers({ asin: KNOWN.asin, country: 'US', limit: 100, page: 1, product_condition: 'ALL' }, c) },
  {
    name: 'productReviews',
    path: 'product-reviews',
    run: (r, c) => r.productReviews({ asin: KNOWN.asin, country: 'US', sort_by: 'TOP_REVIEWS', star_rating: 'ALL', verified_purchases_only: false, images_or_videos_only: false, current_format_only: false, page: 1 }, c),
  },
  { name: 'productsByCategory', path: 'products-by-category', run: (r, c) => r.productsByCategory({ category_id: KNOWN.categoryId, country: 'US', sort_by: 'RELEVANCE', product_condition: 'ALL', page: 1 }, c) },
  { name: 'search', path: 'search', run: (r, c) => r.search({ query: 'desk lamp', country: 'US', sort_by: 'RELEVANCE', product_condition: 'ALL', page: 1 }, c) },
  { name: 'seller', path: 'seller-profile', run: (r, c) => r.seller({ seller_id: KNOWN.sellerId, country: 'US' }, c) },
  { name: 'sellerReviews', path: 'seller-reviews', run: (r, c) => r.sellerReviews({ seller_id: KNOWN.sellerId, country: 'US', page: 1, star_rating: 'ALL', verified_purchases_only: false }, c) },
];

const CHANNELS: Channel[] = ['direct', 'rapidapi'];

describe('OpenWeb Ninja retail adapter: failures', () => {
  let vendor: FakeOpenWebNinja;
  let providers: Record<Channel, RetailProvider>;
  let costs: number[];
  let call: CallOptions;
  before(async () => {
    vendor = await startFakeOpenWebNinja();
    providers = { direct: openWebNinjaRetail(vendor.settings('direct')), rapidapi: openWebNinjaRetail(vendor.settings('rapidapi')) };
  });
  after(async () => vendor?.close());
  beforeEach(() => {
    vendor.reset();
    costs = [];
    // `everywhere` runs every method on both channels at once on this one signal, each attempt
    // listening to it while it runs: more listeners than Node's leak warning expects of one call.
    const { signal } = new AbortController();
    setMaxListeners(2 * METHODS.length * CHANNELS.length, signal);
    call = { signal, upstreamCost: (micros) => costs.push(micros) };
  });

  /** The method fails with our 502; its message and detail are checked and returned. */
  async function fails(method: Method, provider: RetailProvider): Promise<UpstreamError> {
    let caught: unknown;
    await method.run(provider, call).then(
      () => assert.fail(`${method.name} succeeded`),
      (error: unknown) => (caught = error),
    );
    assert.ok(caught instanceof UpstreamError, `${method.name}: ${String(caught)}`);
    assert.equal(caught.code, 'UPSTREAM_ERROR');
    assertNeutralMessage(caught.message, VENDOR_TEXTS);
    for (const secret of [CREDENTIALS.apiKey, CREDENTIALS.rapidApiKey]) assert.ok(!(caught.detail ?? '').includes(secret), `${method.name}: a key reached the log`);
    return caught;
  }

  /** Every method on both channels, in parallel (each waits out its own retries). */
  const everywhere = (check: (method: Method, channel: Channel) => Promise<void>) =>
    Promise.all(CHANNELS.flatMap((channel) => METHODS.map((method) => check(method, channel))));

  test('a spent quota (429) is tried three times, then a 502 "rate-limiting"; nothing is priced', async () => {
    vendor.fail('quota');
    await everywhere(async (method, channel) => {
      const error = await fails(method, providers[channel]);
      assert.match(error.message, /rate-limiting/, method.name);
      assert.match(error.detail ?? '', /HTTP 429/);
    });
    for (const method of METHODS) assert.equal(vendor.requests(method.path).length, 3 * CHANNELS.length, method.name);
    assert.deepEqual(costs, []);
  });

  test('a server error (500) is tried three times, then a 502 "failing right now"', async () => {
    vendor.fail('error');
    await everywhere(async (method, channel) => {
      assert.match((await fails(method, providers[channel])).message, /failing right now \(it answered HTTP 500\)/, method.name);
    });
    for (const method of METHODS) assert.equal(vendor.requests(method.path).length, 3 * CHANNELS.length, method.name);
  });

  test('a refused key is a 502 saying configuration, its detail naming the setting to check for the channel; tried once, not priced', async () => {
    const wrong = {
      direct: openWebNinjaRetail(vendor.settings('direct', { headers: { 'x-api-key': 'wrong' } })),
      rapidapi: openWebNinjaRetail(vendor.settings('rapidapi', { headers: { 'x-rapidapi-key': 'wrong', 'x-rapidapi-host': CREDENTIALS.rapidApiHost } })),
    };
    await everywhere(async (method, channel) => {
      const error = await fails(method, wrong[channel]);
      assert.match(error.message, /unavailable \(configuration\)/);
      const expected = channel === 'direct' ? /HTTP 403 .*Check OPENWEBNINJA_API_KEY.*RAPIDAPI_KEY/ : /HTTP 401 .*Check RAPIDAPI_KEY.*RAPIDAPI_RETAIL_HOST.*OPENWEBNINJA_API_KEY/;
      assert.match(error.detail ?? '', expected, `${method.name} on ${channel}`);
    });
    vendor.fail('unauthorized');
    for (const method of METHODS) assert.match((await fails(method, providers.direct)).detail ?? '', /HTTP 401 .*OPENWEBNINJA_API_KEY/);
    assert.equal(vendor.fake.requests.length, 3 * METHODS.length, 'a refusal is not tried again');
    assert.deepEqual(costs, []);
  });

  test('a request the vendor rejects (400 ERROR) is a 502 "rejected", the detail quoting the vendor with the values asked about taken out', async () => {
    vendor.fail('rejected');
    await everywhere(async (method, channel) => {
      const error = await fails(method, providers[channel]);
      assert.match(error.message, /rejected the request/);
      assert.match(error.detail ?? '', new RegExp(`GET /${method.path} answered HTTP 400 \\(ERROR, 400, "Invalid value for parameter: sort_by"\\)`), method.name);
    });
    vendor.fail(undefined);
    vendor.on('influencer-profile', vendorError(400, `Storefront ${KNOWN.influencer} is private`));
    const error = await fails(METHODS.find((method) => method.name === 'influencer')!, providers.direct);
    assert.doesNotMatch(error.detail ?? '', new RegExp(KNOWN.influencer));
    assert.match(error.detail ?? '', /Storefront <influencer_name> is private/);
    vendor.on('search', vendorError(400, `Key ${CREDENTIALS.apiKey} may not search for desk lamp`));
    const echoed = await fails(METHODS.find((method) => method.name === 'search')!, providers.direct);
    assert.match(echoed.detail ?? '', /"Key <x-api-key> may not search for <query>"/);
  });

  test('an ERROR in a 200 (other than not-found) is a 502 "rejected"; the 2xx is priced, as the vendor may count it', async () => {
    for (const method of METHODS) {
      vendor.on(method.path, vendorError(200, 'Request failed, please retry'));
      assert.match((await fails(method, providers.direct)).detail ?? '', /HTTP 200 .*an error in a success status/, method.name);
    }
    assert.deepEqual(costs, METHODS.map((method) => upstreamCostMicros(method.path, 'direct')));
  });

  test('an answer that is not JSON is a 502 "malformed", and still priced', async () => {
    vendor.fail('malformed');
    await everywhere(async (method, channel) => {
      const error = await fails(method, providers[channel]);
      assert.match(error.message, /malformed answer/);
      assert.match(error.detail ?? '', /a 2xx answer that is not JSON \(\d+ bytes\)/);
    });
    assert.equal(costs.length, METHODS.length * CHANNELS.length);
  });

  test('JSON of another shape (`data` a string) is a 502 "unexpected shape"', async () => {
    vendor.fail('shape');
    await everywhere(async (method, channel) => {
      assert.match((await fails(method, providers[channel])).message, /unexpected shape/, method.name);
    });
  });

  test('a 404 without the vendor’s envelope (a wrong base URL) is a failure, not "nothing found"', async () => {
    const lost = openWebNinjaRetail(vendor.settings('direct', { baseUrl: `${vendor.fake.url}/wrong-prefix` }));
    for (const method of METHODS) assert.match((await fails(method, lost)).message, /refused the call \(it answered HTTP 404\)/, method.name);
  });

  test('the caller’s signal: a request in flight is abandoned when the call is aborted, with the call’s reason; nothing sent for a call already over', async () => {
    for (const method of METHODS) {
      vendor.fake.on(`GET /realtime-amazon-data/${method.path}`, { status: 200, json: { status: 'OK', data: null }, delayMs: 1_500 });
      const controller = new AbortController();
      const reason = new Error(`client left during ${method.name}`);
      const pending = method.run(providers.direct, { signal: controller.signal });
      setTimeout(() => controller.abort(reason), 20);
      await assert.rejects(pending, (error) => error === reason, method.name);
    }
    vendor.reset();
    await assert.rejects(METHODS[0]!.run(providers.direct, { signal: AbortSignal.abort(new Error('already gone')) }), /already gone/);
    assert.equal(vendor.fake.requests.length, 0);
  });
});
