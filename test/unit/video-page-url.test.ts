import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readPageUrl } from '../../src/video/page-url';

const V = 'dQw4w9WgXcQ';
const CHANNEL = 'UCq2wY7h7dC4lX0VcnZ1fH9w';
const LIST = 'PLq2wY7h7dC4lX0VcnZ1fH9wq2wY7h7dC4';

const watch = (videoId: string, playlistId: string | null = null) => ({ kind: 'page', webPageType: 'WEB_PAGE_TYPE_WATCH', videoId, channelId: null, playlistId });

test('every link form of a video reads to its id, without asking anyone', () => {
  for (const url of [
    `https://www.video.com/watch?v=${V}`,
    `http://video.com/watch?v=${V}&t=42s`,
    `www.video.com/watch?feature=share&v=${V}`,
    `https://m.video.com/watch?v=${V}`,
    `https://music.video.com/watch?v=${V}`,
    `https://video.be/${V}?si=abc`,
    `https://www.video.com/embed/${V}?start=10`,
    `https://www.video-nocookie.com/embed/${V}`,
    `https://www.video.com/v/${V}`,
    `https://www.video.com/live/${V}?feature=shared`,
  ]) {
    assert.deepEqual(readPageUrl(url), watch(V), url);
  }
  assert.deepEqual(readPageUrl(`https://www.video.com/watch?v=${V}&list=${LIST}&index=3`), watch(V, LIST));
  assert.deepEqual(readPageUrl(`https://www.video.com/shorts/${V}`), { kind: 'page', webPageType: 'WEB_PAGE_TYPE_SHORTS', videoId: V, channelId: null, playlistId: null });
});

test('channels by id and playlists read to their ids; handles and custom names are asked of the platform', () => {
  assert.deepEqual(readPageUrl(`https://www.video.com/channel/${CHANNEL}/videos`), { kind: 'page', webPageType: 'WEB_PAGE_TYPE_CHANNEL', videoId: null, channelId: CHANNEL, playlistId: null });
  assert.deepEqual(readPageUrl(`https://www.video.com/playlist?list=${LIST}`), { kind: 'page', webPageType: 'WEB_PAGE_TYPE_PLAYLIST', videoId: null, channelId: null, playlistId: LIST });
  assert.deepEqual(readPageUrl('https://www.video.com/@NorthwindKitchen/shorts'), { kind: 'ask', url: 'https://www.video.com/@NorthwindKitchen' });
  assert.deepEqual(readPageUrl('video.com/c/northwind'), { kind: 'ask', url: 'https://www.video.com/c/northwind' });
  assert.deepEqual(readPageUrl('https://www.video.com/user/northwind'), { kind: 'ask', url: 'https://www.video.com/user/northwind' });
});

test('anything else is invalid, with the reason', () => {
  const cases: Array<[string, RegExp]> = [
    ['https://example.com/watch?v=dQw4w9WgXcQ', /not a link to the video platform/],
    ['https://www.video.com/watch?v=short', /video id/],
    ['https://www.video.com/watch', /video id/],
    ['https://www.video.com/channel/UCshort', /channel id/],
    ['https://www.video.com/playlist?list=nope', /playlist id/],
    ['https://www.video.com/feed/trending', /not a page the resolver knows/],
    ['ftp://www.video.com/watch?v=dQw4w9WgXcQ', /http or https/],
    ['https://www.video.com/%E0%A4%A', /percent-encoding/],
    ['http://[::1', /not a URL/],
  ];
  for (const [url, problem] of cases) {
    const reading = readPageUrl(url);
    assert.equal(reading.kind, 'invalid', url);
    assert.match((reading as { problem: string }).problem, problem, url);
  }
});
