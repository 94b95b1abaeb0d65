import type { ClipsListRequest, ClipsProvider } from '../../families/clips';
import { challengeAt, challengePosition, challengeSummary } from './challenges';
import { commentAt, commentById, replyAt } from './comments';
import { creatorAt, creatorById, creatorNamed } from './creators';
import { followerOf, followingOf } from './follows';
import { FAVORITES, pickedVideo, REPOSTS } from './favorites';
import { pageOf } from './paging';
import { followRecord, listedVideoRecord, ownVideoRecord, photoPostRecord, searchUserRecord, userRecord, videoDetailsRecord } from './records';
import { needleOf, searchChallengePositions, searchCreators, searchPosts } from './search';
import { soundById } from './sounds';
import { storiesOf } from './stories';
import { challengeVideoKeys, videoAt, videoById, videoOf, type Video } from './videos';

/** Stable values of the world for endpoint examples (test/unit/sandbox-clips.test.ts checks each). */
export const EXAMPLE_UNIQUE_ID = 'waffles.pup';
export const EXAMPLE_USER_ID = '6800000319749062134';
/** Its newest video: its comments have replies; its sound is a catalogue one. */
export const EXAMPLE_VIDEO_ID = '7709547295108311040';
export const EXAMPLE_COMMENT_ID = '7710036433164042241';
export const EXAMPLE_MUSIC_ID = '6388568234219536683';
export const EXAMPLE_CHALLENGE_NAME = 'puppy';
export const EXAMPLE_CHALLENGE_ID = '1600002863659946018';
/** Matches videos, photo posts, creators and a challenge. */
export const EXAMPLE_KEYWORDS = 'pup';

/**
 * The short-video platform's sandbox: one seeded world of 24 million accounts, their videos,
 * sounds and challenges (./creators.ts, ./videos.ts), every answer built from the same models, so
 * counts agree across endpoints. `now` is read only for stories; everything else sits on the
 * world's fixed timeline.
 */
export function createSandboxClips(now: () => Date = () => new Date()): ClipsProvider {
  /** What `read` makes of the video or account; null when the world has none. */
  const of = <Thing, Answer>(thing: Thing | null, read: (thing: Thing) => Answer): Answer | null => (thing === null ? null : read(thing));
  const videos = <Item>(keys: readonly number[], list: ClipsListRequest, record: (video: Video) => Item) => pageOf(keys.length, list, (position) => record(videoAt(keys[position]!)));
  const people = (total: number, list: ClipsListRequest, member: (position: number) => number) => pageOf(total, list, (position) => followRecord(creatorAt(member(position))));

  return {
    name: 'sandbox',
    video: async ({ videoId }) => of(videoById(videoId), videoDetailsRecord),
    comments: async ({ videoId, ...list }) => of(videoById(videoId), (video) => ({ ...pageOf(video.comments, list, (position) => commentAt(video, position)), total_comments: video.comments })),
    commentReplies: async ({ videoId, commentId, ...list }) =>
      of(videoById(videoId), (video) => of(commentById(video, commentId), (comment) => pageOf(comment.record.reply_count, list, (index) => replyAt(comment, index)))),
    music: async ({ musicId }) => soundById(musicId)?.music ?? null,
    musicVideos: async ({ musicId, ...list }) => of(soundById(musicId), (sound) => videos(sound.videoKeys, list, listedVideoRecord)),
    challenge: async (request) => of(challengePosition(request), challengeAt),
    challengeVideos: async ({ challengeId, ...list }) => of(challengePosition({ id: challengeId }), (position) => videos(challengeVideoKeys(position), list, listedVideoRecord)),
    search: async ({ keywords, ...list }) => videos(searchPosts(needleOf(keywords)).videos, list, listedVideoRecord),
    searchPhotos: async ({ keywords, ...list }) => videos(searchPosts(needleOf(keywords)).photos, list, photoPostRecord),
    searchChallenges: async ({ keywords, ...list }) => {
      const positions = searchChallengePositions(needleOf(keywords));
      return pageOf(positions.length, list, (position) => challengeSummary(positions[position]!));
    },
    searchUsers: async ({ keywords, ...list }) => {
      const found = searchCreators(needleOf(keywords));
      return pageOf(found.length, list, (position) => searchUserRecord(found[position]!));
    },
    user: async ({ uniqueId }) => of(creatorNamed(uniqueId), userRecord),
    userStory: async ({ uniqueId }) => of(creatorNamed(uniqueId), (creator) => ({ user_id: creator.userId, unique_id: creator.handle, stories: storiesOf(creator, now()) })),
    userPosts: async ({ userId, ...list }) => of(creatorById(userId), (creator) => pageOf(creator.videoCount, list, (index) => ownVideoRecord(videoOf(creator, index)))),
    userFavorites: async ({ userId, ...list }) =>
      of(creatorById(userId), (creator) => pageOf(creator.favoriteCount, list, (position) => listedVideoRecord(pickedVideo(creator, FAVORITES, position)))),
    userReposts: async ({ userId, ...list }) =>
      of(creatorById(userId), (creator) => pageOf(creator.repostCount, list, (position) => listedVideoRecord(pickedVideo(creator, REPOSTS, position)))),
    userFollowers: async ({ userId, ...list }) => of(creatorById(userId), (creator) => people(creator.followers, list, (position) => followerOf(creator, position))),
    userFollowing: async ({ userId, ...list }) =>
      of(creatorById(userId), (creator) => {
        const followed = followingOf(creator.index);
        return people(followed.length, list, (position) => followed[position]!);
      }),
  };
}

export const sandboxClips: ClipsProvider = createSandboxClips();
