import { remembering } from '../memo';
import { postFrame, TAGGING_WINDOW, taggedIn, type PostFrame } from './posts';
import { circleOf, userAt, type WorldUser } from './users';

/**
 * The lists that are found by scanning posts rather than counted: a user's reels (their video
 * posts) and the posts their circle tagged them in. Scans read only post frames and tags
 * (./posts.ts), and the last few lists are remembered: a walk asks for the same list every page.
 */

function framesOf(user: WorldUser): PostFrame[] {
  return Array.from({ length: user.mediaCount }, (_, index) => postFrame(user, index));
}

/** The user's video posts, newest first. */
export const reelFramesOf = remembering(64, (user: WorldUser) => framesOf(user).filter((frame) => frame.type === 'GraphVideo'), (user) => user.index);

/** Public posts of the user's circle that tag them, newest first. */
export const taggedFramesOf = remembering(64, (user: WorldUser) =>
  circleOf(user.index)
    .map(userAt)
    .filter((member) => !member.private)
    .flatMap((member) =>
      Array.from({ length: Math.min(member.mediaCount, TAGGING_WINDOW) }, (_, index) => index)
        .filter((index) => taggedIn(member.index, index).includes(user.index))
        .map((index) => postFrame(member, index)),
    )
    .sort((a, b) => b.takenAt - a.takenAt),
  (user) => user.index,
);
