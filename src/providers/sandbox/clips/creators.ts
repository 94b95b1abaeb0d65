import { FIRST_NAMES, SURNAMES } from '../contacts/vocabulary';
import { remembering } from '../memo';
import { SeededRandom } from '../random';
import { audienceMember as memberOf, coprimeStride as strideCoprimeWith } from '../audience';
import { REGIONS, REGULAR_SIGNATURES, THEMES, type Theme } from './vocabulary';

/**
 * The world's people: ids 1..POPULATION, each generated from its id alone. Ids 1..NOTABLE are the
 * themed creators with audiences; up to POSTERS everyone may post; past it are the accounts that
 * only watch, follow and comment (a video id has 22 bits for its creator, ./videos.ts, and the
 * biggest audiences need more people than that). A regular handle ends in its id and a user_id
 * carries it, so both lead back to one account: regenerate it and compare.
 */

export const POPULATION = 24_000_000;
export const POSTERS = 4_000_000;
export const NOTABLE = 150;
/** The world's present: videos, comments and replies happen before it; only stories follow the clock. */
export const PRESENT = Date.UTC(2026, 10, 20) / 1000;
export const MEDIA_HOST = 'https://media.clips-sandbox.example';
/** A video id keeps 10 bits for the video's index; indexes from MAX_VIDEOS up name stories. */
export const MAX_VIDEOS = 1_000;

const DAY = 86_400;
const FIRST_JOIN = Date.UTC(2017, 2, 1) / 1000;
const LAST_JOIN = Date.UTC(2025, 5, 1) / 1000;
const USER_ID_BASE = 6_800_000_000_000_000_000n;

/** Notable creator n: theme (n−1) mod 10, then every head.tail pair of the theme in turn. */
function notableHandle(index: number): { theme: Theme; handle: string } {
  const theme = THEMES[(index - 1) % THEMES.length]!;
  const turn = Math.floor((index - 1) / THEMES.length);
  return { theme, handle: `${theme.heads[turn % 5]}.${theme.tails[Math.floor(turn / 5)]}` };
}

const NOTABLE_BY_HANDLE = new Map(Array.from({ length: NOTABLE }, (_, offset) => [notableHandle(offset + 1).handle, offset + 1]));

function generateCreator(index: number) {
  const random = new SeededRandom(`clips-user:${index}`);
  const notable = index <= NOTABLE;
  const poster = index <= POSTERS;
  let { theme, handle } = notable ? notableHandle(index) : { theme: random.pick(THEMES), handle: '' };
  let nickname = handle.split('.').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
  if (!notable) {
    const first = random.pick(FIRST_NAMES).name;
    const last = random.pick(SURNAMES);
    // A fifth keep the handle the platform gave them, and show it as their name too.
    const given = random.chance(0.2);
    handle = given ? `user${index}` : `${first}${random.pick(['.', '_', ''])}${last}${index}`.toLowerCase();
    nickname = given ? handle : random.chance(0.3) ? first : `${first} ${last}`;
  }
  const [region, language] = random.pick(REGIONS);
  const videoCount = notable ? random.integer(100, 900) : !poster || random.chance(0.1) ? 0 : Math.min(MAX_VIDEOS, Math.round(Math.exp(random.normal(Math.log(25), 1.2))));
  const joined = random.integer(FIRST_JOIN, notable ? LAST_JOIN - 600 * DAY : LAST_JOIN);
  const latestGap = random.integer(3_600, notable ? 3 * DAY : 200 * DAY);
  const userId = String(USER_ID_BASE + (BigInt(index) << 32n) + BigInt(random.integer(0, 0xffff_ffff)));
  const signature = notable ? random.pick(theme.signatures) : random.chance(0.5) ? '' : random.pick(REGULAR_SIGNATURES);
  const verified = notable && random.chance(0.75);
  // Notable audiences are heavy-tailed from 50k to 20M; regular ones centre on about a hundred.
  const followers = notable ? Math.round(50_000 * 400 ** (random.next() ** 2.5)) : regularFollowerCount(index);
  // Whom an account follows is not drawn: it is whoever has it among their followers (./follows.ts). The
  // draws that gave a following count (and a regular follower count) are skipped, so every later value
  // of every account stays what it was.
  for (let draw = notable ? 1 : 3; draw > 0; draw -= 1) random.next();
  return {
    index, handle, nickname, theme, notable, region, language, videoCount, latestGap, userId,
    avatar: `${MEDIA_HOST}/avatars/${index}.jpeg`,
    signature,
    themeIndex: THEMES.indexOf(theme),
    verified, followers,
    likedCount: Math.round(Math.exp(random.normal(Math.log(notable ? 3_000 : 400), 1.2))),
    favoriteCount: notable ? random.integer(10, 300) : random.chance(0.6) ? random.integer(1, 150) : 0,
    repostCount: notable ? random.integer(3, 60) : random.chance(0.3) ? random.integer(1, 30) : 0,
    storyteller: notable && random.chance(0.5),
    /** Seconds between consecutive videos: each video sits in its own slot of the creator's timeline. */
    interval: (PRESENT - latestGap - joined) / Math.max(videoCount, 1),
    /** Orders a notable creator's followers (./follows.ts); a regular account's stand behind it on the follow circle. */
    followerStride: coprimeStride(random),
  };
}

export type Creator = ReturnType<typeof generateCreator>;

/** The most followers a regular account has: how far ahead on the follow circle a following list looks (./follows.ts). */
export const REGULAR_FOLLOWERS_MAX = 50_000;

/** A uniform draw in [0, 1) from an account's index alone (mulberry32's mixing): cheaper than a generator. */
function uniformOf(index: number): number {
  let t = Math.imul(index, 0x2545f491) ^ 0x5bd1e995;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26, within 1.5e-7). */
function normalBelow(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erfc = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) * Math.exp(-x * x);
  return z >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/**
 * For posters and for watchers, entry d (1..REGULAR_FOLLOWERS_MAX) is the share of accounts with
 * fewer than d followers: log-normal audiences, posters' centred on about 120, watchers' on 20.
 * An account has at least d followers exactly when its draw is at least entry d, so a following
 * list (./follows.ts) tests an account ahead of it with one comparison.
 */
const BELOW = ([120, 20] as const).map((median) =>
  Float64Array.from({ length: REGULAR_FOLLOWERS_MAX + 1 }, (_, d) => (d === 0 ? 0 : normalBelow((Math.log(d - 0.5) - Math.log(median)) / 1.3))),
);
const belowFor = (index: number): Float64Array => BELOW[index <= POSTERS ? 0 : 1]!;

/** Whether regular account `index` has at least `count` followers (1..REGULAR_FOLLOWERS_MAX). */
export const hasFollowers = (index: number, count: number): boolean => uniformOf(index) >= belowFor(index)[count]!;

/** A regular account's follower count: the most d its draw passes (a binary search of its table). */
export function regularFollowerCount(index: number): number {
  const [below, draw] = [belowFor(index), uniformOf(index)];
  let [low, high] = [0, REGULAR_FOLLOWERS_MAX];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (draw >= below[middle]!) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** How many creators creatorAt remembers. */
export const REMEMBERED_CREATORS = 4_096;

/** Creator `index` (1..POPULATION); a page of followers or a scan reads the same few many times. */
export const creatorAt = remembering(REMEMBERED_CREATORS, generateCreator);

/** The account with this (lower-case) handle, or null. */
export function creatorNamed(handle: string): Creator | null {
  const notable = NOTABLE_BY_HANDLE.get(handle);
  if (notable !== undefined) return creatorAt(notable);
  const digits = /[a-z_.](\d{3,8})$/.exec(handle)?.[1];
  const index = digits === undefined ? NaN : Number(digits);
  if (!(index > NOTABLE && index <= POPULATION)) return null;
  const creator = creatorAt(index);
  return creator.handle === handle ? creator : null;
}

/** The account with this user_id, or null. */
export function creatorById(userId: string): Creator | null {
  if (!/^\d{19}$/.test(userId)) return null;
  const index = Number((BigInt(userId) - USER_ID_BASE) >> 32n);
  if (!(index >= 1 && index <= POPULATION)) return null;
  const creator = creatorAt(index);
  return creator.userId === userId ? creator : null;
}

export const notableCreators = (): Creator[] => Array.from({ length: NOTABLE }, (_, offset) => creatorAt(offset + 1));

/** A multiplier coprime with POPULATION: its audiences are permutations of it (../audience.ts). */
export const coprimeStride = (random: SeededRandom): number => strideCoprimeWith(random, POPULATION);

/** Who follows, is followed, comments and replies: the account at a position of an audience of the population (../audience.ts). */
export const audienceMember = (stride: number, self: number, position: number): number => memberOf(POPULATION, stride, self, position);
