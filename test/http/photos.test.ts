import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { endpoints } from '../../src/endpoints';
import { shortened } from '../../scripts/sandbox-examples';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { assertRefusedUncharged } from '../helpers/refusals';

/**
 * The photos endpoints through the real server and database on the sandbox's platform: exact
 * charges, 400s naming the field and 404s for what the platform does not know (neither charged),
 * `end_cursor` paging bound to its list and walking it whole, the media id computed from the
 * shortcode, and one account agreeing across endpoints.
 */

const photos = endpoints.filter((endpoint) => endpoint.id.startsWith('photos.'));
const EXAMPLE_USERNAME = (photos.find((endpoint) => endpoint.id === 'photos.user')!.examples.request as { username: string }).username;
const EXAMPLE_SHORTCODE = (photos.find((endpoint) => endpoint.id === 'photos.post')!.examples.request as { shortcode: string }).shortcode;
/** Answers that depend on the hour (active stories): shape and charge checked, not the documented values. */
const TIME_DEPENDENT = new Set(['photos.user_stories']);

describe(`photos endpoints on the sandbox platform (${testDatabaseLabel()})`, () => {
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

  for (const endpoint of photos) {
    test(`${endpoint.id}: the example answers the documented example, charged $0.01`, async () => {
      const { response, cost } = await app.paidCall(endpoint.path, endpoint.examples.request);
      assert.equal(cost, 10_000);
      if (!TIME_DEPENDENT.has(endpoint.id)) assert.deepEqual(shortened(response.body.data), endpoint.examples.response);
    });
  }

  test('a malformed username, shortcode or hashtag is a 400 naming the field, not charged', async () => {
    await assertRefusedUncharged(app, [
      ['/v1/photos/user', { username: 'two..dots' }, 'username'],
      ['/v1/photos/user', { username: '.leading' }, 'username'],
      ['/v1/photos/user-posts', { username: 'a'.repeat(31) }, 'username'],
      ['/v1/photos/user', { username: 'white space' }, 'username'],
      ['/v1/photos/post', { shortcode: 'abc/def' }, 'shortcode'],
      ['/v1/photos/media-id', { shortcode: 'abcd' }, 'shortcode'],
      ['/v1/photos/media-id', { shortcode: 'Q__________' }, 'shortcode'],
      // All 'A's is media id 0: no post has it.
      ['/v1/photos/media-id', { shortcode: 'AAAAAAAAAAAAAAAAAAAAAAAA' }, 'shortcode'],
      ['/v1/photos/media-id', { shortcode: 'AAAAA' }, 'shortcode'],
      ['/v1/photos/post', { shortcode: 'AAAAAAAA' }, 'shortcode'],
      ['/v1/photos/post-comments', { shortcode: 'AAAAAAAA' }, 'shortcode'],
      ['/v1/photos/post-likers', { shortcode: 'Q__________' }, 'shortcode'],
      ['/v1/photos/hashtag', { hashtag: 'two words' }, 'hashtag'],
      ['/v1/photos/user-followers', { username: EXAMPLE_USERNAME, end_cursor: 'not-a-cursor' }, 'end_cursor'],
    ], 400);
  });

  test('an empty or oversized end_cursor is described by its own rule alone, not also as an unknown token', async () => {
    const { apiKey } = await app.createAccount('1.00');
    for (const [cursor, message] of [['', 'end_cursor: must not be empty'], ['x'.repeat(4097), 'end_cursor: must be at most 4096 characters long']]) {
      const response = await app.post('/v1/photos/user-reels', { username: EXAMPLE_USERNAME, end_cursor: cursor }, apiKey);
      assert.equal(response.status, 400);
      assert.equal(response.body.error.message, message);
    }
  });

  test('an account, post or hashtag the platform does not know is 404 NOT_FOUND, not charged', async () => {
    await assertRefusedUncharged(app, [
      ['/v1/photos/user', { username: 'nobody.knows.this.one' }, 'username'],
      ['/v1/photos/user-posts', { username: 'nobody.knows.this.one' }, 'username'],
      ['/v1/photos/user-stories', { username: 'nobody.knows.this.one' }, 'username'],
      ['/v1/photos/post', { shortcode: 'ybyPRoQWzX' }, 'shortcode'],
      ['/v1/photos/post-comments', { shortcode: 'ybyPRoQWzX' }, 'shortcode'],
      ['/v1/photos/hashtag', { hashtag: 'nosuchtagatallanywhere' }, 'hashtag'],
    ], 404);
  });

  test('media-id computes the id from the shortcode; the owner comes from the post when the platform knows it', async () => {
    const known = await data('/v1/photos/media-id', { shortcode: 'ybyPRoQWzX' });
    assert.deepEqual(known, { shortcode: 'ybyPRoQWzX', media_id: '908540701891980503', media_id_with_owner: null });
    const post = await data('/v1/photos/post', { shortcode: EXAMPLE_SHORTCODE });
    const computed = await data('/v1/photos/media-id', { shortcode: EXAMPLE_SHORTCODE });
    assert.equal(computed.media_id, post.id);
    assert.equal(computed.media_id_with_owner, `${post.id}_${post.owner.id}`);
  });

  test("an end_cursor continues only its own list: another account's is a 400 naming end_cursor, not charged", async () => {
    const first = await data('/v1/photos/user-followers', { username: EXAMPLE_USERNAME });
    assert.equal(first.has_next_page, true);
    const other = first.followers[0].username;
    const { accountId, apiKey } = await app.createAccount('1.00');
    for (const [path, body] of [
      ['/v1/photos/user-followers', { username: other, end_cursor: first.end_cursor }],
      ['/v1/photos/user-posts', { username: EXAMPLE_USERNAME, end_cursor: first.end_cursor }],
    ] as const) {
      const response = await app.post(path, body, apiKey);
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.equal(response.body.error.message, 'end_cursor: belongs to another list: send it to the endpoint that returned it, with the same username');
    }
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test("a small account's posts and followers, walked page by page, are its media_count and follower_count, each once", async () => {
    // A public account with few posts and followers, found among the example account's followers.
    const followers = (await data('/v1/photos/user-followers', { username: EXAMPLE_USERNAME })).followers as Array<{ username: string; is_private: boolean }>;
    let small: any;
    for (const candidate of followers.filter((follower) => !follower.is_private)) {
      const profile = await data('/v1/photos/user', { username: candidate.username });
      if (profile.media_count > 0 && profile.media_count <= 150 && profile.follower_count > 0 && profile.follower_count <= 800) {
        small = profile;
        break;
      }
    }
    assert.ok(small, 'the example account has a small public follower');
    for (const [path, key, total] of [['/v1/photos/user-posts', 'posts', small.media_count], ['/v1/photos/user-followers', 'followers', small.follower_count]] as const) {
      const seen = new Set<string>();
      let cursor: string | undefined;
      for (let page = 0; ; page += 1) {
        assert.ok(page < 200, 'the walk ends');
        const answer = await data(path, { username: small.username, ...(cursor ? { end_cursor: cursor } : {}) });
        for (const item of answer[key]) {
          assert.ok(!seen.has(item.id), `${key} ${item.id} twice`);
          seen.add(item.id);
        }
        if (!answer.has_next_page) {
          assert.equal(answer.end_cursor, null);
          break;
        }
        cursor = answer.end_cursor;
      }
      assert.equal(seen.size, total, `${path} walks ${total}`);
    }
  });

  test('one account agrees across its profile, search, its reels and their posts', async () => {
    const user = await data('/v1/photos/user', { username: EXAMPLE_USERNAME });
    const search = await data('/v1/photos/search', { query: EXAMPLE_USERNAME });
    const found = search.users.find((candidate: { username: string }) => candidate.username === EXAMPLE_USERNAME);
    assert.ok(found, 'search finds the account by its username');
    assert.equal(found.follower_count, user.follower_count);
    const reels = await data('/v1/photos/user-reels', { username: EXAMPLE_USERNAME });
    assert.ok(reels.reels.length > 0);
    const reel = reels.reels[0];
    const post = await data('/v1/photos/post', { shortcode: reel.shortcode });
    assert.equal(post.type, 'GraphVideo');
    assert.equal(post.owner.username, EXAMPLE_USERNAME);
    for (const field of ['id', 'like_count', 'comment_count', 'taken_at', 'caption', 'video_url']) assert.deepEqual(post[field], reel[field], field);
    const comments = await data('/v1/photos/post-comments', { shortcode: reel.shortcode });
    assert.equal(comments.comment_count, post.comment_count);
  });
});
