import type { PhotosProvider } from '../../families/photos';
import { commentAt, followerAt, likerAt, likerCount } from './audience';
import { hashtagOf, searchWorld } from './discover';
import { reelFramesOf, taggedFramesOf } from './lists';
import { highlightsOf, storiesOf } from './moments';
import { PAGE_SIZE, pageOf } from './paging';
import { gridPostRecord, listedPostRecord, postRecord, reelRecord } from './post-records';
import { postByShortcode, postModel, postOf, type PostFrame, type WorldPost } from './posts';
import { aboutRecord, similarOf, userRecord } from './user-records';
import { userNamed, type WorldUser } from './users';

/** Stable values of the world for endpoint examples (test/unit/sandbox-photos.test.ts checks each). */
export const EXAMPLE_USERNAME = 'northern.trails';
/** Its newest post, a video. */
export const EXAMPLE_SHORTCODE = 'DfuxqG1rZs1';
export const EXAMPLE_HASHTAG = 'travel';
export const EXAMPLE_QUERY = 'coffee';

/**
 * The photo-sharing platform's sandbox: one seeded world of four million users and their posts
 * (./users.ts, ./posts.ts), every answer built from the same models, so counts agree across
 * endpoints. `now` is read only for stories; everything else sits on the world's fixed timeline.
 * A private account answers `user` and `user-about`; its lists are empty and its posts unknown.
 */
export function createSandboxPhotos(now: () => Date = () => new Date()): PhotosProvider {
  /** What `read` makes of the user; null for a user the world does not have. */
  const ofUser = <Answer>(username: string, read: (user: WorldUser) => Answer): Answer | null => {
    const user = userNamed(username);
    return user && read(user);
  };
  /** A list of the user's: empty when the account is private. */
  const listOf = <Item>(username: string, build: (user: WorldUser) => Item[]) => ofUser(username, (user) => (user.private ? [] : build(user)));
  const ofPost = <Answer>(shortcode: string, read: (post: WorldPost) => Answer): Answer | null => {
    const post = postByShortcode(shortcode);
    return post && read(post);
  };
  /** A page of a list found by scanning posts (./lists.ts). */
  const scanned = <Item>(username: string, scan: (user: WorldUser) => PostFrame[], size: number, cursor: string | undefined, record: (post: WorldPost) => Item) => {
    const frames = listOf(username, scan);
    return frames && pageOf(frames.length, size, cursor, (position) => record(postModel(frames[position]!)));
  };

  return {
    name: 'sandbox',
    user: async ({ username }) => ofUser(username, userRecord),
    userAbout: async ({ username }) => ofUser(username, aboutRecord),
    userPosts: async ({ username, cursor }) =>
      ofUser(username, (user) => pageOf(user.private ? 0 : user.mediaCount, PAGE_SIZE.posts, cursor, (index) => gridPostRecord(postOf(user, index)))),
    userReels: async ({ username, cursor }) => scanned(username, reelFramesOf, PAGE_SIZE.reels, cursor, reelRecord),
    userTagged: async ({ username, cursor }) => scanned(username, taggedFramesOf, PAGE_SIZE.tagged, cursor, listedPostRecord),
    userFollowers: async ({ username, cursor }) =>
      ofUser(username, (user) => pageOf(user.private ? 0 : user.followers, PAGE_SIZE.followers, cursor, (position) => followerAt(user, position))),
    userSimilar: async ({ username }) => ofUser(username, similarOf),
    userStories: async ({ username }) => listOf(username, (user) => storiesOf(user, now())),
    userHighlights: async ({ username }) => listOf(username, highlightsOf),
    post: async ({ shortcode }) => ofPost(shortcode, postRecord),
    postComments: async ({ shortcode, cursor }) =>
      ofPost(shortcode, (post) => ({ ...pageOf(post.comments, PAGE_SIZE.comments, cursor, (position) => commentAt(post, position)), comment_count: post.comments })),
    postLikers: async ({ shortcode, cursor }) => ofPost(shortcode, (post) => pageOf(likerCount(post), PAGE_SIZE.likers, cursor, (position) => likerAt(post, position))),
    hashtag: async ({ hashtag }) => hashtagOf(hashtag),
    search: async ({ query }) => searchWorld(query),
  };
}

export const sandboxPhotos: PhotosProvider = createSandboxPhotos();
