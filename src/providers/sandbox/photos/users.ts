import { FIRST_NAMES, SURNAMES } from '../contacts/vocabulary';
import { SeededRandom } from '../random';
import { coprimeStride as strideCoprimeWith } from '../audience';
import { remembering } from '../memo';
import { COUNTRIES, REGULAR_BIOS, THEMES, type Theme } from './vocabulary';

/**
 * The world's people: ids 1..POPULATION, each generated from its id alone, so any of four million
 * accounts exists without being stored. Ids 1..NOTABLE are the themed accounts with audiences;
 * the rest are regular people whose username ends in their id, so a username leads back to one
 * id (regenerate it and compare) and anything else is an account the world does not have.
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
  }
  const joined = random.integer(FIRST_JOIN, notable ? LAST_JOIN - 1_000 * DAY : LAST_JOIN);
  const mediaCount = notable ? random.integer(150, MAX_NOTABLE_MEDIA) : random.chance(0.08) ? 0 : Math.min(1_500, Math.round(Math.exp(random.normal(Math.log(60), 1.1))));
  const latestGap = random.integer(3_600, notable ? 3 * DAY : 120 * DAY);
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
    private: !notable && random.chance(0.15),
    business,
    externalUrl: business ? `https://www.${username.replace(/[^a-z0-9]/g, '')}.example` : null,
    joined,
    country,
    formerUsernames: random.chance(notable ? 0.4 : 0.1) ? [`${username}${random.pick(['_', '.official', '.old', '_x'])}`] : [],
    storyteller: notable && random.chance(0.6),
    latestGap,
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
