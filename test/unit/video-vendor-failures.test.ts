import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { VideoProvider } from '../../src/providers/families/video';
import type { CallOptions } from '../../src/providers/providers';
import { rapidApiVideo } from '../../src/providers/rapidapi-video';
import { METHOD_PATHS } from '../../src/providers/rapidapi-video/costs';
import * as answers from '../../src/providers/rapidapi-video/fixtures/answers';
import { rapidApiFailures } from '../helpers/rapidapi-failures';
import { startFakeVideoVendor, VIDEO_VENDOR_KEY } from '../fakes/video-vendor-server';

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

type Call = { name: keyof typeof METHOD_PATHS; run: (video: VideoProvider, call: CallOptions) => Promise<unknown> };

const channel = { channelId: CHANNEL.id };
const CALLS: Call[] = [
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
const METHODS = CALLS.map((method) => ({ ...method, path: METHOD_PATHS[method.name] }));
const named = (name: Call['name']) => METHODS.find((method) => method.name === name)!;

describe('YT-API video adapter: failures', () => {
  const suite = rapidApiFailures({
    start: startFakeVideoVendor,
    adapter: rapidApiVideo,
    methods: METHODS,
    vendorTexts: VENDOR_TEXTS,
    asked: { text: VIEWER.handle, as: 'the handle' },
    hostSetting: 'RAPIDAPI_VIDEO_HOST',
    answers,
  });
  const { fails } = suite;

  test('it covers every method', () => {
    assert.deepEqual(METHODS.map((method) => method.name).sort(), Object.keys(METHOD_PATHS).sort());
  });

  test('a spent monthly quota (RapidAPI’s 429) is a 502 at once, not tried again; the detail says the plan’s quota is spent; nothing priced', () => suite.spentQuota());

  test('rate limiting (429 with a long Retry-After) is a 502 at once; the detail says rate limit, not the body', () => suite.rateLimited());

  test('not subscribed (403) and a refused key (401) are 502s saying quota or configuration, the detail naming the settings to check', async () => {
    await suite.refused();
    assert.deepEqual(suite.costs, []);
  });

  test('a server error is tried three times, then a 502 whose detail keeps the vendor’s body (it names a viewer) out', () => suite.serverError(named('search')));

  test('the vendor’s own error in a 200 (not "not found") is a 502, not null; its words logged without what was asked about; priced', () =>
    suite.vendorError((words) => ({ error: words }), "the vendor's error", (name) => ['id', 'query', 'url', 'tag'].includes(name)));

  test('an answer that is not JSON is a 502, its body kept out of the log; the request is still priced', async () => {
    await suite.notJson();
    assert.equal(suite.costs.length, METHODS.length);
  });

  test('JSON of another shape (a list, `data` that is not a list, a record without its id) is a 502 "unexpected shape"', async () => {
    for (const method of METHODS) {
      for (const body of [[1, 2, 3], { data: 'a string', meta: { channelId: CHANNEL.id } }, 'just text', { data: [{ videoId: 42, commentId: 42, postId: 42, playlistId: 42, channelId: 42, title: 42 }], meta: { title: 7 }, id: 7, postId: 7, webPageType: 7, subtitles: 7, transcript: 7, results: 7 }]) {
        suite.vendor.fail({ status: 200, body });
        assert.match((await fails(method)).message, /unexpected shape/, `${method.name}: ${JSON.stringify(body)}`);
      }
    }
  });

  test('a 404 from RapidAPI (its `message`: it does not know the endpoint) is a failure, not "nothing found"', async () => {
    await suite.unknownEndpoint();
    assert.deepEqual(suite.costs, []);
  });

  test('a request the gateway rejects (400) is a 502 "rejected the request"', () => suite.gatewayRejects());

  test('the caller’s signal: a request in flight is abandoned when the call is aborted, with the call’s reason; nothing sent for a call already over', () =>
    suite.obeysSignal({}, named('channel')));

  test('frames: the caller’s signal stops ffmpeg with the call’s reason', async () => {
    const source = await suite.provider.frameSource({ videoId: VIDEO_ID }, suite.call);
    const controller = new AbortController();
    const reason = new Error('client left during frames');
    controller.abort(reason);
    await assert.rejects(source!.frames(1, [360], { signal: controller.signal }), (error) => error === reason);
  });

  test('a vendor slower than the upstream timeout is a 502 "did not answer in time"', () => suite.slowerThanTimeout(named('search'), { data: [] }));
});
