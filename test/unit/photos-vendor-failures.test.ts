import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { UpstreamError } from '../../src/core/errors';
import type { PhotosProvider } from '../../src/providers/families/photos';
import type { CallOptions } from '../../src/providers/providers';
import { rapidApiPhotos } from '../../src/providers/rapidapi-photos';
import type { PhotosPath } from '../../src/providers/rapidapi-photos/costs';
import * as answers from '../../src/providers/rapidapi-photos/fixtures/answers';
import { assertNeutralMessage } from '../helpers/fake-upstream';
import { startFakePhotosVendor, PHOTOS_VENDOR_KEY, type FakePhotosVendor } from '../fakes/photos-vendor-server';

/**
 * The photo-platform data API adapter when the vendor or RapidAPI fails, for every method: a spent
 * quota, a refused key or subscription, rate limiting, a server error, an answer that is not JSON
 * or not the documented shape, an endpoint RapidAPI does not know — each a 502 (UpstreamError) in
 * our words, whose log detail says what to check and holds neither the account asked about nor
 * the key; and the caller's signal obeyed.
 */

const { USERNAME } = answers;
/** What must never be in a customer message: the vendor, the gateway, their words, the settings. */
const VENDOR_TEXTS = ['RapidAPI', 'rapidapi', 'RAPIDAPI', 'Social API', 'instagram', 'Instagram', 'not subscribed', 'MONTHLY quota', 'Too many requests', PHOTOS_VENDOR_KEY];

type Method = { name: string; path: PhotosPath; run: (photos: PhotosProvider, call: CallOptions) => Promise<unknown> };

const METHODS: Method[] = [
  { name: 'user', path: 'v1/info', run: (p, call) => p.user({ username: USERNAME }, call) },
  { name: 'userAbout', path: 'v1/info', run: (p, call) => p.userAbout({ username: USERNAME }, call) },
  { name: 'userPosts', path: 'v1/posts', run: (p, call) => p.userPosts({ username: USERNAME }, call) },
  { name: 'userReels', path: 'v1/reels', run: (p, call) => p.userReels({ username: USERNAME }, call) },
  { name: 'userTagged', path: 'v1/tagged', run: (p, call) => p.userTagged({ username: USERNAME }, call) },
  { name: 'userFollowers', path: 'v1/followers', run: (p, call) => p.userFollowers({ username: USERNAME }, call) },
  { name: 'userSimilar', path: 'v1/similar_accounts', run: (p, call) => p.userSimilar({ username: USERNAME }, call) },
  { name: 'userStories', path: 'v1/stories', run: (p, call) => p.userStories({ username: USERNAME }, call) },
  { name: 'userHighlights', path: 'v1/highlights', run: (p, call) => p.userHighlights({ username: USERNAME }, call) },
  { name: 'post', path: 'v1/post_info', run: (p, call) => p.post({ shortcode: answers.VIDEO.code }, call) },
  { name: 'postComments', path: 'v1/comments', run: (p, call) => p.postComments({ shortcode: answers.VIDEO.code }, call) },
  { name: 'postLikers', path: 'v1/likes', run: (p, call) => p.postLikers({ shortcode: answers.VIDEO.code }, call) },
  { name: 'hashtag', path: 'v1/hashtag', run: (p, call) => p.hashtag({ hashtag: answers.HASHTAG }, call) },
  { name: 'search', path: 'v1/search_users', run: (p, call) => p.search({ query: 'trail' }, call) },
];

describe('Photo-platform data API adapter: failures', () => {
  let vendor: FakePhotosVendor;
  let photos: PhotosProvider;
  let costs: number[];
  let call: CallOptions;
  before(async () => {
    vendor = await startFakePhotosVendor();
    photos = rapidApiPhotos(vendor.settings);
  });
  after(async () => vendor?.close());
  beforeEach(() => {
    vendor.reset();
    costs = [];
    call = { signal: new AbortController().signal, upstreamCost: (micros) => costs.push(micros) };
  });

  /** The method fails with our 502; its message and detail are checked and returned. */
  async function fails(method: Method, provider: PhotosProvider = photos): Promise<UpstreamError> {
    let caught: unknown;
    await method.run(provider, call).then(
      () => assert.fail(`${method.name} succeeded`),
      (error: unknown) => (caught = error),
    );
    assert.ok(caught instanceof UpstreamError, `${method.name}: ${String(caught)}`);
    assert.equal(caught.code, 'UPSTREAM_ERROR');
    assert.equal(caught.status, 502);
    assertNeutralMessage(caught.message, VENDOR_TEXTS);
    assert.ok(!(caught.detail ?? '').includes(USERNAME), `${method.name}: the account reached the log detail: ${caught.detail}`);
    assert.ok(!(caught.detail ?? '').includes(PHOTOS_VENDOR_KEY), `${method.name}: the key reached the log detail`);
    return caught;
  }

  test('a spent monthly quota (RapidAPI’s 429) is a 502 at once, not tried again; the detail says the plan’s quota is spent', async () => {
    vendor.fail(answers.QUOTA_EXHAUSTED);
    for (const method of METHODS) {
      vendor.fake.requests.length = 0;
      const error = await fails(method);
      assert.match(error.message, /rate-limiting/, method.name);
      assert.match(error.detail ?? '', /HTTP 429 \(RapidAPI: the plan's quota is spent/, method.name);
      assert.equal(vendor.requests(method.path).length, 1, `${method.name}: a spent quota is not tried again`);
    }
    assert.deepEqual(costs, [], 'a request the gateway refused costs nothing');
  });

  test('rate limiting (429 with a long Retry-After) is a 502 at once; the detail says rate limit, not the body', async () => {
    vendor.fail(answers.RATE_LIMITED);
    for (const method of METHODS) {
      const error = await fails(method);
      assert.match(error.message, /rate-limiting/);
      assert.match(error.detail ?? '', /HTTP 429 \(RapidAPI: the plan's rate limit\)$/);
    }
  });

  test('not subscribed (403) and a refused key (401) are 502s saying quota or configuration, the detail naming the settings to check', async () => {
    vendor.fail(answers.NOT_SUBSCRIBED);
    for (const method of METHODS) {
      const error = await fails(method);
      assert.match(error.message, /unavailable \(quota or configuration\)/);
      assert.match(error.detail ?? '', new RegExp(`GET /${method.path} answered HTTP 403 \\("You are not subscribed to this API\\."\\)\\. Check RAPIDAPI_KEY`));
    }
    vendor.recover();
    const wrongKey = rapidApiPhotos({ ...vendor.settings, apiKey: 'another-key' });
    const wrongHost = rapidApiPhotos({ ...vendor.settings, host: 'another-api.p.rapidapi.com' });
    for (const provider of [wrongKey, wrongHost]) assert.match((await fails(METHODS[0]!, provider)).detail ?? '', /HTTP 403 .*RAPIDAPI_PHOTOS_HOST/);
    vendor.fail(answers.INVALID_KEY);
    assert.match((await fails(METHODS[0]!)).detail ?? '', /HTTP 401 \("Invalid API key\. .*Check RAPIDAPI_KEY/);
  });

  test('a server error is tried three times, then a 502 whose detail keeps the vendor’s body (it names the account) out', async () => {
    vendor.fail(answers.SERVER_ERROR);
    const error = await fails(METHODS[0]!);
    assert.match(error.message, /failing right now \(it answered HTTP 500\)/);
    assert.match(error.detail ?? '', /GET \/v1\/info: HTTP 500 \(body not logged/);
    assert.equal(vendor.requests('v1/info').length, 3);
    // The others asked to wait longer than the call may: one attempt each.
    vendor.fail({ ...answers.SERVER_ERROR, headers: { 'retry-after': '60' } });
    for (const method of METHODS.slice(1)) assert.match((await fails(method)).message, /HTTP 500/);
  });

  test('an answer that is not JSON is a 502, its body kept out of the log; the request is still priced', async () => {
    vendor.fail(answers.TRUNCATED);
    for (const method of METHODS) {
      const error = await fails(method);
      assert.match(error.message, /malformed answer/);
      assert.match(error.detail ?? '', /not JSON \(\d+ bytes; not logged\)/);
    }
    assert.ok(costs.length >= METHODS.length, 'the vendor answered 2xx: RapidAPI counted the request');
  });

  test('JSON of another shape (no `data`, `data` a string, a list whose `items` is not one) is a 502 "unexpected shape"', async () => {
    for (const method of METHODS) {
      for (const body of [answers.WRONG_SHAPE.body, { data: 'a string' }]) {
        vendor.fail({ status: 200, body });
        assert.match((await fails(method)).message, /unexpected shape/, method.name);
      }
    }
    vendor.fail({ status: 200, body: { data: { count: 1, items: 'a string' } } });
    for (const method of METHODS.filter((method) => !['user', 'userAbout', 'post'].includes(method.name))) {
      assert.match((await fails(method)).message, /unexpected shape/, method.name);
    }
  });

  test('a 404 without the vendor’s {detail} (RapidAPI not knowing the endpoint) is a failure, not "nothing found"', async () => {
    vendor.fail(answers.UNKNOWN_ENDPOINT);
    for (const method of METHODS) {
      const error = await fails(method);
      assert.match(error.message, /refused the call \(it answered HTTP 404\)/, method.name);
      assert.match(error.detail ?? '', /"API doesn't exists"/);
    }
  });

  test('a request the vendor rejects (400) is a 502 "rejected the request"; its `detail` is not logged', async () => {
    vendor.fail({ status: 400, body: { detail: `Invalid username_or_id_or_url: ${USERNAME}` } });
    for (const method of METHODS) {
      const error = await fails(method);
      assert.match(error.message, /rejected the request/);
      assert.match(error.detail ?? '', /answered HTTP 400 \(no gateway message\)$/);
    }
  });

  test('a failure after the first request of a multi-request call fails the call (highlight items, the recent hashtag feed)', async () => {
    vendor.on('v1/highlight_info', answers.NOT_SUBSCRIBED);
    await fails(METHODS.find((method) => method.name === 'userHighlights')!);
    vendor.on('v1/hashtag', (request) => (request.query.get('feed_type') === 'recent' ? answers.TRUNCATED : answers.HASHTAG_TOP));
    await fails(METHODS.find((method) => method.name === 'hashtag')!);
    // Search's three requests all settle before the call fails: the two answered are priced by then.
    vendor.on('v1/search_hashtags', { ...answers.SERVER_ERROR, headers: { 'retry-after': '60' } });
    costs = [];
    await fails(METHODS.find((method) => method.name === 'search')!);
    assert.equal(costs.length, 2);
  });

  test('the caller’s signal: a request in flight is abandoned when the call is aborted, with the call’s reason', async () => {
    for (const method of METHODS) {
      vendor.fake.on(`GET /${method.path}`, { status: 200, json: { data: null }, delayMs: 5_000 });
      const controller = new AbortController();
      const reason = new Error(`client left during ${method.name}`);
      const pending = method.run(photos, { signal: controller.signal });
      setTimeout(() => controller.abort(reason), 20);
      await assert.rejects(pending, (error) => error === reason, method.name);
    }
    vendor.reset();
    await assert.rejects(photos.user({ username: USERNAME }, { signal: AbortSignal.abort(new Error('already gone')) }), /already gone/);
    assert.equal(vendor.fake.requests.length, 0, 'nothing sent for a call already over');
  });

  test('a vendor slower than the upstream timeout is a 502 "did not answer in time"', async () => {
    const impatient = rapidApiPhotos({ ...vendor.settings, timeoutMs: 150 });
    vendor.fake.on('GET /v1/info', { status: 200, json: { data: null }, delayMs: 2_000 });
    assert.match((await fails(METHODS[0]!, impatient)).message, /did not answer in time/);
  });
});
