import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sandboxVideo as serpVideo } from '../../src/providers/sandbox/serp/video';
import { createSandboxVideo } from '../../src/providers/sandbox/video';

/**
 * The SERP video vertical lists the video platform's own search: every video on the page opens
 * on the platform with the same title, channel, length and views, in the order its search gives.
 */

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
        assert.equal(result.url, `https://clipstream.tv/watch?v=${videoId}`);
        const details = await video.video({ videoId }, call);
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

  test('gibberish finds nothing on the platform, so the page has nothing', () => {
    assert.equal(serpVideo({ query: 'qzxv wqpl', depth: 10 }).results.length, 0);
  });
});
