import type { Comment, UserSummary } from '../../../schemas/photos';
import { SeededRandom } from '../random';
import { audienceMember as memberOf } from '../audience';
import type { WorldPost } from './posts';
import { NOTABLE, POPULATION, PRESENT, userAt, type WorldUser } from './users';
import { COMMENTS } from './vocabulary';

/** Who follows: the account at a position of an audience of the population (../audience.ts). */
export const audienceMember = (stride: number, self: number, position: number): number => memberOf(POPULATION, stride, self, position);

/**
 * Who likes and comments on a post: the account at a position of an audience of the regular users
 * who had joined before it was posted (ids NOTABLE + 1 to NOTABLE + audiencePool), so each joined
 * before their like or comment. The owner's place in that pool is the one place the audience never
 * reaches (a notable owner is not in the pool). A list longer than the pool, which only a post of
 * the platform's first days could have, comes round again.
 */
function postAudienceMember(post: WorldPost, position: number): number {
  const { audiencePool: pool, owner } = post;
  const self = owner.notable ? pool : owner.index - NOTABLE;
  return NOTABLE + memberOf(pool, post.audienceStride, self, position % (pool - 1));
}

export function userSummary(user: WorldUser): UserSummary {
  return { id: user.publicId, username: user.username, full_name: user.fullName, profile_pic_url: user.profilePicUrl, is_verified: user.verified, is_private: user.private };
}

export const followerAt = (user: WorldUser, position: number) => userSummary(userAt(audienceMember(user.followerStride, user.index, position)));

/** The platform lists at most this many likers of a post. */
export const likerCount = (post: WorldPost) => Math.min(post.likes, 500);

export const likerAt = (post: WorldPost, position: number) => userSummary(userAt(postAudienceMember(post, position)));

const DAY = 86_400;

/** Comment i of a post, newest first; written after the post, within 30 days and before the world's present. Commenters are its likers, in order. */
export function commentAt(post: WorldPost, position: number): Comment {
  const random = new SeededRandom(`photos-comment:${post.mediaId}:${position}`);
  const author = userAt(postAudienceMember(post, position));
  const span = Math.min(PRESENT - post.takenAt, 30 * DAY) - 1;
  const slot = post.comments - 1 - position + random.next();
  return {
    id: String(17_000_000_000_000_000n + (post.mediaId % 10_000_000_000n) * 100_000n + BigInt(position)),
    text: random.pick(COMMENTS),
    created_at: post.takenAt + 1 + Math.floor((span * slot) / post.comments),
    like_count: Math.max(0, Math.floor(Math.exp(random.normal(0, 1.4))) - 1),
    reply_count: random.chance(0.15) ? random.integer(1, 6) : 0,
    owner: { username: author.username, profile_pic_url: author.profilePicUrl, is_verified: author.verified },
  };
}
