import { mediaIdOf, shortcodeOf } from '../../../photos/shortcode';
import type { Post } from '../../../schemas/photos';
import { coprimeStride } from '../audience';
import { roundTo, SeededRandom } from '../random';
import { circleOf, POPULATION, PRESENT, regularsJoinedBefore, userAt, type WorldUser } from './users';
import { locatedAt } from './venues';
import { GENERAL_HASHTAGS, PLACES } from './vocabulary';

/**
 * Post k of a user (0 = the newest) exists for k < media_count. Its media id has the platform's
 * layout: the milliseconds since the platform's epoch shifted left by 23 bits, so the id decodes
 * to when it was posted (its taken_at second and a millisecond within it). The 23 low bits, the
 * platform's shard and sequence, hold here whose it is (spread over 22 bits by an odd multiplier,
 * so shortcodes end in varied digits as the platform's do) and whether it is a post: a shortcode
 * leads to its user, the time to which of the user's posts (each sits in its own interval of the
 * user's timeline), and an id that does not regenerate exactly is none of the world's. Story and
 * highlight items carry ITEM_BIT, so their ids never name a post.
 */

/** The platform's epoch, in Unix milliseconds (2011-08-24 21:07:01.721 UTC). */
const PLATFORM_EPOCH_MS = 1_314_220_021_721n;
const TIME_SHIFT = 23n;
const ITEM_BIT = 1n << 22n;
const USER_BITS = ITEM_BIT - 1n;
const SPREAD = 0x2d_9b35n;
/** SPREAD's inverse modulo 2^22 (Newton's iteration doubles the correct bits each step, from 3). */
const UNSPREAD = [1, 2, 3, 4].reduce((inverse) => (inverse * (2n - SPREAD * inverse)) & USER_BITS, SPREAD);
/** Items' milliseconds: a highlight's item i of highlight h at h · 20 + i, a story's i at STORY_MILLISECOND + i. */
export const STORY_MILLISECOND = 900;

/** The media id of what `user` posted at `takenAt` and `millisecond` (0–999) into it: a post, or a story or highlight item. */
export function mediaIdFor(takenAt: number, millisecond: number, user: number, kind: 'post' | 'item'): bigint {
  const sinceEpoch = BigInt(takenAt) * 1000n + BigInt(millisecond) - PLATFORM_EPOCH_MS;
  return (sinceEpoch << TIME_SHIFT) | (kind === 'item' ? ITEM_BIT : 0n) | ((BigInt(user) * SPREAD) & USER_BITS);
}

/** The second a media id was posted at, read the platform's way. */
export const takenAtOfMediaId = (id: bigint): number => Number(((id >> TIME_SHIFT) + PLATFORM_EPOCH_MS) / 1000n);

/**
 * What scans read: cheap to make (one seeded generator, a few draws). `detailSeed` seeds the rest
 * of the post (postModel), so a frame can be completed any number of times alike.
 */
export function postFrame(owner: WorldUser, index: number) {
  const random = new SeededRandom(`photos-post:${owner.index}:${index}`);
  // Each post sits in its own interval of the owner's timeline, so taken_at falls strictly with k;
  // a hashtag stream's post (./users.ts) is its account's newest, at the very time the stream gives.
  const leadsStream = index === 0 && owner.streamTag !== null;
  const jitter = 0.9 * random.next();
  const takenAt = Math.floor(PRESENT - owner.latestGap - (index + (leadsStream ? 0 : jitter)) * owner.postInterval);
  const roll = random.next();
  const type: Post['type'] = roll < 0.55 ? 'GraphImage' : roll < 0.8 ? 'GraphSidecar' : 'GraphVideo';
  const hashtags = new Set<string>(leadsStream ? [owner.streamTag!] : []);
  const hashtagCount = random.pick([0, 0, 1, 1, 2, 2, 2, 3]);
  while (hashtags.size < hashtagCount) hashtags.add(random.chance(0.6) ? random.pick(owner.theme.hashtags) : random.pick(GENERAL_HASHTAGS));
  const detailSeed = random.next() * 4294967296;
  // The millisecond of its id, taken from the seed so no other draw moves.
  const mediaId = mediaIdFor(takenAt, Math.floor(detailSeed) % 1000, owner.index, 'post');
  return { owner, index, takenAt, type, hashtags: [...hashtags], detailSeed, mediaId };
}

export type PostFrame = ReturnType<typeof postFrame>;

/** Only an account's newest posts tag anyone, so finding where a user is tagged scans a bounded window of each circle member's posts. */
export const TAGGING_WINDOW = 200;

/** The circle members (by index) tagged in post k of a user: about one post in seven of the window tags one to three. */
export function taggedIn(owner: number, index: number): number[] {
  if (index >= TAGGING_WINDOW) return [];
  const random = new SeededRandom(`photos-tags:${owner}:${index}`);
  if (!random.chance(0.15)) return [];
  const circle = circleOf(owner);
  const tagged = new Set<number>();
  const count = random.pick([1, 1, 1, 2, 2, 3]);
  while (tagged.size < count) tagged.add(random.pick(circle));
  return [...tagged];
}

/**
 * Everything a post's records show. Its likers and commenters come from the regular users who had
 * joined before it was posted, `audiencePool` of them, in the order `audienceStride` draws (./audience.ts).
 */
export function postModel(frame: PostFrame) {
  const random = new SeededRandom(frame.detailSeed);
  const { owner } = frame;
  const line = random.chance(0.15) ? '' : random.pick(owner.theme.lines);
  const caption = [line, frame.hashtags.map((tag) => `#${tag}`).join(' ')].filter(Boolean).join(' ');
  // Likes follow the owner's audience: a few percent of followers, more or less.
  const rate = Math.min(0.25, Math.max(0.002, Math.exp(random.normal(Math.log(0.03), 0.6))));
  const likes = Math.round(owner.followers * rate) + random.integer(0, 3);
  const comments = Math.min(99_999, Math.round(likes * random.between(0.005, 0.05)) + (random.chance(0.3) ? 1 : 0));
  const video = frame.type === 'GraphVideo';
  const views = video ? Math.round(likes * random.between(4, 15)) : null;
  const audiencePool = regularsJoinedBefore(frame.takenAt);
  return {
    ...frame,
    shortcode: shortcodeOf(frame.mediaId),
    tagged: taggedIn(owner.index, frame.index),
    caption,
    subject: random.pick(owner.theme.subjects),
    likes,
    comments,
    views,
    plays: views === null ? null : views + Math.round(views * random.between(0.2, 1.5)),
    duration: video ? roundTo(random.between(3, 90), 1) : null,
    location: locatedAt(owner, random.chance(0.35) ? random.pick(PLACES) : null),
    audiencePool,
    audienceStride: coprimeStride(random, audiencePool),
  };
}

export type WorldPost = ReturnType<typeof postModel>;

export const postOf = (owner: WorldUser, index: number) => postModel(postFrame(owner, index));

/** The post behind a shortcode, or null: not a media id, not one of the world's posts, or a private account's. */
export function postByShortcode(shortcode: string): WorldPost | null {
  const decimal = mediaIdOf(shortcode);
  if (decimal === null || shortcodeOf(decimal) !== shortcode) return null;
  const id = BigInt(decimal);
  const user = Number(((id & USER_BITS) * UNSPREAD) & USER_BITS);
  if ((id & ITEM_BIT) !== 0n || user < 1 || user > POPULATION) return null;
  const owner = userAt(user);
  // The interval of the owner's timeline the time falls in is the post's index (see postFrame).
  const index = Math.floor((PRESENT - owner.latestGap - takenAtOfMediaId(id)) / owner.postInterval);
  if (owner.private || !(index >= 0 && index < owner.mediaCount)) return null;
  const frame = postFrame(owner, index);
  return frame.mediaId === id ? postModel(frame) : null;
}
