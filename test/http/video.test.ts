import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { endpoints } from '../../src/endpoints';
import { HAND_WRITTEN_EXAMPLES, shortened } from '../../scripts/sandbox-examples';
import { EXAMPLE } from '../../src/endpoints/video/fields';
import { shortsFeedFrom } from '../../src/endpoints/video/shorts';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { assertRefusedUncharged } from '../helpers/refusals';

/**
 * The video endpoints through the real server and database on the sandbox's video platform:
 * exact charges, 400s naming the field and 404s for what the platform does not know (neither
 * charged), `token` paging bound to its list and walking it whole, one channel and one video
 * agreeing across endpoints, real JPEG frames behind signed links, and URLs read locally.
 */

const video = endpoints.filter((endpoint) => endpoint.id.startsWith('video.'));

/** The JPEG's size, from its first start-of-frame marker. */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  assert.deepEqual([...jpeg.subarray(0, 3)], [0xff, 0xd8, 0xff], 'a JPEG');
  let offset = 2;
  while (offset < jpeg.length) {
    const marker = jpeg[offset + 1]!;
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: jpeg.readUInt16BE(offset + 5), width: jpeg.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  throw new Error('no frame header in the JPEG');
}

describe(`video endpoints on the sandbox platform (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(async () => {
    await app?.close();
  });

  async function data(path: string, body: Record<string, unknown>): Promise<any> {
    const { response } = await app.paidCall(path, body);
    assert.equal(response.status, 200, `${path} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
    return response.body.data;
  }

  /** Every item of a list, walked page by page with `token`. */
  async function walk(path: string, body: Record<string, unknown>): Promise<any[]> {
    const items: any[] = [];
    let token: string | undefined;
    for (let page = 0; ; page += 1) {
      assert.ok(page < 300, `${path}: the walk ends`);
      const answer = await data(path, { ...body, ...(token ? { token } : {}) });
      items.push(...answer.data);
      if (answer.continuation === null) return items;
      token = answer.continuation;
    }
  }

  for (const endpoint of video) {
    const price = endpoint.id === 'video.video' ? 20_000 : 10_000;
    test(`${endpoint.id}: the example request is answered, charged $${price / 1_000_000}`, async () => {
      const { response, cost } = await app.paidCall(endpoint.path, endpoint.examples.request);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(cost, price);
      if (!HAND_WRITTEN_EXAMPLES.has(endpoint.id)) assert.deepEqual(shortened(response.body.data), endpoint.examples.response);
    });
  }

  test('a malformed id, filter, timestamp, URL or continuation is a 400 naming the field, not charged', async () => {
    await assertRefusedUncharged(app, [
      ['/v1/video/video', { id: 'https://www.video.com/watch?v=abc' }, 'id'],
      ['/v1/video/channel', { id: '@northwind' }, 'id'],
      ['/v1/video/channel', { id: EXAMPLE.channelId, geo: 'USA' }, 'geo'],
      ['/v1/video/video', { id: EXAMPLE.videoId, geo: 'ZZ' }, 'geo'],
      ['/v1/video/hype', { geo: 'xx' }, 'geo'],
      ['/v1/video/channel-about', { id: EXAMPLE.channelId, lang: 'english' }, 'lang'],
      ['/v1/video/channel-videos', { id: EXAMPLE.channelId, sort_by: 'latest' }, 'sort_by'],
      ['/v1/video/playlist', { id: 'XX123' }, 'id'],
      ['/v1/video/post', { id: 'post-1' }, 'id'],
      ['/v1/video/comments', { id: EXAMPLE.videoId, sort: 'best' }, 'sort'],
      ['/v1/video/search', { query: '' }, 'query'],
      ['/v1/video/search', { query: EXAMPLE.query, features: 'HD,8K' }, 'features'],
      ['/v1/video/search', { query: EXAMPLE.query, upload_date: 'decade' }, 'upload_date'],
      ['/v1/video/trending', { type: 'sports' }, 'type'],
      ['/v1/video/screenshot', { id: EXAMPLE.videoId, timestamp: '1:75' }, 'timestamp'],
      ['/v1/video/screenshot', { id: EXAMPLE.videoId, resolution: 'huge' }, 'resolution'],
      ['/v1/video/screenshot', { id: EXAMPLE.videoId, format: 'png' }, 'format'],
      ['/v1/video/screenshot', { id: EXAMPLE.videoId, timestamp: '99:00:00' }, 'timestamp'],
      ['/v1/video/resolve', { url: 'https://example.com/watch?v=dQw4w9WgXcQ' }, 'url'],
      ['/v1/video/resolve', { url: 'https://www.video.com/feed/trending' }, 'url'],
      ['/v1/video/transcript', { lang: 'en' }, 'videoId'],
      ['/v1/video/transcript', { videoId: EXAMPLE.videoId, id: EXAMPLE.videoId }, 'videoId'],
      ['/v1/video/shorts', {}, 'params'],
      ['/v1/video/shorts', { params: 'not-a-token' }, 'params'],
      // A continuation this API made, whose cursor the platform refuses (the feed from a video that is no Short): still `params`.
      ['/v1/video/shorts', { params: shortsFeedFrom(EXAMPLE.videoId) }, 'params'],
      ['/v1/video/channel-videos', { id: EXAMPLE.channelId, token: 'not-a-token' }, 'token'],
    ], 400);
  });

  test('a video, channel, playlist, post or handle the platform does not know is 404 NOT_FOUND naming the field, not charged', async () => {
    await assertRefusedUncharged(app, [
      ['/v1/video/video', { id: 'zzzzzzzzzzz' }, 'id'],
      ['/v1/video/video-info', { id: 'zzzzzzzzzzz' }, 'id'],
      ['/v1/video/comments', { id: 'zzzzzzzzzzz' }, 'id'],
      ['/v1/video/screenshot', { id: 'zzzzzzzzzzz' }, 'id'],
      ['/v1/video/transcript', { videoId: 'zzzzzzzzzzz' }, 'videoId'],
      ['/v1/video/transcript', { id: 'zzzzzzzzzzz' }, 'id'],
      ['/v1/video/transcript', { videoId: EXAMPLE.videoId, lang: 'tlh' }, 'lang'],
      ['/v1/video/channel', { id: 'UCzzzzzzzzzzzzzzzzzzzzzz' }, 'id'],
      ['/v1/video/channel-videos', { id: 'UCzzzzzzzzzzzzzzzzzzzzzz' }, 'id'],
      ['/v1/video/playlist', { id: 'PLzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz' }, 'id'],
      ['/v1/video/post', { id: 'Ugkxzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz' }, 'id'],
      ['/v1/video/resolve', { url: 'https://www.video.com/@nobody-at-all-here' }, 'url'],
    ], 404);
  });

  test('a continuation continues only its own list: another channel\'s or another order\'s is a 400 naming token, not charged', async () => {
    const first = await data('/v1/video/channel-videos', { id: EXAMPLE.channelId });
    assert.notEqual(first.continuation, null, 'the example channel has more than one page of videos');
    const comments = await data('/v1/video/comments', { id: EXAMPLE.videoId });
    const shorts = await data('/v1/video/channel-shorts', { id: EXAMPLE.channelId });
    await assertRefusedUncharged(app, [
      ['/v1/video/channel-videos', { id: EXAMPLE.channelId, sort_by: 'oldest', token: first.continuation }, 'token'],
      ['/v1/video/channel-shorts', { id: EXAMPLE.channelId, sort_by: 'oldest', token: shorts.continuation }, 'token'],
      ['/v1/video/channel-livestreams', { id: EXAMPLE.channelId, token: first.continuation }, 'token'],
      ['/v1/video/comments', { id: EXAMPLE.videoId, sort: 'new', token: comments.continuation }, 'token'],
    ], 400);
    // The 400 says what the list is bound to: a channel and its order, a video and its comment order, a query and its filters.
    const search = await data('/v1/video/search', { query: EXAMPLE.query });
    const { apiKey } = await app.createAccount('1.00');
    const bound = async (path: string, body: Record<string, unknown>) => (await app.post(path, body, apiKey)).body.error.message;
    const another = 'token: belongs to another list: send it to the endpoint that returned it';
    assert.equal(await bound('/v1/video/channel-videos', { id: EXAMPLE.channelId, sort_by: 'oldest', token: first.continuation }), `${another}, with the same id and sort_by`);
    assert.equal(await bound('/v1/video/comments', { id: EXAMPLE.videoId, token: search.continuation }), `${another}, with the same id and sort`);
    assert.equal(await bound('/v1/video/search', { query: EXAMPLE.query, duration: 'short', token: search.continuation }), `${another}, with the same query, type, sort, duration, upload_date and features`);
    assert.equal(await bound('/v1/video/home', { token: search.continuation }), another);
  });

  test('a continuation serves every way of sending the same list: the default order sent or not, features in any order', async () => {
    for (const path of ['/v1/video/channel-shorts', '/v1/video/channel-videos']) {
      const unsorted = await data(path, { id: EXAMPLE.channelId });
      const newest = await data(path, { id: EXAMPLE.channelId, sort_by: 'newest' });
      assert.deepEqual(newest.data, unsorted.data, `${path}: newest is the default order`);
      assert.notEqual(unsorted.continuation, null, `${path}: the example channel has a second page`);
      const next = await data(path, { id: EXAMPLE.channelId, sort_by: 'newest', token: unsorted.continuation });
      assert.deepEqual(await data(path, { id: EXAMPLE.channelId, token: newest.continuation }), next, `${path}: either continuation, sent either way, gives the second page`);
      assert.ok(next.data.every((item: { videoId: string }) => !unsorted.data.some((first: { videoId: string }) => first.videoId === item.videoId)));
    }
    const search = { query: 'lasagna', type: 'video' };
    const first = await data('/v1/video/search', { ...search, features: 'subtitles,HD' });
    assert.notEqual(first.continuation, null);
    assert.ok((await data('/v1/video/search', { ...search, features: 'hd, SUBTITLES', token: first.continuation })).data.length > 0, 'features in another order and case');
    const plain = await data('/v1/video/search', search);
    assert.ok((await data('/v1/video/search', { ...search, features: '', token: plain.continuation })).data.length > 0, 'no features, however sent');
  });

  test("a channel's counts are what its lists walk, and its videos agree with their own pages", async () => {
    const channel = await data('/v1/video/channel', { id: EXAMPLE.channelId });
    assert.equal(channel.meta.channelId, EXAMPLE.channelId);
    assert.equal(channel.meta.channelHandle, EXAMPLE.channelHandle);
    const videos = await walk('/v1/video/channel-videos', { id: EXAMPLE.channelId });
    const shorts = await walk('/v1/video/channel-shorts', { id: EXAMPLE.channelId });
    const livestreams = await walk('/v1/video/channel-livestreams', { id: EXAMPLE.channelId });
    assert.equal(videos.length + shorts.length + livestreams.length, channel.meta.videosCount, 'the header counts every upload, Shorts included');
    assert.equal(new Set(videos.map((item) => item.videoId)).size, videos.length, 'each video once');
    const oldest = await data('/v1/video/channel-videos', { id: EXAMPLE.channelId, sort_by: 'oldest' });
    assert.equal(oldest.data[0].videoId, videos.at(-1).videoId, 'oldest first is newest first reversed');
    const about = await data('/v1/video/channel-about', { id: EXAMPLE.channelId });
    assert.equal(about.subscriberCount, channel.meta.subscriberCount);
    const listed = videos[0];
    const info = await data('/v1/video/video-info', { id: listed.videoId });
    const metadata = await data('/v1/video/metadata', { id: listed.videoId });
    assert.equal(info.title, listed.title);
    assert.equal(info.channelId, EXAMPLE.channelId);
    assert.equal(metadata.viewCount, info.viewCount);
    assert.equal(listed.viewCount, info.viewCount);
    assert.equal(metadata.likeCount, info.likeCount);
  });

  test('an ordinary query finds videos, each opening on /v1/video/video and /v1/video/video-info', async () => {
    for (const query of ['python', 'running shoes', 'how to tie a tie']) {
      const found = await data('/v1/video/search', { query });
      assert.ok(found.data.length > 0 && found.estimatedResults > 0, query);
      for (const item of found.data.slice(0, 3)) {
        const [details, info] = [await data('/v1/video/video', { id: item.videoId }), await data('/v1/video/video-info', { id: item.videoId })];
        assert.deepEqual([details.title, details.channelId, details.viewCount], [item.title, item.channelId, item.viewCount]);
        assert.deepEqual([info.title, info.channelId, info.viewCount], [item.title, item.channelId, item.viewCount]);
      }
    }
  });

  test("a video's comments number its commentsCount, and a comment's replyToken walks its replies", async () => {
    const first = await data('/v1/video/comments', { id: EXAMPLE.videoId });
    const comments = await walk('/v1/video/comments', { id: EXAMPLE.videoId });
    assert.equal(comments.length, first.commentsCount);
    assert.equal(new Set(comments.map((comment) => comment.commentId)).size, comments.length);
    const answered = comments.find((comment) => comment.replyCount > 0);
    assert.ok(answered, 'the example video has a comment with replies');
    const replies = await walk('/v1/video/comments', { id: EXAMPLE.videoId, token: answered.replyToken });
    assert.equal(replies.length, answered.replyCount);
    const repliesPage = await data('/v1/video/comments', { id: EXAMPLE.videoId, token: answered.replyToken });
    assert.equal(repliesPage.commentsCount, 0, "a replies page has no total: the video's count is its first page's");
    assert.ok(comments.filter((comment) => comment.replyCount === 0).every((comment) => comment.replyToken === null));
  });

  test("every comment author's channel id and handle open that author's channel", async () => {
    const comments = (await data('/v1/video/comments', { id: EXAMPLE.videoId })).data;
    const answered = comments.find((comment: any) => comment.replyCount > 0);
    const replies = (await data('/v1/video/comments', { id: EXAMPLE.videoId, token: answered.replyToken })).data;
    const postComments = (await data('/v1/video/post-comments', { id: EXAMPLE.postId })).data;
    const authors = [...comments.slice(0, 4), ...replies.slice(0, 2), ...postComments.slice(0, 2)].filter((comment: any) => comment.authorChannelId !== EXAMPLE.channelId);
    assert.ok(authors.length >= 6, 'viewers, not the channel, wrote most of them');
    for (const { authorChannelId, authorText } of authors) {
      const channel = await data('/v1/video/channel', { id: authorChannelId });
      assert.equal(channel.meta.channelId, authorChannelId);
      assert.equal(channel.meta.channelHandle, authorText, 'the handle the comment shows');
      assert.equal((await data('/v1/video/channel-about', { id: authorChannelId })).channelId, authorChannelId);
      assert.deepEqual((await data('/v1/video/channel-videos', { id: authorChannelId })).data, [], 'a viewer uploads nothing');
      const resolved = await data('/v1/video/resolve', { url: `https://www.video.com/${authorText}` });
      assert.equal(resolved.channelId, authorChannelId, `${authorText} resolves to its channel`);
    }
  });

  test("a playlist's and a post's counts are what their lists walk", async () => {
    const first = await data('/v1/video/playlist', { id: EXAMPLE.playlistId });
    const items = await walk('/v1/video/playlist', { id: EXAMPLE.playlistId });
    assert.equal(items.length, first.meta.videoCount);
    assert.deepEqual(items.map((item) => item.index), items.map((_, position) => position + 1));
    const post = await data('/v1/video/post', { id: EXAMPLE.postId });
    assert.equal((await walk('/v1/video/post-comments', { id: EXAMPLE.postId })).length, post.replyCount);
  });

  test('a screenshot is a real JPEG at the height asked (or the closest lower), behind signed links any client can open', async () => {
    const shot = await data('/v1/video/screenshot', { id: EXAMPLE.videoId, timestamp: '0:42', resolution: '700p' });
    assert.equal(shot.timestamp, '00:00:42.000');
    assert.ok(shot.resolutions.includes('720p'));
    assert.equal(shot.resolution, '480p', '700p is not there: the closest lower');
    assert.deepEqual(Object.keys(shot.link), shot.resolutions);
    for (const [resolution, link] of Object.entries(shot.link) as Array<[string, string]>) {
      const file = await fetch(new URL(new URL(link).pathname + new URL(link).search, app.baseUrl));
      assert.equal(file.status, 200, resolution);
      assert.equal(file.headers.get('content-type'), 'image/jpeg');
      assert.equal(jpegSize(Buffer.from(await file.arrayBuffer())).height, Number.parseInt(resolution, 10));
    }
    assert.equal(shot.url, shot.link['480p']);
    const tampered = new URL(shot.url);
    tampered.searchParams.set('signature', 'x'.repeat(43));
    assert.equal((await fetch(new URL(tampered.pathname + tampered.search, app.baseUrl))).status, 403);

    const inline = await data('/v1/video/screenshot', { id: EXAMPLE.videoId, timestamp: 42, format: 'base64' });
    assert.equal(inline.url, null);
    assert.deepEqual(inline.link, {});
    const jpeg = Buffer.from(inline.image, 'base64');
    assert.equal(jpeg.length, inline.bytes);
    assert.deepEqual(jpegSize(jpeg), { width: inline.width, height: inline.height });
    assert.equal(`${inline.height}p`, inline.resolutions[0], 'the highest by default');
    const later = await data('/v1/video/screenshot', { id: EXAMPLE.videoId, timestamp: 43, format: 'base64' });
    assert.notEqual(later.image, inline.image, 'another moment is another picture');
  });

  test('a language code is read in any case, a country code too', async () => {
    const about = await data('/v1/video/channel-about', { id: EXAMPLE.channelId, geo: 'gb', lang: 'EN' });
    assert.deepEqual(about, await data('/v1/video/channel-about', { id: EXAMPLE.channelId, lang: 'en-gb' }));
    const transcript = await data('/v1/video/transcript', { videoId: EXAMPLE.videoId, lang: 'ES' });
    assert.equal(transcript.selected.languageCode, 'es');
    const { accountId, apiKey } = await app.createAccount('1.00');
    const missing = await app.post('/v1/video/transcript', { videoId: EXAMPLE.videoId, lang: 'TLH' }, apiKey);
    assert.equal(missing.status, 404);
    assert.match(missing.body.error.message, /^lang: the video has no transcript in 'tlh'/);
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('a transcript runs in order within the video, in the track asked', async () => {
    const info = await data('/v1/video/video-info', { id: EXAMPLE.videoId });
    for (const lang of ['en', 'es']) {
      const transcript = await data('/v1/video/transcript', { videoId: EXAMPLE.videoId, lang });
      assert.equal(transcript.selected.languageCode, lang);
      assert.ok(transcript.transcript.length > 0);
      let end = 0;
      for (const segment of transcript.transcript) {
        assert.ok(segment.startMs >= end && segment.endMs > segment.startMs, JSON.stringify(segment));
        end = segment.endMs;
      }
      assert.ok(end <= info.lengthSeconds * 1000);
    }
    const subtitles = await data('/v1/video/subtitles', { id: EXAMPLE.videoId });
    const transcript = await data('/v1/video/transcript', { id: EXAMPLE.videoId });
    assert.deepEqual(subtitles.subtitles.map((track: { languageCode: string }) => track.languageCode).sort(), transcript.languageMenu.map((track: { languageCode: string }) => track.languageCode).sort());
  });

  test('resolve reads links locally and looks up handles', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const local = await app.post('/v1/video/resolve', { url: `https://video.be/${EXAMPLE.videoId}?t=5` }, apiKey);
    assert.equal(local.status, 200);
    assert.equal(local.headers.get('x-tollgate-provider'), null, 'read here: no provider was asked');
    assert.equal(await app.balance(accountId), 990_000, 'charged like any resolution');
    assert.deepEqual(local.body.data, { url: `https://video.be/${EXAMPLE.videoId}?t=5`, webPageType: 'WEB_PAGE_TYPE_WATCH', videoId: EXAMPLE.videoId, channelId: null, playlistId: null });
    const handle = await data('/v1/video/resolve', { url: `https://www.video.com/${EXAMPLE.channelHandle}/videos` });
    assert.equal(handle.webPageType, 'WEB_PAGE_TYPE_CHANNEL');
    assert.equal(handle.channelId, EXAMPLE.channelId);
  });

  test("the Shorts feed starts from a Short's params and walks on with each continuation", async () => {
    const short = await data('/v1/video/shorts-info', { id: EXAMPLE.shortId });
    assert.ok(short.lengthSeconds <= 60);
    const first = await data('/v1/video/shorts', { params: short.params });
    assert.ok(first.data.length > 0);
    assert.ok(first.data.every((item: { type: string }) => item.type === 'shorts'));
    assert.notEqual(first.continuation, null);
    const second = await data('/v1/video/shorts', { params: first.continuation });
    const ids = new Set(first.data.map((item: { videoId: string }) => item.videoId));
    assert.ok(second.data.every((item: { videoId: string }) => !ids.has(item.videoId)), 'the next page goes on');
  });

  test('search honours type and duration filters', async () => {
    const channels = await data('/v1/video/search', { query: EXAMPLE.query, type: 'channel' });
    assert.ok(channels.data.length > 0 && channels.data.every((item: { type: string }) => item.type === 'channel'));
    const long = await data('/v1/video/search', { query: EXAMPLE.query, type: 'video', duration: 'long' });
    for (const item of long.data) {
      const info = await data('/v1/video/video-info', { id: item.videoId });
      assert.ok(info.lengthSeconds > 20 * 60, `${item.videoId} is long`);
    }
  });
});
