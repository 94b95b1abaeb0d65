import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ClipsProvider } from '../../src/providers/families/clips';
import { rapidApiClips } from '../../src/providers/rapidapi-clips';
import type { ClipsPath } from '../../src/providers/rapidapi-clips/costs';
import * as answers from '../../src/providers/rapidapi-clips/fixtures/answers';
import { rapidApiFailures, type VendorMethod } from '../helpers/rapidapi-failures';
import { startFakeClipsVendor, CLIPS_VENDOR_KEY } from '../fakes/clips-vendor-server';

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

type Method = VendorMethod<ClipsProvider, ClipsPath>;

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
  const suite = rapidApiFailures({
    start: startFakeClipsVendor,
    adapter: rapidApiClips,
    methods: METHODS,
    vendorTexts: VENDOR_TEXTS,
    asked: { text: CREATOR.unique_id, as: 'the handle' },
    hostSetting: 'RAPIDAPI_CLIPS_HOST',
    answers,
  });
  const { fails } = suite;

  test('a spent monthly quota (RapidAPI’s 429) is a 502 at once, not tried again; the detail says the plan’s quota is spent', () => suite.spentQuota());

  test('rate limiting (429 with a long Retry-After) is a 502 at once; the detail says rate limit, not the body', () => suite.rateLimited());

  test('not subscribed (403) and a refused key (401) are 502s saying quota or configuration, the detail naming the settings to check', () => suite.refused());

  test('a server error is tried three times, then a 502 whose detail keeps the vendor’s body (it names the handle) out', () => suite.serverError(named('user')));

  test('the vendor’s own error in a 200 (code -1, not "not found") is a 502, not null; its message logged without what was asked about; priced', () =>
    suite.vendorError((words) => ({ code: -1, msg: words }), 'code -1', (name) => name !== 'count'));

  test('an answer that is not JSON is a 502, its body kept out of the log; the request is still priced', async () => {
    await suite.notJson();
    assert.equal(suite.costs.length, METHODS.length, 'the vendor answered 2xx: RapidAPI counted the request');
  });

  test('JSON of another shape (no envelope, `data` a string, a list that is not one) is a 502 "unexpected shape"', async () => {
    const { vendor } = suite;
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

  test('a 404 (RapidAPI not knowing the endpoint: the vendor itself answers 200) is a failure, not "nothing found"', () => suite.unknownEndpoint());

  test('a request the gateway rejects (400) is a 502 "rejected the request"', () => suite.gatewayRejects());

  test('a failure at the second request of a two-request call fails the call (the comments’ video, the stories’ profile)', async () => {
    const { vendor } = suite;
    vendor.on('comment/list', { status: 200, body: { code: 0, msg: 'success', data: { comments: [], cursor: 0, hasMore: false } } });
    vendor.on('', answers.NOT_SUBSCRIBED);
    await fails(named('comments'));
    vendor.reset();
    vendor.on('user/story', answers.NO_STORIES);
    vendor.on('user/info', answers.TRUNCATED);
    await fails(named('userStory'));
  });

  test('the caller’s signal: a request in flight is abandoned when the call is aborted, with the call’s reason', () =>
    suite.obeysSignal({ code: 0, msg: 'success', data: null }, named('user')));

  test('a vendor slower than the upstream timeout is a 502 "did not answer in time"', () => suite.slowerThanTimeout(named('user'), { code: 0, msg: 'success', data: null }));
});
