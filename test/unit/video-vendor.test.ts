import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { z } from 'zod';
import { UpstreamError } from '../../src/core/errors';
import type { VideoProvider } from '../../src/providers/families/video';
import type { CallOptions } from '../../src/providers/providers';
import { DEFAULT_VIDEO_HOST, rapidApiVideo, SERVED_OPERATIONS } from '../../src/providers/rapidapi-video';
import { METHOD_PATHS, MOST_REQUESTS, UNIT_COST, upstreamCostMicros } from '../../src/providers/rapidapi-video/costs';
import * as answers from '../../src/providers/rapidapi-video/fixtures/answers';
import {
  VideoChannelAbout,
  VideoChannelHome,
  VideoChannelItem,
  VideoComment,
  VideoCommunityPost,
  VideoDetails,
  VideoFeaturedChannel,
  VideoHomeItem,
  VideoHypeItem,
  VideoInfo,
  VideoMetadata,
  VideoPlaylistItem,
  VideoPlaylistMeta,
  VideoPlaylistVideo,
  VideoPost,
  VideoPostComment,
  VideoRelatedItem,
  VideoRelatedMeta,
  VideoSearchItem,
  VideoShortsInfo,
  VideoShortsItem,
  VideoStoreItem,
  VideoSubtitles,
  VideoTranscript,
  VideoTrendingItem,
} from '../../src/schemas/video';
import { startFakeVideoVendor, VIDEO_VENDOR_HOST, VIDEO_VENDOR_KEY, type FakeVideoVendor } from '../fakes/video-vendor-server';

/**
 * The YT-API adapter against a fake of the vendor: for every method, what it sends (path, query in
 * the vendor's names, RapidAPI headers), how a documented answer maps to our record (each record
 * parses with its schema and loses nothing), nothing found as null in each of the vendor's forms,
 * pages walked with the vendor's continuation, a comment's replies by its `replyToken`, the Shorts
 * feed by its sequence, frames taken from a real MP4, and each request priced. Failures:
 * video-vendor-failures.test.ts.
 */

const { cdn, CHANNEL, FRIEND_CHANNEL, VIDEO_ID, SECOND_VIDEO_ID, LIVE_VIDEO_ID, SHORT_ID, SECOND_SHORT_ID, PLAYLIST_ID, POST_ID, COMMENT_ID, VIEWER } = answers;
const UNKNOWN_CHANNEL = 'UC0000000000000000000000';
const UNKNOWN_VIDEO = 'zzzzzzzzzzz';
const thumbs = (name: string) => [
  { url: cdn(`${name}-168.jpg`), width: 168, height: 94 },
  { url: cdn(`${name}-336.jpg`), width: 336, height: 188 },
];

/** `value` parses with `schema` to itself: no field missing, none stripped. */
function conforms<Schema extends z.ZodType>(schema: Schema, value: unknown): void {
  assert.deepEqual(schema.parse(value), value);
}

/** A JPEG's frame size, from its start-of-frame marker. */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  assert.equal(jpeg.readUInt16BE(0), 0xffd8, 'a JPEG');
  let offset = 2;
  while (offset < jpeg.length) {
    const marker = jpeg.readUInt16BE(offset);
    if (marker >= 0xffc0 && marker <= 0xffc2) return { height: jpeg.readUInt16BE(offset + 5), width: jpeg.readUInt16BE(offset + 7) };
    offset += 2 + jpeg.readUInt16BE(offset + 2);
  }
  throw new Error('no frame header');
}

describe('YT-API video adapter: requests and mapping', () => {
  let vendor: FakeVideoVendor;
  let video: VideoProvider;
  let costs: number[];
  let call: CallOptions;
  before(async () => {
    vendor = await startFakeVideoVendor();
    video = rapidApiVideo(vendor.settings);
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
      assert.equal(request.headers['x-rapidapi-key'], VIDEO_VENDOR_KEY);
      assert.equal(request.headers['x-rapidapi-host'], VIDEO_VENDOR_HOST);
      return `${request.path}?${request.query}`;
    });
    vendor.fake.requests.length = 0;
    return made;
  }
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

  test('it serves all thirty methods, one request each, each within its price; its default host and name', () => {
    assert.equal(SERVED_OPERATIONS.size, 30);
    assert.deepEqual([...SERVED_OPERATIONS].sort(), Object.keys(MOST_REQUESTS).sort());
    for (const [method, requests] of Object.entries(MOST_REQUESTS)) {
      const price = method === 'video' ? 20_000 : 10_000;
      const cost = requests * upstreamCostMicros(METHOD_PATHS[method as keyof typeof METHOD_PATHS]);
      assert.ok(cost <= price, `${method}: ${cost} micro-USD is more than its price`);
    }
    assert.equal(UNIT_COST, 1417);
    assert.equal(upstreamCostMicros('dl'), 6 * UNIT_COST);
    assert.equal(DEFAULT_VIDEO_HOST, 'yt-api.p.rapidapi.com');
    assert.equal(video.name, 'yt-api');
  });

  test('channel: /channel/home by id with geo and lang; meta and the player and video shelves (others left out); unknown (empty meta) is null', async () => {
    const home = await video.channel({ channelId: CHANNEL.id, geo: 'GB', lang: 'en' }, call);
    const expected: VideoChannelHome = {
      meta: {
        title: CHANNEL.title,
        channelId: CHANNEL.id,
        channelHandle: CHANNEL.handle,
        description: 'Weeknight dinners in twenty minutes.',
        subscriberCount: 1_240_000,
        subscriberCountText: '1.24M subscribers',
        videosCount: 412,
        videosCountText: '412 videos',
        isFamilySafe: true,
        isUnlisted: false,
        tabs: ['Home', 'Videos', 'Shorts', 'Live', 'Playlists', 'Community', 'Store'],
        avatar: [{ url: cdn('northwind-176.jpg'), width: 176, height: 176 }],
        banner: [{ url: cdn('northwind-banner.jpg'), width: 1060, height: 175 }],
      },
      data: [
        { type: 'player', videoId: VIDEO_ID, title: 'Weeknight carbonara', description: 'Ten minutes, one pan.', viewCount: '182340', publishedTimeText: '3 weeks ago' },
        {
          type: 'video_listing',
          title: 'Popular videos',
          data: [
            { type: 'video', videoId: VIDEO_ID, title: 'Weeknight carbonara', lengthText: '10:02', viewCount: '182340' },
            { type: 'video', videoId: SECOND_VIDEO_ID, title: 'Lemon pasta', lengthText: '8:41', viewCount: '12000' },
          ],
        },
      ],
    };
    assert.deepEqual(home, expected);
    conforms(VideoChannelHome, home);
    assert.deepEqual(sent(), [`/channel/home?${q({ id: CHANNEL.id, geo: 'GB', lang: 'en' })}`]);
    assert.deepEqual(costs, [UNIT_COST]);
    assert.equal(await video.channel({ channelId: UNKNOWN_CHANNEL }, call), null);
    assert.deepEqual(sent(), [`/channel/home?id=${UNKNOWN_CHANNEL}`]);
    assert.deepEqual(costs, [UNIT_COST, UNIT_COST], 'the vendor answered: RapidAPI counts it');
  });

  test('channelAbout: the country name as its code, the join date from its text, counts from text; unknown ("doesn’t exist") is null', async () => {
    const about = await video.channelAbout({ channelId: CHANNEL.id }, call);
    const expected: VideoChannelAbout = {
      channelId: CHANNEL.id,
      description: 'Weeknight dinners in twenty minutes.',
      country: 'US',
      subscriberCount: 1_240_000,
      viewCount: '98123456',
      videosCount: 412,
      joinedDate: '2014-06-02',
      links: [
        { title: 'Recipes', url: 'https://northwind.example/recipes' },
        { title: 'Shop', url: 'https://northwind.example/shop' },
      ],
    };
    assert.deepEqual(about, expected);
    conforms(VideoChannelAbout, about);
    assert.equal(await video.channelAbout({ channelId: UNKNOWN_CHANNEL }, call), null);
    assert.deepEqual(sent(), [`/channel/about?id=${CHANNEL.id}`, `/channel/about?id=${UNKNOWN_CHANNEL}`]);
  });

  test('channelChannels: featured channels (a handle given its @, a row without an id left out); unknown is null', async () => {
    const channels = await video.channelChannels({ channelId: CHANNEL.id, lang: 'de' }, call);
    const expected: VideoFeaturedChannel[] = [{ type: 'channel', channelId: FRIEND_CHANNEL.id, title: FRIEND_CHANNEL.title, channelHandle: FRIEND_CHANNEL.handle, subscriberCountText: '48K subscribers', thumbnail: thumbs('quiet') }];
    assert.deepEqual(channels, expected);
    conforms(VideoFeaturedChannel, channels![0]);
    assert.deepEqual(sent(), [`/channel/channels?${q({ id: CHANNEL.id, lang: 'de' })}`]);
    assert.equal(await video.channelChannels({ channelId: UNKNOWN_CHANNEL }, call), null);
  });

  test('channelCommunity: posts (likes from "1.2K"; a post without its author is the channel’s); the cursor sent as `token`; unknown is null', async () => {
    const posts = await video.channelCommunity({ channelId: CHANNEL.id, cursor: 'Egljb21tdW5pdHk%3D' }, call);
    const expected: VideoCommunityPost[] = [
      { postId: POST_ID, authorText: CHANNEL.title, contentText: 'New video Friday!', likeCount: 1200, replyCount: 48, publishedTimeText: '2 days ago', thumbnail: thumbs('post') },
      { postId: 'UgkxZ9y8X7w6V5u4T3s2R1q0PoNmLkJiHgFe', authorText: CHANNEL.title, contentText: 'Which pasta next?', likeCount: 310, replyCount: 0, publishedTimeText: '1 week ago', thumbnail: [] },
    ];
    assert.deepEqual(posts, { items: expected, nextCursor: null });
    for (const post of posts!.items) conforms(VideoCommunityPost, post);
    assert.deepEqual(sent(), [`/channel/community?${q({ id: CHANNEL.id, token: 'Egljb21tdW5pdHk%3D' })}`]);
    assert.equal(await video.channelCommunity({ channelId: UNKNOWN_CHANNEL }, call), null);
  });

  test('channelLivestreams: the vendor’s `liveStreams` path, `sort_by`; broadcasts typed `livestream`; its continuation our cursor', async () => {
    const page = await video.channelLivestreams({ channelId: CHANNEL.id, sortBy: 'popular' }, call);
    const expected: VideoChannelItem = { type: 'livestream', videoId: LIVE_VIDEO_ID, title: 'Sunday cook-along', viewCount: '2500', viewCountText: '2.5K views', publishedTimeText: 'Streamed 3 days ago', lengthText: '1:02:03', thumbnail: thumbs('live') };
    assert.deepEqual(page, { items: [expected], nextCursor: 'CONT-live-2' });
    conforms(VideoChannelItem, page!.items[0]);
    assert.deepEqual(sent(), [`/channel/liveStreams?${q({ id: CHANNEL.id, sort_by: 'popular' })}`]);
    assert.equal(await video.channelLivestreams({ channelId: UNKNOWN_CHANNEL, sortBy: 'newest' }, call), null);
  });

  test('channelPlaylists and channelStore: mapped; unknown channels are null (an empty meta, the vendor’s error)', async () => {
    const playlists = await video.channelPlaylists({ channelId: CHANNEL.id }, call);
    const playlist: VideoPlaylistItem = { type: 'playlist', playlistId: PLAYLIST_ID, title: 'Pasta', videoCount: 24, thumbnail: thumbs('pl') };
    assert.deepEqual(playlists, { items: [playlist], nextCursor: null });
    conforms(VideoPlaylistItem, playlist);
    const store = await video.channelStore({ channelId: CHANNEL.id, geo: 'US' }, call);
    const item: VideoStoreItem = { title: 'Northwind apron', price: '$24.00', url: 'https://northwind.example/shop/apron', thumbnail: thumbs('apron') };
    assert.deepEqual(store, [item]);
    conforms(VideoStoreItem, item);
    assert.deepEqual(sent(), [`/channel/playlists?id=${CHANNEL.id}`, `/channel/store?${q({ id: CHANNEL.id, geo: 'US' })}`]);
    assert.equal(await video.channelPlaylists({ channelId: UNKNOWN_CHANNEL }, call), null);
    assert.equal(await video.channelStore({ channelId: UNKNOWN_CHANNEL }, call), null);
  });

  test('channelSearch: id and query; videos only (a playlist left out); a 404 with the vendor’s error is null, priced', async () => {
    const page = await video.channelSearch({ channelId: CHANNEL.id, query: 'carbonara', cursor: 'abc' }, call);
    assert.deepEqual(page?.items.map((item) => [item.type, item.videoId, item.viewCount]), [['video', VIDEO_ID, '182340']]);
    assert.equal(page?.nextCursor, 'CONT-search-2');
    conforms(VideoChannelItem, page!.items[0]);
    assert.deepEqual(sent(), [`/channel/search?${q({ id: CHANNEL.id, query: 'carbonara', token: 'abc' })}`]);
    costs = [];
    assert.equal(await video.channelSearch({ channelId: UNKNOWN_CHANNEL, query: 'carbonara' }, call), null);
    assert.deepEqual(costs, [UNIT_COST]);
  });

  test('channelShorts: `sort_by` only when asked; Shorts mapped; the last page', async () => {
    const page = await video.channelShorts({ channelId: CHANNEL.id }, call);
    const expected: VideoShortsItem[] = [
      { type: 'shorts', videoId: SHORT_ID, title: 'Garlic trick', viewCountText: '48K views', thumbnail: thumbs('s1') },
      { type: 'shorts', videoId: SECOND_SHORT_ID, title: 'Pasta water', viewCountText: '1.1M views', thumbnail: thumbs('s2') },
    ];
    assert.deepEqual(page, { items: expected, nextCursor: null });
    for (const item of expected) conforms(VideoShortsItem, item);
    await video.channelShorts({ channelId: CHANNEL.id, sortBy: 'oldest' }, call);
    assert.deepEqual(sent(), [`/channel/shorts?id=${CHANNEL.id}`, `/channel/shorts?${q({ id: CHANNEL.id, sort_by: 'oldest' })}`]);
    assert.equal(await video.channelShorts({ channelId: UNKNOWN_CHANNEL }, call), null);
  });

  test('channelVideos: two pages by the vendor’s continuation; the channel’s name; a count only in text read from it', async () => {
    const first = await video.channelVideos({ channelId: CHANNEL.id, sortBy: 'newest' }, call);
    assert.equal(first?.title, CHANNEL.title);
    assert.equal(first?.nextCursor, answers.VIDEOS_CONTINUATION);
    assert.deepEqual(first?.items[1], { type: 'video', videoId: SECOND_VIDEO_ID, title: 'Lemon pasta', viewCount: '1200000', viewCountText: '1.2M views', publishedTimeText: '1 month ago', lengthText: '8:41', thumbnail: thumbs('v2') });
    const last = await video.channelVideos({ channelId: CHANNEL.id, sortBy: 'newest', cursor: first!.nextCursor! }, call);
    assert.deepEqual(last, { items: [{ type: 'video', videoId: 'Ol9dVid3o0A', title: 'First upload', viewCount: '5012', viewCountText: '5K views', publishedTimeText: '12 years ago', lengthText: '4:20', thumbnail: [] }], nextCursor: null, title: CHANNEL.title });
    for (const item of [...first!.items, ...last!.items]) conforms(VideoChannelItem, item);
    assert.deepEqual(sent(), [`/channel/videos?${q({ id: CHANNEL.id, sort_by: 'newest' })}`, `/channel/videos?${q({ id: CHANNEL.id, sort_by: 'newest', token: answers.VIDEOS_CONTINUATION })}`]);
    assert.equal(await video.channelVideos({ channelId: UNKNOWN_CHANNEL, sortBy: 'newest' }, call), null);
  });

  test('comments: `new` is the vendor’s `newest`; the total from its text; a comment’s replyToken walks its replies on the same path; unknown is null', async () => {
    const first = await video.comments({ videoId: VIDEO_ID, sort: 'new' }, call);
    const expected: VideoComment = {
      commentId: COMMENT_ID,
      authorText: VIEWER.handle,
      authorChannelId: VIEWER.channelId,
      authorThumbnail: [{ url: cdn('viewer-88.jpg'), width: 88, height: 88 }],
      textDisplay: 'Made this tonight, so good!',
      likesCount: 1200,
      replyCount: 3,
      publishedTimeText: '2 days ago',
      authorIsChannelOwner: false,
      publishDate: '2026-03-28',
      publishedAt: '2026-03-28T19:04:00Z',
      replyToken: answers.REPLIES_TOKEN,
      isVerified: false,
      isArtist: false,
      isCreator: false,
    };
    assert.deepEqual(first?.items[0], expected);
    assert.deepEqual([first?.items[1]?.replyToken, first?.items[1]?.publishDate, first?.items[1]?.authorIsChannelOwner], [null, '2026-03-10', true]);
    assert.equal(first?.commentsCount, 1204);
    assert.equal(first?.nextCursor, answers.COMMENTS_CONTINUATION);
    for (const comment of first!.items) conforms(VideoComment, comment);
    const last = await video.comments({ videoId: VIDEO_ID, sort: 'new', cursor: first!.nextCursor! }, call);
    assert.deepEqual(last, { items: [], nextCursor: null, commentsCount: 1204 });
    const replies = await video.comments({ videoId: VIDEO_ID, sort: 'top', cursor: expected.replyToken! }, call);
    assert.deepEqual(replies?.items.map((reply) => [reply.commentId, reply.textDisplay, reply.replyToken]), [[`${COMMENT_ID}.9Rr1`, 'Glad you liked it!', null]]);
    assert.equal(replies?.commentsCount, 0, 'a page of replies gives no total');
    conforms(VideoComment, replies!.items[0]);
    assert.deepEqual(sent(), [
      `/comments?${q({ id: VIDEO_ID, sort_by: 'newest' })}`,
      `/comments?${q({ id: VIDEO_ID, sort_by: 'newest', token: answers.COMMENTS_CONTINUATION })}`,
      `/comments?${q({ id: VIDEO_ID, sort_by: 'top', token: answers.REPLIES_TOKEN })}`,
    ]);
    assert.equal(await video.comments({ videoId: UNKNOWN_VIDEO, sort: 'top' }, call), null);
  });

  test('hashtag: `tag`; videos listed (a shelf left out); a tag nobody used is an empty list, never null', async () => {
    const page = await video.hashtag({ tag: 'pastanight' }, call);
    const expected: VideoSearchItem = {
      type: 'video',
      videoId: VIDEO_ID,
      title: 'Dinner idea #1',
      channelTitle: CHANNEL.title,
      channelId: CHANNEL.id,
      channelHandle: CHANNEL.handle,
      channelBadges: ['Verified'],
      isVerifiedChannel: true,
      description: 'Quick dinner number 1…',
      viewCount: '10000',
      viewCountText: '10K views',
      publishDate: '2026-03-11',
      publishedAt: '2026-03-11T16:00:00Z',
      publishedTimeText: '1 weeks ago',
      lengthText: '12:01',
      thumbnail: thumbs('v1'),
      richThumbnail: [{ url: cdn('v1-moving.webp'), width: 320, height: 180 }],
      channelThumbnail: [{ url: cdn('northwind-68.jpg'), width: 68, height: 68 }],
    };
    assert.deepEqual(page, { items: [expected], nextCursor: 'CONT-hashtag-2', hashtagInfoText: '12K videos • 3.1K channels' });
    conforms(VideoSearchItem, expected);
    assert.deepEqual(await video.hashtag({ tag: 'nobodyusesthis', cursor: 'x' }, call), { items: [], nextCursor: null, hashtagInfoText: '' });
    vendor.on('hashtag', answers.NOT_FOUND_ERROR);
    assert.deepEqual(await video.hashtag({ tag: 'nobodyusesthis' }, call), { items: [], nextCursor: null, hashtagInfoText: '' });
    assert.deepEqual(sent().slice(0, 2), ['/hashtag?tag=pastanight', `/hashtag?${q({ tag: 'nobodyusesthis', token: 'x' })}`]);
  });

  test('home: a video and a shelf of Shorts (an ad left out); filters with a continuation become cursors', async () => {
    const home = await video.home({ geo: 'US' }, call);
    assert.deepEqual(home.filters, [{ filter: 'Cooking', cursor: answers.HOME_FILTER_CONTINUATION }]);
    assert.equal(home.nextCursor, 'CONT-home-2');
    assert.deepEqual(home.items.map((item) => item.type), ['video', 'shorts_listing']);
    for (const item of home.items) conforms(VideoHomeItem, item);
    assert.deepEqual(home.items[1], { type: 'shorts_listing', title: 'Shorts', data: [{ type: 'shorts', videoId: SHORT_ID, title: 'Garlic trick', viewCountText: '48K views', thumbnail: thumbs('s1') }] });
    await video.home({ cursor: answers.HOME_FILTER_CONTINUATION }, call);
    assert.deepEqual(sent(), ['/home?geo=US', `/home?${q({ token: answers.HOME_FILTER_CONTINUATION })}`]);
  });

  test('hype and trending: mapped; trending `gaming` is the vendor’s `games`; shelves left out', async () => {
    const hype = await video.hype({ geo: 'US' }, call);
    const hyped: VideoHypeItem = { type: 'video', videoId: SECOND_VIDEO_ID, title: 'Lemon pasta', channelTitle: CHANNEL.title, hypeText: '12.4K hype points', lengthText: '8:41', thumbnail: thumbs('v2') };
    assert.deepEqual(hype, { items: [hyped], nextCursor: null });
    conforms(VideoHypeItem, hyped);
    const trending = await video.trending({ type: 'gaming', geo: 'IN', lang: 'hi' }, call);
    assert.equal(trending.length, 1);
    assert.deepEqual([trending[0]!.commentCount, trending[0]!.likeCount, trending[0]!.viewCount, trending[0]!.publishedAt], [412, 24000, '10000', '2026-03-11T16:00:00Z']);
    conforms(VideoTrendingItem, trending[0]);
    await video.trending({ type: 'now' }, call);
    assert.deepEqual(sent(), ['/hype?geo=US', `/trending?${q({ type: 'games', geo: 'IN', lang: 'hi' })}`, '/trending?type=now']);
  });

  test('metadata: /updated_metadata; an empty answer is null', async () => {
    const metadata = await video.metadata({ videoId: VIDEO_ID }, call);
    const expected: VideoMetadata = { id: VIDEO_ID, viewCount: '182377', viewCountText: '182,377 views', likeCount: 24013, likeCountText: '24K' };
    assert.deepEqual(metadata, expected);
    conforms(VideoMetadata, metadata);
    assert.equal(await video.metadata({ videoId: UNKNOWN_VIDEO }, call), null);
    assert.deepEqual(sent(), [`/updated_metadata?id=${VIDEO_ID}`, `/updated_metadata?id=${UNKNOWN_VIDEO}`]);
  });

  test('playlist: meta and two pages; a private video not playable; lengths and dates filled from each other; unknown is null', async () => {
    const first = await video.playlist({ playlistId: PLAYLIST_ID }, call);
    const meta: VideoPlaylistMeta = {
      playlistId: PLAYLIST_ID,
      title: 'Pasta',
      channelTitle: CHANNEL.title,
      channelId: CHANNEL.id,
      channelHandle: CHANNEL.handle,
      description: '',
      videoCount: 3,
      videoCountText: '3 videos',
      viewCount: '45012',
      viewCountText: '45,012 views',
      lastUpdated: 'Updated 3 days ago',
    };
    assert.deepEqual(first?.meta, meta);
    conforms(VideoPlaylistMeta, meta);
    assert.deepEqual(first?.items[1], {
      videoId: 'Pr1vat3Vid0', title: '[Private video]', channelTitle: '', channelId: '', channelHandle: '', index: 2, isPlayable: false, lengthSeconds: 0, lengthText: '',
      viewCount: '0', viewCountText: '', videoInfo: '', publishDate: '', publishedAt: '', publishedTimeText: '', thumbnail: [],
    });
    assert.deepEqual([first?.items[0]?.index, first?.items[0]?.lengthSeconds, first?.items[0]?.publishDate], [1, 602, '2026-03-11']);
    const last = await video.playlist({ playlistId: PLAYLIST_ID, cursor: first!.nextCursor! }, call);
    assert.deepEqual([last?.items[0]?.lengthSeconds, last?.items[0]?.viewCount, last?.items[0]?.publishedAt, last?.items[0]?.videoInfo, last?.nextCursor], [521, '1200000', '2026-02-20T00:00:00Z', '1.2M views', null]);
    for (const item of [...first!.items, ...last!.items]) conforms(VideoPlaylistVideo, item);
    assert.deepEqual(sent(), [`/playlist?id=${PLAYLIST_ID}`, `/playlist?${q({ id: PLAYLIST_ID, token: answers.PLAYLIST_CONTINUATION })}`]);
    assert.equal(await video.playlist({ playlistId: 'PLnothing' }, call), null);
  });

  test('post and postComments: /post/info and /post/comments (`sort_by`); commenters’ handles with their @; unknown ones null', async () => {
    const post = await video.post({ postId: POST_ID }, call);
    const expected: VideoPost = { postId: POST_ID, channelTitle: CHANNEL.title, channelId: CHANNEL.id, contentText: 'New video Friday!', likeCount: 1200, replyCount: 48, publishedTimeText: '2 days ago', thumbnail: thumbs('post') };
    assert.deepEqual(post, expected);
    conforms(VideoPost, post);
    const comments = await video.postComments({ postId: POST_ID, sort: 'top' }, call);
    const comment: VideoPostComment = { commentId: 'UgwP0stC0mm3nt1', authorText: VIEWER.handle, authorChannelId: VIEWER.channelId, authorThumbnail: [], textDisplay: 'Cannot wait', likesCount: 3, replyCount: 1, publishedTimeText: '1 day ago' };
    assert.deepEqual(comments, { items: [comment], nextCursor: 'CONT-post-comments-2' });
    conforms(VideoPostComment, comment);
    assert.deepEqual(sent(), [`/post/info?id=${POST_ID}`, `/post/comments?${q({ id: POST_ID, sort_by: 'top' })}`]);
    assert.equal(await video.post({ postId: 'UgkxNothing' }, call), null);
    assert.equal(await video.postComments({ postId: 'UgkxNothing', sort: 'new' }, call), null);
  });

  test('related: meta and videos (a playlist left out); unknown is null', async () => {
    const related = await video.related({ videoId: VIDEO_ID, cursor: 't1' }, call);
    const meta: VideoRelatedMeta = { videoId: VIDEO_ID, title: 'Weeknight carbonara', viewCount: '182340', channelTitle: CHANNEL.title };
    const item: VideoRelatedItem = { type: 'video', videoId: SECOND_VIDEO_ID, title: 'Lemon pasta', channelTitle: CHANNEL.title, viewCount: '1200000', lengthText: '8:41' };
    assert.deepEqual(related, { items: [item], nextCursor: 'CONT-related-2', meta });
    conforms(VideoRelatedMeta, meta);
    conforms(VideoRelatedItem, item);
    assert.deepEqual(sent(), [`/related?${q({ id: VIDEO_ID, token: 't1' })}`]);
    assert.equal(await video.related({ videoId: UNKNOWN_VIDEO }, call), null);
  });

  test('resolveUrl: a handle to its channel (browseId), asked at the platform\'s own address; a watch URL, a playlist (its VL browse id); an unknown page is null', async () => {
    assert.deepEqual(await video.resolveUrl({ url: 'https://www.video.com/@northwindkitchen' }, call), { webPageType: 'WEB_PAGE_TYPE_CHANNEL', channelId: CHANNEL.id });
    assert.deepEqual(await video.resolveUrl({ url: `https://www.youtube.com/watch?v=${VIDEO_ID}` }, call), { webPageType: 'WEB_PAGE_TYPE_WATCH', videoId: VIDEO_ID });
    assert.deepEqual(await video.resolveUrl({ url: `https://www.youtube.com/playlist?list=${PLAYLIST_ID}` }, call), { webPageType: 'WEB_PAGE_TYPE_PLAYLIST', playlistId: PLAYLIST_ID });
    assert.equal(await video.resolveUrl({ url: 'https://www.video.com/@nobody' }, call), null);
    assert.equal(sent()[0], `/resolve?${q({ url: answers.HANDLE_URL })}`);
  });

  test('search: our filters in the vendor’s names (sort, type, duration, upload_date, features joined); videos, channels, playlists; two pages', async () => {
    const first = await video.search({ query: 'carbonara', type: 'all', sort: 'upload_date', duration: 'short', uploadDate: 'week', features: ['HD', 'subtitles'], geo: 'GB' }, call);
    assert.equal(first.estimatedResults, 48211);
    assert.equal(first.nextCursor, answers.SEARCH_CONTINUATION);
    assert.deepEqual(first.items.map((item) => item.type), ['video', 'channel', 'playlist']);
    assert.equal(first.items[0]!.type === 'video' && first.items[0]!.channelHandle, CHANNEL.handle);
    assert.deepEqual(first.items[1], { type: 'channel', channelId: CHANNEL.id, title: CHANNEL.title, channelHandle: CHANNEL.handle, description: 'Weeknight dinners.', subscriberCount: 1_240_000, subscriberCountText: '1.24M subscribers', videoCount: 412, thumbnail: thumbs('northwind') });
    assert.deepEqual(first.items[2], { type: 'playlist', playlistId: PLAYLIST_ID, title: 'Pasta', channelTitle: CHANNEL.title, channelId: CHANNEL.id, videoCount: 3, thumbnail: thumbs('pl') });
    const last = await video.search({ query: 'carbonara', type: 'video', sort: 'view_count', features: [], cursor: first.nextCursor! }, call);
    assert.equal(last.nextCursor, null);
    const second = last.items[0]!;
    assert.ok(second.type === 'video');
    assert.deepEqual([second.isVerifiedChannel, second.publishDate, second.publishedAt], [false, '2026-03-12', '2026-03-12T00:00:00Z']);
    for (const item of [...first.items, ...last.items]) conforms(VideoSearchItem, item);
    await video.search({ query: 'carbonara', type: 'channel', sort: 'relevance', features: [] }, call);
    await video.search({ query: 'carbonara', type: 'playlist', sort: 'rating', features: [] }, call);
    assert.deepEqual(sent(), [
      `/search?${q({ query: 'carbonara', sort_by: 'date', geo: 'GB', duration: 'short', upload_date: 'week', features: 'HD,subtitles' })}`,
      `/search?${q({ query: 'carbonara', sort_by: 'views', type: 'video', token: answers.SEARCH_CONTINUATION })}`,
      `/search?${q({ query: 'carbonara', sort_by: 'relevance', type: 'channel' })}`,
      `/search?${q({ query: 'carbonara', sort_by: 'rating', type: 'playlist' })}`,
    ]);
  });

  test('shortsInfo and shorts: the Short’s sequence starts the feed (`params`), pages by continuation; without a sequence, the feed starts from its id', async () => {
    const info = await video.shortsInfo({ videoId: SHORT_ID, geo: 'US' }, call);
    const expected: VideoShortsInfo = { id: SHORT_ID, title: 'Garlic trick', channelTitle: CHANNEL.title, channelId: CHANNEL.id, viewCount: '48123', likeCount: 3120, description: 'Peel a head in ten seconds.', publishDate: '2026-03-01', lengthSeconds: 28 };
    assert.deepEqual(info, { ...expected, sequence: answers.SHORTS_SEQUENCE });
    conforms(VideoShortsInfo, expected);
    const first = await video.shorts({ cursor: info!.sequence, lang: 'en' }, call);
    assert.deepEqual(first.items.map((item) => item.videoId), [SHORT_ID, SECOND_SHORT_ID]);
    assert.deepEqual(first.items[1], { type: 'shorts', videoId: SECOND_SHORT_ID, title: 'Pasta water', viewCountText: '', thumbnail: thumbs('s2') });
    for (const item of first.items) conforms(VideoShortsItem, item);
    const last = await video.shorts({ cursor: first.nextCursor! }, call);
    assert.deepEqual([last.items.length, last.nextCursor], [1, null]);
    assert.deepEqual(sent(), [
      `/shorts/info?${q({ id: SHORT_ID, geo: 'US' })}`,
      `/shorts/sequence?${q({ params: answers.SHORTS_SEQUENCE, lang: 'en' })}`,
      `/shorts/sequence?${q({ params: answers.SHORTS_CONTINUATION })}`,
    ]);
    const bare = await video.shortsInfo({ videoId: SECOND_SHORT_ID }, call);
    assert.deepEqual([bare?.lengthSeconds, bare?.sequence], [0, `id:${SECOND_SHORT_ID}`]);
    assert.equal((await video.shorts({ cursor: bare!.sequence }, call)).items.length, 2);
    assert.deepEqual(sent(), [`/shorts/info?id=${SECOND_SHORT_ID}`, `/shorts/sequence?id=${SECOND_SHORT_ID}`]);
    assert.deepEqual(costs.slice(1, 3), [2 * UNIT_COST, 2 * UNIT_COST], 'a sequence page costs two units');
    assert.equal(await video.shortsInfo({ videoId: UNKNOWN_VIDEO }, call), null);
  });

  test('subtitles and suggest: mapped (an empty suggestion left out); unknown video is null', async () => {
    const subtitles = await video.subtitles({ videoId: VIDEO_ID }, call);
    assert.deepEqual(subtitles?.subtitles.map((track) => track.url), [cdn('timedtext?lang=en'), cdn('timedtext?lang=en&kind=asr')]);
    assert.deepEqual(subtitles?.translationLanguages, [{ languageCode: 'de', languageName: 'German' }, { languageCode: 'fr', languageName: 'French' }]);
    conforms(VideoSubtitles, subtitles);
    assert.equal(await video.subtitles({ videoId: UNKNOWN_VIDEO }, call), null);
    assert.deepEqual(await video.suggest({ query: 'carbonara', lang: 'en' }, call), ['carbonara recipe', 'carbonara without cream']);
    assert.deepEqual(sent(), [`/subtitles?id=${VIDEO_ID}`, `/subtitles?id=${UNKNOWN_VIDEO}`, `/suggest?${q({ query: 'carbonara', lang: 'en' })}`]);
  });

  test('transcript: /get_transcript by id and lang; segments in order (a missing end filled); another track given, or none, is the missing language; unknown is null', async () => {
    const transcript = await video.transcript({ videoId: VIDEO_ID, lang: 'en' }, call);
    const expected: VideoTranscript = {
      id: VIDEO_ID,
      selected: { languageCode: 'en', title: 'English' },
      languageMenu: [{ languageCode: 'en', title: 'English' }, { languageCode: 'es', title: 'Spanish (auto-generated)' }],
      transcript: [
        { startMs: 0, endMs: 2400, startTime: '0:00', text: 'Tonight: carbonara.' },
        { startMs: 2400, endMs: 6100, startTime: '0:02', text: 'Start the water first.' },
        { startMs: 62000, endMs: 62000, startTime: '1:02', text: 'Serve at once.' },
      ],
    };
    assert.deepEqual(transcript, expected);
    conforms(VideoTranscript, transcript);
    assert.deepEqual(await video.transcript({ videoId: VIDEO_ID, lang: 'fr' }, call), { missingLanguage: 'fr', languageMenu: expected.languageMenu });
    assert.deepEqual(await video.transcript({ videoId: SECOND_VIDEO_ID, lang: 'en' }, call), { missingLanguage: 'en', languageMenu: [] });
    assert.equal(await video.transcript({ videoId: UNKNOWN_VIDEO, lang: 'en' }, call), null);
    assert.deepEqual(sent()[0], `/get_transcript?${q({ id: VIDEO_ID, lang: 'en' })}`);
  });

  test('video: /dl with the country as `cgeo`; formats without a URL left out, audio without a size; six units priced; unknown ("Video unavailable") is null', async () => {
    const details = await video.video({ videoId: VIDEO_ID, geo: 'DE' }, call);
    conforms(VideoDetails, details);
    assert.equal(details?.status, 'OK');
    assert.deepEqual([details?.lengthSeconds, details?.viewCount, details?.keywords], [6, '182340', ['carbonara', 'pasta']]);
    assert.deepEqual(details?.formats.map((format) => [format.itag, format.height, format.qualityLabel]), [[18, 360, '360p']]);
    assert.deepEqual(details?.adaptiveFormats.map((format) => [format.itag, format.height, format.fps, format.contentLength]), [[248, 1080, 25, '1950000'], [136, 720, 25, '825000'], [134, 360, 25, '300000'], [140, 0, 0, '97000']]);
    assert.equal(details?.adaptiveFormats[3]?.qualityLabel, null);
    assert.deepEqual(details?.captions, { captionTracks: [{ languageCode: 'en', kind: 'asr' }] });
    assert.deepEqual(details?.storyboards, [{ url: cdn('sb/L0/M0.jpg'), width: 80, height: 45 }]);
    assert.deepEqual(sent(), [`/dl?${q({ id: VIDEO_ID, cgeo: 'DE' })}`]);
    assert.deepEqual(costs, [6 * UNIT_COST]);
    vendor.on('dl', { status: 200, body: { status: 'LOGIN_REQUIRED', reason: 'Sign in to confirm your age', id: VIDEO_ID, title: 'Weeknight carbonara' } });
    assert.equal((await video.video({ videoId: VIDEO_ID }, call))?.status, 'LOGIN_REQUIRED');
    vendor.reset();
    assert.equal(await video.video({ videoId: UNKNOWN_VIDEO }, call), null);
  });

  test('videoInfo: /video/info with `extend=2` (the likes, one unit more); the date part of the publish date; a 404 is null', async () => {
    const info = await video.videoInfo({ videoId: VIDEO_ID, lang: 'en' }, call);
    const expected: VideoInfo = { id: VIDEO_ID, title: 'Weeknight carbonara', channelTitle: CHANNEL.title, channelId: CHANNEL.id, viewCount: '182340', likeCount: 24013, lengthSeconds: 602, publishDate: '2026-03-11', description: 'Ten minutes, one pan.' };
    assert.deepEqual(info, expected);
    conforms(VideoInfo, info);
    assert.deepEqual(sent(), [`/video/info?${q({ id: VIDEO_ID, extend: '2', lang: 'en' })}`]);
    assert.deepEqual(costs, [2 * UNIT_COST]);
    assert.equal(await video.videoInfo({ videoId: UNKNOWN_VIDEO }, call), null);
  });

  test('frameSource: the heights of the video streams; frames from the smallest adaptive MP4/AVC stream tall enough, JPEGs of each size asked; /dl priced', async () => {
    const source = await video.frameSource({ videoId: VIDEO_ID }, call);
    assert.ok(source);
    assert.deepEqual([source.lengthSeconds, source.heights], [6, [1080, 720, 360]]);
    assert.deepEqual(sent(), [`/dl?id=${VIDEO_ID}`]);
    assert.deepEqual(costs, [6 * UNIT_COST]);
    const frames = await source.frames(2.5, [360, 180], call);
    assert.deepEqual(frames.map(({ width, height }) => [width, height]), [[640, 360], [320, 180]]);
    for (const frame of frames) assert.deepEqual(jpegSize(frame.jpeg), { width: frame.width, height: frame.height });
    assert.ok(vendor.streamRequests.length > 0 && vendor.streamRequests.every((request) => request.url.includes('itag=134')), JSON.stringify(vendor.streamRequests));
    assert.ok(vendor.streamRequests.some((request) => request.range !== undefined), 'the stream is read by ranges');
    vendor.streamRequests.length = 0;
    const [tall] = await source.frames(1, [720], call);
    assert.deepEqual(jpegSize(tall!.jpeg), { width: 1280, height: 720 });
    assert.ok(vendor.streamRequests.every((request) => request.url.includes('itag=136')), 'the 720p MP4, not the 1080p WebM');
    assert.deepEqual(costs, [6 * UNIT_COST], 'frames cost no API request');
    assert.equal(await video.frameSource({ videoId: UNKNOWN_VIDEO }, call), null);
  });

  test('frameSource: a stream that cannot be read (an expired URL) is a 502 without the URL; only progressive formats are used when there is no adaptive one', async () => {
    const source = await video.frameSource({ videoId: VIDEO_ID }, call);
    vendor.expireStreams();
    await assert.rejects(source!.frames(1, [360], call), (error: unknown) => {
      assert.ok(error instanceof UpstreamError);
      assert.equal(error.status, 502);
      assert.doesNotMatch(`${error.message} ${error.detail}`, /127\.0\.0\.1|videoplayback/);
      return true;
    });
    vendor.recover();
    vendor.on('dl', () => {
      const body = structuredClone(answers.streamAnswer(vendor.streamBase).body) as { adaptiveFormats: unknown[] };
      body.adaptiveFormats = [];
      return { status: 200, body };
    });
    const progressive = await video.frameSource({ videoId: VIDEO_ID }, call);
    assert.deepEqual(progressive?.heights, [360]);
    vendor.streamRequests.length = 0;
    const [frame] = await progressive!.frames(0, [360], call);
    assert.deepEqual(jpegSize(frame!.jpeg), { width: 640, height: 360 });
    assert.ok(vendor.streamRequests.every((request) => request.url.includes('itag=18')));
  });
});
