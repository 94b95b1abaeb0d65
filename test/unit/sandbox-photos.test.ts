import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { ApiError } from '../../src/core/errors';
import { mediaIdOf, shortcodeOf } from '../../src/photos/shortcode';
import type { CursorPage, PhotosProvider } from '../../src/providers/families/photos';
import { createSandboxPhotos, EXAMPLE_HASHTAG, EXAMPLE_QUERY, EXAMPLE_SHORTCODE, EXAMPLE_USERNAME, sandboxPhotos } from '../../src/providers/sandbox/photos';
import { postOf } from '../../src/providers/sandbox/photos/posts';
import { circleOf, NOTABLE, notableUsers, POPULATION, PRESENT, REMEMBERED_USERS, userAt, userNamed } from '../../src/providers/sandbox/photos/users';
import { HASHTAGS } from '../../src/providers/sandbox/photos/vocabulary';
import {
  Comment, GridPost, Hashtag, Highlight, ListedPost, PhotosUser, Post, Reel, SearchResults, SimilarAccount, Story, UserAbout, UserSummary,
} from '../../src/schemas/photos';

/** The photos sandbox: one seeded world, so every endpoint's answer agrees with every other's. */

const call = { signal: new AbortController().signal };
/** A fixed clock: 10:00 UTC, inside the 06:00–12:00 story bucket. */
const NOW = new Date('2026-11-21T10:00:00Z');
const photos = createSandboxPhotos(() => NOW);

/** Parses with the schema and loses nothing: the answer is exactly what the schema makes of it. */
function conforms<Schema extends z.ZodType>(schema: Schema, value: unknown): void {
  const json = (data: unknown) => JSON.parse(JSON.stringify(data)) as unknown;
  assert.deepEqual(json(schema.parse(value)), json(value));
}

type Paged<Item> = (request: { cursor?: string }) => Promise<CursorPage<Item> | null>;

/** Every item of a list, walking its pages; checks each page but the last is full and the last says so. */
async function walk<Item>(list: Paged<Item>, pageSize: number): Promise<Item[]> {
  const items: Item[] = [];
  for (let cursor: string | undefined, pages = 0; ; pages += 1) {
    assert.ok(pages < 10_000, 'the walk ends');
    const page = await list(cursor === undefined ? {} : { cursor });
    assert.ok(page);
    items.push(...page.items);
    if (page.nextCursor === null) return items;
    assert.equal(page.items.length, pageSize);
    cursor = page.nextCursor;
  }
}

/** The first regular user (ids past the notable ones) that fits. */
function regularUser(fits: (user: ReturnType<typeof userAt>) => boolean) {
  for (let index = NOTABLE + 1; index < NOTABLE + 100_000; index += 1) if (fits(userAt(index))) return userAt(index);
  throw new Error('no such user in the first 100,000');
}

/** The platform's id layout: an id's bits above the low 23 count milliseconds since its epoch (2011-08-24 21:07:01.721 UTC). */
const secondOfId = (id: string) => Number(((BigInt(id) >> 23n) + 1_314_220_021_721n) / 1000n);

const username = EXAMPLE_USERNAME;
const smallAccount = regularUser((user) => !user.private && user.followers >= 30 && user.followers <= 80 && user.mediaCount >= 30 && user.mediaCount <= 80);
const privateAccount = regularUser((user) => user.private && user.mediaCount > 0 && user.followers > 0);

describe('the photos sandbox world', () => {
  test('its usernames are the platform\'s kind, and each leads back to its user', () => {
    const sample = [...notableUsers(), ...Array.from({ length: 2_000 }, (_, offset) => userAt(NOTABLE + 1 + offset * 1_999))];
    assert.equal(new Set(notableUsers().map((user) => user.username)).size, NOTABLE);
    for (const user of sample) {
      assert.match(user.username, /^[a-z0-9._]{1,30}$/);
      assert.equal(userNamed(user.username), user);
    }
    assert.equal(new Set(HASHTAGS).size, HASHTAGS.length);
  });

  test('is deterministic: two providers answer alike', async () => {
    const other = createSandboxPhotos(() => NOW);
    for (const provider of [photos, other]) assert.equal(provider.name, 'sandbox');
    const asks = (provider: PhotosProvider) => Promise.all([
      provider.user({ username }, call), provider.userPosts({ username }, call), provider.userStories({ username }, call),
      provider.userHighlights({ username }, call), provider.post({ shortcode: EXAMPLE_SHORTCODE }, call),
      provider.postComments({ shortcode: EXAMPLE_SHORTCODE }, call), provider.hashtag({ hashtag: EXAMPLE_HASHTAG }, call),
      provider.search({ query: EXAMPLE_QUERY }, call), provider.userFollowers({ username: smallAccount.username }, call),
    ]);
    assert.deepEqual(await asks(photos), await asks(other));
    assert.notDeepEqual(await photos.user({ username: 'maya.bakes' }, call), await photos.user({ username }, call));
  });

  test('every answer is what the schemas make of it', async () => {
    const lists = [
      [photos.userPosts, GridPost], [photos.userReels, Reel], [photos.userTagged, ListedPost], [photos.userFollowers, UserSummary],
    ] as const;
    for (const name of [username, smallAccount.username, privateAccount.username]) {
      conforms(PhotosUser, await photos.user({ username: name }, call));
      conforms(UserAbout, await photos.userAbout({ username: name }, call));
      conforms(z.array(SimilarAccount), await photos.userSimilar({ username: name }, call));
      conforms(z.array(Story), await photos.userStories({ username: name }, call));
      conforms(z.array(Highlight), await photos.userHighlights({ username: name }, call));
      for (const [list, item] of lists) conforms(z.array(item), (await list({ username: name }, call))!.items);
    }
    const shortcodes = (await photos.userPosts({ username }, call))!.items.map((post) => post.shortcode);
    for (const shortcode of shortcodes) {
      conforms(Post, await photos.post({ shortcode }, call));
      const comments = (await photos.postComments({ shortcode }, call))!;
      conforms(z.array(Comment), comments.items);
      conforms(z.array(UserSummary), (await photos.postLikers({ shortcode }, call))!.items);
    }
    conforms(Hashtag, await photos.hashtag({ hashtag: EXAMPLE_HASHTAG }, call));
    conforms(SearchResults, await photos.search({ query: EXAMPLE_QUERY }, call));
  });

  test('the examples are what they promise', async () => {
    const user = (await photos.user({ username }, call))!;
    assert.ok(!user.is_private && user.media_count > 0);
    assert.ok((await photos.userReels({ username }, call))!.items.length > 0);
    assert.ok((await photos.userTagged({ username }, call))!.items.length > 0);
    assert.ok((await photos.userHighlights({ username }, call))!.length > 0);
    for (const hour of [0, 7, 13, 22]) {
      const at = createSandboxPhotos(() => new Date(Date.UTC(2026, 10, 21, hour)));
      assert.ok((await at.userStories({ username }, call))!.length > 0, 'stories in every bucket');
    }
    const newest = (await photos.userPosts({ username }, call))!.items[0]!;
    assert.equal(newest.shortcode, EXAMPLE_SHORTCODE);
    assert.equal((await photos.post({ shortcode: EXAMPLE_SHORTCODE }, call))!.type, 'GraphVideo');
    const search = await photos.search({ query: EXAMPLE_QUERY }, call);
    assert.ok(search.users.length > 0 && search.hashtags.length > 0);
    assert.ok((await photos.hashtag({ hashtag: EXAMPLE_HASHTAG }, call))!.top_posts.length === 9);
  });
});

describe('the photos sandbox is coherent across endpoints', () => {
  test('user-posts walks exactly media_count posts, newest first, each the post its shortcode names', async () => {
    for (const name of [username, smallAccount.username]) {
      const user = (await photos.user({ username: name }, call))!;
      const posts = await walk((request) => photos.userPosts({ username: name, ...request }, call), 12);
      assert.equal(posts.length, user.media_count);
      assert.equal(new Set(posts.map((post) => post.id)).size, posts.length);
      posts.slice(1).forEach((post, index) => assert.ok(post.taken_at < posts[index]!.taken_at, 'newest first'));
      assert.ok(posts.every((post) => post.taken_at <= PRESENT));
      for (const grid of posts.slice(0, 40)) {
        assert.equal(mediaIdOf(grid.shortcode), grid.id);
        assert.equal(shortcodeOf(grid.id), grid.shortcode);
        const post = (await photos.post({ shortcode: grid.shortcode }, call))!;
        const { thumbnail_url, accessibility_caption, ...shared } = grid;
        assert.deepEqual(pick(post, Object.keys(shared)), shared);
        assert.equal(post.owner.username, name);
        assert.equal(post.is_video, post.type === 'GraphVideo');
        assert.equal(post.video_url === null, !post.is_video);
        assert.equal(post.video_duration === null, !post.is_video);
        assert.equal(accessibility_caption === null, post.is_video);
        assert.ok(thumbnail_url.startsWith('https://images.photos-sandbox.example/'));
      }
    }
  });

  test('reels are the user\'s video posts, with the same counts', async () => {
    const posts = await walk((request) => photos.userPosts({ username, ...request }, call), 12);
    const reels = await walk((request) => photos.userReels({ username, ...request }, call), 12);
    const videos = posts.filter((post) => post.type === 'GraphVideo');
    assert.deepEqual(reels.map((reel) => reel.id), videos.map((post) => post.id));
    for (const [index, reel] of reels.entries()) {
      const video = videos[index]!;
      assert.deepEqual([reel.like_count, reel.comment_count, reel.taken_at, reel.caption], [video.like_count, video.comment_count, video.taken_at, video.caption]);
      assert.ok(reel.play_count >= video.video_view_count!);
    }
    const post = (await photos.post({ shortcode: reels[0]!.shortcode }, call))!;
    assert.deepEqual([post.video_duration, post.video_url], [reels[0]!.video_duration, reels[0]!.video_url]);
  });

  test('followers: follower_count distinct other users, each as their own profile says', async () => {
    const followers = await walk((request) => photos.userFollowers({ username: smallAccount.username, ...request }, call), 25);
    assert.equal(followers.length, smallAccount.followers);
    assert.equal(new Set(followers.map((follower) => follower.id)).size, followers.length);
    assert.ok(!followers.some((follower) => follower.username === smallAccount.username));
    for (const follower of followers.slice(0, 10)) {
      const profile = (await photos.user({ username: follower.username }, call))!;
      assert.deepEqual(follower, pick(profile, Object.keys(follower)));
    }
  });

  test('follower_count is the same in user, search and similar accounts', async () => {
    const search = await photos.search({ query: EXAMPLE_QUERY }, call);
    const similar = (await photos.userSimilar({ username }, call))!;
    assert.equal(similar.length, 10);
    for (const account of [...search.users, ...similar]) {
      const profile = (await photos.user({ username: account.username }, call))!;
      assert.deepEqual(account, pick(profile, Object.keys(account)));
    }
    assert.ok(search.users.every((user) => user.username.includes(EXAMPLE_QUERY) || user.full_name.toLowerCase().includes(EXAMPLE_QUERY)));
    const exact = await photos.search({ query: smallAccount.username }, call);
    assert.equal(exact.users[0]?.username, smallAccount.username);
    assert.deepEqual((await photos.search({ query: 'reykjavik' }, call)).places.map((place) => place.title), ['Reykjavík, Iceland']);
  });

  test("a café's or shop's place is one: search finds it under the account's name, in the account's country, and its located posts are there", async () => {
    const found = (await photos.search({ query: EXAMPLE_QUERY }, call)).places;
    assert.ok(found.length > 0, `'${EXAMPLE_QUERY}' finds places`);
    for (const place of found) {
      const account = (await photos.search({ query: place.title }, call)).users.find((user) => user.full_name === place.title);
      assert.ok(account, `${place.title} is an account's place`);
      const about = (await photos.userAbout({ username: account.username }, call))!;
      assert.ok(about.biography.endsWith(about.country!), 'the bio names the same country');
      const located = (await photos.userPosts({ username: account.username }, call))!.items.slice(0, 12);
      const places = await Promise.all(located.map(async (item) => (await photos.post({ shortcode: item.shortcode }, call))!.location));
      assert.ok(places.some((location) => location !== null), 'some posts are located');
      for (const location of places) if (location !== null) assert.deepEqual(location, { name: place.title, lat: place.location.lat, lng: place.location.lng });
    }
  });

  test('search names an account once, however the world\'s memory has turned over', async () => {
    const account = userAt(NOTABLE);
    const before = await photos.search({ query: account.username }, call);
    assert.deepEqual(before.users.map((user) => user.username), [account.username]);
    // The account becomes the oldest remembered user: listing the notable accounts drops it and builds it anew.
    let unread = POPULATION;
    const churn = (count: number) => Array.from({ length: count }, () => userAt((unread -= 1)));
    churn(REMEMBERED_USERS);
    userAt(account.index);
    churn(REMEMBERED_USERS - 1);
    assert.deepEqual(await photos.search({ query: account.username }, call), before);
  });

  test('a hashtag\'s posts carry it, and its media_count is search\'s', async () => {
    for (const tag of [EXAMPLE_HASHTAG, 'sunset', 'latteart']) {
      const hashtag = (await photos.hashtag({ hashtag: tag }, call))!;
      assert.equal((await photos.search({ query: tag }, call)).hashtags.find((found) => found.name === tag)?.media_count, hashtag.media_count);
      assert.ok(hashtag.top_posts.length === 9 && hashtag.recent_posts.length === 12);
      hashtag.recent_posts.slice(1).forEach((post, index) => assert.ok(post.taken_at <= hashtag.recent_posts[index]!.taken_at));
      for (const listed of [...hashtag.top_posts, ...hashtag.recent_posts]) {
        const post = (await photos.post({ shortcode: listed.shortcode }, call))!;
        assert.ok(post.caption.split(' ').includes(`#${tag}`), `${post.caption} carries #${tag}`);
        assert.deepEqual(pick(post, Object.keys(listed).filter((key) => key !== 'owner')), pick(listed, Object.keys(listed).filter((key) => key !== 'owner')));
      }
    }
  });

  test('a broader hashtag counts at least the posts of a narrower one written with it', async () => {
    const count = async (hashtag: string) => (await photos.hashtag({ hashtag }, call))!.media_count;
    assert.ok((await count('coffee')) > 2 * (await count('specialtycoffee')), 'coffee well above specialtycoffee');
    const pairs = HASHTAGS.flatMap((narrow) => HASHTAGS.filter((broad) => broad !== narrow && narrow.includes(broad)).map((broad) => [broad, narrow] as const));
    assert.ok(pairs.length >= 5);
    for (const [broad, narrow] of pairs) assert.ok((await count(broad)) >= (await count(narrow)), `#${broad} ≥ #${narrow}`);
  });

  test('tagged posts are the circle\'s public posts that tag the user, newest first', async () => {
    for (const name of [username, smallAccount.username]) {
      const tagged = await walk((request) => photos.userTagged({ username: name, ...request }, call), 12);
      assert.ok(tagged.length > 0);
      const circle = new Set(circleOf(userNamed(name)!.index).map((index) => userAt(index).username));
      tagged.slice(1).forEach((post, index) => assert.ok(post.taken_at <= tagged[index]!.taken_at));
      for (const listed of tagged.slice(0, 20)) {
        const post = (await photos.post({ shortcode: listed.shortcode }, call))!;
        assert.ok(circle.has(post.owner.username));
        assert.ok(post.tagged_users.some((user) => user.username === name));
        assert.deepEqual([post.like_count, post.comment_count, post.caption], [listed.like_count, listed.comment_count, listed.caption]);
      }
    }
  });

  test('media ids follow the platform\'s layout: each decodes to when it was posted', async () => {
    for (const name of [username, 'kettle.coffee', smallAccount.username]) {
      const user = userNamed(name)!;
      const grid = (await photos.userPosts({ username: name, cursor: String(user.mediaCount - 12) }, call))!.items;
      for (const post of [...(await photos.userPosts({ username: name }, call))!.items, ...grid]) {
        assert.equal(secondOfId(post.id), post.taken_at, `${name}'s ${post.shortcode}`);
        assert.equal(shortcodeOf(post.id), post.shortcode);
        assert.equal((await photos.post({ shortcode: post.shortcode }, call))!.id, post.id);
      }
      for (const highlight of (await photos.userHighlights({ username: name }, call))!) {
        for (const item of highlight.items) assert.equal(secondOfId(item.id), item.taken_at);
      }
      for (const story of (await photos.userStories({ username: name }, call))!) assert.equal(secondOfId(story.id), story.taken_at);
    }
    const reel = (await photos.userReels({ username }, call))!.items[0]!;
    assert.equal(secondOfId(reel.id), reel.taken_at);
    for (const recent of (await photos.hashtag({ hashtag: 'coffee' }, call))!.recent_posts) assert.equal(secondOfId(recent.id), recent.taken_at);
  });

  test('likers and commenters had joined before the post, and each one\'s posts come after they joined', async () => {
    // The oldest posts of accounts that joined early, when few of today's users had.
    for (const name of ['kettle.coffee', username]) {
      const owner = userNamed(name)!;
      for (const cursor of [String(owner.mediaCount - 12), String(owner.mediaCount - 300), undefined]) {
        for (const post of (await photos.userPosts({ username: name, cursor }, call))!.items.filter((candidate) => candidate.comment_count > 0).slice(0, 3)) {
          const comments = (await photos.postComments({ shortcode: post.shortcode }, call))!.items;
          const likers = (await photos.postLikers({ shortcode: post.shortcode }, call))!.items;
          const people = [...comments.map((comment) => [comment.owner.username, comment.created_at] as const), ...likers.map((liker) => [liker.username, post.taken_at] as const)];
          assert.ok(people.length > 0);
          for (const [person, at] of people) {
            const account = userNamed(person)!;
            assert.ok(account.joined < post.taken_at && post.taken_at <= at, `${person} joined ${new Date(account.joined * 1000).toISOString()}, before ${post.shortcode}`);
            const about = (await photos.userAbout({ username: person }, call))!;
            assert.ok(Date.parse(`1 ${about.date_joined} UTC`) <= at * 1000, `${person}'s date_joined ${about.date_joined}`);
            if (account.mediaCount > 0) assert.ok(postOf(account, account.mediaCount - 1).takenAt > account.joined, `${person} posted after joining`);
          }
        }
      }
    }
  });

  test('a hashtag\'s recent posts are as close together as its media_count implies', async () => {
    const platformLife = PRESENT - Date.UTC(2012, 2, 1) / 1000;
    for (const tag of HASHTAGS) {
      const hashtag = (await photos.hashtag({ hashtag: tag }, call))!;
      const times = hashtag.recent_posts.map((post) => post.taken_at);
      const spacing = platformLife / hashtag.media_count;
      const average = (times[0]! - times.at(-1)!) / (times.length - 1);
      assert.ok(average > spacing / 4 && average < spacing * 4, `#${tag}: ${hashtag.media_count} posts, recent ones ${Math.round(average)} s apart`);
      assert.ok(PRESENT - times[0]! < 4 * spacing + 3_600 && times[0]! <= PRESENT, `#${tag}'s newest post is recent`);
      if (hashtag.media_count > 1_000_000) assert.ok(PRESENT - times.at(-1)! < 6 * 3_600, `#${tag}: millions of posts, twelve in the last hours`);
    }
  });

  test('comments and likers are finite lists of the post\'s counts', async () => {
    const posts = (await photos.userPosts({ username, cursor: '12' }, call))!.items;
    const post = posts.find((candidate) => candidate.comment_count > 15 && candidate.comment_count < 400)!;
    const comments = await walk((request) => photos.postComments({ shortcode: post.shortcode, ...request }, call), 15);
    assert.equal(comments.length, post.comment_count);
    assert.equal((await photos.postComments({ shortcode: post.shortcode }, call))!.comment_count, post.comment_count);
    assert.equal(new Set(comments.map((comment) => comment.id)).size, comments.length);
    assert.ok(comments.every((comment) => comment.created_at > post.taken_at && comment.created_at <= PRESENT));
    comments.slice(1).forEach((comment, index) => assert.ok(comment.created_at <= comments[index]!.created_at, 'newest first'));
    const likers = await walk((request) => photos.postLikers({ shortcode: post.shortcode, ...request }, call), 25);
    assert.equal(likers.length, Math.min(post.like_count, 500));
    assert.equal(new Set(likers.map((liker) => liker.id)).size, likers.length);
    assert.ok(!likers.some((liker) => liker.username === username));
  });

  test('stories are the last day\'s, the same all through a 6-hour bucket', async () => {
    const at = (iso: string) => createSandboxPhotos(() => new Date(iso)).userStories({ username }, call);
    const early = (await at('2026-11-21T06:00:00Z'))!;
    assert.deepEqual(await at('2026-11-21T11:59:59Z'), early);
    assert.deepEqual(await at('2026-11-21T10:00:00Z'), early);
    for (const now of [Date.parse('2026-11-21T06:00:00Z') / 1000, Date.parse('2026-11-21T11:59:59Z') / 1000]) {
      for (const story of early) {
        assert.ok(story.taken_at <= now && now - story.taken_at < 86_400);
        assert.equal(story.expiring_at, story.taken_at + 86_400);
        assert.equal(story.video_url === null, !story.is_video);
      }
    }
  });

  test('highlights hold their items, dated before the world\'s present', async () => {
    const highlights = (await photos.userHighlights({ username }, call))!;
    assert.ok(highlights.length <= 8);
    for (const highlight of highlights) {
      assert.equal(highlight.item_count, highlight.items.length);
      assert.ok(highlight.items.length >= 1 && highlight.items.length <= 20);
      assert.ok(highlight.items.every((item) => item.taken_at < PRESENT));
      // Item ids have a media id's form, but no post's.
      assert.equal(await photos.post({ shortcode: shortcodeOf(highlight.items[0]!.id) }, call), null);
    }
  });
});

describe('the photos sandbox: private accounts, unknowns and cursors', () => {
  test('a private account answers user and about; its lists are empty and its posts unknown', async () => {
    const name = privateAccount.username;
    const user = (await photos.user({ username: name }, call))!;
    assert.ok(user.is_private && user.media_count > 0);
    assert.ok(await photos.userAbout({ username: name }, call));
    for (const list of [photos.userPosts, photos.userReels, photos.userTagged, photos.userFollowers]) {
      assert.deepEqual(await list({ username: name }, call), { items: [], nextCursor: null });
    }
    assert.deepEqual(await photos.userStories({ username: name }, call), []);
    assert.deepEqual(await photos.userHighlights({ username: name }, call), []);
    assert.equal(await photos.post({ shortcode: postOf(privateAccount, 0).shortcode }, call), null);
  });

  test('users, posts and hashtags the world does not have are null', async () => {
    const digits = String(smallAccount.index);
    for (const name of ['nobody.here', `${smallAccount.username.slice(0, -digits.length)}${smallAccount.index + 1}`, `${smallAccount.username}0`, 'maya.bakes.official']) {
      assert.equal(await photos.user({ username: name }, call), null);
      assert.equal(await photos.userPosts({ username: name }, call), null);
      assert.equal(await photos.userStories({ username: name }, call), null);
    }
    const post = postOf(userNamed(username)!, 0);
    const shifted = (delta: bigint) => shortcodeOf(post.mediaId + delta);
    // A millisecond or a second off, a story item's kind, other low bits (another user's, or none of the world's).
    const misses = [shifted(1n << 23n), shifted(-1000n << 23n), shifted(1n << 22n), shifted(1n), shortcodeOf(((post.mediaId >> 23n) << 23n) | 4_100_000n)];
    for (const shortcode of ['AAAAAAAAAAA', 'B', ...misses, `A${EXAMPLE_SHORTCODE}`]) {
      assert.equal(await photos.post({ shortcode }, call), null, shortcode);
      assert.equal(await photos.postComments({ shortcode }, call), null);
    }
    assert.equal(await photos.post({ shortcode: shortcodeOf(postOf(userNamed(username)!, userNamed(username)!.mediaCount - 1).mediaId + 1n) }, call), null);
    assert.equal(await photos.hashtag({ hashtag: 'notaworldtag' }, call), null);
    assert.deepEqual(await photos.search({ query: 'zzzz' }, call), { users: [], hashtags: [], places: [] });
  });

  test('a cursor the list did not give is a 400 naming end_cursor', async () => {
    const page = (await photos.userPosts({ username }, call))!;
    assert.equal(page.nextCursor, '12');
    for (const cursor of ['abc', '0', '-12', '012', String(userNamed(username)!.mediaCount + 12), '1e3']) {
      await assert.rejects(photos.userPosts({ username, cursor }, call), (error: unknown) => error instanceof ApiError && error.code === 'VALIDATION_ERROR' && error.message.startsWith('end_cursor:'));
    }
    await assert.rejects(photos.userFollowers({ username: privateAccount.username, cursor: '25' }, call), ApiError);
  });

  test('the shared provider is the world with the wall clock', async () => {
    assert.deepEqual(await sandboxPhotos.user({ username }, call), await photos.user({ username }, call));
  });
});

function pick<Value extends object>(value: Value, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, (value as Record<string, unknown>)[key]]));
}
