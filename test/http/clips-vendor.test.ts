import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MOST_PER_PAGE, REQUEST_COST } from '../../src/providers/rapidapi-clips/costs';
import * as answers from '../../src/providers/rapidapi-clips/fixtures/answers';
import { assertNeutralMessage } from '../helpers/fake-upstream';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { charged, uncharged, failedUncharged, upstreamCostOf } from '../helpers/vendor-calls';
import { CLIPS_VENDOR_HOST, CLIPS_VENDOR_KEY, startFakeClipsVendor, type FakeClipsVendor } from '../fakes/clips-vendor-server';

/**
 * The clips endpoints on the short-video data vendor (a fake of the API on RapidAPI), through the
 * real server and database: the vendor's documented answers in our records
 * (`x-tollgate-provider: live`, vendor names hidden), charged exactly; our parameters in the
 * vendor's words (a URL as its id, `count` capped to what the vendor gives a page, our `cursor`
 * around the vendor's own cursor or time); what the vendor does not know a 404 and a failing
 * vendor a 502 in our words, neither charged; a bad field a 400 before any vendor request; and
 * what each call cost upstream in the call log.
 */

const { CREATOR, FRIEND, VIDEO_ID, MUSIC_ID, CHALLENGE_ID, CHALLENGE_NAME } = answers;
const VIDEO_URL = `https://www.clips.com/@${CREATOR.unique_id}/video/${VIDEO_ID}`;
const MUSIC_URL = `https://www.clips.com/music/original-sound-${MUSIC_ID}`;
const UNKNOWN_ID = '7399999999999999999';

/** What the fake says and the credentials; none of it may reach a customer. */
const VENDOR_TEXTS = [
  'MONTHLY quota', 'Upgrade your plan', 'Internal error', 'please try again', 'Url parsing', "doesn't exist", CLIPS_VENDOR_KEY, CLIPS_VENDOR_HOST, CREATOR.unique_id,
];
const VENDOR_NAMES = /tikwm|tiktok|rapid|scraper/i;
const VENDOR = { texts: VENDOR_TEXTS, names: VENDOR_NAMES };

describe(`clips endpoints on the short-video data vendor (${testDatabaseLabel()})`, () => {
  let vendor: FakeClipsVendor;
  let app: TestApp;
  before(async () => {
    vendor = await startFakeClipsVendor();
    app = await startTestApp({}, {
      RAPIDAPI_KEY: CLIPS_VENDOR_KEY,
      // The default host is the one the fake expects.
      RAPIDAPI_CLIPS_HOST: '',
      RAPIDAPI_CLIPS_BASE_URL: vendor.baseUrl,
      TOLLGATE_EXPOSE_VENDOR_NAMES: 'false',
      TOLLGATE_UPSTREAM_TIMEOUT_MS: '3000',
    });
  });
  after(async () => {
    await app?.close();
    await vendor?.close();
  });
  beforeEach(() => vendor.reset());

  const queries = (path: Parameters<FakeClipsVendor['requests']>[0]) => vendor.requests(path).map((request) => Object.fromEntries(request.query));

  test('video: the vendor’s details as our record, $0.01, asked by the id read from the URL with the key and default host; one request’s cost logged', async () => {
    const { response, cost } = await charged(app, '/v1/clips/video', { url: `${VIDEO_URL}?is_from_webapp=1` });
    assert.equal(cost, 10_000);
    const video = response.body.data;
    assert.equal(video.video_id, VIDEO_ID);
    assert.equal(video.description, 'Weeknight carbonara in 10 minutes #pastanight');
    assert.equal(video.create_time, 1731600000);
    assert.deepEqual(video.author, { unique_id: CREATOR.unique_id, nickname: CREATOR.nickname, avatar: CREATOR.avatar, is_verified: false });
    assert.deepEqual(video.statistics, { play_count: 182340, digg_count: 20311, comment_count: 412, share_count: 1290, collect_count: 3056 });
    assert.equal(video.video.duration, 34);
    assert.equal(video.video.play_addr, answers.cdn('carbonara.mp4'));
    assert.equal(video.video.download_addr, answers.cdn('carbonara-wm.mp4'));
    assert.deepEqual(video.music, { id: MUSIC_ID, title: 'original sound - lena.cooks', author: 'Lena Cooks', cover: answers.cdn('lena-720.webp'), play_url: answers.cdn('sound-7034.mp3') });
    assert.equal(video.hdplay, undefined, 'the vendor’s own fields do not pass through');
    const sent = vendor.requests('');
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.path, '/');
    assert.deepEqual(Object.fromEntries(sent[0]!.query), { url: VIDEO_ID });
    assert.equal(sent[0]!.headers['x-rapidapi-key'], CLIPS_VENDOR_KEY);
    assert.equal(sent[0]!.headers['x-rapidapi-host'], 'tiktok-scraper7.p.rapidapi.com');
    assert.equal(await upstreamCostOf(app, response), REQUEST_COST);
  });

  test('user: the profile by the handle as normalised, $0.01 (region upper-cased, stats mapped)', async () => {
    const { response, cost } = await charged(app, '/v1/clips/user', { unique_id: '@Lena.Cooks' });
    assert.equal(cost, 10_000);
    assert.deepEqual(response.body.data, {
      user_id: CREATOR.id,
      unique_id: CREATOR.unique_id,
      nickname: CREATOR.nickname,
      avatar: answers.cdn('lena-720.jpg'),
      signature: 'Quick dinners.',
      is_verified: true,
      region: 'US',
      language: 'en',
      follower_count: 254000,
      following_count: 180,
      heart_count: 5100000,
      video_count: 312,
      digg_count: 900,
    });
    assert.deepEqual(queries('user/info'), [{ unique_id: CREATOR.unique_id }]);
  });

  test('user-posts: page 1’s cursor is our token around the vendor’s, which page 2 sends back as its cursor; the last page ends', async () => {
    const first = await charged(app, '/v1/clips/user-posts', { user_id: CREATOR.id });
    assert.equal(first.cost, 10_000);
    const page1 = first.response.body.data;
    assert.equal(page1.has_more, true);
    assert.deepEqual(page1.videos.map((video: any) => [video.video_id, video.video.play_addr]), [[VIDEO_ID, answers.cdn('play-1.mp4')], [answers.PHOTO_POST_ID, '']]);
    assert.equal(page1.videos[0].author, undefined, 'a creator’s own videos carry no author');
    assert.equal(typeof page1.cursor, 'string');
    assert.ok(!page1.cursor.includes(answers.POSTS_CURSOR), 'the vendor’s cursor is not handed out as it is');

    const second = await charged(app, '/v1/clips/user-posts', { user_id: CREATOR.id, cursor: page1.cursor });
    assert.equal(second.cost, 10_000);
    const page2 = second.response.body.data;
    assert.deepEqual([page2.has_more, page2.cursor], [false, null]);
    assert.deepEqual(page2.videos.map((video: any) => video.video_id), ['7304567890123456789']);
    assert.deepEqual(queries('user/posts'), [
      { user_id: CREATOR.id, count: '20' },
      { user_id: CREATOR.id, count: '20', cursor: answers.POSTS_CURSOR },
    ]);

    // The cursor belongs to that creator's posts: another creator's, another list, or the vendor's raw cursor, is a 400 before any request.
    const before = vendor.fake.requests.length;
    for (const [path, body] of [
      ['/v1/clips/user-posts', { user_id: FRIEND.id, cursor: page1.cursor }],
      ['/v1/clips/user-favorites', { user_id: CREATOR.id, cursor: page1.cursor }],
      ['/v1/clips/user-posts', { user_id: CREATOR.id, cursor: answers.POSTS_CURSOR }],
    ] as const) {
      assert.match(await uncharged(app, path, body, 400, 'VALIDATION_ERROR'), /^cursor\b/);
    }
    assert.equal(vendor.fake.requests.length, before);
  });

  test('user-followers: page 2 from our cursor reaches the vendor as its `time`', async () => {
    const first = await charged(app, '/v1/clips/user-followers', { user_id: CREATOR.id });
    const page1 = first.response.body.data;
    assert.deepEqual(page1.followers.map((account: any) => account.unique_id), [FRIEND.unique_id, 'pan.tosser']);
    assert.equal(page1.has_more, true);
    const second = await charged(app, '/v1/clips/user-followers', { user_id: CREATOR.id, cursor: page1.cursor });
    assert.equal(second.cost, 10_000);
    assert.deepEqual(second.response.body.data.followers.map((account: any) => [account.unique_id, account.is_verified]), [['sauce.boss', true]]);
    assert.deepEqual(queries('user/followers'), [
      { user_id: CREATOR.id, count: '20' },
      { user_id: CREATOR.id, count: '20', time: answers.FOLLOWERS_TIME },
    ]);
  });

  test('comments: the total beside the page, $0.01; page 2 from our cursor, the vendor’s cursor sent back', async () => {
    const first = await charged(app, '/v1/clips/comments', { url: VIDEO_URL });
    assert.equal(first.cost, 10_000);
    const page1 = first.response.body.data;
    assert.equal(page1.total_comments, 412);
    assert.equal(page1.has_more, true);
    assert.deepEqual(page1.comments.map((comment: any) => [comment.comment_id, comment.text, comment.reply_count, comment.author.unique_id]), [
      [answers.COMMENT_ID, 'Made this tonight, so good!', 3, FRIEND.unique_id],
      ['7310000000000000002', 'Guanciale or pancetta?', 0, CREATOR.unique_id],
    ]);
    const second = await charged(app, '/v1/clips/comments', { url: VIDEO_URL, cursor: page1.cursor });
    const page2 = second.response.body.data;
    assert.deepEqual([page2.total_comments, page2.has_more, page2.cursor], [412, false, null]);
    assert.deepEqual(page2.comments.map((comment: any) => comment.text), ['Saved.']);
    assert.deepEqual(queries('comment/list'), [
      { url: VIDEO_ID, count: '20' },
      { url: VIDEO_ID, count: '20', cursor: answers.COMMENTS_CURSOR },
    ]);
    assert.equal(await upstreamCostOf(app, first.response), REQUEST_COST, 'the page carried its total: one request');
  });

  test('challenge: by name (the # and case dropped), by id, and by both (the id decides), $0.01 each, the same record', async () => {
    const expected = {
      challenge_id: CHALLENGE_ID,
      challenge_name: CHALLENGE_NAME,
      description: 'Share your fastest pasta dinner.',
      video_count: 48211,
      view_count: 912345678,
      cover: answers.cdn('challenge-cover.jpg'),
      is_commercial: true,
    };
    const byName = await charged(app, '/v1/clips/challenge', { challenge_name: '#PastaNight' });
    assert.equal(byName.cost, 10_000);
    assert.deepEqual(byName.response.body.data, expected);
    const byId = await charged(app, '/v1/clips/challenge', { challenge_id: CHALLENGE_ID });
    assert.equal(byId.cost, 10_000);
    assert.deepEqual(byId.response.body.data, expected);
    const both = await charged(app, '/v1/clips/challenge', { challenge_name: 'SomeOtherChallenge', challenge_id: CHALLENGE_ID });
    assert.deepEqual(both.response.body.data, expected);
    assert.deepEqual(queries('challenge/info'), [{ challenge_name: CHALLENGE_NAME }, { challenge_id: CHALLENGE_ID }, { challenge_id: CHALLENGE_ID }], 'sent both, the vendor is asked by the id alone');
  });

  test('music by its URL and the videos using it, $0.01 each; a row without an id left out of page 2', async () => {
    const { response, cost } = await charged(app, '/v1/clips/music', { url: MUSIC_URL });
    assert.equal(cost, 10_000);
    assert.deepEqual(response.body.data, {
      music_id: MUSIC_ID,
      title: 'original sound - lena.cooks',
      author: 'Lena Cooks',
      album: '',
      duration: 34,
      is_original: true,
      cover: answers.cdn('lena-720.webp'),
      play_url: answers.cdn('sound-7034.mp3'),
      video_count: 0,
    });
    assert.deepEqual(queries('music/info'), [{ url: MUSIC_ID }]);

    const first = await charged(app, '/v1/clips/music-videos', { music_id: MUSIC_ID });
    assert.equal(first.cost, 10_000);
    const page1 = first.response.body.data;
    assert.deepEqual(page1.videos.map((video: any) => [video.video_id, video.author.unique_id, video.description]), [
      [VIDEO_ID, CREATOR.unique_id, 'Dinner idea #1 #pastanight'],
      [answers.SECOND_VIDEO_ID, FRIEND.unique_id, ''],
    ]);
    const second = await charged(app, '/v1/clips/music-videos', { music_id: MUSIC_ID, cursor: page1.cursor });
    assert.deepEqual(second.response.body.data, { has_more: false, cursor: null, videos: [] });
    assert.deepEqual(queries('music/posts'), [
      { music_id: MUSIC_ID, count: '20' },
      { music_id: MUSIC_ID, count: '20', cursor: answers.MUSIC_CURSOR },
    ]);
  });

  test('search: the keywords as sent, $0.01; a numeric vendor cursor and `hasMore` 1 read; one request’s cost logged', async () => {
    const { response, cost } = await charged(app, '/v1/clips/search', { keywords: 'pasta night' });
    assert.equal(cost, 10_000);
    const page = response.body.data;
    assert.equal(page.has_more, true);
    assert.deepEqual(page.videos.map((video: any) => [video.video_id, video.statistics.play_count]), [[VIDEO_ID, 10_000], [answers.SECOND_VIDEO_ID, 20_000]]);
    const next = await charged(app, '/v1/clips/search', { keywords: 'Pasta Night', cursor: page.cursor });
    assert.deepEqual(next.response.body.data.videos.map((video: any) => video.video_id), [answers.PHOTO_POST_ID]);
    assert.deepEqual(queries('feed/search'), [
      { keywords: 'pasta night', count: '20' },
      { keywords: 'Pasta Night', count: '20', cursor: answers.SEARCH_CURSOR },
    ]);
    assert.equal(await upstreamCostOf(app, response), REQUEST_COST);
  });

  test('count: a string or a number, sent to the vendor capped to what its path gives a page', async () => {
    await charged(app, '/v1/clips/comments', { url: VIDEO_URL, count: '40' });
    await charged(app, '/v1/clips/comments', { url: VIDEO_URL, count: 50 });
    assert.deepEqual(queries('comment/list').map((query) => query.count), ['40', String(MOST_PER_PAGE['comment/list'])]);
    assert.equal(MOST_PER_PAGE['user/posts'], 30);
    const posts = await charged(app, '/v1/clips/user-posts', { user_id: CREATOR.id, count: 45 });
    await charged(app, '/v1/clips/user-posts', { user_id: CREATOR.id, count: '1' });
    assert.deepEqual(queries('user/posts').map((query) => query.count), ['30', '1']);
    assert.equal(posts.response.body.data.videos.length, 2);
    await charged(app, '/v1/clips/user-followers', { user_id: CREATOR.id, count: 50 });
    assert.deepEqual(queries('user/followers').map((query) => query.count), ['50']);
    const search = await charged(app, '/v1/clips/search', { keywords: 'pasta', count: '1' });
    assert.equal(search.response.body.data.videos.length, 1, 'at most `count` answered');
    assert.deepEqual(queries('feed/search').map((query) => query.count), ['1']);
  });

  test('what the vendor does not know is 404 NOT_FOUND naming the field, not charged (its answered request still costs upstream)', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/v1/clips/video', { url: `https://www.clips.com/@${CREATOR.unique_id}/video/${UNKNOWN_ID}` }, 'url'],
      ['/v1/clips/comments', { url: `https://www.clips.com/@${CREATOR.unique_id}/video/${UNKNOWN_ID}` }, 'url'],
      ['/v1/clips/user', { unique_id: 'no.such.cook' }, 'unique_id'],
      ['/v1/clips/user-posts', { user_id: '1' }, 'user_id'],
      ['/v1/clips/user-followers', { user_id: '1' }, 'user_id'],
      ['/v1/clips/challenge', { challenge_name: 'nosuchchallenge' }, 'challenge_name'],
      ['/v1/clips/challenge', { challenge_id: '1' }, 'challenge_id'],
      ['/v1/clips/music', { url: 'https://www.clips.com/music/original-sound-7000000000000000001' }, 'url'],
      ['/v1/clips/music-videos', { music_id: '7000000000000000001' }, 'music_id'],
    ];
    for (const [path, body, field] of cases) {
      const message = await uncharged(app, path, body, 404, 'NOT_FOUND');
      assert.match(message, new RegExp(`^${field}: `), path);
      assertNeutralMessage(message, VENDOR_TEXTS.filter((text) => text !== CREATOR.unique_id));
    }
    assert.equal(vendor.fake.requests.length, cases.length);

    const { apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/clips/user', { unique_id: 'no.such.cook' }, apiKey);
    assert.equal(response.status, 404);
    assert.equal(await upstreamCostOf(app, response), REQUEST_COST);
  });

  test('a spent quota (429), a vendor error (500), a truncated body, the vendor’s own error (code -1) and JSON of another shape: 502 in our words, not charged', async () => {
    vendor.fail(answers.QUOTA_EXHAUSTED);
    assert.match(await failedUncharged(app, '/v1/clips/user', { unique_id: CREATOR.unique_id }, VENDOR), /rate-limiting/);
    assert.equal(vendor.fake.requests.length, 1, 'a spent quota is not tried again');
    vendor.fail(answers.SERVER_ERROR);
    assert.match(await failedUncharged(app, '/v1/clips/user-posts', { user_id: CREATOR.id }, VENDOR), /failing right now/);
    vendor.fail(answers.TRUNCATED);
    assert.match(await failedUncharged(app, '/v1/clips/video', { url: VIDEO_URL }, VENDOR), /malformed/);
    vendor.fail(answers.VENDOR_FAILURE);
    assert.match(await failedUncharged(app, '/v1/clips/search', { keywords: CREATOR.unique_id }, VENDOR), /could not serve/);
    vendor.fail(answers.WRONG_SHAPE);
    assert.match(await failedUncharged(app, '/v1/clips/challenge', { challenge_id: CHALLENGE_ID }, VENDOR), /unexpected shape/);
  });

  test('a bad field is a 400 naming it, answered before any vendor request', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/v1/clips/video', { url: `https://example.com/@${CREATOR.unique_id}/video/${VIDEO_ID}` }, 'url'],
      ['/v1/clips/comments', { url: `https://www.clips.com/@${CREATOR.unique_id}` }, 'url'],
      ['/v1/clips/music', { url: 'https://www.clips.com/music/' }, 'url'],
      ['/v1/clips/comments', { url: VIDEO_URL, count: '0' }, 'count'],
      ['/v1/clips/user-posts', { user_id: CREATOR.id, count: 51 }, 'count'],
      ['/v1/clips/search', { keywords: 'pasta', count: 'twenty' }, 'count'],
      ['/v1/clips/user-posts', { user_id: CREATOR.id, count: 2.5 }, 'count'],
      ['/v1/clips/challenge', {}, 'challenge_name'],
      ['/v1/clips/user', { unique_id: 'two words' }, 'unique_id'],
      ['/v1/clips/user-followers', { user_id: CREATOR.id, cursor: 'not-a-cursor' }, 'cursor'],
    ];
    for (const [path, body, field] of cases) {
      assert.match(await uncharged(app, path, body, 400, 'VALIDATION_ERROR'), new RegExp(`^${field}\\b`), path);
    }
    assert.equal(vendor.fake.requests.length, 0);
  });

  test('a search page’s cursor is bound to its keywords and its list: sent with others, a 400 before any request', async () => {
    const { response } = await charged(app, '/v1/clips/search', { keywords: 'pasta' });
    const { cursor } = response.body.data;
    const before = vendor.fake.requests.length;
    for (const [path, body] of [
      ['/v1/clips/search', { keywords: 'risotto', cursor }],
      ['/v1/clips/search-photo', { keywords: 'pasta', cursor }],
      ['/v1/clips/music-videos', { music_id: MUSIC_ID, cursor }],
    ] as const) {
      assert.match(await uncharged(app, path, body, 400, 'VALIDATION_ERROR'), /^cursor\b/, path);
    }
    assert.equal(vendor.fake.requests.length, before);
  });
});
