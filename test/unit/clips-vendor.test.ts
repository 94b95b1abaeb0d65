import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { z } from 'zod';
import type { ClipsProvider } from '../../src/providers/families/clips';
import type { CallOptions } from '../../src/providers/providers';
import { DEFAULT_CLIPS_HOST, rapidApiClips, SERVED_OPERATIONS } from '../../src/providers/rapidapi-clips';
import { MOST_REQUESTS, REQUEST_COST } from '../../src/providers/rapidapi-clips/costs';
import * as answers from '../../src/providers/rapidapi-clips/fixtures/answers';
import {
  ClipsChallenge,
  ClipsChallengeSummary,
  ClipsComment,
  ClipsFollowItem,
  ClipsListedVideo,
  ClipsMusic,
  ClipsOwnVideo,
  ClipsPhotoPost,
  ClipsReply,
  ClipsStory,
  ClipsUser,
  ClipsUserSearchItem,
  ClipsVideoDetails,
} from '../../src/schemas/clips';
import { startFakeClipsVendor, CLIPS_VENDOR_HOST, CLIPS_VENDOR_KEY, type FakeClipsVendor } from '../fakes/clips-vendor-server';

/**
 * The short-video data API adapter against a fake of the vendor: for every method, what it sends
 * (path, query, RapidAPI headers), how a documented answer maps to our record field by field (each
 * record parses with its schema and loses nothing), nothing found as null, pages walked with the
 * vendor's own cursor (or `time`), and `count` held to what the vendor gives a page. Failures:
 * clips-vendor-failures.test.ts.
 */

const { cdn, CREATOR, FRIEND, VIDEO_ID, MUSIC_ID, CHALLENGE_ID, CHALLENGE_NAME, COMMENT_ID } = answers;
const UNKNOWN_ID = '7399999999999999999';
const NOBODY = 'no.such.cook';

/** `value` parses with `schema` to itself: no field missing, none stripped. */
function conforms<Schema extends z.ZodType>(schema: Schema, value: unknown): void {
  assert.deepEqual(schema.parse(value), value);
}

const LENA = { unique_id: CREATOR.unique_id, nickname: CREATOR.nickname, avatar: CREATOR.avatar };
const QUIET = { unique_id: FRIEND.unique_id, nickname: FRIEND.nickname, avatar: FRIEND.avatar };

/** A list item of the fixtures' `videoItem(id, n)`, mapped. */
function listed(videoId: string, n: number, author = LENA, description = `Dinner idea #${n} #pastanight`): ClipsListedVideo {
  return {
    video_id: videoId,
    description,
    create_time: 1731000000 + n,
    author,
    statistics: { play_count: 10_000 * n, digg_count: 1_000 * n, comment_count: 10 * n, share_count: 5 * n },
    video: { duration: 20 + n, cover: cdn(`cover-${n}.jpg`), play_addr: cdn(`play-${n}.mp4`) },
  };
}
const FIRST = listed(VIDEO_ID, 1);
const SECOND = listed(answers.SECOND_VIDEO_ID, 2, QUIET, '');
/** The photo post as a list shows it: no video to play. */
const PHOTO = { ...listed(answers.PHOTO_POST_ID, 3), video: { duration: 0, cover: cdn('cover-3.jpg'), play_addr: '' } };
const own = ({ author: _author, ...video }: ClipsListedVideo): ClipsOwnVideo => video;

describe('Short-video data API adapter: requests and mapping', () => {
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

  /** The requests made, in order, as `path?query`; each a GET carrying the RapidAPI key and host. */
  function sent(): string[] {
    const made = vendor.fake.requests.map((request) => {
      assert.equal(request.method, 'GET');
      assert.equal(request.headers['x-rapidapi-key'], CLIPS_VENDOR_KEY);
      assert.equal(request.headers['x-rapidapi-host'], CLIPS_VENDOR_HOST);
      return `${request.path}?${request.query}`;
    });
    vendor.fake.requests.length = 0;
    return made;
  }

  test('it serves all eighteen methods, its request counts fit the price, and its default host is the vendor’s', () => {
    assert.equal(SERVED_OPERATIONS.size, 18);
    assert.deepEqual([...SERVED_OPERATIONS].sort(), Object.keys(MOST_REQUESTS).sort());
    for (const [method, requests] of Object.entries(MOST_REQUESTS)) assert.ok(requests * REQUEST_COST <= 10_000, `${method}: ${requests} requests cost more than USD 0.01`);
    assert.equal(DEFAULT_CLIPS_HOST, 'tiktok-scraper7.p.rapidapi.com');
    assert.equal(clips.name, 'tikwm');
  });

  test('video: GET /?url=<id>; the flat details in statistics{}, video{}, author{} and music{}; one request priced', async () => {
    const video = await clips.video({ videoId: VIDEO_ID }, call);
    const expected: ClipsVideoDetails = {
      video_id: VIDEO_ID,
      description: 'Weeknight carbonara in 10 minutes #pastanight',
      create_time: 1731600000,
      author: { ...LENA, is_verified: false },
      statistics: { play_count: 182340, digg_count: 20311, comment_count: 412, share_count: 1290, collect_count: 3056 },
      video: { duration: 34, cover: cdn('carbonara-cover.jpg'), play_addr: cdn('carbonara.mp4'), width: 0, height: 0, download_addr: cdn('carbonara-wm.mp4') },
      music: { id: MUSIC_ID, title: 'original sound - lena.cooks', author: 'Lena Cooks', cover: cdn('lena-720.webp'), play_url: cdn('sound-7034.mp3') },
    };
    assert.deepEqual(video, expected);
    conforms(ClipsVideoDetails, video);
    assert.deepEqual(sent(), [`/?url=${VIDEO_ID}`]);
    assert.deepEqual(costs, [REQUEST_COST]);
  });

  test('video: a frame size and a verified badge are read when sent; an unknown video is null (its "Url parsing is failed!" still priced)', async () => {
    vendor.on('', () => {
      const body = structuredClone(answers.VIDEO_DETAILS.body) as { data: Record<string, unknown> };
      Object.assign(body.data, { width: 1080, height: 1920, author: { ...CREATOR, verified: true } });
      return { status: 200, body };
    });
    const video = await clips.video({ videoId: VIDEO_ID }, call);
    assert.deepEqual([video?.video.width, video?.video.height, video?.author.is_verified], [1080, 1920, true]);
    conforms(ClipsVideoDetails, video);
    vendor.reset();
    costs = [];
    assert.equal(await clips.video({ videoId: UNKNOWN_ID }, call), null);
    assert.deepEqual(costs, [REQUEST_COST], 'RapidAPI counts the request the vendor answered');
  });

  test('video: `data` null, or `[]`, with code 0 is nothing found too', async () => {
    vendor.on('', answers.DATA_NULL);
    assert.equal(await clips.video({ videoId: VIDEO_ID }, call), null);
    vendor.on('', answers.DATA_EMPTY_LIST);
    assert.equal(await clips.video({ videoId: VIDEO_ID }, call), null);
  });

  test('comments: url=<id>, count; two pages walked with the vendor cursor (a number, sent back as given); total from the page', async () => {
    const first = await clips.comments({ videoId: VIDEO_ID, count: 20 }, call);
    const expected: ClipsComment[] = [
      { comment_id: COMMENT_ID, text: 'Made this tonight, so good!', create_time: 1731601000, digg_count: 88, reply_count: 3, author: QUIET },
      { comment_id: '7310000000000000002', text: 'Guanciale or pancetta?', create_time: 1731602000, digg_count: 5, reply_count: 0, author: LENA },
    ];
    assert.deepEqual(first, { items: expected, nextCursor: answers.COMMENTS_CURSOR, total_comments: 412 });
    for (const comment of first!.items) conforms(ClipsComment, comment);
    const last = await clips.comments({ videoId: VIDEO_ID, count: 20, cursor: first!.nextCursor! }, call);
    assert.deepEqual(last?.items.map((comment) => comment.text), ['Saved.']);
    assert.equal(last?.nextCursor, null);
    assert.deepEqual(sent(), [`/comment/list?url=${VIDEO_ID}&count=20`, `/comment/list?url=${VIDEO_ID}&count=20&cursor=2`]);
    assert.deepEqual(costs, [REQUEST_COST, REQUEST_COST]);
  });

  test('comments: a page without `total` asks the video for its comment count (two requests); an unknown video is null', async () => {
    vendor.on('comment/list', () => {
      const body = structuredClone(answers.COMMENTS_PAGE_2.body) as { data: Record<string, unknown> };
      delete body.data.total;
      return { status: 200, body };
    });
    const page = await clips.comments({ videoId: VIDEO_ID, count: 20 }, call);
    assert.equal(page?.total_comments, 412);
    assert.deepEqual(sent(), [`/comment/list?url=${VIDEO_ID}&count=20`, `/?url=${VIDEO_ID}`]);
    vendor.reset();
    assert.equal(await clips.comments({ videoId: UNKNOWN_ID, count: 20 }, call), null);
  });

  test('comments: count 50 is sent as is (the vendor gives 50 a page); at most `count` comments answered', async () => {
    await clips.comments({ videoId: VIDEO_ID, count: 50 }, call);
    const one = await clips.comments({ videoId: VIDEO_ID, count: 1 }, call);
    assert.equal(one?.items.length, 1);
    assert.deepEqual(sent(), [`/comment/list?url=${VIDEO_ID}&count=50`, `/comment/list?url=${VIDEO_ID}&count=1`]);
  });

  test('commentReplies: video_id and comment_id; replies mapped; an unknown comment is null', async () => {
    const replies = await clips.commentReplies({ videoId: VIDEO_ID, commentId: COMMENT_ID, count: 10 }, call);
    const expected: ClipsReply = { comment_id: '7311000000000000001', text: 'Guanciale, always.', create_time: 1731601500, digg_count: 12, author: LENA };
    assert.deepEqual(replies, { items: [expected], nextCursor: null });
    conforms(ClipsReply, replies!.items[0]);
    assert.deepEqual(sent(), [`/comment/reply?video_id=${VIDEO_ID}&comment_id=${COMMENT_ID}&count=10`]);
    assert.equal(await clips.commentReplies({ videoId: VIDEO_ID, commentId: '7319999999999999999', count: 10 }, call), null);
  });

  test('music: url=<id>; the sound mapped (no video count in the answer: 0); an unknown one is null', async () => {
    const music = await clips.music({ musicId: MUSIC_ID }, call);
    const expected: ClipsMusic = {
      music_id: MUSIC_ID,
      title: 'original sound - lena.cooks',
      author: 'Lena Cooks',
      album: '',
      duration: 34,
      is_original: true,
      cover: cdn('lena-720.webp'),
      play_url: cdn('sound-7034.mp3'),
      video_count: 0,
    };
    assert.deepEqual(music, expected);
    conforms(ClipsMusic, music);
    assert.deepEqual(sent(), [`/music/info?url=${MUSIC_ID}`]);
    assert.equal(await clips.music({ musicId: '7099999999999999999' }, call), null);
    vendor.on('music/info', { status: 200, body: { code: 0, msg: 'success', data: { ...(answers.MUSIC.body as { data: object }).data, video_count: 5120 } } });
    assert.equal((await clips.music({ musicId: MUSIC_ID }, call))?.video_count, 5120);
  });

  test('musicVideos: count capped to the vendor’s 30; two pages; a row without a numeric id left out; an unknown sound is null', async () => {
    const first = await clips.musicVideos({ musicId: MUSIC_ID, count: 50 }, call);
    assert.deepEqual(first, { items: [FIRST, SECOND], nextCursor: answers.MUSIC_CURSOR });
    for (const video of first!.items) conforms(ClipsListedVideo, video);
    const last = await clips.musicVideos({ musicId: MUSIC_ID, count: 50, cursor: answers.MUSIC_CURSOR }, call);
    assert.deepEqual(last, { items: [], nextCursor: null });
    assert.deepEqual(sent(), [`/music/posts?music_id=${MUSIC_ID}&count=30`, `/music/posts?music_id=${MUSIC_ID}&count=30&cursor=2`]);
    assert.deepEqual((await clips.musicVideos({ musicId: MUSIC_ID, count: 1 }, call))?.items, [FIRST], 'at most `count` videos');
    assert.equal(await clips.musicVideos({ musicId: '7099999999999999999', count: 20 }, call), null);
  });

  test('challenge: by challenge_name or by challenge_id; mapped (a branded one); an unknown one is null', async () => {
    const expected: ClipsChallenge = {
      challenge_id: CHALLENGE_ID,
      challenge_name: CHALLENGE_NAME,
      description: 'Share your fastest pasta dinner.',
      video_count: 48211,
      view_count: 912345678,
      cover: cdn('challenge-cover.jpg'),
      is_commercial: true,
    };
    assert.deepEqual(await clips.challenge({ name: CHALLENGE_NAME }, call), expected);
    const byId = await clips.challenge({ id: CHALLENGE_ID }, call);
    assert.deepEqual(byId, expected);
    conforms(ClipsChallenge, byId);
    assert.deepEqual(sent(), [`/challenge/info?challenge_name=${CHALLENGE_NAME}`, `/challenge/info?challenge_id=${CHALLENGE_ID}`]);
    assert.equal(await clips.challenge({ name: 'nosuchchallenge' }, call), null);
    vendor.on('challenge/info', { status: 200, body: { code: 0, msg: 'success', data: { id: '', cha_name: '', desc: '', user_count: 0, view_count: 0 } } });
    assert.equal(await clips.challenge({ name: 'nosuchchallenge' }, call), null, 'an answer without an id names no challenge');
  });

  test('challengeVideos: challenge_id, count; the last page; an unknown challenge is null', async () => {
    const page = await clips.challengeVideos({ challengeId: CHALLENGE_ID, count: 20 }, call);
    assert.deepEqual(page, { items: [FIRST], nextCursor: null });
    assert.deepEqual(sent(), [`/challenge/posts?challenge_id=${CHALLENGE_ID}&count=20`]);
    assert.equal(await clips.challengeVideos({ challengeId: '7', count: 20 }, call), null);
  });

  test('search: keywords, count; `hasMore` 1/0 and a numeric cursor read; nothing found is an empty last page', async () => {
    const first = await clips.search({ keywords: 'carbonara recipe', count: 20 }, call);
    assert.deepEqual(first, { items: [FIRST, SECOND], nextCursor: answers.SEARCH_CURSOR });
    const last = await clips.search({ keywords: 'carbonara recipe', count: 20, cursor: first.nextCursor! }, call);
    assert.deepEqual(last, { items: [PHOTO], nextCursor: null });
    for (const video of [...first.items, ...last.items]) conforms(ClipsListedVideo, video);
    assert.deepEqual(sent(), ['/feed/search?keywords=carbonara+recipe&count=20', '/feed/search?keywords=carbonara+recipe&count=20&cursor=2']);
    vendor.on('feed/search', answers.DATA_NULL);
    assert.deepEqual(await clips.search({ keywords: 'zzzz', count: 20 }, call), { items: [], nextCursor: null });
  });

  test('searchChallenges: challenge_list mapped (without the branded flag); the vendor cursor passed on', async () => {
    const page = await clips.searchChallenges({ keywords: 'pasta', count: 10 }, call);
    const expected: ClipsChallengeSummary[] = [
      { challenge_id: CHALLENGE_ID, challenge_name: CHALLENGE_NAME, description: 'Share your fastest pasta dinner.', video_count: 48211, view_count: 912345678, cover: cdn('challenge-cover.jpg') },
      { challenge_id: '7654321', challenge_name: 'pastalover', description: '', video_count: 120, view_count: 45000, cover: '' },
    ];
    assert.deepEqual(page, { items: expected, nextCursor: '2' });
    for (const challenge of page.items) conforms(ClipsChallengeSummary, challenge);
    assert.deepEqual(sent(), ['/challenge/search?keywords=pasta&count=10']);
  });

  test('searchPhotos: photo posts with their images; a video in the results left out', async () => {
    const page = await clips.searchPhotos({ keywords: 'pasta', count: 10, cursor: '1' }, call);
    const expected: ClipsPhotoPost = {
      video_id: answers.PHOTO_POST_ID,
      description: 'Dinner idea #3 #pastanight',
      create_time: 1731000003,
      author: LENA,
      images: [cdn('slide-1.jpg'), cdn('slide-2.jpg')],
      statistics: { digg_count: 3000, comment_count: 30, share_count: 15 },
    };
    assert.deepEqual(page, { items: [expected], nextCursor: null });
    conforms(ClipsPhotoPost, page.items[0]);
    assert.deepEqual(sent(), ['/photo/search?keywords=pasta&count=10&cursor=1']);
  });

  test('searchUsers: rows nesting the web profile and flat rows both read; a row without a handle left out', async () => {
    const page = await clips.searchUsers({ keywords: 'cooks', count: 50 }, call);
    const expected: ClipsUserSearchItem[] = [
      { unique_id: CREATOR.unique_id, nickname: CREATOR.nickname, avatar: cdn('lena-720.jpg'), signature: 'Quick dinners.', follower_count: 254000, following_count: 180, video_count: 312, is_verified: true },
      { unique_id: FRIEND.unique_id, nickname: FRIEND.nickname, avatar: FRIEND.avatar, signature: '', follower_count: 1200, following_count: 75, video_count: 14, is_verified: false },
    ];
    assert.deepEqual(page, { items: expected, nextCursor: '3' });
    for (const user of page.items) conforms(ClipsUserSearchItem, user);
    assert.deepEqual(sent(), ['/user/search?keywords=cooks&count=30']);
  });

  test('user: unique_id; the web profile and its stats mapped (region upper-cased); without region or language, empty; unknown, null', async () => {
    const user = await clips.user({ uniqueId: CREATOR.unique_id }, call);
    const expected: ClipsUser = {
      user_id: CREATOR.id,
      unique_id: CREATOR.unique_id,
      nickname: CREATOR.nickname,
      avatar: cdn('lena-720.jpg'),
      signature: 'Quick dinners.',
      is_verified: true,
      region: 'US',
      language: 'en',
      follower_count: 254000,
      following_count: 180,
      heart_count: 5100000,
      video_count: 312,
      digg_count: 900,
    };
    assert.deepEqual(user, expected);
    conforms(ClipsUser, user);
    assert.deepEqual(sent(), [`/user/info?unique_id=${CREATOR.unique_id}`]);
    const friend = await clips.user({ uniqueId: FRIEND.unique_id }, call);
    assert.deepEqual([friend?.region, friend?.language, friend?.heart_count, friend?.avatar], ['', '', 8000, cdn('quiet-100.jpg')]);
    conforms(ClipsUser, friend);
    costs = [];
    assert.equal(await clips.user({ uniqueId: NOBODY }, call), null);
    assert.deepEqual(costs, [REQUEST_COST]);
    vendor.on('user/info', answers.DATA_EMPTY_LIST);
    assert.equal(await clips.user({ uniqueId: CREATOR.unique_id }, call), null);
  });

  test('userStory: the id read from the stories (one request); a missing expiry is a day after posting; a photo story has no video to play', async () => {
    const story = await clips.userStory({ uniqueId: CREATOR.unique_id }, call);
    const expected: ClipsStory[] = [
      { story_id: '7320000000000000001', create_time: 1732000000, expire_time: 1732086400, video: { duration: 0, cover: cdn('cover-4.jpg'), play_addr: '' } },
      { story_id: '7320000000000000002', create_time: 1732003600, expire_time: 1732090000, video: { duration: 12, cover: cdn('cover-5.jpg'), play_addr: cdn('play-5.mp4') } },
    ];
    assert.deepEqual(story, { user_id: CREATOR.id, unique_id: CREATOR.unique_id, stories: expected });
    for (const item of story!.stories) conforms(ClipsStory, item);
    assert.deepEqual(sent(), [`/user/story?unique_id=${CREATOR.unique_id}`]);
    assert.deepEqual(costs, [REQUEST_COST]);
  });

  test('userStory: no stories, so the profile gives the id (two requests); an unknown user is null after one', async () => {
    assert.deepEqual(await clips.userStory({ uniqueId: FRIEND.unique_id }, call), { user_id: FRIEND.id, unique_id: FRIEND.unique_id, stories: [] });
    assert.deepEqual(sent(), [`/user/story?unique_id=${FRIEND.unique_id}`, `/user/info?unique_id=${FRIEND.unique_id}`]);
    assert.equal(await clips.userStory({ uniqueId: NOBODY }, call), null);
    assert.equal(sent().length, 1);
  });

  test('userPosts: user_id, count; two pages by the vendor cursor; no author on own videos; none is an empty page; unknown, null', async () => {
    const first = await clips.userPosts({ userId: CREATOR.id, count: 20 }, call);
    assert.deepEqual(first, { items: [own(FIRST), own(PHOTO)], nextCursor: answers.POSTS_CURSOR });
    const last = await clips.userPosts({ userId: CREATOR.id, count: 20, cursor: answers.POSTS_CURSOR }, call);
    assert.deepEqual(last, { items: [own(listed('7304567890123456789', 6))], nextCursor: null });
    for (const video of [...first!.items, ...last!.items]) conforms(ClipsOwnVideo, video);
    assert.deepEqual(sent(), [`/user/posts?user_id=${CREATOR.id}&count=20`, `/user/posts?user_id=${CREATOR.id}&count=20&cursor=${answers.POSTS_CURSOR}`]);
    assert.deepEqual(await clips.userPosts({ userId: FRIEND.id, count: 20 }, call), { items: [], nextCursor: null });
    assert.equal(await clips.userPosts({ userId: '1', count: 20 }, call), null);
  });

  test('userFavorites: /user/favorite by user_id; another creator’s video with its author; more to come', async () => {
    const page = await clips.userFavorites({ userId: CREATOR.id, count: 40 }, call);
    assert.deepEqual(page, { items: [SECOND], nextCursor: '1731500000000' });
    conforms(ClipsListedVideo, page!.items[0]);
    assert.deepEqual(sent(), [`/user/favorite?user_id=${CREATOR.id}&count=30`]);
    assert.equal(await clips.userFavorites({ userId: '1', count: 20 }, call), null);
  });

  test('userReposts: /user/reposts by user_id; a row without an id left out; unknown, null', async () => {
    assert.deepEqual(await clips.userReposts({ userId: CREATOR.id, count: 20 }, call), { items: [SECOND], nextCursor: null });
    assert.deepEqual(sent(), [`/user/reposts?user_id=${CREATOR.id}&count=20`]);
    assert.equal(await clips.userReposts({ userId: '1', count: 20 }, call), null);
  });

  test('userFollowers: paged by `time` (our cursor carries it); mapped accounts, verified only when sent; unknown, null', async () => {
    const first = await clips.userFollowers({ userId: CREATOR.id, count: 50 }, call);
    const expected: ClipsFollowItem[] = [
      { user_id: FRIEND.id, unique_id: FRIEND.unique_id, nickname: FRIEND.nickname, avatar: cdn('quiet.kitchen.webp'), signature: 'Quiet Kitchen cooks too.', follower_count: 1200, is_verified: false },
      { user_id: '7001', unique_id: 'pan.tosser', nickname: '', avatar: cdn('pan.tosser.webp'), signature: '', follower_count: 3, is_verified: false },
    ];
    assert.deepEqual(first, { items: expected, nextCursor: answers.FOLLOWERS_TIME });
    const last = await clips.userFollowers({ userId: CREATOR.id, count: 50, cursor: first!.nextCursor! }, call);
    assert.deepEqual(last, {
      items: [{ user_id: '7002', unique_id: 'sauce.boss', nickname: 'Sauce Boss', avatar: cdn('sauce.boss.webp'), signature: 'Sauce Boss cooks too.', follower_count: 87, is_verified: true }],
      nextCursor: null,
    });
    for (const account of [...first!.items, ...last!.items]) conforms(ClipsFollowItem, account);
    assert.deepEqual(sent(), [`/user/followers?user_id=${CREATOR.id}&count=50`, `/user/followers?user_id=${CREATOR.id}&count=50&time=${answers.FOLLOWERS_TIME}`]);
    assert.equal(await clips.userFollowers({ userId: '1', count: 20 }, call), null);
  });

  test('userFollowing: the documented `followings` list; the last page; unknown, null', async () => {
    const page = await clips.userFollowing({ userId: CREATOR.id, count: 20 }, call);
    assert.equal(page?.nextCursor, null);
    assert.deepEqual(page?.items.map((account) => account.unique_id), [FRIEND.unique_id]);
    conforms(ClipsFollowItem, page!.items[0]);
    assert.deepEqual(sent(), [`/user/following?user_id=${CREATOR.id}&count=20`]);
    assert.equal(await clips.userFollowing({ userId: '1', count: 20 }, call), null);
  });

  test('a page that says there is more but gives no cursor is the last one (nowhere to go on from)', async () => {
    vendor.on('feed/search', { status: 200, body: { code: 0, msg: 'success', data: { videos: [answers.FIRST_ITEM], hasMore: true } } });
    assert.deepEqual(await clips.search({ keywords: 'pasta', count: 20 }, call), { items: [FIRST], nextCursor: null });
    vendor.on('feed/search', { status: 200, body: { code: 0, msg: 'success', data: { videos: [answers.FIRST_ITEM], has_more: true, cursor: 5 } } });
    assert.deepEqual(await clips.search({ keywords: 'pasta', count: 20 }, call), { items: [FIRST], nextCursor: '5' }, '`has_more` read too');
  });
});
