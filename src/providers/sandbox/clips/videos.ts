import { once } from '../../../core/once';
import { remembering } from '../memo';
import { SeededRandom } from '../random';
import { coprimeStride, creatorAt, NOTABLE, POSTERS, PRESENT, type Creator } from './creators';
import { CHALLENGES, GENERAL_CHALLENGES, REGULAR_LINES } from './vocabulary';

/**
 * Video k of a creator (0 = the newest) exists for k < video_count. Its id spells out when it was
 * posted, whose it is and which it is — create_time · 2^32 + creator · 2^10 + k, the platform's
 * own form (19 digits, below 2^63 until 2038) — so an id leads straight back to the video, and one
 * that does not regenerate the same create_time is none of the world's. Photo posts share the id
 * space; so do stories, with k from MAX_VIDEOS up.
 */

/** Label tracks and creators' sounds of the catalogue (./sounds.ts). */
export const SOUND_COUNT = 400;

/** A 32-bit seed from small integers, cheaper than a text: a scan seeds tens of thousands of generators. */
export function seedOf(...parts: number[]): number {
  let hash = 0x9e3779b9;
  for (const part of parts) {
    hash = Math.imul(hash ^ part, 0x85ebca6b);
    hash ^= hash >>> 13;
    hash = Math.imul(hash, 0xc2b2ae35);
    hash ^= hash >>> 16;
  }
  return hash >>> 0;
}

export function videoIdFor(createTime: number, creator: number, slot: number): bigint {
  return (BigInt(createTime) << 32n) | (BigInt(creator) << 10n) | BigInt(slot);
}

const FORMATS: ReadonlyArray<readonly [number, number]> = [[1080, 1920], [1080, 1920], [720, 1280], [1080, 1350]];
const FIRST_GENERAL = CHALLENGES.length - GENERAL_CHALLENGES.length;

/**
 * What scans read of video `key` (= creator · 1024 + k): numbers only, from one cheap generator.
 * `detailSeed` seeds the rest (generateVideo), so a frame can be completed any number of times alike.
 */
export function videoFrame(key: number) {
  const creator = creatorAt(Math.floor(key / 1024));
  const random = new SeededRandom(seedOf(1, key));
  const index = key % 1024;
  const createTime = Math.floor(PRESENT - creator.latestGap - (index + 0.9 * random.next()) * creator.interval);
  // Notable creators' videos carry challenges and mostly a catalogue sound (the popular ones far
  // more often); every other video has its own original sound. Only these are scanned (worldIndex).
  const sound = creator.notable && random.chance(0.6) ? Math.floor(SOUND_COUNT * random.next() ** 2) : null;
  const challenges: number[] = [];
  const theme = creator.themeIndex;
  for (let tags = creator.notable ? random.pick([0, 1, 1, 2, 2, 3]) : 0; challenges.length < tags; ) {
    const challenge = random.chance(0.6) ? theme * 5 + random.integer(0, 4) : FIRST_GENERAL + random.integer(0, GENERAL_CHALLENGES.length - 1);
    if (!challenges.includes(challenge)) challenges.push(challenge);
  }
  // Likes follow the creator's audience, and now and then a video takes off.
  const reach = creator.followers * Math.exp(random.normal(Math.log(0.04), 0.8)) * (random.chance(0.03) ? random.between(3, 30) : 1);
  const likes = Math.min(30_000_000, Math.round(reach) + random.integer(0, 5));
  const plays = Math.round(likes * random.between(6, 25)) + random.integer(10, 300);
  const line = creator.notable ? (random.chance(0.9) ? random.pick(creator.theme.lines) : '') : random.pick(random.chance(0.5) ? REGULAR_LINES : creator.theme.lines);
  return { key, creator, index, createTime, photo: random.chance(0.12), sound, challenges, line, likes, plays, detailSeed: random.next() * 4294967296 };
}

export type VideoFrame = ReturnType<typeof videoFrame>;

/** Everything a video's records show. */
export function generateVideo(key: number) {
  const frame = videoFrame(key);
  const { creator, likes, photo } = frame;
  const random = new SeededRandom(frame.detailSeed);
  const images = photo ? random.integer(2, 12) : 0;
  const [width, height] = photo ? [1080, 1440] : random.pick(FORMATS);
  return {
    ...frame,
    id: videoIdFor(frame.createTime, creator.index, frame.index).toString(),
    description: [frame.line, ...frame.challenges.map((challenge) => `#${CHALLENGES[challenge]}`)].filter(Boolean).join(' '),
    // One comment per 800–5,000 plays, so never more than 900,003 (30M likes × 25 plays each × 0.0012):
    // a comment id keeps 20 bits for its position (./comments.ts). Never more comments than likes.
    comments: Math.min(likes, Math.round(frame.plays * random.between(0.0002, 0.0012)) + random.integer(0, 3)),
    shares: Math.round(likes * random.between(0.002, 0.05)),
    saves: Math.round(likes * random.between(0.01, 0.12)),
    images, width, height,
    duration: photo ? images * 3 : Math.round(5 + 175 * random.next() ** 2),
    /** Orders the population its commenters come from (./comments.ts). */
    commentStride: coprimeStride(random),
  };
}

export type Video = ReturnType<typeof generateVideo>;

export const videoAt = remembering(4_096, generateVideo);
export const videoOf = (creator: Creator, index: number) => videoAt(creator.index * 1024 + index);

/** The video (or photo post) with this id, or null. */
export function videoById(id: string): Video | null {
  if (!/^\d{19}$/.test(id)) return null;
  const value = BigInt(id);
  const creator = Number((value >> 10n) & 0x3f_ffffn);
  const index = Number(value & 0x3ffn);
  if (creator < 1 || creator > POSTERS || index >= creatorAt(creator).videoCount) return null;
  const video = videoAt(creator * 1024 + index);
  return video.id === id ? video : null;
}

/** Search looks at this many of each notable creator's newest videos (./search.ts). */
export const SEARCH_WINDOW = 100;

/**
 * One pass over every notable video's frame (about 75,000), made once: which use each catalogue
 * sound and carry each challenge, and the plays of each challenge's videos (both by catalogue
 * position), and the frames search reads. An entry packs create_time · 2^18 + key, so a typed
 * array sorts a list newest first when it is asked for.
 */
function scanWorld() {
  const bySound = Array.from({ length: SOUND_COUNT }, () => [] as number[]);
  const byChallenge = CHALLENGES.map(() => [] as number[]);
  const challengePlays = CHALLENGES.map(() => 0);
  const searched: VideoFrame[] = [];
  for (let creator = 1; creator <= NOTABLE; creator += 1) {
    for (let index = 0; index < creatorAt(creator).videoCount; index += 1) {
      const frame = videoFrame(creator * 1024 + index);
      if (index < SEARCH_WINDOW) searched.push(frame);
      const entry = frame.createTime * 2 ** 18 + frame.key;
      if (frame.sound !== null) bySound[frame.sound]!.push(entry);
      for (const challenge of frame.challenges) {
        byChallenge[challenge]!.push(entry);
        challengePlays[challenge]! += frame.plays;
      }
    }
  }
  return { bySound, byChallenge, challengePlays, searched };
}

export const worldIndex = once(scanWorld);

const newestFirst = (entries: number[]) => Array.from(new Float64Array(entries).sort().reverse(), (entry) => entry % 2 ** 18);

/** The keys of the videos using catalogue sound `position`, newest first. */
export const soundVideoKeys = remembering(64, (position: number) => newestFirst(worldIndex().bySound[position]!));
export const challengeVideoKeys = remembering(64, (position: number) => newestFirst(worldIndex().byChallenge[position]!));

/** The likes all the creator's videos received. */
export const heartsOf = remembering(256, (creator: Creator) => {
  let hearts = 0;
  for (let index = 0; index < creator.videoCount; index += 1) hearts += videoFrame(creator.index * 1024 + index).likes;
  return hearts;
}, (creator) => creator.index);
