import { FIRST_NAMES, SURNAMES } from '../contacts/vocabulary';
import { SeededRandom } from '../random';
import { coprimeStride as strideCoprimeWith } from '../audience';
import { remembering } from '../memo';
import { hashtagMediaCount } from './hashtag-counts';
import { COUNTRIES, HASHTAGS, REGULAR_BIOS, THEMES, type Theme } from './vocabulary';

/**
 * The world's people: ids 1..POPULATION, each generated from its id alone, so any of four million
 * accounts exists without being stored. Ids 1..NOTABLE are the themed accounts with audiences;
 * the rest are regular people whose username ends in their id, so a username leads back to one
 * id (regenerate it and compare) and anything else is an account the world does not have.
 * Regular ids are handed out in sign-up order, so the users who had joined by any time are a run
 * of ids, which is where a post's likers and commenters come from (./audience.ts).
 */

export const POPULATION = 4_000_000;
export const NOTABLE = 200;
/** Users are grouped by id into circles of this size; posts tag members of the owner's circle. */
export const CIRCLE = 16;
/** The world's present: posts, comments and highlights happen before it; only stories follow the clock. */
export const PRESENT = Date.UTC(2026, 10, 20) / 1000;
export const IMAGE_HOST = 'https://images.photos-sandbox.example';
/** Notable accounts post at most this many times (media ids keep 12 bits for the post index; see ./posts.ts). */
export const MAX_NOTABLE_MEDIA = 2_800;

const DAY = 86_400;
const FIRST_JOIN = Date.UTC(2012, 2, 1) / 1000;
const LAST_JOIN = Date.UTC(2025, 5, 1) / 1000;

/** Regular users signed up one after another in id order (the platform's ids grow with sign-up time), one every JOIN_SLOT seconds. */
const JOIN_SLOT = (LAST_JOIN - FIRST_JOIN) / (POPULATION - NOTABLE);

/** How many regular users had joined before `time`: ids NOTABLE + 1 to NOTABLE + this, each of whom had. */
export const regularsJoinedBefore = (time: number): number => Math.max(0, Math.min(POPULATION - NOTABLE, Math.floor((time - FIRST_JOIN) / JOIN_SLOT)));

/**
 * Each hashtag is posted as often as its media_count implies: spread over the platform's life, a
 * tag with millions of posts gets one every minute or two, a tag of 50k one every few hours. Its
 * newest posts are its stream: the newest posts of STREAM_LENGTH regular accounts (the last ids,
 * twelve a tag in HASHTAGS order), each of which carries the tag, the first posted seconds to
 * minutes before the world's present and each next one about a spacing earlier.
 */
export const STREAM_LENGTH = 12;
const FIRST_STREAMER = POPULATION - HASHTAGS.length * STREAM_LENGTH + 1;

/** The account whose newest post is the tag's `slot`-th newest of its stream. */
export const streamerOf = (tag: string, slot: number): number => FIRST_STREAMER + HASHTAGS.indexOf(tag) * STREAM_LENGTH + slot;

/** How long before the present each post of the tag's stream was posted, newest first. */
const streamGaps = remembering(HASHTAGS.length, (tag: string): number[] => {
  const random = new SeededRandom(`photos-stream:${tag}`);
  const spacing = (PRESENT - FIRST_JOIN) / hashtagMediaCount(tag);
  let gap = 0;
  return Array.from({ length: STREAM_LENGTH }, () => (gap += Math.max(1, Math.round(spacing * random.between(0.5, 1.5)))));
});

/** The tag whose stream this account posts in, and how long before the present its newest post went up; null for everyone else. */
function streamOf(index: number): { tag: string; gap: number } | null {
  if (index < FIRST_STREAMER) return null;
  const tag = HASHTAGS[Math.floor((index - FIRST_STREAMER) / STREAM_LENGTH)]!;
  return { tag, gap: streamGaps(tag)[(index - FIRST_STREAMER) % STREAM_LENGTH]! };
}

const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Notable account n's handle: theme (n−1) mod 10, then every head.tail pair of the theme in turn. */
function notableHandle(index: number): { theme: Theme; handle: string } {
  const theme = THEMES[(index - 1) % THEMES.length]!;
  const turn = Math.floor((index - 1) / THEMES.length);
  return { theme, handle: `${theme.heads[turn % 5]}.${theme.tails[Math.floor(turn / 5)]}` };
}

const NOTABLE_BY_HANDLE = new Map(Array.from({ length: NOTABLE }, (_, offset) => [notableHandle(offset + 1).handle, offset + 1]));

/** A multiplier coprime with POPULATION: its audiences are permutations of it (../audience.ts). */
export const coprimeStride = (random: SeededRandom): number => strideCoprimeWith(random, POPULATION);

/**
 * User `index`, from its id alone. `latestGap` and `postInterval` place its posts on the world's
 * timeline (./posts.ts); `followerStride` orders the population its followers come from
 * (./audience.ts); storytellers are notable accounts with stories every day.
 */
function generateUser(index: number) {
  const random = new SeededRandom(`photos-user:${index}`);
  const notable = index <= NOTABLE;
  const stream = streamOf(index);
  let theme: Theme;
  let username: string;
  let fullName: string;
  if (notable) {
    ({ theme, handle: username } = notableHandle(index));
    fullName = username.split('.').map(titleCase).join(' ');
  } else {
    theme = random.pick(THEMES);
    const first = random.pick(FIRST_NAMES).name;
    const last = random.pick(SURNAMES);
    username = `${first}${random.pick(['.', '_', ''])}${last}${index}`.toLowerCase();
    fullName = random.chance(0.06) ? '' : random.chance(0.15) ? first : `${first} ${last}`;
    // A stream's account posts about its tag's theme (a general tag's, about anything).
    theme = THEMES.find((candidate) => stream !== null && candidate.hashtags.includes(stream.tag)) ?? theme;
  }
  const joined = notable ? random.integer(FIRST_JOIN, LAST_JOIN - 1_000 * DAY) : FIRST_JOIN + Math.floor((index - NOTABLE - 1 + random.next()) * JOIN_SLOT);
  const drawnMedia = notable ? random.integer(150, MAX_NOTABLE_MEDIA) : random.chance(0.08) ? 0 : Math.min(1_500, Math.round(Math.exp(random.normal(Math.log(60), 1.1))));
  const mediaCount = stream === null ? drawnMedia : Math.max(1, drawnMedia);
  const drawnGap = random.integer(3_600, notable ? 3 * DAY : 120 * DAY);
  const latestGap = stream === null ? drawnGap : stream.gap;
  const business = notable || random.chance(0.06);
  const country = random.pick(COUNTRIES);
  return {
    index,
    publicId: String(1_283_000_000 + index * 1_409),
    username,
    fullName,
    biography: notable ? `${random.pick(theme.bios)} · ${country}` : random.chance(0.5) ? '' : random.pick(REGULAR_BIOS),
    theme,
    notable,
    // Notable audiences are heavy-tailed from 10k to 3M; regular ones centre on a few hundred.
    followers: notable ? Math.round(10_000 * 300 ** (random.next() ** 2.2)) : Math.min(60_000, Math.round(Math.exp(random.normal(Math.log(250), 1.3)))),
    following: notable ? random.integer(0, 1_500) : random.integer(20, 2_000),
    mediaCount,
    verified: notable && random.chance(0.7),
    private: !notable && random.chance(0.15) && stream === null,
    business,
    externalUrl: business ? `https://www.${username.replace(/[^a-z0-9]/g, '')}.example` : null,
    joined,
    country,
    formerUsernames: random.chance(notable ? 0.4 : 0.1) ? [`${username}${random.pick(['_', '.official', '.old', '_x'])}`] : [],
    storyteller: notable && random.chance(0.6),
    latestGap,
    /** The hashtag this account's newest post carries for its stream, or null. */
    streamTag: stream?.tag ?? null,
    postInterval: (PRESENT - latestGap - joined) / Math.max(mediaCount, 1),
    followerStride: coprimeStride(random),
    profilePicUrl: `${IMAGE_HOST}/avatars/${index}.jpg`,
  };
}

export type WorldUser = ReturnType<typeof generateUser>;

/** How many users userAt remembers. */
export const REMEMBERED_USERS = 4_096;

/** User `index` (1..POPULATION); a page of followers or a circle's scan reads the same few many times. */
export const userAt = remembering(REMEMBERED_USERS, generateUser);

/** The account with this (lower-case) username, or null when the world has none. */
export function userNamed(username: string): WorldUser | null {
  const notable = NOTABLE_BY_HANDLE.get(username);
  if (notable !== undefined) return userAt(notable);
  const digits = /[a-z_.](\d{3,7})$/.exec(username)?.[1];
  const index = digits === undefined ? NaN : Number(digits);
  if (!(index > NOTABLE && index <= POPULATION)) return null;
  const user = userAt(index);
  return user.username === username ? user : null;
}

/** The members of a user's circle other than the user, by index. */
export function circleOf(index: number): number[] {
  const first = Math.floor((index - 1) / CIRCLE) * CIRCLE + 1;
  return Array.from({ length: CIRCLE }, (_, offset) => first + offset).filter((member) => member !== index);
}

export function notableUsers(): WorldUser[] {
  return Array.from({ length: NOTABLE }, (_, offset) => userAt(offset + 1));
}
