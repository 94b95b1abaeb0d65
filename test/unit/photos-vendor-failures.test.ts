import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PhotosProvider } from '../../src/providers/families/photos';
import { rapidApiPhotos } from '../../src/providers/rapidapi-photos';
import type { PhotosPath } from '../../src/providers/rapidapi-photos/costs';
import * as answers from '../../src/providers/rapidapi-photos/fixtures/answers';
import { rapidApiFailures, type VendorMethod } from '../helpers/rapidapi-failures';
import { startFakePhotosVendor, PHOTOS_VENDOR_KEY } from '../fakes/photos-vendor-server';

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

type Method = VendorMethod<PhotosProvider, PhotosPath>;

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

const named = (name: string) => METHODS.find((method) => method.name === name)!;

describe('Photo-platform data API adapter: failures', () => {
  const suite = rapidApiFailures({
    start: startFakePhotosVendor,
    adapter: rapidApiPhotos,
    methods: METHODS,
    vendorTexts: VENDOR_TEXTS,
    asked: { text: USERNAME, as: 'the account' },
    hostSetting: 'RAPIDAPI_PHOTOS_HOST',
    answers,
  });
  const { fails } = suite;

  test('a spent monthly quota (RapidAPI’s 429) is a 502 at once, not tried again; the detail says the plan’s quota is spent', () => suite.spentQuota());

  test('rate limiting (429 with a long Retry-After) is a 502 at once; the detail says rate limit, not the body', () => suite.rateLimited());

  test('not subscribed (403) and a refused key (401) are 502s saying quota or configuration, the detail naming the settings to check', () => suite.refused());

  test('a server error is tried three times, then a 502 whose detail keeps the vendor’s body (it names the account) out', () => suite.serverError(named('user')));

  test('an answer that is not JSON is a 502, its body kept out of the log; the request is still priced', async () => {
    await suite.notJson();
    // Some calls ask more than once before the answer fails them.
    assert.ok(suite.costs.length >= METHODS.length, 'the vendor answered 2xx: RapidAPI counted the request');
  });

  test('JSON of another shape (no `data`, `data` a string, a list whose `items` is not one) is a 502 "unexpected shape"', async () => {
    const { vendor } = suite;
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

  test('a 404 without the vendor’s {detail} (RapidAPI not knowing the endpoint) is a failure, not "nothing found"', () => suite.unknownEndpoint());

  test('a request the vendor rejects (400) is a 502 "rejected the request"; its `detail` is not logged', async () => {
    suite.vendor.fail({ status: 400, body: { detail: `Invalid username_or_id_or_url: ${USERNAME}` } });
    for (const method of METHODS) {
      const error = await fails(method);
      assert.match(error.message, /rejected the request/);
      assert.match(error.detail ?? '', /answered HTTP 400 \(no gateway message\)$/);
    }
  });

  test('a failure after the first request of a multi-request call fails the call (highlight items, the recent hashtag feed)', async () => {
    const { vendor } = suite;
    vendor.on('v1/highlight_info', answers.NOT_SUBSCRIBED);
    await fails(named('userHighlights'));
    vendor.on('v1/hashtag', (request) => (request.query.get('feed_type') === 'recent' ? answers.TRUNCATED : answers.HASHTAG_TOP));
    await fails(named('hashtag'));
    // Search's three requests all settle before the call fails: the two answered are priced by then.
    vendor.on('v1/search_hashtags', { ...answers.SERVER_ERROR, headers: { 'retry-after': '60' } });
    suite.costs.length = 0;
    await fails(named('search'));
    assert.equal(suite.costs.length, 2);
  });

  test('the caller’s signal: a request in flight is abandoned when the call is aborted, with the call’s reason', () => suite.obeysSignal({ data: null }, named('user')));

  test('a vendor slower than the upstream timeout is a 502 "did not answer in time"', () => suite.slowerThanTimeout(named('user'), { data: null }));
});
