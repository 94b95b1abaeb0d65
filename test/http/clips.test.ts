import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { endpoints } from '../../src/endpoints';
import { shortened } from '../../scripts/sandbox-examples';
import { EXAMPLE } from '../../src/endpoints/clips/fields';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/**
 * The clips endpoints through the real server and database on the sandbox's short-video
 * platform: exact charges, 400s naming the field and 404s for what the platform does not know
 * (neither charged), `cursor` paging bound to its list and walking it whole, and one creator,
 * video, sound and challenge agreeing across endpoints.
 */

const clips = endpoints.filter((endpoint) => endpoint.id.startsWith('clips.'));
/** Answers that depend on the hour (active stories): shape and charge checked, not the documented values. */
const TIME_DEPENDENT = new Set(['clips.user_story']);
const VIDEO_URL = `https://www.clips.com/@${EXAMPLE.uniqueId}/video/${EXAMPLE.videoId}`;

describe(`clips endpoints on the sandbox platform (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(async () => {
    await app?.close();
  });

  async function data(path: string, body: Record<string, unknown>): Promise<any> {
    return (await app.paidCall(path, body)).response.body.data;
  }

  /** Every item of a list, walked page by page with `cursor`. */
  async function walk(path: string, body: Record<string, unknown>, key: string): Promise<any[]> {
    const items: any[] = [];
    let cursor: string | undefined;
    for (let page = 0; ; page += 1) {
      assert.ok(page < 200, `${path}: the walk ends`);
      const answer = await data(path, { ...body, count: '50', ...(cursor ? { cursor } : {}) });
      items.push(...answer[key]);
      if (!answer.has_more) {
        assert.equal(answer.cursor, null);
        return items;
      }
      cursor = answer.cursor;
    }
  }

  for (const endpoint of clips) {
    test(`${endpoint.id}: the example answers the documented example, charged $0.01`, async () => {
      const { response, cost } = await app.paidCall(endpoint.path, endpoint.examples.request);
      assert.equal(cost, 10_000);
      if (!TIME_DEPENDENT.has(endpoint.id)) assert.deepEqual(shortened(response.body.data), endpoint.examples.response);
    });
  }

  test('a malformed URL, id, handle, count or challenge request is a 400 naming the field, not charged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/v1/clips/video', { url: 'https://www.clips.com/@someone' }, 'url'],
      ['/v1/clips/video', { url: 'https://example.com/video/123456' }, 'url'],
      ['/v1/clips/comments', { url: VIDEO_URL, count: '0' }, 'count'],
      ['/v1/clips/comments', { url: VIDEO_URL, count: '51' }, 'count'],
      ['/v1/clips/comments', { url: VIDEO_URL, count: 'twenty' }, 'count'],
      ['/v1/clips/music', { url: 'https://www.clips.com/music/' }, 'url'],
      ['/v1/clips/user', { unique_id: 'a b' }, 'unique_id'],
      ['/v1/clips/user-posts', { user_id: 'lena' }, 'user_id'],
      ['/v1/clips/challenge', {}, 'challenge_name'],
      ['/v1/clips/user-followers', { user_id: EXAMPLE.userId, cursor: 'not-a-cursor' }, 'cursor'],
    ];
    for (const [path, body, field] of cases) {
      const response = await app.post(path, body, apiKey);
      assert.equal(response.status, 400, `${path} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
      assert.equal(response.body.error.code, 'VALIDATION_ERROR');
      assert.match(response.body.error.message, new RegExp(`^${field}\\b`), response.body.error.message);
      // The rule itself, never zod's "Invalid input" (a count is a string or a number: a union).
      assert.doesNotMatch(response.body.error.message, /Invalid input/, response.body.error.message);
    }
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('a video, sound, challenge, comment or account the platform does not know is 404 NOT_FOUND, not charged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/v1/clips/video', { url: 'https://www.clips.com/@nobody/video/1234567' }, 'url'],
      // An id is digits, however few: a short one names no video (or sound), it is not a malformed URL.
      ['/v1/clips/video', { url: 'https://www.clips.com/@nobody/video/1' }, 'url'],
      ['/v1/clips/comments', { url: 'https://www.clips.com/@nobody/video/1234567' }, 'url'],
      ['/v1/clips/music', { url: 'https://www.clips.com/music/nothing-1234567' }, 'url'],
      ['/v1/clips/music', { url: 'https://www.clips.com/music/nothing-12' }, 'url'],
      ['/v1/clips/music-videos', { music_id: '1234567' }, 'music_id'],
      ['/v1/clips/challenge', { challenge_id: '1' }, 'challenge_id'],
      ['/v1/clips/challenge', { challenge_name: 'nosuchchallengeanywhere' }, 'challenge_name'],
      ['/v1/clips/user', { unique_id: 'nobody.knows.this' }, 'unique_id'],
      ['/v1/clips/user-posts', { user_id: '1' }, 'user_id'],
    ];
    for (const [path, body, field] of cases) {
      const response = await app.post(path, body, apiKey);
      assert.equal(response.status, 404, `${path} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
      assert.equal(response.body.error.code, 'NOT_FOUND');
      assert.match(response.body.error.message, new RegExp(`^${field}: `));
    }
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test("a cursor continues only its own list: another creator's is a 400 naming cursor, not charged", async () => {
    const first = await data('/v1/clips/user-followers', { user_id: EXAMPLE.userId, count: 5 });
    assert.equal(first.has_more, true);
    const other = first.followers[0].user_id;
    const { accountId, apiKey } = await app.createAccount('1.00');
    for (const [path, body] of [
      ['/v1/clips/user-followers', { user_id: other, cursor: first.cursor }],
      ['/v1/clips/user-following', { user_id: EXAMPLE.userId, cursor: first.cursor }],
    ] as const) {
      const response = await app.post(path, body, apiKey);
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.equal(response.body.error.message, 'cursor: belongs to another list: send it to the endpoint that returned it, with the same user_id');
    }
    const search = await data('/v1/clips/search', { keywords: EXAMPLE.keywords, count: 5 });
    const replies = await app.post('/v1/clips/comment-replies', { video_id: EXAMPLE.videoId, comment_id: EXAMPLE.commentId, cursor: search.cursor }, apiKey);
    assert.equal(replies.body.error.message, 'cursor: belongs to another list: send it to the endpoint that returned it, with the same video_id and comment_id');
    const keywords = await app.post('/v1/clips/search', { keywords: 'waffles', cursor: search.cursor }, apiKey);
    assert.equal(keywords.body.error.message, 'cursor: belongs to another list: send it to the endpoint that returned it, with the same keywords');
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test("one video agrees across its details, its creator's list, its comments and its sound", async () => {
    const video = await data('/v1/clips/video', { url: VIDEO_URL });
    assert.equal(video.author.unique_id, EXAMPLE.uniqueId);
    const user = await data('/v1/clips/user', { unique_id: EXAMPLE.uniqueId });
    const posts = await data('/v1/clips/user-posts', { user_id: user.user_id, count: 50 });
    const listed = posts.videos.find((candidate: { video_id: string }) => candidate.video_id === video.video_id);
    assert.ok(listed, "the video is in its creator's list");
    for (const field of ['play_count', 'digg_count', 'comment_count', 'share_count']) assert.equal(listed.statistics[field], video.statistics[field], field);
    const comments = await walk('/v1/clips/comments', { url: VIDEO_URL }, 'comments');
    assert.equal(comments.length, video.statistics.comment_count);
    assert.equal(new Set(comments.map((comment) => comment.comment_id)).size, comments.length);
    const music = await data('/v1/clips/music', { url: `https://www.clips.com/music/x-${video.music.id}` });
    assert.equal(music.title, video.music.title);
  });

  test('a challenge sent by name and id, as the catalog lists them, is the id\'s: the name is not used, charged once', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const byId = await app.post('/v1/clips/challenge', { challenge_id: EXAMPLE.challengeId }, apiKey);
    // Beside the id, a name that alone is a 404 changes nothing.
    const both = await app.post('/v1/clips/challenge', { challenge_name: 'nosuchchallengeanywhere', challenge_id: EXAMPLE.challengeId }, apiKey);
    assert.equal(both.status, 200, JSON.stringify(both.body));
    assert.equal(both.body.data.challenge_id, EXAMPLE.challengeId);
    assert.deepEqual(both.body.data, byId.body.data);
    assert.equal(await app.balance(accountId), 980_000);
  });

  test("a sound's and a challenge's counts are what their lists walk", async () => {
    const music = await data('/v1/clips/music', { url: `https://www.clips.com/music/x-${EXAMPLE.musicId}` });
    assert.equal((await walk('/v1/clips/music-videos', { music_id: music.music_id }, 'videos')).length, music.video_count);
    const challenge = await data('/v1/clips/challenge', { challenge_name: `#${EXAMPLE.challengeName.toUpperCase()}` });
    assert.equal(challenge.challenge_id, EXAMPLE.challengeId);
    const byId = await data('/v1/clips/challenge', { challenge_id: challenge.challenge_id });
    assert.deepEqual(byId, challenge);
    const videos = await walk('/v1/clips/challenge-videos', { challenge_id: challenge.challenge_id }, 'videos');
    assert.equal(videos.length, challenge.video_count);
    assert.equal(new Set(videos.map((video) => video.video_id)).size, videos.length);
  });
});
