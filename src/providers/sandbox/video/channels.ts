import { FIRST_NAMES, SURNAMES } from '../contacts/vocabulary';
import { remembering } from '../memo';
import { SeededRandom } from '../random';
import { decodeId, encodeId, handleDigits, valueOfHandleDigits } from './ids';
import { NOW, slugOf } from './texts';
import { COUNTRIES, NAME_EXTRAS, TOPICS } from './vocabulary';

/**
 * The world's channels, 1..CHANNELS, each generated from its index alone. Channels 1..NOTABLE
 * have the topics' names in turn (all different, handles without digits) and big audiences; the
 * rest have a topic's words, their handle ending in their index. Beyond CHANNELS, up to ACCOUNTS,
 * are the viewers who comment: a channel each, as on the platform, with a person's name, a few
 * subscribers and nothing uploaded, so an author's channel id (or handle) opens its channel.
 */

export const CHANNELS = 3_000;
export const NOTABLE = 300;
export const ACCOUNTS = 16_000_000;
export const MEDIA = 'https://i.video.com';
export const WEB = 'https://www.video.com';

/** What a channel uploads (`counts`), in the order of a video key's kind bits (./videos.ts). */
export const [VIDEO, SHORT, LIVESTREAM] = [0, 1, 2] as const;
/** A key's index has 14 bits; no channel comes near. */
const MAX_UPLOADS = 900;

const DAY = 86_400;
const FIRST_JOIN = Date.UTC(2009, 0, 1) / 1000;
const LAST_JOIN = Date.UTC(2024, 6, 1) / 1000;

function notableName(index: number) {
  const topicIndex = (index - 1) % TOPICS.length;
  const turn = Math.floor((index - 1) / TOPICS.length);
  const topic = TOPICS[topicIndex]!;
  return { topicIndex, name: `${topic.heads[turn % topic.heads.length]} ${topic.tails[Math.floor(turn / topic.heads.length)]}` };
}

const NOTABLE_BY_SLUG = new Map(Array.from({ length: NOTABLE }, (_, offset) => [slugOf(notableName(offset + 1).name), offset + 1]));

const logNormal = (random: SeededRandom, median: number, spread: number, max: number) => Math.min(max, Math.max(1, Math.round(Math.exp(random.normal(Math.log(median), spread)))));

function generateChannel(index: number) {
  const random = new SeededRandom(`video-channel:${index}`);
  const notable = index <= NOTABLE;
  let { topicIndex, name } = notable ? notableName(index) : { topicIndex: random.integer(0, TOPICS.length - 1), name: '' };
  const topic = TOPICS[topicIndex]!;
  let personal = false;
  if (!notable) {
    const extra = random.pick(NAME_EXTRAS);
    personal = random.chance(0.3);
    name = personal ? `${random.pick(FIRST_NAMES).name} ${random.pick(SURNAMES)}` : `${random.pick(topic.heads)} ${random.pick(topic.tails)}${extra ? ` ${extra}` : ''}`;
  }
  const active = notable || random.chance(0.88);
  const videos = !active ? 0 : notable ? logNormal(random, 150, 0.7, MAX_UPLOADS) : logNormal(random, 20, 1, 500);
  const shorts = active && random.chance(notable ? 0.7 : 0.35) ? logNormal(random, notable ? 40 : 10, 0.8, 400) : 0;
  const livestreams = active && random.chance(notable ? 0.3 : 0.1) ? random.integer(1, notable ? 60 : 15) : 0;
  const joined = random.integer(FIRST_JOIN, LAST_JOIN);
  const gaps = [random.integer(3_600, (notable ? 5 : 120) * DAY), random.integer(3_600, 30 * DAY), random.integer(DAY, 60 * DAY)];
  const counts = [videos, shorts, livestreams];
  const subscribers = notable ? Math.round(50_000 * 400 ** (random.next() ** 2.5)) : logNormal(random, 1_500, 1.5, 400_000);
  const verified = subscribers >= 100_000 && random.chance(0.8);
  return {
    index, name, topicIndex, topic, notable, subscribers, verified, joined,
    /** Named after a person rather than its topic: a creator who may upload about anything (./made.ts). */
    personal,
    id: `UC${encodeId('channel', index, 22)}`,
    handle: `@${slugOf(name)}${notable ? '' : index}`,
    artist: verified && topic.label === 'Music',
    country: random.pick(COUNTRIES),
    counts,
    gaps,
    /** Seconds between consecutive uploads of each kind: each upload sits in its own slot of the timeline. */
    intervals: counts.map((count, kind) => (NOW - gaps[kind]! - joined) / Math.max(count, 1)),
    playlists: videos < 3 ? 0 : Math.min(Math.floor(videos / 4), random.integer(notable ? 2 : 0, notable ? 12 : 5)),
    posts: active && random.chance(notable ? 0.8 : 0.3) ? random.integer(1, notable ? 120 : 30) : 0,
    store: active && random.chance(notable ? 0.4 : 0.05) ? random.integer(2, topic.products.length) : 0,
    featured: random.integer(0, notable ? 6 : 2),
    description: `${random.pick(topic.lines)} New ${topic.label.toLowerCase()} videos every week from ${name}.`,
    seed: random.next() * 4294967296,
    viewer: false,
  };
}

export type Channel = ReturnType<typeof generateChannel>;

/** Viewer `index` (CHANNELS < index ≤ ACCOUNTS): a channel of the world's shape, with nothing uploaded. */
function generateViewer(index: number): Channel {
  const random = new SeededRandom(`video-viewer:${index}`);
  const topicIndex = random.integer(0, TOPICS.length - 1);
  const first = random.pick(FIRST_NAMES).name;
  const name = random.chance(0.25) ? first : `${first} ${random.pick(SURNAMES)}`;
  return {
    index, name, topicIndex,
    topic: TOPICS[topicIndex]!,
    notable: false,
    personal: true,
    subscribers: random.chance(0.5) ? 0 : logNormal(random, 3, 1.2, 900),
    verified: false,
    joined: random.integer(FIRST_JOIN, LAST_JOIN),
    id: `UC${encodeId('channel', index, 22)}`,
    // The platform's automatic handle.
    handle: `@user-${handleDigits(index)}`,
    artist: false,
    country: random.pick(COUNTRIES),
    counts: [0, 0, 0],
    gaps: [0, 0, 0],
    intervals: [0, 0, 0],
    playlists: 0,
    posts: 0,
    store: 0,
    featured: 0,
    description: '',
    seed: random.next() * 4294967296,
    viewer: true,
  };
}

const worldChannelAt = remembering(CHANNELS, generateChannel);

/** Account `index` (1..ACCOUNTS): a channel of the world's, or a viewer's (made anew each time: cheap, and never crowding the world's out of memory). */
export const channelAt = (index: number): Channel => (index <= CHANNELS ? worldChannelAt(index) : generateViewer(index));

export function channelById(id: string): Channel | null {
  const index = id.startsWith('UC') ? decodeId('channel', id.slice(2)) : null;
  return index !== null && index >= 1 && index <= ACCOUNTS ? channelAt(index) : null;
}

/** The channel with this handle or custom name (any case, with or without @), or null. */
export function channelByName(name: string): Channel | null {
  const slug = slugOf(name);
  const notable = NOTABLE_BY_SLUG.get(slug);
  if (notable !== undefined) return channelAt(notable);
  const viewerDigits = /^user([a-z0-9]{10})$/.exec(slug)?.[1];
  if (viewerDigits !== undefined) {
    const viewer = valueOfHandleDigits(viewerDigits);
    return viewer !== null && viewer > CHANNELS && viewer <= ACCOUNTS ? channelAt(viewer) : null;
  }
  const digits = /\D(\d{3,4})$/.exec(slug)?.[1];
  const index = digits === undefined ? NaN : Number(digits);
  if (!(index > NOTABLE && index <= CHANNELS)) return null;
  const channel = channelAt(index);
  return channel.handle === `@${slug}` ? channel : null;
}

/** Everything the channel uploaded, Shorts and livestreams included: what its header counts and its uploads playlist lists. */
export const uploadCount = (channel: Channel) => channel.counts.reduce((sum, count) => sum + count, 0);

export const allChannels = (): Channel[] => Array.from({ length: CHANNELS }, (_, offset) => channelAt(offset + 1));

/** What a comment shows of account `index`: its channel's id, handle and badges. */
export function accountOf(index: number) {
  const { id, handle, verified, artist } = channelAt(index);
  return { id, handle, verified, artist };
}

export const avatarOf = (channelId: string, sizes: readonly number[] = [88, 176, 800]) =>
  sizes.map((size) => ({ url: `${MEDIA}/avatar/${channelId}/s${size}.jpg`, width: size, height: size }));
