import { mediaIdOf, shortcodeOf } from '../../../photos/shortcode';
import type { Post } from '../../../schemas/photos';
import { roundTo, SeededRandom } from '../random';
import { circleOf, coprimeStride, POPULATION, PRESENT, userAt, type WorldUser } from './users';
import { locatedAt } from './venues';
import { GENERAL_HASHTAGS, PLACES } from './vocabulary';

/**
 * Post k of a user (0 = the newest) exists for k < media_count. Its media id spells out when it
 * was posted, whose it is and which it is — (taken_at − 2012) · 2^34 + user · 2^12 + k — so a
 * shortcode leads straight back to the post, and one that does not regenerate the same
 * taken_at is none of the world's. Story and highlight items use the same form with k beyond any
 * post's (above MAX_NOTABLE_MEDIA), so their ids never name a post.
 */

const EPOCH_2012 = Date.UTC(2012, 0, 1) / 1000;
export const STORY_SLOT = 4_000;
export const HIGHLIGHT_SLOT = 3_200;

export function mediaIdFor(takenAt: number, user: number, slot: number): bigint {
  return (BigInt(takenAt - EPOCH_2012) << 34n) | (BigInt(user) << 12n) | BigInt(slot);
}

/**
 * What scans read: cheap to make (one seeded generator, a few draws). `detailSeed` seeds the rest
 * of the post (postModel), so a frame can be completed any number of times alike.
 */
export function postFrame(owner: WorldUser, index: number) {
  const random = new SeededRandom(`photos-post:${owner.index}:${index}`);
  // Each post sits in its own interval of the owner's timeline, so taken_at falls strictly with k.
  const takenAt = Math.floor(PRESENT - owner.latestGap - (index + 0.9 * random.next()) * owner.postInterval);
  const roll = random.next();
  const type: Post['type'] = roll < 0.55 ? 'GraphImage' : roll < 0.8 ? 'GraphSidecar' : 'GraphVideo';
  const hashtags = new Set<string>();
  const hashtagCount = random.pick([0, 0, 1, 1, 2, 2, 2, 3]);
  while (hashtags.size < hashtagCount) hashtags.add(random.chance(0.6) ? random.pick(owner.theme.hashtags) : random.pick(GENERAL_HASHTAGS));
  return { owner, index, takenAt, type, hashtags: [...hashtags], detailSeed: random.next() * 4294967296 };
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

/** Everything a post's records show. `audienceStride` orders the population its likers and commenters come from (./audience.ts). */
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
  const mediaId = mediaIdFor(frame.takenAt, owner.index, frame.index);
  return {
    ...frame,
    mediaId,
    shortcode: shortcodeOf(mediaId),
    tagged: taggedIn(owner.index, frame.index),
    caption,
    subject: random.pick(owner.theme.subjects),
    likes,
    comments,
    views,
    plays: views === null ? null : views + Math.round(views * random.between(0.2, 1.5)),
    duration: video ? roundTo(random.between(3, 90), 1) : null,
    location: locatedAt(owner, random.chance(0.35) ? random.pick(PLACES) : null),
    audienceStride: coprimeStride(random),
  };
}

export type WorldPost = ReturnType<typeof postModel>;

export const postOf = (owner: WorldUser, index: number) => postModel(postFrame(owner, index));

/** The post behind a shortcode, or null: not a media id, not one of the world's posts, or a private account's. */
export function postByShortcode(shortcode: string): WorldPost | null {
  const decimal = mediaIdOf(shortcode);
  if (decimal === null || shortcodeOf(decimal) !== shortcode) return null;
  const id = BigInt(decimal);
  const user = Number((id >> 12n) & 0x3f_ffffn);
  const index = Number(id & 0xfffn);
  if (user < 1 || user > POPULATION) return null;
  const owner = userAt(user);
  if (owner.private || index >= owner.mediaCount) return null;
  const frame = postFrame(owner, index);
  return mediaIdFor(frame.takenAt, user, index) === id ? postModel(frame) : null;
}
