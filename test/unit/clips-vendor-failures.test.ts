import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { UpstreamError } from '../../src/core/errors';
import type { ClipsProvider } from '../../src/providers/families/clips';
import type { CallOptions } from '../../src/providers/providers';
import { rapidApiClips } from '../../src/providers/rapidapi-clips';
import type { ClipsPath } from '../../src/providers/rapidapi-clips/costs';
import * as answers from '../../src/providers/rapidapi-clips/fixtures/answers';
import { assertNeutralMessage } from '../helpers/fake-upstream';
import { startFakeClipsVendor, CLIPS_VENDOR_KEY, type FakeClipsVendor } from '../fakes/clips-vendor-server';

/**
 * The short-video data API adapter when the vendor or RapidAPI fails, for every method: a spent
 * quota, a refused key or subscription, rate limiting, a server error, the vendor's own error in a
 * 200, an answer that is not JSON or not the documented shape, an endpoint RapidAPI does not know —
 * each a 502 (UpstreamError) in our words, whose log detail says what to check and holds neither
 * the handle asked about nor the key; and the caller's signal obeyed.
 */

const { CREATOR, VIDEO_ID, MUSIC_ID, CHALLENGE_ID, COMMENT_ID } = answers;
/** What must never be in a customer message: the vendor, the gateway, their words, the settings. */
const VENDOR_TEXTS = ['RapidAPI', 'rapidapi', 'RAPIDAPI', 'TikWM', 'tikwm', 'tiktok', 'TikTok', 'not subscribed', 'MONTHLY quota', 'Too many requests', 'Url parsing', CLIPS_VENDOR_KEY];

type Method = { name: string; path: ClipsPath; run: (clips: ClipsProvider, call: CallOptions) => Promise<unknown> };

const list = { count: 20 };
const METHODS: Method[] = [
  { name: 'video', path: '', run: (c, call) => c.video({ videoId: VIDEO_ID }, call) },
  { name: 'comments', path: 'comment/list', run: (c, call) => c.comments({ videoId: VIDEO_ID, ...list }, call) },
  { name: 'commentReplies', path: 'comment/reply', run: (c, call) => c.commentReplies({ videoId: VIDEO_ID, commentId: COMMENT_ID, ...list }, call) },
  { name: 'music', path: 'music/info', run: (c, call) => c.music({ musicId: MUSIC_ID }, call) },
  { name: 'musicVideos', path: 'music/posts', run: (c, call) => c.musicVideos({ musicId: MUSIC_ID, ...list }, call) },
  { name: 'challenge', path: 'challenge/info', run: (c, call) => c.challenge({ id: CHALLENGE_ID }, call) },
  { name: 'challengeVideos', path: 'challenge/posts', run: (c, call) => c.challengeVideos({ challengeId: CHALLENGE_ID, ...list }, call) },
  { name: 'search', path: 'feed/search', run: (c, call) => c.search({ keywords: CREATOR.unique_id, ...list }, call) },
  { name: 'searchChallenges', path: 'challenge/search', run: (c, call) => c.searchChallenges({ keywords: 'pasta', ...list }, call) },
  { name: 'searchPhotos', path: 'photo/search', run: (c, call) => c.searchPhotos({ keywords: 'pasta', ...list }, call) },
  { name: 'searchUsers', path: 'user/search', run: (c, call) => c.searchUsers({ keywords: CREATOR.unique_id, ...list }, call) },
  { name: 'user', path: 'user/info', run: (c, call) => c.user({ uniqueId: CREATOR.unique_id }, call) },
  { name: 'userStory', path: 'user/story', run: (c, call) => c.userStory({ uniqueId: CREATOR.unique_id }, call) },
  { name: 'userPosts', path: 'user/posts', run: (c, call) => c.userPosts({ userId: CREATOR.id, ...list }, call) },
  { name: 'userFavorites', path: 'user/favorite', run: (c, call) => c.userFavorites({ userId: CREATOR.id, ...list }, call) },
  { name: 'userReposts', path: 'user/reposts', run: (c, call) => c.userReposts({ userId: CREATOR.id, ...list }, call) },
  { name: 'userFollowers', path: 'user/followers', run: (c, call) => c.userFollowers({ userId: CREATOR.id, ...list }, call) },
  { name: 'userFollowing', path: 'user/following', run: (c, call) => c.userFollowing({ userId: CREATOR.id, ...list }, call) },
];
const named = (name: string) => METHODS.find((method) => method.name === name)!;

describe('Short-video data API adapter: failures', () => {
  let vendor: FakeClipsVendor;
  let clips: ClipsProvider;
  let costs: number[];
  let call: CallOptions;
  before(async () => {
    vendor = await startFakeClipsVendor();
    clips = rapidApiClips(vendor.settings);
  });
  after(async () => vendor?.close());
  beforeEach(() => {
    vendor.reset();
    costs = [];
    call = { signal: new AbortController().signal, upstreamCost: (micros) => costs.push(micros) };
  });

  /** The method fails with our 502; its message and detail are checked and returned. */
  async function fails(method: Method, provider: ClipsProvider = clips): Promise<UpstreamError> {
    let caught: unknown;
    await method.run(provider, call).then(
      () => assert.fail(`${method.name} succeeded`),
      (error: unknown) => (caught = error),
    );
    assert.ok(caught instanceof UpstreamError, `${method.name}: ${String(caught)}`);
    assert.equal(caught.code, 'UPSTREAM_ERROR');
    assert.equal(caught.status, 502);
    assertNeutralMessage(caught.message, VENDOR_TEXTS);
    assert.ok(!(caught.detail ?? '').includes(CREATOR.unique_id), `${method.name}: the handle reached the log detail: ${caught.detail}`);
    assert.ok(!(caught.detail ?? '').includes(CLIPS_VENDOR_KEY), `${method.name}: the key reached the log detail`);
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
      assert.ok((error.detail ?? '').includes(`GET /${method.path} answered HTTP 403 ("You are not subscribed to this API."). Check RAPIDAPI_KEY`), error.detail);
    }
    vendor.recover();
    const wrongKey = rapidApiClips({ ...vendor.settings, apiKey: 'another-key' });
    const wrongHost = rapidApiClips({ ...vendor.settings, host: 'another-api.p.rapidapi.com' });
    for (const provider of [wrongKey, wrongHost]) assert.match((await fails(METHODS[0]!, provider)).detail ?? '', /HTTP 403 .*RAPIDAPI_CLIPS_HOST/);
    vendor.fail(answers.INVALID_KEY);
    assert.match((await fails(METHODS[0]!)).detail ?? '', /HTTP 401 \("Invalid API key\. .*Check RAPIDAPI_KEY/);
  });

  test('a server error is tried three times, then a 502 whose detail keeps the vendor’s body (it names the handle) out', async () => {
    vendor.fail(answers.SERVER_ERROR);
    const error = await fails(named('user'));
    assert.match(error.message, /failing right now \(it answered HTTP 500\)/);
    assert.match(error.detail ?? '', /GET \/user\/info: HTTP 500 \(body not logged/);
    assert.equal(vendor.requests('user/info').length, 3);
    // The others asked to wait longer than the call may: one attempt each.
    vendor.fail({ ...answers.SERVER_ERROR, headers: { 'retry-after': '60' } });
    for (const method of METHODS) assert.match((await fails(method)).message, /HTTP 500/);
  });

  test('the vendor’s own error in a 200 (code -1, not "not found") is a 502, not null; its message logged without what was asked about; priced', async () => {
    for (const method of METHODS) {
      vendor.on(method.path, (request) => ({ status: 200, body: { code: -1, msg: `Could not load ${[...request.query.values()].join(' ')}, please try again` } }));
      const asked = vendor.fake.requests.length;
      const error = await fails(method);
      assert.match(error.message, /could not serve this request/, method.name);
      assert.match(error.detail ?? '', new RegExp(`GET /${method.path.replace('/', '\\/')}: code -1 \\("Could not load `), method.name);
      for (const request of vendor.fake.requests.slice(asked)) {
        for (const [name, value] of request.query) if (name !== 'count') assert.ok(!(error.detail ?? '').includes(value), `${method.name}: ${name} reached the log detail: ${error.detail}`);
      }
      vendor.reset();
    }
    assert.equal(costs.length, METHODS.length, 'the vendor answered: RapidAPI counted each request');
  });

  test('an answer that is not JSON is a 502, its body kept out of the log; the request is still priced', async () => {
    vendor.fail(answers.TRUNCATED);
    for (const method of METHODS) {
      const error = await fails(method);
      assert.match(error.message, /malformed answer/);
      assert.match(error.detail ?? '', /not JSON \(\d+ bytes; not logged\)/);
    }
    assert.equal(costs.length, METHODS.length, 'the vendor answered 2xx: RapidAPI counted the request');
  });

  test('JSON of another shape (no envelope, `data` a string, a list that is not one) is a 502 "unexpected shape"', async () => {
    for (const method of METHODS) {
      for (const body of [answers.WRONG_SHAPE.body, { code: 0, msg: 'success', data: 'a string' }, { code: 'zero', data: {} }]) {
        vendor.fail({ status: 200, body });
        assert.match((await fails(method)).message, /unexpected shape/, method.name);
      }
    }
    const lists = { videos: 'a string', comments: 'a string', challenge_list: 'a string', user_list: 'a string', followers: 'a string' };
    vendor.fail({ status: 200, body: { code: 0, msg: 'success', data: lists } });
    for (const method of METHODS.filter((method) => !['video', 'music', 'challenge', 'user'].includes(method.name))) {
      assert.match((await fails(method)).message, /unexpected shape/, method.name);
    }
  });

  test('a 404 (RapidAPI not knowing the endpoint: the vendor itself answers 200) is a failure, not "nothing found"', async () => {
    vendor.fail(answers.UNKNOWN_ENDPOINT);
    for (const method of METHODS) {
      const error = await fails(method);
      assert.match(error.message, /refused the call \(it answered HTTP 404\)/, method.name);
      assert.match(error.detail ?? '', /"API doesn't exists"/);
    }
  });

  test('a request the gateway rejects (400) is a 502 "rejected the request"', async () => {
    vendor.fail({ status: 400, body: { message: 'Bad request' } });
    for (const method of METHODS) assert.match((await fails(method)).message, /rejected the request/);
  });

  test('a failure at the second request of a two-request call fails the call (the comments’ video, the stories’ profile)', async () => {
    vendor.on('comment/list', { status: 200, body: { code: 0, msg: 'success', data: { comments: [], cursor: 0, hasMore: false } } });
    vendor.on('', answers.NOT_SUBSCRIBED);
    await fails(named('comments'));
    vendor.reset();
    vendor.on('user/story', answers.NO_STORIES);
    vendor.on('user/info', answers.TRUNCATED);
    await fails(named('userStory'));
  });

  test('the caller’s signal: a request in flight is abandoned when the call is aborted, with the call’s reason', async () => {
    for (const method of METHODS) {
      vendor.fake.on(`GET /${method.path}`, { status: 200, json: { code: 0, msg: 'success', data: null }, delayMs: 5_000 });
      const controller = new AbortController();
      const reason = new Error(`client left during ${method.name}`);
      const pending = method.run(clips, { signal: controller.signal });
      setTimeout(() => controller.abort(reason), 20);
      await assert.rejects(pending, (error) => error === reason, method.name);
    }
    vendor.reset();
    await assert.rejects(clips.user({ uniqueId: CREATOR.unique_id }, { signal: AbortSignal.abort(new Error('already gone')) }), /already gone/);
    assert.equal(vendor.fake.requests.length, 0, 'nothing sent for a call already over');
  });

  test('a vendor slower than the upstream timeout is a 502 "did not answer in time"', async () => {
    const impatient = rapidApiClips({ ...vendor.settings, timeoutMs: 150 });
    vendor.fake.on('GET /user/info', { status: 200, json: { code: 0, msg: 'success', data: null }, delayMs: 2_000 });
    assert.match((await fails(named('user'), impatient)).message, /did not answer in time/);
  });
});
