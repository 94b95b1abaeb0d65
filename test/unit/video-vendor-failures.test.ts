import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { UpstreamError } from '../../src/core/errors';
import type { VideoProvider } from '../../src/providers/families/video';
import type { CallOptions } from '../../src/providers/providers';
import { rapidApiVideo } from '../../src/providers/rapidapi-video';
import { METHOD_PATHS, type VideoPath } from '../../src/providers/rapidapi-video/costs';
import * as answers from '../../src/providers/rapidapi-video/fixtures/answers';
import { assertNeutralMessage } from '../helpers/fake-upstream';
import { startFakeVideoVendor, VIDEO_VENDOR_KEY, type FakeVideoVendor } from '../fakes/video-vendor-server';

/**
 * The YT-API adapter when the vendor or RapidAPI fails, for every method: a spent quota, a refused
 * key or subscription, rate limiting, a server error, the vendor's own error in a 200, an answer
 * that is not JSON or not the documented shape, an endpoint RapidAPI does not know, a timeout —
 * each a 502 (UpstreamError) in our words, whose log detail says what to check and holds neither
 * what was asked about (a handle, a channel, a query) nor the key; and the caller's signal obeyed.
 */

const { CHANNEL, VIDEO_ID, SHORT_ID, PLAYLIST_ID, POST_ID, VIEWER } = answers;
/** What must never be in a customer message: the vendor, the gateway, their words, the settings. */
const VENDOR_TEXTS = ['RapidAPI', 'rapidapi', 'RAPIDAPI', 'YT-API', 'yt-api', 'ytjar', 'not subscribed', 'MONTHLY quota', 'Too many requests', VIDEO_VENDOR_KEY, VIEWER.handle];

type Method = { name: keyof typeof METHOD_PATHS; run: (video: VideoProvider, call: CallOptions) => Promise<unknown> };
const path = (method: Method): VideoPath => METHOD_PATHS[method.name];

const channel = { channelId: CHANNEL.id };
const METHODS: Method[] = [
  { name: 'channel', run: (v, c) => v.channel(channel, c) },
  { name: 'channelAbout', run: (v, c) => v.channelAbout(channel, c) },
  { name: 'channelChannels', run: (v, c) => v.channelChannels(channel, c) },
  { name: 'channelCommunity', run: (v, c) => v.channelCommunity(channel, c) },
  { name: 'channelLivestreams', run: (v, c) => v.channelLivestreams({ ...channel, sortBy: 'newest' }, c) },
  { name: 'channelPlaylists', run: (v, c) => v.channelPlaylists(channel, c) },
  { name: 'channelSearch', run: (v, c) => v.channelSearch({ ...channel, query: VIEWER.handle }, c) },
  { name: 'channelShorts', run: (v, c) => v.channelShorts(channel, c) },
  { name: 'channelStore', run: (v, c) => v.channelStore(channel, c) },
  { name: 'channelVideos', run: (v, c) => v.channelVideos({ ...channel, sortBy: 'newest' }, c) },
  { name: 'comments', run: (v, c) => v.comments({ videoId: VIDEO_ID, sort: 'top' }, c) },
  { name: 'hashtag', run: (v, c) => v.hashtag({ tag: 'pastanight' }, c) },
  { name: 'home', run: (v, c) => v.home({}, c) },
  { name: 'hype', run: (v, c) => v.hype({}, c) },
  { name: 'metadata', run: (v, c) => v.metadata({ videoId: VIDEO_ID }, c) },
  { name: 'playlist', run: (v, c) => v.playlist({ playlistId: PLAYLIST_ID }, c) },
  { name: 'post', run: (v, c) => v.post({ postId: POST_ID }, c) },
  { name: 'postComments', run: (v, c) => v.postComments({ postId: POST_ID, sort: 'top' }, c) },
  { name: 'related', run: (v, c) => v.related({ videoId: VIDEO_ID }, c) },
  { name: 'resolveUrl', run: (v, c) => v.resolveUrl({ url: `https://www.youtube.com/${VIEWER.handle}` }, c) },
  { name: 'frameSource', run: (v, c) => v.frameSource({ videoId: VIDEO_ID }, c) },
  { name: 'search', run: (v, c) => v.search({ query: VIEWER.handle, type: 'all', sort: 'relevance', features: [] }, c) },
  { name: 'shorts', run: (v, c) => v.shorts({ cursor: answers.SHORTS_SEQUENCE }, c) },
  { name: 'shortsInfo', run: (v, c) => v.shortsInfo({ videoId: SHORT_ID }, c) },
  { name: 'subtitles', run: (v, c) => v.subtitles({ videoId: VIDEO_ID }, c) },
  { name: 'suggest', run: (v, c) => v.suggest({ query: VIEWER.handle }, c) },
  { name: 'transcript', run: (v, c) => v.transcript({ videoId: VIDEO_ID, lang: 'en' }, c) },
  { name: 'trending', run: (v, c) => v.trending({ type: 'now' }, c) },
  { name: 'video', run: (v, c) => v.video({ videoId: VIDEO_ID }, c) },
  { name: 'videoInfo', run: (v, c) => v.videoInfo({ videoId: VIDEO_ID }, c) },
];
const named = (name: Method['name']) => METHODS.find((method) => method.name === name)!;

describe('YT-API video adapter: failures', () => {
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

  /** The method fails with our 502; its message and detail are checked and returned. */
  async function fails(method: Method, provider: VideoProvider = video): Promise<UpstreamError> {
    let caught: unknown;
    await method.run(provider, call).then(
      () => assert.fail(`${method.name} succeeded`),
      (error: unknown) => (caught = error),
    );
    assert.ok(caught instanceof UpstreamError, `${method.name}: ${String(caught)}`);
    assert.equal(caught.code, 'UPSTREAM_ERROR');
    assert.equal(caught.status, 502);
    assertNeutralMessage(caught.message, VENDOR_TEXTS);
    assert.ok(!(caught.detail ?? '').includes(VIEWER.handle), `${method.name}: the handle reached the log detail: ${caught.detail}`);
    assert.ok(!(caught.detail ?? '').includes(VIDEO_VENDOR_KEY), `${method.name}: the key reached the log detail`);
    return caught;
  }

  test('it covers every method', () => {
    assert.deepEqual(METHODS.map((method) => method.name).sort(), Object.keys(METHOD_PATHS).sort());
  });

  test('a spent monthly quota (RapidAPI’s 429) is a 502 at once, not tried again; the detail says the plan’s quota is spent; nothing priced', async () => {
    vendor.fail(answers.QUOTA_EXHAUSTED);
    for (const method of METHODS) {
      vendor.fake.requests.length = 0;
      const error = await fails(method);
      assert.match(error.message, /rate-limiting/, method.name);
      assert.match(error.detail ?? '', /HTTP 429 \(RapidAPI: the plan's quota is spent/, method.name);
      assert.equal(vendor.requests(path(method)).length, 1, `${method.name}: a spent quota is not tried again`);
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
      assert.ok((error.detail ?? '').includes(`GET /${path(method)} answered HTTP 403 ("You are not subscribed to this API."). Check RAPIDAPI_KEY`), error.detail);
    }
    vendor.recover();
    const wrongKey = rapidApiVideo({ ...vendor.settings, apiKey: 'another-key' });
    const wrongHost = rapidApiVideo({ ...vendor.settings, host: 'another-api.p.rapidapi.com' });
    for (const provider of [wrongKey, wrongHost]) assert.match((await fails(METHODS[0]!, provider)).detail ?? '', /HTTP 403 .*RAPIDAPI_VIDEO_HOST/);
    vendor.fail(answers.INVALID_KEY);
    assert.match((await fails(METHODS[0]!)).detail ?? '', /HTTP 401 \("Invalid API key\. .*Check RAPIDAPI_KEY/);
    assert.deepEqual(costs, []);
  });

  test('a server error is tried three times, then a 502 whose detail keeps the vendor’s body (it names a viewer) out', async () => {
    vendor.fail(answers.SERVER_ERROR);
    const error = await fails(named('search'));
    assert.match(error.message, /failing right now \(it answered HTTP 500\)/);
    assert.match(error.detail ?? '', /GET \/search: HTTP 500 \(body not logged/);
    assert.equal(vendor.requests('search').length, 3);
    vendor.fail({ ...answers.SERVER_ERROR, headers: { 'retry-after': '60' } });
    for (const method of METHODS) assert.match((await fails(method)).message, /HTTP 500/);
  });

  test('the vendor’s own error in a 200 (not "not found") is a 502, not null; its words logged without what was asked about; priced', async () => {
    for (const method of METHODS) {
      vendor.on(path(method), (request) => ({ status: 200, body: { error: `Could not load ${[...request.query.values()].join(' ')}, please try again` } }));
      const asked = vendor.fake.requests.length;
      const error = await fails(method);
      assert.match(error.message, /could not serve this request/, method.name);
      assert.match(error.detail ?? '', new RegExp(`GET /${path(method).replace('/', '\\/')}: the vendor's error \\("Could not load `), method.name);
      for (const request of vendor.fake.requests.slice(asked)) {
        for (const [name, value] of request.query) if (['id', 'query', 'url', 'tag'].includes(name)) assert.ok(!(error.detail ?? '').includes(value), `${method.name}: ${name} reached the log detail: ${error.detail}`);
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
    assert.equal(costs.length, METHODS.length);
  });

  test('JSON of another shape (a list, `data` that is not a list, a record without its id) is a 502 "unexpected shape"', async () => {
    for (const method of METHODS) {
      for (const body of [[1, 2, 3], { data: 'a string', meta: { channelId: CHANNEL.id } }, 'just text', { data: [{ videoId: 42, commentId: 42, postId: 42, playlistId: 42, channelId: 42, title: 42 }], meta: { title: 7 }, id: 7, postId: 7, webPageType: 7, subtitles: 7, transcript: 7, results: 7 }]) {
        vendor.fail({ status: 200, body });
        assert.match((await fails(method)).message, /unexpected shape/, `${method.name}: ${JSON.stringify(body)}`);
      }
    }
  });

  test('a 404 from RapidAPI (its `message`: it does not know the endpoint) is a failure, not "nothing found"', async () => {
    vendor.fail(answers.UNKNOWN_ENDPOINT);
    for (const method of METHODS) {
      const error = await fails(method);
      assert.match(error.message, /refused the call \(it answered HTTP 404\)/, method.name);
      assert.match(error.detail ?? '', /"API doesn't exists"/);
    }
    assert.deepEqual(costs, []);
  });

  test('a request the gateway rejects (400) is a 502 "rejected the request"', async () => {
    vendor.fail({ status: 400, body: { message: 'Bad request' } });
    for (const method of METHODS) assert.match((await fails(method)).message, /rejected the request/);
  });

  test('the caller’s signal: a request in flight is abandoned when the call is aborted, with the call’s reason; nothing sent for a call already over', async () => {
    for (const method of METHODS) {
      vendor.fake.on(`GET /${path(method)}`, { status: 200, json: {}, delayMs: 5_000 });
      const controller = new AbortController();
      const reason = new Error(`client left during ${method.name}`);
      const pending = method.run(video, { signal: controller.signal });
      setTimeout(() => controller.abort(reason), 20);
      await assert.rejects(pending, (error) => error === reason, method.name);
    }
    vendor.reset();
    await assert.rejects(video.channel(channel, { signal: AbortSignal.abort(new Error('already gone')) }), /already gone/);
    assert.equal(vendor.fake.requests.length, 0);
  });

  test('frames: the caller’s signal stops ffmpeg with the call’s reason', async () => {
    const source = await video.frameSource({ videoId: VIDEO_ID }, call);
    const controller = new AbortController();
    const reason = new Error('client left during frames');
    controller.abort(reason);
    await assert.rejects(source!.frames(1, [360], { signal: controller.signal }), (error) => error === reason);
  });

  test('a vendor slower than the upstream timeout is a 502 "did not answer in time"', async () => {
    const impatient = rapidApiVideo({ ...vendor.settings, timeoutMs: 150 });
    vendor.fake.on('GET /search', { status: 200, json: { data: [] }, delayMs: 2_000 });
    assert.match((await fails(named('search'), impatient)).message, /did not answer in time/);
  });
});
