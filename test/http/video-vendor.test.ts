import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { endpoints } from '../../src/endpoints';
import { upstreamCostMicros } from '../../src/providers/rapidapi-video/costs';
import * as answers from '../../src/providers/rapidapi-video/fixtures/answers';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { charged, failedUncharged, uncharged, upstreamCostOf } from '../helpers/vendor-calls';
import { startFakeVideoVendor, VIDEO_VENDOR_HOST, VIDEO_VENDOR_KEY, type FakeVideoVendor } from '../fakes/video-vendor-server';

/**
 * The video endpoints on the video-platform data vendor (a fake of YT-API on RapidAPI), through
 * the real server and database: every endpoint answered by the vendor (`x-tollgate-provider:
 * live`, its name hidden), charged exactly, its upstream cost in the call log and under the price;
 * our continuation around the vendor's; a screenshot taken from the vendor's stream; what the
 * vendor does not know a 404 and a failing vendor a 502 in our words, neither charged; a bad field
 * a 400 before any vendor request.
 */

const { CHANNEL, VIDEO_ID, SHORT_ID, PLAYLIST_ID, POST_ID } = answers;
const VENDOR_TEXTS = ['Invalid continuation token', 'quota', VIDEO_VENDOR_KEY, VIDEO_VENDOR_HOST];
const VENDOR_NAMES = /ytjar|yt-api|youtube|rapid/i;
const VENDOR = { texts: VENDOR_TEXTS, names: VENDOR_NAMES };

/** One request per endpoint, on the fake's world. */
const REQUESTS: Record<string, Record<string, unknown>> = {
  'video.channel': { id: CHANNEL.id },
  'video.channel_about': { id: CHANNEL.id },
  'video.channel_channels': { id: CHANNEL.id },
  'video.channel_community': { id: CHANNEL.id },
  'video.channel_livestreams': { id: CHANNEL.id },
  'video.channel_playlists': { id: CHANNEL.id },
  'video.channel_search': { id: CHANNEL.id, query: 'carbonara' },
  'video.channel_shorts': { id: CHANNEL.id },
  'video.channel_store': { id: CHANNEL.id },
  'video.channel_videos': { id: CHANNEL.id },
  'video.comments': { id: VIDEO_ID },
  'video.hashtag': { tag: 'carbonara' },
  'video.home': { geo: 'US' },
  'video.hype': {},
  'video.metadata': { id: VIDEO_ID },
  'video.playlist': { id: PLAYLIST_ID },
  'video.post': { id: POST_ID },
  'video.post_comments': { id: POST_ID },
  'video.related': { id: VIDEO_ID },
  'video.resolve': { url: 'https://www.video.com/@northwindkitchen' },
  'video.screenshot': { id: VIDEO_ID, timestamp: '00:00:02', format: 'base64', resolution: '360p' },
  'video.search': { query: 'carbonara' },
  'video.shorts_info': { id: SHORT_ID },
  'video.subtitles': { id: VIDEO_ID },
  'video.suggest': { query: 'carb' },
  'video.transcript': { videoId: VIDEO_ID },
  'video.trending': { type: 'gaming', geo: 'us' },
  'video.video': { id: VIDEO_ID },
  'video.video_info': { id: VIDEO_ID },
};

describe(`video endpoints on the video-platform data vendor (${testDatabaseLabel()})`, () => {
  let vendor: FakeVideoVendor;
  let app: TestApp;
  before(async () => {
    vendor = await startFakeVideoVendor();
    app = await startTestApp({}, {
      RAPIDAPI_KEY: VIDEO_VENDOR_KEY,
      RAPIDAPI_VIDEO_HOST: '',
      RAPIDAPI_VIDEO_BASE_URL: vendor.baseUrl,
      TOLLGATE_EXPOSE_VENDOR_NAMES: 'false',
      TOLLGATE_UPSTREAM_TIMEOUT_MS: '3000',
      TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000',
    });
  });
  after(async () => {
    await app?.close();
    await vendor?.close();
  });
  beforeEach(() => vendor.reset());

  test('every video endpoint but the Shorts feed is answered by the vendor, charged its price, its upstream cost logged and under the price', async () => {
    const video = endpoints.filter((endpoint) => endpoint.id.startsWith('video.') && endpoint.id !== 'video.shorts');
    assert.deepEqual(Object.keys(REQUESTS).sort(), video.map((endpoint) => endpoint.id).sort());
    for (const endpoint of video) {
      const { response, cost } = await charged(app, endpoint.path, REQUESTS[endpoint.id]);
      const price = endpoint.id === 'video.video' ? 20_000 : 10_000;
      assert.equal(cost, price, endpoint.id);
      const upstream = await upstreamCostOf(app, response);
      assert.ok(upstream > 0 && upstream < price, `${endpoint.id}: upstream ${upstream} under ${price}`);
    }
  });

  test('the vendor is asked in its own words, with the key and the default host', async () => {
    await charged(app, '/v1/video/trending', { type: 'gaming', geo: 'us', lang: 'PT-br' });
    const [trending] = vendor.requests('trending');
    assert.deepEqual(Object.fromEntries(trending!.query), { type: 'games', geo: 'US', lang: 'pt-BR' });
    assert.equal(trending!.headers['x-rapidapi-key'], VIDEO_VENDOR_KEY);
    assert.equal(trending!.headers['x-rapidapi-host'], VIDEO_VENDOR_HOST);
    await charged(app, '/v1/video/comments', { id: VIDEO_ID, sort: 'new' });
    assert.equal(vendor.requests('comments')[0]!.query.get('sort_by'), 'newest');
    await charged(app, '/v1/video/channel-livestreams', { id: CHANNEL.id });
    assert.equal(vendor.requests('channel/liveStreams').length, 1);
    await charged(app, '/v1/video/resolve', { url: 'https://www.video.com/@northwindkitchen/videos' });
    assert.equal(vendor.requests('resolve')[0]!.query.get('url'), answers.HANDLE_URL);
  });

  test("our continuation carries the vendor's: page two of a channel's videos, and a comment's replies", async () => {
    const first = (await charged(app, '/v1/video/channel-videos', { id: CHANNEL.id })).response.body.data;
    assert.notEqual(first.continuation, null);
    assert.notEqual(first.continuation, answers.VIDEOS_CONTINUATION, 'the vendor token is wrapped');
    await charged(app, '/v1/video/channel-videos', { id: CHANNEL.id, token: first.continuation });
    assert.equal(vendor.requests('channel/videos').at(-1)!.query.get('token'), answers.VIDEOS_CONTINUATION);
    const comments = (await charged(app, '/v1/video/comments', { id: VIDEO_ID })).response.body.data;
    const answered = comments.data.find((comment: { replyToken: string | null }) => comment.replyToken !== null);
    assert.ok(answered);
    await charged(app, '/v1/video/comments', { id: VIDEO_ID, token: answered.replyToken });
    assert.equal(vendor.requests('comments').at(-1)!.query.get('token'), answers.REPLIES_TOKEN);
  });

  test("a Short's params start the vendor's Shorts feed", async () => {
    const short = (await charged(app, '/v1/video/shorts-info', { id: SHORT_ID })).response.body.data;
    const feed = (await charged(app, '/v1/video/shorts', { params: short.params })).response.body.data;
    assert.ok(feed.data.length > 0);
    assert.ok(vendor.requests('shorts/sequence').length >= 1);
  });

  test("a screenshot is a frame of the vendor's stream, at the height asked", async () => {
    const shot = (await charged(app, '/v1/video/screenshot', { id: VIDEO_ID, timestamp: 3, format: 'base64', resolution: '360p' })).response.body.data;
    const jpeg = Buffer.from(shot.image, 'base64');
    assert.deepEqual([...jpeg.subarray(0, 2)], [0xff, 0xd8]);
    assert.equal(shot.height, 360);
    assert.ok(vendor.streamRequests.length > 0, 'the stream was read');
    assert.equal(upstreamCostMicros('dl') < 10_000, true);
  });

  test('what the vendor does not know is a 404, a failing vendor a 502 in our words; neither is charged, and a bad field reaches no vendor', async () => {
    assert.match(await uncharged(app, '/v1/video/video', { id: 'zzzzzzzzzzz' }, 404, 'NOT_FOUND'), /^id: /);
    assert.match(await uncharged(app, '/v1/video/channel', { id: 'UCzzzzzzzzzzzzzzzzzzzzzz' }, 404, 'NOT_FOUND'), /^id: /);
    assert.match(await uncharged(app, '/v1/video/resolve', { url: 'https://www.video.com/@nobody' }, 404, 'NOT_FOUND'), /^url: /);
    vendor.fail({ status: 500, body: { message: 'Internal error, please try again' } });
    await failedUncharged(app, '/v1/video/video-info', { id: VIDEO_ID }, { texts: VENDOR_TEXTS, names: VENDOR_NAMES });
    vendor.recover();
    vendor.reset();
    await uncharged(app, '/v1/video/search', { query: 'x', features: '8K' }, 400, 'VALIDATION_ERROR');
    await uncharged(app, '/v1/video/resolve', { url: `https://www.video.com/watch?v=${VIDEO_ID}&x=1`.replace('watch', 'feed') }, 400, 'VALIDATION_ERROR');
    assert.equal(vendor.requests().length, 0, 'no vendor request for a bad field');
  });
});
