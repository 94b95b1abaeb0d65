import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sandboxVideo as serpVideo } from '../../src/providers/sandbox/serp/video';
import { createSandboxVideo } from '../../src/providers/sandbox/video';
import { readPageUrl } from '../../src/video/page-url';
import { sandboxWebPage } from '../../src/providers/sandbox/serp/websearch';

/**
 * The SERP video vertical lists the video platform's own search: every video on the page opens
 * on the platform with the same title, channel, length and views, in the order its search gives.
 */

const watch = (videoId: string) => ({ kind: 'page', webPageType: 'WEB_PAGE_TYPE_WATCH', videoId, channelId: null, playlistId: null });
const call = { signal: new AbortController().signal };
const video = createSandboxVideo();

describe('the SERP video vertical', () => {
  test("its videos are the platform's search results, each opening on the platform, no title twice", { timeout: 120_000 }, async () => {
    for (const query of ['how to tie a tie', 'python', 'cooking', 'guitar']) {
      const page = serpVideo({ query, depth: 10 });
      const videos = page.results.flatMap((result) => (result.type === 'videoSearch' ? [result] : []));
      assert.ok(videos.length >= 5, `${query}: ${videos.length} videos`);
      assert.equal(new Set(videos.map((result) => result.title)).size, videos.length, `${query}: no title twice on the page`);
      for (const result of videos) {
        const { videoId, channelId, channelName, durationSeconds, viewsCount } = result.data;
        assert.equal(result.url, `https://www.video.com/watch?v=${videoId}`, "the platform's own watch link");
        assert.deepEqual(readPageUrl(result.url), watch(videoId), `${result.url} resolves to its video`);
        assert.deepEqual(await video.resolveUrl({ url: result.data.channelUrl! }, call), { webPageType: 'WEB_PAGE_TYPE_CHANNEL', channelId }, `${result.data.channelUrl} resolves to its channel`);
        const details = await video.video({ videoId }, call);
        assert.ok(details?.thumbnail.some((thumbnail) => thumbnail.url === result.data.thumbnailUrl), `${query}: the platform's own thumbnail`);
        assert.ok(details, `${query}: ${videoId} opens on the platform`);
        assert.deepEqual(
          [details.title, details.channelId, details.channelTitle, details.lengthSeconds, details.viewCount],
          [result.title, channelId, channelName, durationSeconds, String(viewsCount)],
          videoId,
        );
      }
      // In the platform search's order: the page's videos are a subsequence of its results.
      const searched: string[] = [];
      for (let cursor: string | undefined, pages = 0; pages < 5; pages += 1) {
        const found = await video.search({ query, type: 'all', sort: 'relevance', features: [], cursor }, call);
        for (const item of found.items) if (item.type === 'video') searched.push(item.videoId);
        if (found.nextCursor === null) break;
        cursor = found.nextCursor;
      }
      let at = 0;
      for (const result of videos) {
        at = searched.indexOf(result.data.videoId, at);
        assert.ok(at >= 0, `${query}: ${result.data.videoId} is among the platform's results, in order`);
      }
    }
  });

  test("the web page's video carousel lists the platform's videos, with its links, each opening there", async () => {
    const carousel = [...Array(40).keys()].map((n) => sandboxWebPage({ query: `sourdough bread ${n}`, depth: 100 })).flatMap((page) => page.results).find((result) => result.type === 'video');
    assert.ok(carousel, 'some page has a video carousel');
    assert.ok(carousel.data.items.length > 0);
    for (const item of carousel.data.items) {
      const videoId = /^https:\/\/www\.video\.com\/watch\?v=([\w-]{11})$/.exec(item.url)?.[1];
      assert.ok(videoId, `${item.url} is a watch link of the platform`);
      const details = await video.video({ videoId }, call);
      assert.equal(details?.title, item.title, `${videoId} opens with the carousel's title`);
      assert.ok(details.thumbnail.some((thumbnail) => thumbnail.url === item.thumbnail));
    }
  });

  test('gibberish finds nothing on the platform, so the page has nothing', () => {
    assert.equal(serpVideo({ query: 'qzxv wqpl', depth: 10 }).results.length, 0);
  });
});
