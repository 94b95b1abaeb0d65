import type { VideoSearchRequest } from '../../families/video';
import { needleOf } from '../clips/search';
import { remembering } from '../memo';
import { catalog, kindOfKey } from './catalog';
import { allChannels, LIVESTREAM, NOTABLE, VIDEO, type Channel } from './channels';
import { playlistTitle } from './playlists';
import { NOW } from './texts';
import { keyOf, titleOf, videoFrame } from './videos';
import { TAGS, TOPICS } from './vocabulary';

/**
 * Search: a query's words must each be found in a video's title, one of its hashtags or its
 * channel's name (in a channel's name or handle; in a playlist's or its channel's name). Every
 * title is one of the world's 600 forms (./videos.ts), so a scan of the catalog answers.
 */

export type SearchHit = { type: 'video'; key: number } | { type: 'channel'; channel: Channel } | { type: 'playlist'; channel: Channel; position: number };

/** Search stops here, as the platform's does. */
const MAX_RESULTS = 1_000;
const DAY = 86_400;
const FORMS = TOPICS.flatMap((_, topic) => Array.from({ length: 60 }, (_, offset) => topic * 100 + Math.floor(offset / 10) * 10 + (offset % 10)));
const UPLOAD_WINDOWS = { hour: 3_600, today: DAY, week: 7 * DAY, month: 30 * DAY, year: 365 * DAY };
const wordsOf = (query: string) => needleOf(query).split(/\s+/).filter(Boolean);
const channelText = (channel: Channel) => `${needleOf(channel.name)} ${channel.handle.slice(1)}`;

/** The entries of the catalog whose title, hashtags or channel carry every word, with whether the title alone did. */
function matchingEntries(words: string[]): Map<number, boolean> {
  const { total, keys, forms, byTag } = catalog();
  const perWord = words.map((word) => ({
    forms: new Set(FORMS.filter((form) => needleOf(titleOf(form)).includes(word))),
    channels: new Set(allChannels().filter((channel) => channelText(channel).includes(word)).map((channel) => channel.index)),
    tagged: new Set(TAGS.flatMap((tag, position) => (tag.includes(word) ? byTag[position]! : []))),
  }));
  const found = new Map<number, boolean>();
  for (let entry = 0; entry < total; entry += 1) {
    const inTitle = perWord.every((word) => word.forms.has(forms[entry]!));
    if (inTitle || perWord.every((word) => word.forms.has(forms[entry]!) || word.tagged.has(entry) || word.channels.has(keys[entry]! >>> 16))) found.set(entry, inTitle);
  }
  return found;
}

function passesFilters(request: VideoSearchRequest, entry: number): boolean {
  const { keys, lengths, published, heights, captions } = catalog();
  const length = lengths[entry]!;
  if (request.duration === 'short' && length >= 240) return false;
  if (request.duration === 'medium' && (length < 240 || length > 1_200)) return false;
  if (request.duration === 'long' && length <= 1_200) return false;
  if (request.uploadDate !== undefined && published[entry]! < NOW - UPLOAD_WINDOWS[request.uploadDate]) return false;
  return request.features.every((feature) => {
    if (feature === 'HD') return heights[entry]! >= 720;
    if (feature === '4K') return heights[entry]! >= 2160;
    if (feature === 'subtitles') return captions[entry]! > 0;
    if (feature === 'Live') return kindOfKey(keys[entry]!) === LIVESTREAM;
    return false; // The world has no Creative Commons, 3D, 360°, VR180, HDR, located or purchased videos.
  });
}

function searchWorld(request: VideoSearchRequest): SearchHit[] {
  const words = wordsOf(request.query);
  if (words.length === 0) return [];
  const { keys, views, likes, published } = catalog();
  const filtered = request.duration !== undefined || request.uploadDate !== undefined || request.features.length > 0;
  const videos: SearchHit[] = [];
  if (request.type === 'all' || request.type === 'video') {
    const found = [...matchingEntries(words)].filter(([entry]) => passesFilters(request, entry));
    const score = ([entry, inTitle]: [number, boolean]) =>
      request.sort === 'upload_date' ? published[entry]! : request.sort === 'view_count' ? views[entry]! : request.sort === 'rating' ? likes[entry]! / Math.max(1, views[entry]!) : views[entry]! * (inTitle ? 4 : 1);
    const scores = new Map(found.map((hit) => [hit[0], score(hit)]));
    found.sort(([a], [b]) => scores.get(b)! - scores.get(a)! || keys[a]! - keys[b]!);
    videos.push(...found.slice(0, MAX_RESULTS).map(([entry]): SearchHit => ({ type: 'video', key: keys[entry]! })));
  }
  // Channels and playlists have no length, date or features: a filter or a sort other than relevance leaves videos alone.
  const others = request.type !== 'video' && !filtered && (request.type !== 'all' || request.sort === 'relevance');
  const channels = !others || request.type === 'playlist' ? [] : allChannels().filter((channel) => words.every((word) => channelText(channel).includes(word)));
  channels.sort((a, b) => b.subscribers - a.subscribers || a.index - b.index);
  const playlists = !others || request.type === 'channel' ? [] : allChannels().flatMap((channel) =>
    Array.from({ length: channel.playlists }, (_, position) => ({ channel, position })).filter(({ position }) =>
      words.every((word) => needleOf(playlistTitle(channel, position)).includes(word) || channelText(channel).includes(word))));
  playlists.sort((a, b) => b.channel.subscribers - a.channel.subscribers || a.channel.index - b.channel.index || a.position - b.position);
  const channelHits = channels.slice(0, MAX_RESULTS).map((channel): SearchHit => ({ type: 'channel', channel }));
  const playlistHits = playlists.slice(0, MAX_RESULTS).map(({ channel, position }): SearchHit => ({ type: 'playlist', channel, position }));
  if (request.type !== 'all') return [...channelHits, ...playlistHits, ...videos];
  // The platform's mix: the best channels first, then videos with a playlist after every fifth, then the rest.
  const mixed: SearchHit[] = channelHits.slice(0, 3);
  videos.forEach((video, index) => mixed.push(video, ...(index % 5 === 4 && playlistHits.length > 0 ? [playlistHits.shift()!] : [])));
  return [...mixed, ...playlistHits, ...channelHits.slice(3)];
}

export const searchHits = remembering(32, (requestText: string) => searchWorld(JSON.parse(requestText) as VideoSearchRequest));

/** The keys of a channel's videos and livestreams whose title has every word, newest first. */
export function searchChannel(channel: Channel, query: string): number[] {
  const words = wordsOf(query);
  if (words.length === 0) return [];
  const found: Array<{ key: number; published: number }> = [];
  for (const kind of [VIDEO, LIVESTREAM]) {
    for (let index = 0; index < channel.counts[kind]!; index += 1) {
      const frame = videoFrame(keyOf(channel.index, kind, index));
      const title = needleOf(titleOf(frame.form));
      if (words.every((word) => title.includes(word))) found.push({ key: frame.key, published: frame.published });
    }
  }
  return found.sort((a, b) => b.published - a.published || a.key - b.key).map(({ key }) => key);
}

const PHRASES = [
  ...new Set([
    ...FORMS.map((form) => needleOf(titleOf(form))),
    ...TOPICS.flatMap((topic) => [...topic.subjects.map(needleOf), ...topic.subjects.map((subject) => `${needleOf(subject)} ${needleOf(topic.label)}`), needleOf(topic.label)]),
    ...TAGS,
  ]),
];

/** Up to ten of the world's phrases starting with the query, then those with a word starting with it; shortest first. */
export function suggestionsFor(query: string): string[] {
  const needle = needleOf(query);
  if (needle === '') return [];
  const notable = allChannels().slice(0, NOTABLE).map((channel) => needleOf(channel.name));
  const byLength = (a: string, b: string) => a.length - b.length || a.localeCompare(b);
  const phrases = [...PHRASES, ...notable];
  const starting = phrases.filter((phrase) => phrase.startsWith(needle)).sort(byLength);
  const inside = phrases.filter((phrase) => !phrase.startsWith(needle) && phrase.includes(` ${needle}`)).sort(byLength);
  return [...new Set([...starting, ...inside])].slice(0, 10);
}

/** A hashtag's position in TAGS (any case, with or without #), or null. */
export function tagPosition(tag: string): number | null {
  const position = TAGS.indexOf(needleOf(tag));
  return position < 0 ? null : position;
}
