import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { ApiError } from '../../src/core/errors';
import type { ClipsListRequest, ClipsProvider } from '../../src/providers/families/clips';
import type { CursorPage } from '../../src/providers/providers';
import {
  createSandboxClips, EXAMPLE_CHALLENGE_ID, EXAMPLE_CHALLENGE_NAME, EXAMPLE_COMMENT_ID, EXAMPLE_KEYWORDS, EXAMPLE_MUSIC_ID, EXAMPLE_UNIQUE_ID,
  EXAMPLE_USER_ID, EXAMPLE_VIDEO_ID, sandboxClips,
} from '../../src/providers/sandbox/clips';
import { creatorAt, creatorById, creatorNamed, NOTABLE, notableCreators, POPULATION, POSTERS, PRESENT, REMEMBERED_CREATORS } from '../../src/providers/sandbox/clips/creators';
import { followerPosition, followingOf } from '../../src/providers/sandbox/clips/follows';
import { videoOf } from '../../src/providers/sandbox/clips/videos';
import { CHALLENGES } from '../../src/providers/sandbox/clips/vocabulary';
import {
  ClipsChallenge, ClipsChallengeSummary, ClipsComment, ClipsFollowItem, ClipsListedVideo, ClipsMusic, ClipsOwnVideo, ClipsPhotoPost, ClipsReply, ClipsStory,
  ClipsUser, ClipsUserSearchItem, ClipsVideoDetails,
} from '../../src/schemas/clips';

/** The short-video sandbox: one seeded world, so every endpoint's answer agrees with every other's. */

const call = { signal: new AbortController().signal };
/** A fixed clock: 10:00 UTC, inside the 06:00–12:00 story bucket. */
const NOW = new Date('2026-11-21T10:00:00Z');
const clips = createSandboxClips(() => NOW);

/** Parses with the schema and loses nothing: the answer is exactly what the schema makes of it. */
function conforms<Schema extends z.ZodType>(schema: Schema, value: unknown): void {
  const json = (data: unknown) => JSON.parse(JSON.stringify(data)) as unknown;
  assert.deepEqual(json(schema.parse(value)), json(value));
}

type Paged<Item> = (request: ClipsListRequest) => Promise<CursorPage<Item> | null>;

/** Every item of a list, walking its pages `count` at a time (a different count each page, when given several). */
async function walk<Item>(list: Paged<Item>, ...counts: number[]): Promise<Item[]> {
  const items: Item[] = [];
  for (let cursor: string | undefined, pages = 0; ; pages += 1) {
    assert.ok(pages < 5_000, 'the walk ends');
    const count = counts[pages % counts.length] ?? 50;
    const page = await list({ cursor, count });
    assert.ok(page);
    items.push(...page.items);
    if (page.nextCursor === null) return items;
    assert.equal(page.items.length, count, 'a page before the last is full');
    assert.equal(page.nextCursor, String(items.length));
    cursor = page.nextCursor;
  }
}

function pick<Value extends object>(value: Value, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, (value as Record<string, unknown>)[key]]));
}

/** The first regular poster that fits. */
function regularCreator(fits: (creator: ReturnType<typeof creatorAt>) => boolean) {
  for (let index = NOTABLE + 1; index < NOTABLE + 100_000; index += 1) if (fits(creatorAt(index))) return creatorAt(index);
  throw new Error('no such creator in the first 100,000');
}

const small = regularCreator((creator) => creator.followers >= 30 && creator.followers <= 90 && creator.videoCount >= 20 && creator.videoCount <= 60 && creator.favoriteCount > 0 && creator.repostCount > 0);
/** A notable video with a walkable number of comments, some with replies. */
const chatty = notableCreators().flatMap((creator) => [0, 1, 2, 3].map((index) => videoOf(creator, index))).find((video) => video.comments >= 30 && video.comments <= 120)!;

describe('the short-video sandbox world', () => {
  test('handles and user ids lead back to their account', () => {
    const sample = [...notableCreators(), ...Array.from({ length: 2_000 }, (_, offset) => creatorAt(NOTABLE + 1 + offset * 11_999))];
    assert.equal(new Set(notableCreators().map((creator) => creator.handle)).size, NOTABLE);
    assert.ok(sample.some((creator) => creator.index > POSTERS) && creatorAt(POPULATION).index === POPULATION);
    for (const creator of sample) {
      assert.match(creator.handle, /^[a-z0-9._]{2,30}$/);
      assert.match(creator.userId, /^\d{19}$/);
      assert.ok(BigInt(creator.userId) < 2n ** 63n);
      assert.equal(creatorNamed(creator.handle), creator);
      assert.equal(creatorById(creator.userId), creator);
    }
    assert.equal(new Set(CHALLENGES).size, 60);
  });

  test('is deterministic: two providers answer alike', async () => {
    const other = createSandboxClips(() => NOW);
    for (const provider of [clips, other]) assert.equal(provider.name, 'sandbox');
    const list = { count: 20 };
    const asks = (provider: ClipsProvider) => Promise.all([
      provider.user({ uniqueId: EXAMPLE_UNIQUE_ID }, call), provider.userPosts({ userId: EXAMPLE_USER_ID, ...list }, call),
      provider.userStory({ uniqueId: EXAMPLE_UNIQUE_ID }, call), provider.userFollowers({ userId: EXAMPLE_USER_ID, ...list }, call),
      provider.userFavorites({ userId: EXAMPLE_USER_ID, ...list }, call), provider.video({ videoId: EXAMPLE_VIDEO_ID }, call),
      provider.comments({ videoId: EXAMPLE_VIDEO_ID, ...list }, call), provider.music({ musicId: EXAMPLE_MUSIC_ID }, call),
      provider.musicVideos({ musicId: EXAMPLE_MUSIC_ID, ...list }, call), provider.challenge({ name: EXAMPLE_CHALLENGE_NAME }, call),
      provider.search({ keywords: EXAMPLE_KEYWORDS, ...list }, call), provider.searchUsers({ keywords: EXAMPLE_KEYWORDS, ...list }, call),
    ]);
    assert.deepEqual(await asks(clips), await asks(other));
    assert.notDeepEqual(await clips.user({ uniqueId: 'mia.dances' }, call), await clips.user({ uniqueId: EXAMPLE_UNIQUE_ID }, call));
  });

  test('every answer is what the schemas make of it', async () => {
    const list = { count: 50 };
    for (const creator of [creatorNamed(EXAMPLE_UNIQUE_ID)!, small]) {
      const userId = creator.userId;
      conforms(ClipsUser, await clips.user({ uniqueId: creator.handle }, call));
      conforms(z.object({ user_id: z.string(), unique_id: z.string(), stories: z.array(ClipsStory) }), await clips.userStory({ uniqueId: creator.handle }, call));
      conforms(z.array(ClipsOwnVideo), (await clips.userPosts({ userId, ...list }, call))!.items);
      conforms(z.array(ClipsListedVideo), (await clips.userFavorites({ userId, ...list }, call))!.items);
      conforms(z.array(ClipsListedVideo), (await clips.userReposts({ userId, ...list }, call))!.items);
      conforms(z.array(ClipsFollowItem), (await clips.userFollowers({ userId, ...list }, call))!.items);
      conforms(z.array(ClipsFollowItem), (await clips.userFollowing({ userId, ...list }, call))!.items);
      for (const index of [0, 1, 2, 5]) {
        const video = videoOf(creator, index);
        conforms(ClipsVideoDetails, await clips.video({ videoId: video.id }, call));
        const comments = (await clips.comments({ videoId: video.id, ...list }, call))!;
        conforms(z.array(ClipsComment), comments.items);
        const replied = comments.items.find((comment) => comment.reply_count > 0);
        if (replied) conforms(z.array(ClipsReply), (await clips.commentReplies({ videoId: video.id, commentId: replied.comment_id, ...list }, call))!.items);
        const musicId = (await clips.video({ videoId: video.id }, call))!.music.id;
        conforms(ClipsMusic, await clips.music({ musicId }, call));
        conforms(z.array(ClipsListedVideo), (await clips.musicVideos({ musicId, ...list }, call))!.items);
      }
    }
    conforms(ClipsChallenge, await clips.challenge({ id: EXAMPLE_CHALLENGE_ID }, call));
    conforms(z.array(ClipsListedVideo), (await clips.challengeVideos({ challengeId: EXAMPLE_CHALLENGE_ID, ...list }, call))!.items);
    conforms(z.array(ClipsListedVideo), (await clips.search({ keywords: EXAMPLE_KEYWORDS, ...list }, call)).items);
    conforms(z.array(ClipsPhotoPost), (await clips.searchPhotos({ keywords: EXAMPLE_KEYWORDS, ...list }, call)).items);
    conforms(z.array(ClipsUserSearchItem), (await clips.searchUsers({ keywords: EXAMPLE_KEYWORDS, ...list }, call)).items);
    conforms(z.array(ClipsChallengeSummary), (await clips.searchChallenges({ keywords: EXAMPLE_KEYWORDS, ...list }, call)).items);
  });

  test('a video\'s comment_count follows its plays, with no ceiling showing', () => {
    const biggest = [...notableCreators()].sort((a, b) => b.followers - a.followers).slice(0, 10);
    const videos = biggest.flatMap((creator) => Array.from({ length: 200 }, (_, index) => videoOf(creator, index)));
    for (const video of videos) {
      // One comment per 800–5,000 plays (plus up to 3), never more than the likes.
      assert.ok(video.comments >= Math.round(video.plays * 0.0002) && video.comments <= Math.round(video.plays * 0.0012) + 3, `${video.id}: ${video.comments} of ${video.plays}`);
      assert.ok(video.comments <= video.likes);
    }
    const top = Math.max(...videos.map((video) => video.comments));
    assert.ok(top > 500_000 && top < 2 ** 20, `the most commented: ${top}`);
    assert.ok(videos.filter((video) => video.comments === top).length === 1, 'no count shared at a cap');
  });

  test('the examples are what they promise', async () => {
    const user = (await clips.user({ uniqueId: EXAMPLE_UNIQUE_ID }, call))!;
    assert.equal(user.user_id, EXAMPLE_USER_ID);
    assert.ok(user.video_count > 0 && user.follower_count > 0 && user.following_count > 0);
    for (const list of [clips.userFavorites, clips.userReposts]) assert.ok((await list({ userId: EXAMPLE_USER_ID, count: 1 }, call))!.items.length === 1);
    for (const hour of [0, 7, 13, 22]) {
      const at = createSandboxClips(() => new Date(Date.UTC(2026, 10, 21, hour)));
      assert.ok((await at.userStory({ uniqueId: EXAMPLE_UNIQUE_ID }, call))!.stories.length > 0, 'stories in every bucket');
    }
    const posts = (await clips.userPosts({ userId: EXAMPLE_USER_ID, count: 50 }, call))!.items;
    assert.ok(posts.some((post) => post.video_id === EXAMPLE_VIDEO_ID));
    const video = (await clips.video({ videoId: EXAMPLE_VIDEO_ID }, call))!;
    assert.equal(video.music.id, EXAMPLE_MUSIC_ID);
    assert.ok((await clips.music({ musicId: EXAMPLE_MUSIC_ID }, call))!.video_count > 20);
    const comments = (await clips.comments({ videoId: EXAMPLE_VIDEO_ID, count: 50 }, call))!.items;
    assert.ok(comments.find((comment) => comment.comment_id === EXAMPLE_COMMENT_ID)!.reply_count > 0);
    const challenge = (await clips.challenge({ name: EXAMPLE_CHALLENGE_NAME }, call))!;
    assert.ok(challenge.challenge_id === EXAMPLE_CHALLENGE_ID && challenge.video_count > 0);
    const list = { keywords: EXAMPLE_KEYWORDS, count: 5 };
    for (const search of [clips.search, clips.searchPhotos, clips.searchUsers, clips.searchChallenges]) assert.ok((await search(list, call)).items.length > 0);
  });
});

describe('the short-video sandbox is coherent across endpoints', () => {
  test('user-posts walks video_count videos, newest first, each the video its id names; heart_count sums their likes', async () => {
    for (const creator of [creatorNamed(EXAMPLE_UNIQUE_ID)!, small]) {
      const user = (await clips.user({ uniqueId: creator.handle }, call))!;
      const posts = await walk((request) => clips.userPosts({ userId: user.user_id, ...request }, call), 50, 7);
      assert.equal(posts.length, user.video_count);
      assert.equal(user.heart_count, posts.reduce((sum, post) => sum + post.statistics.digg_count, 0));
      posts.slice(1).forEach((post, index) => assert.ok(post.create_time < posts[index]!.create_time, 'newest first'));
      for (const [index, post] of posts.entries()) {
        const id = BigInt(post.video_id);
        assert.match(post.video_id, /^\d{19}$/);
        assert.ok(id < 2n ** 63n && post.create_time <= PRESENT);
        assert.deepEqual([Number(id >> 32n), Number((id >> 10n) & 0x3f_ffffn), Number(id & 0x3ffn)], [post.create_time, creator.index, index]);
        const { play_count, digg_count, comment_count, share_count } = post.statistics;
        assert.ok(play_count >= digg_count && digg_count >= comment_count && digg_count >= share_count);
      }
      for (const post of posts.slice(0, 30)) {
        const video = (await clips.video({ videoId: post.video_id }, call))!;
        assert.deepEqual(pick(video, ['video_id', 'description', 'create_time']), pick(post, ['video_id', 'description', 'create_time']));
        assert.deepEqual(pick(video.statistics, Object.keys(post.statistics)), post.statistics);
        assert.deepEqual(pick(video.video, Object.keys(post.video)), post.video);
        assert.equal(video.author.unique_id, creator.handle);
      }
    }
  });

  test('comments: comment_count of them, after the video, each with reply_count replies after it', async () => {
    const details = (await clips.video({ videoId: chatty.id }, call))!;
    const first = (await clips.comments({ videoId: chatty.id, count: 10 }, call))!;
    assert.equal(first.total_comments, details.statistics.comment_count);
    const comments = await walk((request) => clips.comments({ videoId: chatty.id, ...request }, call), 10, 3);
    assert.equal(comments.length, details.statistics.comment_count);
    assert.equal(new Set(comments.map((comment) => comment.comment_id)).size, comments.length);
    assert.ok(!comments.some((comment) => comment.author.unique_id === chatty.creator.handle));
    comments.slice(1).forEach((comment, index) => assert.ok(comment.create_time <= comments[index]!.create_time, 'newest first'));
    assert.ok(comments.some((comment) => comment.reply_count > 0));
    for (const comment of comments) {
      assert.ok(comment.create_time > details.create_time && comment.create_time <= PRESENT);
      assert.equal(Number(BigInt(comment.comment_id) >> 32n), comment.create_time);
      const replies = await walk((request) => clips.commentReplies({ videoId: chatty.id, commentId: comment.comment_id, ...request }, call), 4);
      assert.equal(replies.length, comment.reply_count);
      assert.equal(new Set(replies.map((reply) => reply.comment_id)).size, replies.length);
      replies.slice(1).forEach((reply, index) => assert.ok(reply.create_time >= replies[index]!.create_time, 'oldest first'));
      assert.ok(replies.every((reply) => reply.create_time > comment.create_time && reply.create_time <= PRESENT));
    }
    const replies = await walk((request) => clips.commentReplies({ videoId: EXAMPLE_VIDEO_ID, commentId: EXAMPLE_COMMENT_ID, ...request }, call), 50);
    assert.ok(replies.length > 0);
  });

  test('a sound\'s video_count is what music-videos walks, and each of those videos uses it', async () => {
    const catalogue: ClipsMusic[] = [];
    for (const creator of notableCreators().slice(0, 40)) {
      const musicId = (await clips.video({ videoId: videoOf(creator, 0).id }, call))!.music.id;
      catalogue.push((await clips.music({ musicId }, call))!);
    }
    const smallest = catalogue.filter((music) => music.video_count > 1).sort((a, b) => a.video_count - b.video_count)[0]!;
    const own = catalogue.find((music) => music.video_count === 1)!;
    assert.ok(own.is_original);
    for (const music of [smallest, own, (await clips.music({ musicId: EXAMPLE_MUSIC_ID }, call))!]) {
      const videos = await walk((request) => clips.musicVideos({ musicId: music.music_id, ...request }, call), 20, 9);
      assert.equal(videos.length, music.video_count);
      assert.equal(new Set(videos.map((video) => video.video_id)).size, videos.length);
      videos.slice(1).forEach((video, index) => assert.ok(video.create_time <= videos[index]!.create_time, 'newest first'));
      for (const listed of videos) {
        const video = (await clips.video({ videoId: listed.video_id }, call))!;
        assert.equal(video.music.id, music.music_id);
        assert.deepEqual(pick(video.music, ['title', 'author', 'cover', 'play_url']), pick(music, ['title', 'author', 'cover', 'play_url']));
        assert.deepEqual(pick(video.statistics, Object.keys(listed.statistics)), listed.statistics);
      }
    }
    // A regular creator's video has its own sound, used by it alone.
    const video = (await clips.video({ videoId: videoOf(small, 0).id }, call))!;
    assert.deepEqual((await clips.musicVideos({ musicId: video.music.id, count: 5 }, call))!.items.map((item) => item.video_id), [video.video_id]);
  });

  test('a challenge\'s video_count and view_count are those of the videos challenge-videos walks, each carrying it', async () => {
    const found = (await clips.searchChallenges({ keywords: 'e', count: 50 }, call)).items;
    const smallest = [...found].sort((a, b) => a.video_count - b.video_count)[0]!;
    for (const summary of [smallest]) {
      const challenge = (await clips.challenge({ id: summary.challenge_id }, call))!;
      assert.deepEqual(challenge, await clips.challenge({ name: summary.challenge_name }, call));
      assert.deepEqual(pick(challenge, Object.keys(summary)), summary);
      const videos = await walk((request) => clips.challengeVideos({ challengeId: challenge.challenge_id, ...request }, call), 50);
      assert.equal(videos.length, challenge.video_count);
      assert.equal(new Set(videos.map((video) => video.video_id)).size, videos.length);
      assert.equal(videos.reduce((sum, video) => sum + video.statistics.play_count, 0), challenge.view_count);
      assert.ok(videos.every((video) => video.description.split(' ').includes(`#${challenge.challenge_name}`)));
      for (const listed of videos.slice(0, 10)) assert.deepEqual(pick((await clips.video({ videoId: listed.video_id }, call))!.statistics, Object.keys(listed.statistics)), listed.statistics);
    }
    const example = (await clips.challenge({ name: EXAMPLE_CHALLENGE_NAME }, call))!;
    const searched = (await clips.searchChallenges({ keywords: EXAMPLE_CHALLENGE_NAME, count: 50 }, call)).items.find((item) => item.challenge_id === example.challenge_id);
    assert.equal(searched?.video_count, example.video_count);
    assert.equal(searched?.view_count, example.view_count);
  });

  test('followers and following: as many distinct other accounts as the counts, each as their profile says', async () => {
    const following = followingOf(small.index).length;
    for (const [list, total] of [[clips.userFollowers, small.followers], [clips.userFollowing, following]] as const) {
      const people = await walk((request) => list({ userId: small.userId, ...request }, call), 25, 8);
      assert.equal(people.length, total);
      assert.equal(new Set(people.map((person) => person.user_id)).size, people.length);
      assert.ok(!people.some((person) => person.user_id === small.userId));
      for (const person of people.slice(0, 10)) {
        const profile = (await clips.user({ uniqueId: person.unique_id }, call))!;
        assert.deepEqual(pick(profile, Object.keys(person)), person);
      }
    }
    const user = (await clips.user({ uniqueId: small.handle }, call))!;
    assert.deepEqual([user.follower_count, user.following_count], [small.followers, following]);
  });

  test('one follow relation: A is among B\'s followers exactly when B is among A\'s following', async () => {
    const idsOf = async (list: ClipsProvider['userFollowers'], userId: string) => (await walk((request) => list({ userId, ...request }, call), 50)).map((person) => person.user_id);
    // The account the tester reported, a regular poster, and a notable creator's first followers.
    const notable = notableCreators().find((creator) => creator.followers >= 100_000)!;
    const notableFollowers = (await clips.userFollowers({ userId: notable.userId, count: 50 }, call))!.items.map((person) => person.user_id);
    for (const userId of ['6872345886547143453', small.userId]) {
      for (const follower of await idsOf(clips.userFollowers, userId)) assert.ok((await idsOf(clips.userFollowing, follower)).includes(userId), `${follower} follows ${userId}`);
      for (const followed of await idsOf(clips.userFollowing, userId)) {
        const account = creatorById(followed)!;
        // A notable creator's followers run to millions: open its list where the account should stand.
        if (account.notable) {
          const position = followerPosition(account, creatorById(userId)!.index);
          const page = (await clips.userFollowers({ userId: followed, cursor: position === 0 ? undefined : String(position), count: 1 }, call))!;
          assert.equal(page.items[0]?.user_id, userId, `${userId} among ${followed}'s followers`);
        } else assert.ok((await idsOf(clips.userFollowers, followed)).includes(userId), `${userId} among ${followed}'s followers`);
      }
    }
    for (const follower of notableFollowers) assert.ok((await idsOf(clips.userFollowing, follower)).includes(notable.userId));
  });

  test('favorites and reposts: finite lists of other creators\' videos, each once, as the video says', async () => {
    for (const list of [clips.userFavorites, clips.userReposts]) {
      for (const creator of [small, creatorNamed(EXAMPLE_UNIQUE_ID)!]) {
        const videos = await walk((request) => list({ userId: creator.userId, ...request }, call), 30);
        assert.ok(videos.length > 0);
        assert.equal(new Set(videos.map((video) => video.video_id)).size, videos.length);
        assert.ok(!videos.some((video) => video.author.unique_id === creator.handle));
        for (const listed of videos.slice(0, 8)) {
          const video = (await clips.video({ videoId: listed.video_id }, call))!;
          assert.deepEqual(pick(video.statistics, Object.keys(listed.statistics)), listed.statistics);
          assert.deepEqual(pick(video.author, Object.keys(listed.author)), listed.author);
        }
      }
    }
  });

  test('search: videos, photo posts, creators and challenges matching the keywords, with everyone\'s counts', async () => {
    const keywords = EXAMPLE_KEYWORDS;
    const videos = await walk((request) => clips.search({ keywords, ...request }, call), 50);
    const photos = await walk((request) => clips.searchPhotos({ keywords, ...request }, call), 50);
    assert.ok(videos.length > 50 && photos.length > 0);
    const videoIds = new Set(videos.map((video) => video.video_id));
    assert.equal(videoIds.size, videos.length);
    assert.ok(!photos.some((photo) => videoIds.has(photo.video_id)), 'photo posts are not in video search');
    for (const found of [...videos, ...photos]) assert.ok(found.description.toLowerCase().includes(keywords) || found.author.unique_id.includes(keywords) || found.author.nickname.toLowerCase().includes(keywords));
    for (const photo of photos.slice(0, 10)) {
      assert.ok(photo.images.length >= 2);
      assert.deepEqual(pick((await clips.video({ videoId: photo.video_id }, call))!.statistics, Object.keys(photo.statistics)), photo.statistics);
    }
    for (const listed of videos.slice(0, 10)) assert.deepEqual(pick((await clips.video({ videoId: listed.video_id }, call))!.statistics, Object.keys(listed.statistics)), listed.statistics);
    const users = await walk((request) => clips.searchUsers({ keywords, ...request }, call), 2);
    assert.ok(users.length > 0);
    for (const user of users) assert.deepEqual(pick((await clips.user({ uniqueId: user.unique_id }, call))!, Object.keys(user)), user);
    assert.equal((await clips.searchUsers({ keywords: small.handle, count: 5 }, call)).items[0]?.unique_id, small.handle);
    const challenges = await walk((request) => clips.searchChallenges({ keywords, ...request }, call), 50);
    for (const challenge of challenges) {
      assert.ok(challenge.challenge_name.includes(keywords));
      assert.deepEqual(pick((await clips.challenge({ id: challenge.challenge_id }, call))!, Object.keys(challenge)), challenge);
    }
    for (const search of [clips.search, clips.searchPhotos, clips.searchUsers, clips.searchChallenges]) assert.deepEqual(await search({ keywords: 'zzzzq', count: 5 }, call), { items: [], nextCursor: null });
  });

  test('search answers alike however the world\'s memory has turned over', async () => {
    /** Accounts no other test reads, so each churn fills creatorAt's memory with ones it does not hold. */
    let unread = POPULATION;
    const churn = (count: number) => Array.from({ length: count }, () => creatorAt((unread -= 1)));
    /** Leaves the creator the oldest remembered, the next to be dropped (and then rebuilt as a new object). */
    const oldestRemembered = (index: number) => {
      churn(REMEMBERED_CREATORS);
      creatorAt(index);
      churn(REMEMBERED_CREATORS - 1);
    };
    /** Other keywords, so the searches' own memory no longer holds these. */
    const otherSearches = async () => {
      for (let other = 0; other < 40; other += 1) await Promise.all([clips.search({ keywords: `other${other}`, count: 1 }, call), clips.searchUsers({ keywords: `other${other}`, count: 1 }, call)]);
    };
    const example = creatorNamed(EXAMPLE_UNIQUE_ID)!;
    const videos = () => clips.search({ keywords: 'waffles', count: 50 }, call);
    const users = () => clips.searchUsers({ keywords: EXAMPLE_UNIQUE_ID, count: 50 }, call);
    const first = { videos: await videos(), users: await users() };
    assert.equal(first.videos.items.length, 50);
    assert.deepEqual(first.users.items.map((user) => user.unique_id), [EXAMPLE_UNIQUE_ID]);
    await otherSearches();
    churn(REMEMBERED_CREATORS);
    assert.deepEqual(await videos(), first.videos);
    await otherSearches();
    oldestRemembered(example.index);
    assert.deepEqual(await users(), first.users);
  });

  test('stories are the last day\'s, the same all through a 6-hour bucket', async () => {
    const at = async (iso: string) => (await createSandboxClips(() => new Date(iso)).userStory({ uniqueId: EXAMPLE_UNIQUE_ID }, call))!;
    const early = await at('2026-11-21T06:00:00Z');
    assert.deepEqual(early, { user_id: EXAMPLE_USER_ID, unique_id: EXAMPLE_UNIQUE_ID, stories: early.stories });
    assert.ok(early.stories.length >= 1 && early.stories.length <= 4);
    assert.deepEqual(await at('2026-11-21T11:59:59Z'), early);
    assert.deepEqual(await at('2026-11-21T10:00:00Z'), early);
    for (const now of [Date.parse('2026-11-21T06:00:00Z') / 1000, Date.parse('2026-11-21T11:59:59Z') / 1000]) {
      for (const story of early.stories) {
        assert.ok(story.create_time <= now && now < story.expire_time);
        assert.equal(story.expire_time, story.create_time + 86_400);
      }
    }
    for (const story of early.stories) assert.equal(await clips.video({ videoId: story.story_id }, call), null, 'a story is no video');
  });
});

describe('the short-video sandbox: unknowns and cursors', () => {
  test('videos, sounds, challenges, comments and accounts the world does not have are null', async () => {
    const video = videoOf(creatorNamed(EXAMPLE_UNIQUE_ID)!, 0);
    const id = BigInt(video.id);
    const list = { count: 5 };
    for (const videoId of ['1', 'abc', `0${video.id}`, String(id + (1n << 32n)), String(id + 1n), String(id + (1n << 10n)), String(id + 1000n), String((id & ~0x3ffn) | 0x3ffn)]) {
      assert.equal(await clips.video({ videoId }, call), null, videoId);
      assert.equal(await clips.comments({ videoId, ...list }, call), null);
    }
    const nobody = creatorAt(POSTERS + 1);
    assert.equal(nobody.videoCount, 0);
    assert.deepEqual(await clips.userPosts({ userId: nobody.userId, ...list }, call), { items: [], nextCursor: null });
    assert.deepEqual((await clips.userStory({ uniqueId: nobody.handle }, call))!.stories, []);
    for (const musicId of ['1', String(BigInt(EXAMPLE_MUSIC_ID) + 1n), EXAMPLE_VIDEO_ID, String(BigInt(EXAMPLE_VIDEO_ID) + (1n << 32n))]) {
      assert.equal(await clips.music({ musicId }, call), null, musicId);
      assert.equal(await clips.musicVideos({ musicId, ...list }, call), null);
    }
    assert.equal(await clips.challenge({ name: 'notaworldtag' }, call), null);
    assert.equal(await clips.challenge({ id: String(BigInt(EXAMPLE_CHALLENGE_ID) + 1n) }, call), null);
    assert.equal(await clips.challengeVideos({ challengeId: '1', ...list }, call), null);
    const otherComment = (await clips.comments({ videoId: chatty.id, ...list }, call))!.items[0]!.comment_id;
    for (const commentId of ['1', otherComment, String(BigInt(EXAMPLE_COMMENT_ID) + (1n << 32n))]) {
      assert.equal(await clips.commentReplies({ videoId: EXAMPLE_VIDEO_ID, commentId, ...list }, call), null, commentId);
    }
    // A handle made of a name and the id, with another id; a platform-given one (user + id) is every id's.
    const named = regularCreator((creator) => !creator.handle.startsWith('user'));
    const digits = String(named.index);
    for (const uniqueId of ['nobody.here', `${named.handle.slice(0, -digits.length)}${named.index + 1}`, `${named.handle}0`, 'waffles.pup.official', `user${POPULATION + 1}`]) {
      assert.equal(await clips.user({ uniqueId }, call), null);
      assert.equal(await clips.userStory({ uniqueId }, call), null);
    }
    for (const userId of ['1', String(BigInt(EXAMPLE_USER_ID) + 1n), String(BigInt(EXAMPLE_USER_ID) + (1n << 32n)), `0${EXAMPLE_USER_ID.slice(1)}`]) {
      for (const userList of [clips.userPosts, clips.userFavorites, clips.userReposts, clips.userFollowers, clips.userFollowing]) assert.equal(await userList({ userId, ...list }, call), null);
    }
  });

  test('a cursor the list did not give is a 400 naming cursor', async () => {
    const page = (await clips.userPosts({ userId: EXAMPLE_USER_ID, count: 12 }, call))!;
    assert.equal(page.nextCursor, '12');
    assert.equal((await clips.userPosts({ userId: EXAMPLE_USER_ID, cursor: '13', count: 3 }, call))!.nextCursor, '16');
    for (const cursor of ['abc', '0', '-12', '012', String(creatorNamed(EXAMPLE_UNIQUE_ID)!.videoCount), '1e3', '']) {
      await assert.rejects(clips.userPosts({ userId: EXAMPLE_USER_ID, cursor, count: 12 }, call), (error: unknown) =>
        error instanceof ApiError && error.code === 'VALIDATION_ERROR' && error.message.startsWith('cursor:') && error.param === 'cursor');
    }
    await assert.rejects(clips.userPosts({ userId: creatorAt(POSTERS + 1).userId, cursor: '5', count: 5 }, call), ApiError);
  });

  test('the shared provider is the world with the wall clock', async () => {
    assert.deepEqual(await sandboxClips.user({ uniqueId: EXAMPLE_UNIQUE_ID }, call), await clips.user({ uniqueId: EXAMPLE_UNIQUE_ID }, call));
  });
});
