import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { ApiError } from '../../src/core/errors';
import type { VideoSearchRequest } from '../../src/providers/families/video';
import type { CursorPage } from '../../src/providers/providers';
import {
  createSandboxVideo, EXAMPLE_CHANNEL_HANDLE, EXAMPLE_CHANNEL_ID, EXAMPLE_HASHTAG, EXAMPLE_PLAYLIST_ID, EXAMPLE_POST_ID, EXAMPLE_QUERY, EXAMPLE_SHORT_ID,
  EXAMPLE_VIDEO_ID, sandboxVideo,
} from '../../src/providers/sandbox/video';
import { allChannels, channelAt, CHANNELS, NOTABLE } from '../../src/providers/sandbox/video/channels';
import { NOW } from '../../src/providers/sandbox/video/texts';
import { CAPTION_LANGUAGES, TAGS } from '../../src/providers/sandbox/video/vocabulary';
import {
  VideoChannelAbout, VideoChannelHome, VideoChannelItem, VideoComment, VideoCommunityPost, VideoDetails, VideoFeaturedChannel, VideoHomeItem, VideoHypeItem, VideoInfo,
  VideoListedVideo, VideoMetadata, VideoPlaylistItem, VideoPlaylistMeta, VideoPlaylistVideo, VideoPost, VideoPostComment, VideoRelatedItem, VideoRelatedMeta,
  VideoSearchItem, VideoShortsInfo, VideoShortsItem, VideoStoreItem, VideoSubtitles, VideoTranscript, VideoTrendingItem,
} from '../../src/schemas/video';

/** The video platform's sandbox: one seeded world, so every endpoint's answer agrees with every other's. */

const call = { signal: new AbortController().signal };
const video = createSandboxVideo();
const SHAPES = {
  video: /^[A-Za-z0-9_-]{11}$/,
  channel: /^UC[A-Za-z0-9_-]{22}$/,
  playlist: /^(?:PL|UU|LL|FL|OL|RD)[A-Za-z0-9_-]{10,40}$/,
  post: /^Ug[A-Za-z0-9_-]{10,40}$/,
};

/** Parses with the schema and loses nothing: the answer is exactly what the schema makes of it. */
function conforms<Schema extends z.ZodType>(schema: Schema, value: unknown): void {
  const json = (data: unknown) => JSON.parse(JSON.stringify(data)) as unknown;
  assert.deepEqual(json(schema.parse(value)), json(value));
}

/** Every item of a list, page after page: each page before the last full, the walk finite. */
async function walk<Item>(list: (cursor: string | undefined) => Promise<CursorPage<Item> | null>, size?: number): Promise<Item[]> {
  const items: Item[] = [];
  for (let cursor: string | undefined, pages = 0; ; pages += 1) {
    assert.ok(pages < 2_000, 'the walk ends');
    const page = await list(cursor);
    assert.ok(page);
    items.push(...page.items);
    if (page.nextCursor === null) return items;
    if (size !== undefined) assert.equal(page.items.length, size, 'a page before the last is full');
    cursor = page.nextCursor;
  }
}

const idsOf = (items: Array<{ videoId: string }>) => items.map((item) => item.videoId);
const assertUnique = (values: string[]) => assert.equal(new Set(values).size, values.length, 'each item once');
const nonIncreasing = (values: number[]) => values.every((value, index) => index === 0 || values[index - 1]! >= value);
const isValidationOfToken = (error: unknown) => error instanceof ApiError && error.code === 'VALIDATION_ERROR' && error.param === 'token';
const search = (request: Partial<VideoSearchRequest> & { query: string }) => video.search({ type: 'all', sort: 'relevance', features: [], ...request }, call);

/** A small regular channel with something of every kind. */
const small = (() => {
  for (let index = NOTABLE + 1; index <= CHANNELS; index += 1) {
    const channel = channelAt(index);
    const [videos, shorts, livestreams] = channel.counts as [number, number, number];
    if (videos >= 20 && videos <= 70 && shorts > 0 && livestreams > 0 && channel.playlists > 0 && channel.posts > 0) return channel;
  }
  throw new Error('no small channel with every kind');
})();

describe('the video sandbox world', () => {
  test('ids have the platform shapes and lead back to their thing; made-up ones lead nowhere', async () => {
    for (const index of [1, 2, NOTABLE, NOTABLE + 1, CHANNELS]) {
      const channel = channelAt(index);
      assert.match(channel.id, SHAPES.channel);
      assert.equal((await video.channelAbout({ channelId: channel.id }, call))?.channelId, channel.id);
      assert.match(channel.handle, /^@[a-z0-9]+$/);
    }
    assert.equal(new Set(allChannels().map((channel) => channel.handle)).size, CHANNELS, 'a handle names one channel');
    assert.equal(new Set(TAGS).size, TAGS.length, 'a hashtag is one tag');
    assert.match(EXAMPLE_VIDEO_ID, SHAPES.video);
    assert.match(EXAMPLE_SHORT_ID, SHAPES.video);
    assert.match(EXAMPLE_PLAYLIST_ID, SHAPES.playlist);
    assert.match(EXAMPLE_POST_ID, SHAPES.post);
    assert.match(EXAMPLE_POST_ID, /^Ugkx[A-Za-z0-9_-]{32}$/);
    assert.match(EXAMPLE_PLAYLIST_ID, /^PL[A-Za-z0-9_-]{32}$/);
    const flip = (id: string) => `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`;
    assert.equal(await video.video({ videoId: flip(EXAMPLE_VIDEO_ID) }, call), null);
    assert.equal(await video.video({ videoId: 'dQw4w9WgXcQ' }, call), null);
    assert.equal(await video.channel({ channelId: flip(EXAMPLE_CHANNEL_ID) }, call), null);
    assert.equal(await video.channelVideos({ channelId: 'UCq2wY7h7dC4lX0VcnZ1fH9w', sortBy: 'newest' }, call), null);
    assert.equal(await video.playlist({ playlistId: flip(EXAMPLE_PLAYLIST_ID) }, call), null);
    assert.equal(await video.playlist({ playlistId: 'RDq2wY7h7dC4lX0Vc' }, call), null);
    assert.equal(await video.post({ postId: flip(EXAMPLE_POST_ID) }, call), null);
    assert.equal(await video.postComments({ postId: 'UgkxQ1n3Rk2b5Tz8pWc4vYhJ6mLdFs0aXeNq', sort: 'top' }, call), null);
    assert.equal(await video.comments({ videoId: flip(EXAMPLE_VIDEO_ID), sort: 'top' }, call), null);
    assert.equal(await video.transcript({ videoId: flip(EXAMPLE_VIDEO_ID), lang: 'en' }, call), null);
    assert.equal(await video.frameSource({ videoId: flip(EXAMPLE_VIDEO_ID) }, call), null);
    assert.equal(await video.shortsInfo({ videoId: EXAMPLE_VIDEO_ID }, call), null, 'a normal video is no Short');
  });

  test('is deterministic: two providers answer alike', async () => {
    const other = createSandboxVideo();
    const ask = (provider: typeof video) =>
      Promise.all([
        provider.video({ videoId: EXAMPLE_VIDEO_ID }, call),
        provider.comments({ videoId: EXAMPLE_VIDEO_ID, sort: 'new' }, call),
        provider.channel({ channelId: EXAMPLE_CHANNEL_ID }, call),
        provider.search({ query: EXAMPLE_QUERY, type: 'all', sort: 'relevance', features: [] }, call),
        provider.home({}, call),
        provider.transcript({ videoId: EXAMPLE_VIDEO_ID, lang: 'es' }, call),
        provider.playlist({ playlistId: EXAMPLE_PLAYLIST_ID }, call),
      ]);
    assert.deepEqual(await ask(video), await ask(other));
    assert.equal(sandboxVideo.name, 'sandbox');
  });

  test('every example answers, and its records parse with their schemas', async () => {
    const channelId = EXAMPLE_CHANNEL_ID;
    const home = await video.channel({ channelId }, call);
    conforms(VideoChannelHome, home);
    assert.equal(home?.meta.channelHandle, EXAMPLE_CHANNEL_HANDLE);
    assert.deepEqual(home?.meta.tabs, ['Home', 'Videos', 'Shorts', 'Live', 'Playlists', 'Community', 'Store']);
    conforms(VideoChannelAbout, await video.channelAbout({ channelId }, call));
    const featured = await video.channelChannels({ channelId }, call);
    assert.ok(featured && featured.length > 0 && featured.every((item) => item.channelId !== channelId));
    featured.forEach((item) => conforms(VideoFeaturedChannel, item));
    (await video.channelCommunity({ channelId }, call))?.items.forEach((item) => conforms(VideoCommunityPost, item));
    (await video.channelLivestreams({ channelId, sortBy: 'newest' }, call))?.items.forEach((item) => conforms(VideoChannelItem, item));
    (await video.channelPlaylists({ channelId }, call))?.items.forEach((item) => conforms(VideoPlaylistItem, item));
    (await video.channelShorts({ channelId }, call))?.items.forEach((item) => conforms(VideoShortsItem, item));
    const store = await video.channelStore({ channelId }, call);
    assert.ok(store && store.length > 0 && store.every((item) => /^\$\d+\.\d\d$/.test(item.price)));
    store.forEach((item) => conforms(VideoStoreItem, item));
    const videos = await video.channelVideos({ channelId, sortBy: 'newest' }, call);
    assert.equal(videos?.title, home?.meta.title);
    videos?.items.forEach((item) => conforms(VideoChannelItem, item));
    const inChannel = await video.channelSearch({ channelId, query: 'pancakes' }, call);
    assert.ok(inChannel && inChannel.items.length > 0 && inChannel.items.every((item) => /pancakes/i.test(item.title)));
    assert.ok(((await video.channelSearch({ channelId, query: EXAMPLE_QUERY }, call))?.items.length ?? 0) > 0, 'the example query finds videos in the example channel too');

    const details = await video.video({ videoId: EXAMPLE_VIDEO_ID }, call);
    conforms(VideoDetails, details);
    assert.ok(details && details.lengthSeconds > 60 && details.status === 'OK');
    assert.deepEqual(details.captions.captionTracks.map((track) => track.languageCode).slice(0, 2), ['en', 'es']);
    conforms(VideoInfo, await video.videoInfo({ videoId: EXAMPLE_VIDEO_ID }, call));
    conforms(VideoMetadata, await video.metadata({ videoId: EXAMPLE_VIDEO_ID }, call));
    conforms(VideoSubtitles, await video.subtitles({ videoId: EXAMPLE_VIDEO_ID }, call));
    conforms(VideoTranscript, await video.transcript({ videoId: EXAMPLE_VIDEO_ID, lang: 'en' }, call));
    const comments = await video.comments({ videoId: EXAMPLE_VIDEO_ID, sort: 'top' }, call);
    assert.ok(comments && comments.items.some((comment) => comment.replyToken !== null), 'some comments have replies');
    comments.items.forEach((item) => conforms(VideoComment, item));
    const related = await video.related({ videoId: EXAMPLE_VIDEO_ID }, call);
    conforms(VideoRelatedMeta, related?.meta);
    related?.items.forEach((item) => conforms(VideoRelatedItem, item));

    const short = await video.shortsInfo({ videoId: EXAMPLE_SHORT_ID }, call);
    assert.ok(short && short.lengthSeconds <= 60);
    const { sequence, ...info } = short;
    conforms(VideoShortsInfo, info);
    (await video.shorts({ cursor: sequence }, call)).items.forEach((item) => conforms(VideoShortsItem, item));

    const playlist = await video.playlist({ playlistId: EXAMPLE_PLAYLIST_ID }, call);
    conforms(VideoPlaylistMeta, playlist?.meta);
    assert.equal(playlist?.meta.channelId, channelId);
    playlist?.items.forEach((item) => conforms(VideoPlaylistVideo, item));
    const post = await video.post({ postId: EXAMPLE_POST_ID }, call);
    conforms(VideoPost, post);
    assert.equal(post?.channelId, channelId);
    (await video.postComments({ postId: EXAMPLE_POST_ID, sort: 'top' }, call))?.items.forEach((item) => conforms(VideoPostComment, item));

    const hashtag = await video.hashtag({ tag: EXAMPLE_HASHTAG }, call);
    assert.ok(hashtag.items.length > 0 && hashtag.hashtagInfoText.length > 0);
    hashtag.items.forEach((item) => conforms(VideoListedVideo, item));
    const found = await search({ query: EXAMPLE_QUERY });
    assert.deepEqual(new Set(found.items.map((item) => item.type)), new Set(['channel', 'video', 'playlist']));
    found.items.forEach((item) => conforms(VideoSearchItem, item));
    const feed = await video.home({}, call);
    feed.items.forEach((item) => conforms(VideoHomeItem, item));
    (await video.hype({}, call)).items.forEach((item) => conforms(VideoHypeItem, item));
    (await video.trending({ type: 'now' }, call)).forEach((item) => conforms(VideoTrendingItem, item));
    assert.deepEqual(await video.resolveUrl({ url: `https://www.video.com/${EXAMPLE_CHANNEL_HANDLE}` }, call), { webPageType: 'WEB_PAGE_TYPE_CHANNEL', channelId });
  });

  test("a channel's counts are what its lists walk, each item once, in the order asked", async () => {
    const channelId = small.id;
    const home = await video.channel({ channelId }, call);
    const about = await video.channelAbout({ channelId }, call);
    const newest = await walk((cursor) => video.channelVideos({ channelId, sortBy: 'newest', cursor }, call), 30);
    assert.equal(newest.length, small.counts[0]);
    assertUnique(idsOf(newest));
    const oldest = await walk((cursor) => video.channelVideos({ channelId, sortBy: 'oldest', cursor }, call));
    assert.deepEqual(idsOf(oldest), idsOf(newest).reverse());
    const dates = await Promise.all(newest.map(async (item) => (await video.videoInfo({ videoId: item.videoId }, call))!.publishDate));
    assert.deepEqual(dates, [...dates].sort().reverse(), 'newest first');
    const popular = await walk((cursor) => video.channelVideos({ channelId, sortBy: 'popular', cursor }, call));
    assert.ok(nonIncreasing(popular.map((item) => Number(item.viewCount))));
    assert.deepEqual(new Set(idsOf(popular)), new Set(idsOf(newest)));

    const [shorts, livestreams, playlists, posts] = await Promise.all([
      walk((cursor) => video.channelShorts({ channelId, cursor }, call)),
      walk((cursor) => video.channelLivestreams({ channelId, sortBy: 'popular', cursor }, call)),
      walk((cursor) => video.channelPlaylists({ channelId, cursor }, call)),
      walk((cursor) => video.channelCommunity({ channelId, cursor }, call)),
    ]);
    assert.deepEqual([shorts.length, livestreams.length, playlists.length, posts.length], [small.counts[1], small.counts[2], small.playlists, small.posts]);
    // The header counts every upload, Shorts and livestreams included, as the platform's does.
    const uploadsCount = newest.length + shorts.length + livestreams.length;
    assert.ok(shorts.length > 0);
    assert.equal(home?.meta.videosCount, uploadsCount);
    assert.equal(about?.videosCount, uploadsCount);
    assert.ok(livestreams.every((item) => item.type === 'livestream'));
    for (const item of shorts) assert.ok((await video.shortsInfo({ videoId: item.videoId }, call))!.lengthSeconds <= 60, 'a Short is a minute at most');
    // The uploads playlist is everything the channel uploaded, Shorts included, newest first.
    const uploads = await walk((cursor) => video.playlist({ playlistId: `UU${channelId.slice(2)}`, cursor }, call));
    assert.deepEqual(new Set(idsOf(uploads)), new Set([...idsOf(newest), ...idsOf(shorts), ...idsOf(livestreams)]));
    assert.equal(uploads.length, uploadsCount);
    assert.deepEqual(uploads.map((item) => item.publishedAt), uploads.map((item) => item.publishedAt).sort().reverse(), 'newest first');
    for (const playlist of playlists) {
      const items = await walk((cursor) => video.playlist({ playlistId: playlist.playlistId, cursor }, call), 100);
      assert.equal(items.length, playlist.videoCount);
      assert.deepEqual(items.map((item) => item.index), items.map((_, index) => index + 1));
      assertUnique(idsOf(items));
      assert.ok(items.every((item) => item.channelId === channelId));
    }
  });

  test("a video's comments are its commentsCount, each comment's replies its replyCount, in both sorts", async () => {
    const top = await walk((cursor) => video.comments({ videoId: EXAMPLE_VIDEO_ID, sort: 'top', cursor }, call), 20);
    const latest = await walk((cursor) => video.comments({ videoId: EXAMPLE_VIDEO_ID, sort: 'new', cursor }, call), 20);
    const first = await video.comments({ videoId: EXAMPLE_VIDEO_ID, sort: 'top' }, call);
    assert.equal(top.length, first?.commentsCount);
    assertUnique(top.map((comment) => comment.commentId));
    assert.deepEqual(new Set(latest.map((comment) => comment.commentId)), new Set(top.map((comment) => comment.commentId)));
    assert.ok(nonIncreasing(top.map((comment) => comment.likesCount)), 'top: most liked first');
    assert.ok(nonIncreasing(latest.map((comment) => Date.parse(comment.publishedAt))), 'new: newest first');
    const details = await video.video({ videoId: EXAMPLE_VIDEO_ID }, call);
    assert.ok(top.every((comment) => Date.parse(comment.publishedAt) / 1000 <= NOW && comment.publishDate === comment.publishedAt.slice(0, 10)));
    assert.ok(details);
    const threads = top.filter((comment) => comment.replyToken !== null);
    assert.ok(threads.length > 0 && top.every((comment) => (comment.replyCount === 0) === (comment.replyToken === null)));
    for (const comment of threads.slice(0, 5)) {
      const replies = await walk((cursor) => video.comments({ videoId: EXAMPLE_VIDEO_ID, sort: 'top', cursor: cursor ?? comment.replyToken! }, call), 20);
      assert.equal(replies.length, comment.replyCount);
      assertUnique(replies.map((reply) => reply.commentId));
      assert.ok(replies.every((reply) => reply.commentId.startsWith(`${comment.commentId}.`) && reply.replyToken === null));
      assert.ok(replies.every((reply) => reply.publishedAt >= comment.publishedAt));
    }
    const postComments = await walk((cursor) => video.postComments({ postId: EXAMPLE_POST_ID, sort: 'new', cursor }, call), 20);
    assert.equal(postComments.length, (await video.post({ postId: EXAMPLE_POST_ID }, call))?.replyCount);
    assertUnique(postComments.map((comment) => comment.commentId));
  });

  test("a video's numbers and title agree across every endpoint that shows it", async () => {
    const details = (await video.video({ videoId: EXAMPLE_VIDEO_ID }, call))!;
    const info = (await video.videoInfo({ videoId: EXAMPLE_VIDEO_ID }, call))!;
    const metadata = (await video.metadata({ videoId: EXAMPLE_VIDEO_ID }, call))!;
    const related = (await video.related({ videoId: EXAMPLE_VIDEO_ID }, call))!;
    const listed = (await walk((cursor) => video.channelVideos({ channelId: EXAMPLE_CHANNEL_ID, sortBy: 'newest', cursor }, call))).find((item) => item.videoId === EXAMPLE_VIDEO_ID)!;
    const found = (await walk((cursor) => search({ query: details.title, type: 'video', cursor }))).find((item) => item.type === 'video' && item.videoId === EXAMPLE_VIDEO_ID);
    assert.ok(listed && found && found.type === 'video');
    for (const shown of [info, metadata, related.meta, listed, found]) assert.equal(shown.viewCount, details.viewCount);
    for (const shown of [info, related.meta, listed, found]) assert.equal(shown.title, details.title);
    assert.equal(metadata.likeCount, info.likeCount);
    assert.equal(info.channelId, details.channelId);
    assert.equal(related.meta.channelTitle, details.channelTitle);
    // Every related video is another video, once, and shows the numbers its own page does.
    const relatedItems = await walk((cursor) => video.related({ videoId: EXAMPLE_VIDEO_ID, cursor }, call), 20);
    assertUnique(idsOf(relatedItems));
    assert.ok(!idsOf(relatedItems).includes(EXAMPLE_VIDEO_ID));
    for (const item of relatedItems.slice(0, 5)) assert.equal(item.viewCount, (await video.metadata({ videoId: item.videoId }, call))?.viewCount);
    const trending = await video.trending({ type: 'gaming', geo: 'GB' }, call);
    for (const item of trending.slice(0, 3)) assert.equal(item.likeCount, (await video.videoInfo({ videoId: item.videoId }, call))?.likeCount);
  });

  test('hashtags list exactly the videos whose description carries the tag', async () => {
    const tagged = await walk((cursor) => video.hashtag({ tag: `#${EXAMPLE_HASHTAG.toUpperCase()}`, cursor }, call), 30);
    assertUnique(idsOf(tagged));
    const mark = new RegExp(`#${EXAMPLE_HASHTAG}\\b`);
    assert.ok(tagged.every((item) => mark.test(item.description)));
    assert.ok(nonIncreasing(tagged.map((item) => Date.parse(item.publishedAt))), 'newest first');
    const inTag = new Set(idsOf(tagged));
    const channelVideos = await walk((cursor) => video.channelVideos({ channelId: EXAMPLE_CHANNEL_ID, sortBy: 'newest', cursor }, call));
    for (const item of channelVideos) {
      const { description } = (await video.videoInfo({ videoId: item.videoId }, call))!;
      assert.equal(inTag.has(item.videoId), mark.test(description), item.videoId);
    }
    assert.deepEqual(await video.hashtag({ tag: 'nosuchtagatall' }, call), { items: [], nextCursor: null, hashtagInfoText: '0 videos · 0 channels' });
  });

  test('search honours type, sort, duration, upload date and features', async () => {
    const channels = await walk((cursor) => search({ query: EXAMPLE_QUERY, type: 'channel', cursor }));
    assert.ok(channels.length > 0 && channels.every((item) => item.type === 'channel' && /cooking/i.test(`${item.title} ${item.channelHandle}`)));
    assert.ok(nonIncreasing(channels.map((item) => (item.type === 'channel' ? item.subscriberCount : 0))));
    const playlists = await walk((cursor) => search({ query: 'weeknight', type: 'playlist', cursor }));
    assert.ok(playlists.length > 0 && playlists.every((item) => item.type === 'playlist' && /weeknight/i.test(item.title)));
    const all = await search({ query: EXAMPLE_QUERY });
    assert.equal(all.estimatedResults, (await walk((cursor) => search({ query: EXAMPLE_QUERY, cursor }), 20)).length);

    const query = 'lasagna';
    const views = (await walk((cursor) => search({ query, type: 'video', sort: 'view_count', cursor }), 20)).map((item) => (item.type === 'video' ? Number(item.viewCount) : 0));
    assert.ok(views.length > 20 && nonIncreasing(views));
    const byDate = await walk((cursor) => search({ query, type: 'video', sort: 'upload_date', cursor }));
    assert.ok(nonIncreasing(byDate.map((item) => (item.type === 'video' ? Date.parse(item.publishedAt) : 0))));
    assert.ok(byDate.every((item) => item.type === 'video' && /lasagna/i.test(`${item.title} ${item.description}`)));

    const seconds = (text: string) => text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
    const lengths = async (duration: VideoSearchRequest['duration']) =>
      (await walk((cursor) => search({ query, duration, cursor }))).map((item) => (item.type === 'video' ? seconds(item.lengthText) : NaN));
    const [short, medium, long] = await Promise.all([lengths('short'), lengths('medium'), lengths('long')]);
    assert.ok(short.length > 0 && short.every((length) => length < 240));
    assert.ok(medium.length > 0 && medium.every((length) => length >= 240 && length <= 1_200));
    assert.ok(long.length > 0 && long.every((length) => length > 1_200));

    const recent = await walk((cursor) => search({ query: EXAMPLE_QUERY, uploadDate: 'week', cursor }));
    assert.ok(recent.length > 0 && recent.every((item) => item.type === 'video' && Date.parse(item.publishedAt) / 1000 >= NOW - 7 * 86_400));

    const check = async (features: VideoSearchRequest['features'], holds: (details: NonNullable<Awaited<ReturnType<typeof video.video>>>) => boolean) => {
      const page = await search({ query, features });
      assert.ok(page.items.length > 0, features.join());
      for (const item of page.items.slice(0, 8)) assert.ok(item.type === 'video' && holds((await video.video({ videoId: item.videoId }, call))!), features.join());
    };
    await check(['HD'], (details) => details.adaptiveFormats.some((format) => format.height >= 720));
    await check(['4K'], (details) => details.adaptiveFormats.some((format) => format.height === 2160));
    await check(['subtitles'], (details) => details.captions.captionTracks.length > 0);
    await check(['Live'], (details) => details.isLiveContent);
    await check(['HD', 'subtitles'], (details) => details.captions.captionTracks.length > 0 && details.adaptiveFormats.some((format) => format.height >= 720));
    assert.equal((await search({ query, features: ['VR180'] })).estimatedResults, 0);
    assert.equal((await search({ query: '   ' })).estimatedResults, 0);
  });

  test('transcripts, subtitles and caption tracks agree, and segments run in order within the video', async () => {
    const details = (await video.video({ videoId: EXAMPLE_VIDEO_ID }, call))!;
    const subtitles = (await video.subtitles({ videoId: EXAMPLE_VIDEO_ID }, call))!;
    const codes = details.captions.captionTracks.map((track) => track.languageCode);
    assert.deepEqual(subtitles.subtitles.map((track) => track.languageCode), codes);
    assert.equal(subtitles.format, 'srv1');
    assert.ok(subtitles.translationLanguages.length >= 10);
    for (const code of codes) {
      const answer = await video.transcript({ videoId: EXAMPLE_VIDEO_ID, lang: code }, call);
      assert.ok(answer && 'transcript' in answer);
      assert.equal(answer.selected.languageCode, code);
      assert.deepEqual(answer.languageMenu.map((track) => track.languageCode), codes);
      assert.ok(answer.transcript.length > 10);
      let previousEnd = 0;
      for (const segment of answer.transcript) {
        assert.ok(segment.startMs >= previousEnd && segment.startMs < segment.endMs && segment.endMs <= details.lengthSeconds * 1000);
        assert.match(segment.startTime, /^\d+:\d\d$/);
        previousEnd = segment.endMs;
      }
    }
    // A translated track is the same cues, each said in its language, the title kept as it is.
    const english = await video.transcript({ videoId: EXAMPLE_VIDEO_ID, lang: 'en' }, call);
    assert.ok(english && 'transcript' in english && codes.length > 1, 'the example video has a track besides English');
    for (const code of codes.filter((code) => code !== 'en')) {
      const translated = await video.transcript({ videoId: EXAMPLE_VIDEO_ID, lang: code }, call);
      assert.ok(translated && 'transcript' in translated);
      const timing = (cue: { startMs: number; endMs: number }) => [cue.startMs, cue.endMs];
      assert.deepEqual(translated.transcript.map(timing), english.transcript.map(timing), `${code}: the English track's cue timing`);
      const { lines } = CAPTION_LANGUAGES.find((language) => language.code === code)!;
      const englishLines = CAPTION_LANGUAGES[0]!.lines;
      translated.transcript.forEach((cue, at) => {
        const said = englishLines.indexOf(english.transcript[at]!.text);
        if (said >= 0) assert.equal(cue.text, lines[said], `${code} cue ${at} says what the English one does`);
        else assert.ok(cue.text.includes(details.title) && english.transcript[at]!.text.includes(details.title), `${code} cue ${at} introduces the title`);
      });
    }
    const missing = await video.transcript({ videoId: EXAMPLE_VIDEO_ID, lang: 'sw' }, call);
    assert.ok(missing && 'missingLanguage' in missing && missing.missingLanguage === 'sw');
    assert.deepEqual(missing.languageMenu.map((track) => track.languageCode), codes);
  });

  test("a video's formats follow its height and length", async () => {
    const details = (await video.video({ videoId: EXAMPLE_VIDEO_ID }, call))!;
    const source = (await video.frameSource({ videoId: EXAMPLE_VIDEO_ID }, call))!;
    const videoHeights = details.adaptiveFormats.filter((format) => format.height > 0).map((format) => format.height);
    assert.deepEqual(videoHeights, source.heights);
    assert.equal(source.heights.at(-1), 144);
    assert.equal(source.lengthSeconds, details.lengthSeconds);
    for (const format of details.adaptiveFormats) {
      const expected = (format.bitrate * details.lengthSeconds) / 8;
      assert.ok(Math.abs(Number(format.contentLength) - expected) <= 1);
      if (format.height > 0) assert.equal(format.width, Math.round((format.height * 16) / 9 / 2) * 2);
    }
    assert.ok(details.formats.every((format) => format.height <= source.heights[0]!));
    assert.ok(details.storyboards.length > 0 && details.thumbnail.length > 0);
  });

  test('frames are real JPEGs of the size asked, the same for the same second and different over time', async () => {
    const sizeOf = (jpeg: Buffer) => {
      assert.deepEqual([...jpeg.subarray(0, 2)], [0xff, 0xd8]);
      for (let offset = 2; offset < jpeg.length; offset += 2 + jpeg.readUInt16BE(offset + 2)) {
        if (jpeg[offset + 1] === 0xc0 || jpeg[offset + 1] === 0xc2) return { height: jpeg.readUInt16BE(offset + 5), width: jpeg.readUInt16BE(offset + 7) };
      }
      throw new Error('no SOF marker');
    };
    const source = (await video.frameSource({ videoId: EXAMPLE_VIDEO_ID }, call))!;
    const frames = await source.frames(50, [720, 144], call);
    assert.deepEqual(frames.map(({ jpeg }) => sizeOf(jpeg)), [{ width: 1280, height: 720 }, { width: 256, height: 144 }]);
    assert.deepEqual(frames.map(({ width, height }) => ({ width, height })), [{ width: 1280, height: 720 }, { width: 256, height: 144 }]);
    const again = await (await createSandboxVideo().frameSource({ videoId: EXAMPLE_VIDEO_ID }, call))!.frames(50, [144], call);
    assert.ok(again[0]!.jpeg.equals(frames[1]!.jpeg), 'the same second, the same picture');
    const later = await source.frames(65, [144], call);
    assert.ok(!later[0]!.jpeg.equals(frames[1]!.jpeg), 'another second, another picture');
    const short = (await video.frameSource({ videoId: EXAMPLE_SHORT_ID }, call))!;
    const [portrait] = await short.frames(3, [short.heights.at(-2)!], call);
    assert.deepEqual(sizeOf(portrait!.jpeg), { width: portrait!.width, height: portrait!.height });
    assert.ok(portrait!.width < portrait!.height, 'a Short stands upright');
  });

  test('feeds: home filters page their own feeds, the Shorts feed ends, hype and trending are ranked', async () => {
    const home = await video.home({ geo: 'US', lang: 'en' }, call);
    const shelf = home.items.find((item) => item.type === 'shorts_listing');
    assert.ok(shelf && shelf.type === 'shorts_listing' && shelf.data.length > 0);
    assert.ok(home.filters.length > 5 && home.filters[0]?.filter === 'All');
    const music = home.filters.find((filter) => filter.filter === 'Music')!;
    const musicFeed = await walk((cursor) => video.home({ cursor: cursor ?? music.cursor }, call), 20);
    assertUnique(musicFeed.map((item) => (item.type === 'video' ? item.videoId : 'shelf')));
    const musicChannels = new Set(musicFeed.map((item) => (item.type === 'video' ? item.channelId : '')));
    for (const channelId of [...musicChannels].slice(0, 5)) assert.ok((await video.channel({ channelId }, call))?.meta.description.includes('music videos'));

    const shorts = await walk((cursor) => video.shorts({ cursor: cursor ?? EXAMPLE_SHORT_ID }, call), 10);
    assert.ok(shorts.length > 10 && !idsOf(shorts).includes(EXAMPLE_SHORT_ID));
    assertUnique(idsOf(shorts));

    const hype = await walk((cursor) => video.hype({ cursor }, call), 20);
    const points = (text: string) => {
      const [, number, suffix] = /^([\d.]+)([KMB]?) hype points$/.exec(text)!;
      return Number(number) * ({ '': 1, K: 1e3, M: 1e6, B: 1e9 } as Record<string, number>)[suffix!]!;
    };
    assert.ok(hype.length > 0 && nonIncreasing(hype.map((item) => points(item.hypeText))));
    for (const type of ['now', 'music', 'gaming', 'movies'] as const) {
      const trending = await video.trending({ type }, call);
      assert.ok(trending.length > 0 && nonIncreasing(trending.map((item) => Number(item.viewCount))), type);
    }
  });

  test('hype is for channels under 500K subscribers', async () => {
    const hype = await walk((cursor) => video.hype({ cursor }, call), 20);
    assert.ok(hype.length > 0);
    for (const item of hype) {
      const { channelId } = (await video.videoInfo({ videoId: item.videoId }, call))!;
      const subscribers = (await video.channelAbout({ channelId }, call))!.subscriberCount;
      assert.ok(subscribers < 500_000, `${item.channelTitle}: ${subscribers} subscribers`);
    }
  });

  test("a video's comments follow its views, with no cap", async () => {
    const trending = await video.trending({ type: 'now' }, call);
    assert.ok(trending[0]!.commentCount > 20_000, `the most viewed video of the fortnight (${trending[0]!.viewCount} views) has ${trending[0]!.commentCount} comments`);
    for (const item of trending) {
      const share = item.commentCount / Number(item.viewCount);
      assert.ok(share >= 0.0003 && share <= 0.003, `${item.videoId}: ${item.commentCount} comments for ${item.viewCount} views`);
    }
    const top = (await video.comments({ videoId: trending[0]!.videoId, sort: 'top' }, call))!;
    assert.equal(top.commentsCount, trending[0]!.commentCount);
  });

  test('channel URLs by handle or name resolve; others do not', async () => {
    const channelId = EXAMPLE_CHANNEL_ID;
    for (const url of [`https://www.video.com/${EXAMPLE_CHANNEL_HANDLE}`, `video.com/${EXAMPLE_CHANNEL_HANDLE}/videos`, 'https://m.video.com/c/SaffronKitchen', 'http://video.com/user/saffronkitchen']) {
      assert.deepEqual(await video.resolveUrl({ url }, call), { webPageType: 'WEB_PAGE_TYPE_CHANNEL', channelId }, url);
    }
    assert.deepEqual(await video.resolveUrl({ url: `https://www.video.com/${small.handle}` }, call), { webPageType: 'WEB_PAGE_TYPE_CHANNEL', channelId: small.id });
    for (const url of ['https://www.video.com/@nobodyhere', 'https://www.video.com/@openroad99999', 'https://www.video.com/@user-aaaaaaaaaa', 'https://elsewhere.example/@saffronkitchen', 'https://www.video.com/c/%E0%A4%A']) {
      assert.equal(await video.resolveUrl({ url }, call), null, url);
    }
  });

  test('suggestions complete the query from the vocabulary', async () => {
    const suggestions = await video.suggest({ query: 'how to m' }, call);
    assert.ok(suggestions.length > 0 && suggestions.length <= 10 && suggestions.every((text) => text.startsWith('how to m')));
    assert.ok((await video.suggest({ query: 'Ramen' }, call)).includes('ramen'));
    assert.deepEqual(await video.suggest({ query: 'zzzqqq' }, call), []);
  });

  test('cursors no list gave are refused, naming the field they came in: token, or the Shorts feed\'s params', async () => {
    await assert.rejects(video.channelVideos({ channelId: EXAMPLE_CHANNEL_ID, sortBy: 'newest', cursor: 'abc' }, call), isValidationOfToken);
    await assert.rejects(video.channelVideos({ channelId: EXAMPLE_CHANNEL_ID, sortBy: 'newest', cursor: '99999' }, call), isValidationOfToken);
    await assert.rejects(video.comments({ videoId: EXAMPLE_VIDEO_ID, sort: 'top', cursor: 'R99999' }, call), isValidationOfToken);
    await assert.rejects(video.home({ cursor: 'nosuchfilter' }, call), isValidationOfToken);
    const isValidationOfParams = (error: unknown) => error instanceof ApiError && error.code === 'VALIDATION_ERROR' && error.param === 'params' && /^params: /.test(error.message);
    await assert.rejects(video.shorts({ cursor: EXAMPLE_VIDEO_ID }, call), isValidationOfParams, 'a video that is no Short');
    await assert.rejects(video.shorts({ cursor: 'not a cursor' }, call), isValidationOfParams);
    await assert.rejects(video.shorts({ cursor: `${EXAMPLE_SHORT_ID}.99999` }, call), isValidationOfParams, 'beyond the feed');
    await assert.rejects(video.search({ query: EXAMPLE_QUERY, type: 'all', sort: 'relevance', features: [], cursor: '-1' }, call), isValidationOfToken);
  });
});
