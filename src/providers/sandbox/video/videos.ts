import { seedOf } from '../clips/videos';
import { remembering } from '../memo';
import { SeededRandom } from '../random';
import { channelAt, CHANNELS, LIVESTREAM, SHORT, type Channel } from './channels';
import { decodeId, encodeId } from './ids';
import { madeVideoById } from './made';
import { NOW } from './texts';
import { CAPTION_LANGUAGES, GENERAL_TAGS, SHORTS_TAG, TAGS, TOPICS } from './vocabulary';

/**
 * Upload k of a channel's kind (0 = the newest) exists for k < the channel's count of that kind.
 * Its key, channel · 2^16 + kind · 2^14 + k, is what its id spells (./ids.ts), so an id leads
 * straight back to the upload. A frame is the numbers scans read (./catalog.ts); a video is the
 * frame with its words.
 */

export const keyOf = (channel: number, kind: number, index: number) => channel * 65_536 + kind * 16_384 + index;

const DAY = 86_400;
const FIRST_GENERAL = TAGS.length - GENERAL_TAGS.length;
const HEIGHTS_NOTABLE = [2160, 1440, 1080, 1080, 1080, 1080, 1080, 1080, 720, 720, 720, 480];
const HEIGHTS_REGULAR = [1080, 1080, 1080, 1080, 720, 720, 720, 720, 480, 480, 360];
/** Every quality a video may be watched in, highest first. */
export const HEIGHTS = [2160, 1440, 1080, 720, 480, 360, 240, 144] as const;

/** A topic's title forms: its 6 templates around its 10 subjects (form offsets 0–59). */
const TOPIC_FORMS = 60;
/**
 * Steps that walk every offset of 0–59 once (coprime to 60), so a channel's uploads never repeat a
 * form within a round; each moves both template and subject, so neighbours read unalike.
 */
const STEPS = [11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 49];

/**
 * Counted from the channel's oldest upload of the kind (so its numbers never shift), the n-th takes
 * round ⌊n/60⌋ and, in it, the channel's own walk over the topic's 60 forms: each form once a round.
 */
const roundOf = (channel: Channel, kind: number, index: number) => Math.floor((channel.counts[kind]! - 1 - index) / TOPIC_FORMS);

/** The episode a marker numbers: none (a plain marker) now and then in the first round, else one of its round's. */
const markerEpisode = (round: number, plain: boolean, drawn: number) => (round === 0 && plain ? 0 : round * EPISODES_PER_ROUND + drawn);

function formOffset(channel: Channel, kind: number, index: number): number {
  const nth = channel.counts[kind]! - 1 - index;
  const seed = seedOf(22, channel.index, kind);
  return (STEPS[seed % STEPS.length]! * (nth % TOPIC_FORMS) + (seed >>> 8)) % TOPIC_FORMS;
}

/**
 * Title markers: a first round's title is its form's words, often with a plain marker; an episode
 * marker's number is unique to its round (round · EPISODES_PER_ROUND + 1 … + EPISODES_PER_ROUND),
 * so two uploads of one form in different rounds never share a title, and uploads of one form on
 * different channels seldom do. A Short's title ends in #shorts and a livestream's opens "Live:",
 * so kinds never share one either. A marker is a number, (episode · MARKER_STYLES + style) · 4 +
 * kind, episode 0 for a plain marker: the catalog keeps it beside the form, and search reads it.
 */
const PLAIN_MARKERS = ['', ' [4K]', ' (full video)', ' | extended cut', ' (uncut)', ' | quick version'];
const EPISODE_MARKERS = [' #{}', ' (ep. {})', ' | day {}', ' - part {}', ' | vol. {}', ' (week {})'];
const MARKER_STYLES = PLAIN_MARKERS.length;
const PLAIN_SHARE = 0.35;
const EPISODES_PER_ROUND = 60;

const markerOf = (kind: number, style: number, episode: number) => (episode * MARKER_STYLES + style) * 4 + kind;

/** What a marker puts before and after its form's words. */
export function markerText(marker: number): { before: string; after: string } {
  const [kind, style, episode] = [marker % 4, Math.floor(marker / 4) % MARKER_STYLES, Math.floor(marker / 4 / MARKER_STYLES)];
  const after = episode === 0 ? PLAIN_MARKERS[style]! : EPISODE_MARKERS[style]!.replace('{}', String(episode));
  return { before: kind === LIVESTREAM ? 'Live: ' : '', after: kind === SHORT ? `${after} #shorts` : after };
}

/** An upload's title: its form's words with its marker. */
export function titleWith(form: number, marker: number): string {
  const { before, after } = markerText(marker);
  return `${before}${titleOf(form)}${after}`;
}

export function videoFrame(key: number) {
  const channel = channelAt(Math.floor(key / 65_536));
  const kind = Math.floor(key / 16_384) % 4;
  const index = key % 16_384;
  const random = new SeededRandom(seedOf(21, key));
  const published = Math.floor(NOW - channel.gaps[kind]! - (index + 0.9 * random.next()) * channel.intervals[kind]!);
  const form = channel.topicIndex * 100 + formOffset(channel, kind, index);
  const [style, plain] = [random.integer(0, MARKER_STYLES - 1), random.chance(PLAIN_SHARE)];
  const tags: number[] = kind === SHORT ? [SHORTS_TAG] : [];
  for (let wanted = tags.length + random.pick([0, 1, 2, 2, 3]); tags.length < wanted; ) {
    const tag = random.chance(0.75) ? channel.topicIndex * 5 + random.integer(0, 4) : FIRST_GENERAL + random.integer(1, GENERAL_TAGS.length - 1);
    if (!tags.includes(tag)) tags.push(tag);
  }
  // Views follow the channel's audience and its age; now and then a video takes off.
  const reach = channel.subscribers * Math.exp(random.normal(Math.log(kind === SHORT ? 0.5 : kind === LIVESTREAM ? 0.04 : 0.15), 1)) * (random.chance(0.03) ? random.between(5, 40) : 1);
  const views = Math.round(reach * (1 - Math.exp(-(NOW - published) / (3 * DAY)))) + random.integer(0, 40);
  const likes = Math.round(views * random.between(0.01, 0.06));
  const bucket = random.next();
  const lengthSeconds =
    kind === SHORT ? random.integer(8, 60) : kind === LIVESTREAM ? random.integer(1_800, 14_400) : bucket < 0.2 ? random.integer(45, 239) : bucket < 0.75 ? random.integer(240, 1_199) : random.integer(1_200, 5_400);
  const height = kind === LIVESTREAM ? random.pick([1080, 720]) : kind === SHORT ? random.pick([1080, 1080, 720]) : random.pick(channel.notable ? HEIGHTS_NOTABLE : HEIGHTS_REGULAR);
  // Bit i: captions in CAPTION_LANGUAGES[i]; English is always among them, the others now and then.
  let captions = random.chance(channel.notable ? 0.8 : 0.5) ? 1 : 0;
  for (let language = 1; language < CAPTION_LANGUAGES.length; language += 1) if (captions && random.chance(channel.notable ? 0.3 : 0.1)) captions |= 1 << language;
  return {
    key, channel, kind, index, published, form, tags, views, likes, lengthSeconds, height, captions,
    /** English made by the platform's speech recognition rather than by the channel. */
    autoCaptions: random.chance(0.6),
    comments: Math.round(views * random.between(0.0003, 0.003)),
    detailSeed: random.next() * 4294967296,
    /** How the title tells this upload from the channel's others of its form (see titleWith). */
    marker: markerOf(kind, style, markerEpisode(roundOf(channel, kind, index), plain, random.integer(1, EPISODES_PER_ROUND))),
  };
}

export type VideoFrame = ReturnType<typeof videoFrame>;

/** Hype points: what the week's leaderboard ranks by (./feeds.ts). */
export const hypeOf = (views: number, likes: number) => Math.round(likes * 12 + views / 20);

/** A form's title: its topic's template around its subject. */
export function titleOf(form: number): string {
  const topic = TOPICS[Math.floor(form / 100)]!;
  const title = topic.templates[Math.floor(form / 10) % 10]!.replace('{}', topic.subjects[form % 10]!);
  return title.charAt(0).toUpperCase() + title.slice(1);
}

function generateVideo(key: number) {
  const frame = videoFrame(key);
  const random = new SeededRandom(frame.detailSeed);
  const { channel, tags } = frame;
  const topic = channel.topic;
  const lines = random.shuffle(topic.lines).slice(0, random.integer(1, 3));
  const hashtags = tags.map((tag) => `#${TAGS[tag]}`).join(' ');
  return {
    ...frame,
    id: encodeId('video', key, 11),
    title: titleWith(frame.form, frame.marker),
    description: [lines.join(' '), `Subscribe to ${channel.name} for more.`, hashtags].filter(Boolean).join('\n\n'),
    keywords: [topic.subjects[frame.form % 10]!, topic.label.toLowerCase(), ...tags.map((tag) => TAGS[tag]!)],
    fps: topic.label === 'Gaming' && frame.height >= 720 ? 60 : 30,
  };
}

export type Video = ReturnType<typeof generateVideo>;

export const videoAt = remembering(4_096, generateVideo);

export const uploadOf = (channel: Channel, kind: number, index: number) => videoAt(keyOf(channel.index, kind, index));

/** The upload with this id (of any kind, or made for a search: ./made.ts), or null. */
export function videoById(id: string): Video | null {
  const key = id.length === 11 ? decodeId('video', id) : null;
  if (key === null) return id.length === 11 ? madeVideoById(id) : null;
  const channel = Math.floor(key / 65_536);
  const kind = Math.floor(key / 16_384) % 4;
  if (channel < 1 || channel > CHANNELS || kind > LIVESTREAM || key % 16_384 >= channelAt(channel).counts[kind]!) return null;
  return videoAt(key);
}

const SORTS = ['newest', 'oldest', 'popular'] as const;

const orderOf = remembering(256, (code: number): number[] => {
  const [channel, kind, sort] = [channelAt(Math.floor(code / 16)), Math.floor(code / 4) % 4, SORTS[code % 4]!];
  const indexes = Array.from({ length: channel.counts[kind]! }, (_, index) => index);
  if (sort === 'oldest') return indexes.reverse();
  if (sort === 'newest') return indexes;
  const views = indexes.map((index) => videoFrame(keyOf(channel.index, kind, index)).views);
  return indexes.sort((a, b) => views[b]! - views[a]! || a - b);
});

/** The indexes of a channel's uploads of one kind in the order asked: newest first, oldest first or most viewed first. */
export const channelOrder = (channel: Channel, kind: number, sort: (typeof SORTS)[number]) => orderOf(channel.index * 16 + kind * 4 + SORTS.indexOf(sort));

/** The keys of all the channel's uploads (videos, Shorts, livestreams), newest first: its uploads playlist. */
export const allUploads = remembering(64, (channel: Channel): number[] => {
  const uploads = channel.counts.flatMap((count, kind) => Array.from({ length: count }, (_, index) => videoFrame(keyOf(channel.index, kind, index))));
  return uploads.sort((a, b) => b.published - a.published || a.key - b.key).map((frame) => frame.key);
}, (channel) => channel.index);

/** The views of all the channel's uploads. */
export const channelViews = remembering(256, (channel: Channel) => {
  let views = 0;
  channel.counts.forEach((count, kind) => {
    for (let index = 0; index < count; index += 1) views += videoFrame(keyOf(channel.index, kind, index)).views;
  });
  return views;
}, (channel) => channel.index);
