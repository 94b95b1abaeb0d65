import type { VideoComment } from '../../../schemas/video';
import { seedOf } from '../clips/videos';
import { audienceMember, coprimeStride } from '../audience';
import { SeededRandom } from '../random';
import { accountOf, ACCOUNTS, avatarOf, type Channel } from './channels';
import { encodeId } from './ids';
import { isoDate, isoTime, NOW, timeAgo } from './texts';
import type { Video } from './videos';
import { COMMENTS, REPLIES } from './vocabulary';

/**
 * Comments under a video or a community post (a thread). A comment is its rank by likes (0 = the
 * most liked), its likes falling with the rank; its place in the newest-first order is a
 * permutation of the ranks (position = (step · rank + shift) mod count), and its time follows
 * that place, so both sorts are orderings of one set, each comment once. Its replies follow it,
 * oldest first. Authors are positions of an audience of the world's accounts, never the owner
 * but for the most liked comment, now and then.
 */

export interface Thread {
  salt: number;
  total: number;
  owner: Channel;
  /** When the video or post appeared (seconds). */
  since: number;
  /** The likes of the most liked comment. */
  topLikes: number;
}

const DAY = 86_400;

export const videoThread = (video: Video): Thread => ({ salt: seedOf(31, video.key), total: video.comments, owner: video.channel, since: video.published, topLikes: Math.max(1, Math.round(video.likes * 0.02)) });

function orderOf(thread: Thread) {
  const random = new SeededRandom(seedOf(41, thread.salt));
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let step = random.integer(1, Math.max(1, thread.total - 1));
  while (gcd(step, thread.total) !== 1) step += 1;
  // The inverse of step mod total, so a newest-first position leads back to its rank.
  let [inverse, next, remainder, nextRemainder] = [0, 1, thread.total, step % thread.total];
  while (nextRemainder !== 0) {
    const quotient = Math.floor(remainder / nextRemainder);
    [inverse, next] = [next, inverse - quotient * next];
    [remainder, nextRemainder] = [nextRemainder, remainder - quotient * nextRemainder];
  }
  return { step, inverse: ((inverse % thread.total) + thread.total) % thread.total, shift: random.integer(0, thread.total - 1), authors: coprimeStride(random, ACCOUNTS), ownerFirst: random.chance(0.3) };
}

/** The rank of the comment at `position` of the newest-first order. */
export function rankAt(thread: Thread, position: number): number {
  const { inverse, shift } = orderOf(thread);
  return (((position - shift + thread.total) % thread.total) * inverse) % thread.total;
}

export function commentModel(thread: Thread, rank: number) {
  const order = orderOf(thread);
  const random = new SeededRandom(seedOf(42, thread.salt, rank));
  const position = (order.step * rank + order.shift) % thread.total;
  const span = Math.max(1, Math.min(NOW - thread.since - 1, 90 * DAY));
  const time = thread.since + 1 + Math.floor((span * (thread.total - 1 - position + random.next())) / thread.total);
  const byOwner = rank === 0 && order.ownerFirst;
  const author = accountOf(byOwner ? thread.owner.index : audienceMember(ACCOUNTS, order.authors, thread.owner.index, rank));
  const replies = random.chance(rank < 20 ? 0.6 : 0.12) ? random.integer(1, rank < 20 ? 40 : 6) : 0;
  const id = `Ugz${encodeId('comment', seedOf(43, thread.salt, rank), 20)}4AaABAg`;
  const record: VideoComment = {
    commentId: id,
    authorText: author.handle,
    authorChannelId: author.id,
    authorThumbnail: avatarOf(author.id, [48, 88, 176]),
    textDisplay: random.pick(COMMENTS),
    likesCount: Math.floor(thread.topLikes / (1 + rank) ** 0.9),
    replyCount: replies,
    publishedTimeText: timeAgo(time),
    authorIsChannelOwner: byOwner,
    publishDate: isoDate(time),
    publishedAt: isoTime(time),
    replyToken: replies === 0 ? null : `R${rank}`,
    isVerified: author.verified,
    isArtist: author.artist,
    isCreator: byOwner,
  };
  return { thread, rank, time, record, replyAuthors: coprimeStride(random, ACCOUNTS) };
}

export type CommentModel = ReturnType<typeof commentModel>;

export function replyAt({ thread, rank, time, record, replyAuthors }: CommentModel, index: number): VideoComment {
  const random = new SeededRandom(seedOf(44, thread.salt, rank, index));
  const span = Math.max(1, Math.min(NOW - time - 1, 14 * DAY));
  const at = time + 1 + Math.floor((span * (index + random.next())) / record.replyCount);
  const byOwner = random.chance(0.05);
  const author = accountOf(byOwner ? thread.owner.index : audienceMember(ACCOUNTS, replyAuthors, thread.owner.index, index));
  return {
    ...record,
    commentId: `${record.commentId}.${encodeId('comment', seedOf(45, thread.salt, rank, index), 22)}`,
    authorText: author.handle,
    authorChannelId: author.id,
    authorThumbnail: avatarOf(author.id, [48, 88, 176]),
    textDisplay: random.pick(REPLIES),
    likesCount: Math.max(0, Math.floor(Math.exp(random.normal(0, 1.5))) - 1),
    replyCount: 0,
    publishedTimeText: timeAgo(at),
    authorIsChannelOwner: byOwner,
    publishDate: isoDate(at),
    publishedAt: isoTime(at),
    replyToken: null,
    isVerified: author.verified,
    isArtist: author.artist,
    isCreator: byOwner,
  };
}
