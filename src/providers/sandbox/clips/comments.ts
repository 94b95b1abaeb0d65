import type { ClipsComment, ClipsReply } from '../../../schemas/clips';
import { SeededRandom } from '../random';
import { audienceMember, coprimeStride, creatorAt, PRESENT } from './creators';
import { authorOf } from './records';
import { seedOf, type Video } from './videos';
import { COMMENTS } from './vocabulary';

/**
 * Comments and replies. Comment i of a video (newest first) is written by position i of a
 * permutation of the population (never the creator), within 30 days of the video; its replies
 * follow it, oldest first, within a week. A comment id is create_time · 2^32 + a 12-bit tag of
 * the video · 2^20 + i, so it leads back to (video, i); a reply's carries the comment's i and its own.
 */

const DAY = 86_400;

function commentModel(video: Video, position: number) {
  const random = new SeededRandom(seedOf(3, video.key, position));
  const span = Math.min(PRESENT - video.createTime, 30 * DAY) - 1;
  const createTime = video.createTime + 1 + Math.floor((span * (video.comments - 1 - position + random.next())) / video.comments);
  const id = (BigInt(createTime) << 32n) | (BigInt(seedOf(2, video.key) & 0xfff) << 20n) | BigInt(position);
  const record: ClipsComment = {
    comment_id: id.toString(),
    text: random.pick(COMMENTS),
    create_time: createTime,
    digg_count: Math.floor(Math.exp(random.normal(Math.log(1 + video.likes / 5_000), 1.5))),
    reply_count: random.chance(0.2) ? random.integer(1, 25) : 0,
    author: authorOf(creatorAt(audienceMember(video.commentStride, video.creator.index, position))),
  };
  return { video, position, record, replyStride: coprimeStride(random) };
}

export type Comment = ReturnType<typeof commentModel>;

export const commentAt = (video: Video, position: number): ClipsComment => commentModel(video, position).record;

/** The video's comment with this id, or null. */
export function commentById(video: Video, commentId: string): Comment | null {
  if (!/^\d{19}$/.test(commentId)) return null;
  const position = Number(BigInt(commentId) & 0xf_ffffn);
  if (position >= video.comments) return null;
  const comment = commentModel(video, position);
  return comment.record.comment_id === commentId ? comment : null;
}

export function replyAt({ video, position, record, replyStride }: Comment, index: number): ClipsReply {
  const random = new SeededRandom(seedOf(4, video.key, position, index));
  const span = Math.min(PRESENT - record.create_time - 1, 7 * DAY);
  const createTime = record.create_time + 1 + Math.floor((span * (index + random.next())) / record.reply_count);
  return {
    comment_id: ((BigInt(createTime) << 32n) | (BigInt(position) << 12n) | BigInt(index)).toString(),
    text: random.pick(COMMENTS),
    create_time: createTime,
    digg_count: Math.max(0, Math.floor(Math.exp(random.normal(0, 1.2))) - 1),
    author: authorOf(creatorAt(audienceMember(replyStride, video.creator.index, index))),
  };
}
