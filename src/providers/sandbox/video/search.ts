import type { VideoSearchRequest } from '../../families/video';
import { needleOf } from '../clips/search';
import { once } from '../../../core/once';
import { remembering } from '../memo';
import { catalog, kindOfKey } from './catalog';
import { allChannels, LIVESTREAM, NOTABLE, VIDEO, type Channel } from './channels';
import { madeVideos } from './made';
import { playlistTitle } from './playlists';
import { NOW } from './texts';
import { keyOf, markerText, titleOf, videoAt, videoFrame, type Video } from './videos';
import { TAGS, TOPICS } from './vocabulary';

/**
 * Search: a query's words must each be found in a video's title, one of its hashtags or its
 * channel's name (in a channel's name or handle; in a playlist's or its channel's name). Every
 * title is one of the world's 600 forms with a marker (./videos.ts) and every hashtag one of TAGS,
 * so a word is looked for once in those texts, the markers' and the channels', and the catalog's
 * entries are then read by lookups alone: any query costs a few passes over the catalog, however
 * long or common its words.
 * The videos made for the query's phrase (./made.ts) join the catalog's, ranked by the same sort:
 * so "python" or "how to tie a tie" find videos too, though no topic of the world names them.
 */

export type SearchHit =
  | { type: 'video'; key: number }
  | { type: 'made'; video: Video }
  | { type: 'channel'; channel: Channel }
  | { type: 'playlist'; channel: Channel; position: number };

/** Search stops here, as the platform's does. */
const MAX_RESULTS = 1_000;
/** The platform reads no more of a query: each word is another pass over the catalog. */
export const MAX_WORDS = 32;
const DAY = 86_400;
const FORMS = TOPICS.flatMap((_, topic) => Array.from({ length: 60 }, (_, offset) => topic * 100 + Math.floor(offset / 10) * 10 + (offset % 10)));
const UPLOAD_WINDOWS = { hour: 3_600, today: DAY, week: 7 * DAY, month: 30 * DAY, year: 365 * DAY };
const channelText = (channel: Channel) => `${needleOf(channel.name)} ${channel.handle.slice(1)}`;

/**
 * The words a query asks for: each once, none that another holds (a text with "ramen" has "ram"
 * too), at most MAX_WORDS. A word matches where a text contains it, so the words dropped change
 * no answer; without this, "o o o …" would scan the catalog once an "o".
 */
export function queryWords(query: string): string[] {
  const distinct = [...new Set(needleOf(query).split(/\s+/).filter(Boolean))];
  return distinct.filter((word) => !distinct.some((other) => other !== word && other.includes(word))).slice(0, MAX_WORDS);
}

/** The texts search reads, made searchable once: titles by form, the catalog's markers, channels' names and handles by index, every playlist's title. */
const searchTexts = once(() => {
  const titles: string[] = [];
  for (const form of FORMS) titles[form] = needleOf(titleOf(form));
  const markers = new Map<number, string>();
  for (const marker of catalog().markers) if (!markers.has(marker)) markers.set(marker, needleOf(Object.values(markerText(marker)).join(' ')));
  const channels = allChannels();
  return {
    titles,
    markers,
    channels: [''].concat(channels.map(channelText)),
    playlists: channels.flatMap((channel) => Array.from({ length: channel.playlists }, (_, position) => ({ channel, position, text: needleOf(playlistTitle(channel, position)) }))),
  };
});

/**
 * Where one word is found: by form (titles), by channel index (names and handles), by hashtag (as
 * bits laid out like catalog().tagBits); and how much of the catalog it may leave standing, so the
 * narrowest word is scanned for first.
 */
function wordMatch(word: string) {
  const { titles, markers: markerTexts, channels } = searchTexts();
  const forms = new Uint8Array(titles.length);
  for (const form of FORMS) forms[form] = titles[form]!.includes(word) ? 1 : 0;
  const markers = new Set<number>();
  for (const [marker, text] of markerTexts) if (text.includes(word)) markers.add(marker);
  const inChannels = Uint8Array.from(channels, (text) => (text.includes(word) ? 1 : 0));
  const tags = TAGS.flatMap((tag, position) => (tag.includes(word) ? [position] : []));
  const tagBits = [0, 0];
  for (const tag of tags) tagBits[tag >> 5]! |= 1 << (tag & 31);
  const share = (hits: Uint8Array, of: number) => hits.reduce((sum, hit) => sum + hit, 0) / of;
  return { word, forms, markers, channels: inChannels, tagBits, breadth: share(forms, FORMS.length) + markers.size / markerTexts.size + share(inChannels, channels.length) + tags.length / TAGS.length };
}

type WordMatch = ReturnType<typeof wordMatch>;

/** The entries of the catalog whose title, hashtags or channel carry every word: one pass per word over what the words before left. */
function matchingEntries(matches: WordMatch[]): Uint32Array {
  const { total, keys, forms, markers, tagBits } = catalog();
  let entries = new Uint32Array(total);
  for (let entry = 0; entry < total; entry += 1) entries[entry] = entry;
  for (const { forms: inTitle, markers: inMarker, channels, tagBits: [low, high] } of [...matches].sort((a, b) => a.breadth - b.breadth)) {
    let kept = 0;
    for (let position = 0; position < entries.length; position += 1) {
      const entry = entries[position]!;
      if (inTitle[forms[entry]!] || channels[keys[entry]! >>> 16] || tagBits[0][entry]! & low! || tagBits[1][entry]! & high! || (inMarker.size > 0 && inMarker.has(markers[entry]!))) entries[kept++] = entry;
    }
    entries = entries.subarray(0, kept);
  }
  return entries;
}

const isFiltered = (request: VideoSearchRequest) => request.duration !== undefined || request.uploadDate !== undefined || request.features.length > 0;

/** What the filters read of an upload, whether the catalog's or a made one. */
type Filtered = Pick<Video, 'lengthSeconds' | 'published' | 'height' | 'captions' | 'kind'>;

function passesFilters(request: VideoSearchRequest, { lengthSeconds: length, published, height, captions, kind }: Filtered): boolean {
  if (request.duration === 'short' && length >= 240) return false;
  if (request.duration === 'medium' && (length < 240 || length > 1_200)) return false;
  if (request.duration === 'long' && length <= 1_200) return false;
  if (request.uploadDate !== undefined && published < NOW - UPLOAD_WINDOWS[request.uploadDate]) return false;
  return request.features.every((feature) => {
    if (feature === 'HD') return height >= 720;
    if (feature === '4K') return height >= 2160;
    if (feature === 'subtitles') return captions > 0;
    if (feature === 'Live') return kind === LIVESTREAM;
    return false; // The world has no Creative Commons, 3D, 360°, VR180, HDR, located or purchased videos.
  });
}

function entryPasses(request: VideoSearchRequest, entry: number): boolean {
  const { keys, lengths, published, heights, captions } = catalog();
  return passesFilters(request, { lengthSeconds: lengths[entry]!, published: published[entry]!, height: heights[entry]!, captions: captions[entry]!, kind: kindOfKey(keys[entry]!) });
}

/** The k-th largest of `values` (k from 1), by Hoare's selection, which reorders them: linear where sorting 160,000 scores is not. */
function largest(values: Float64Array, k: number): number {
  const wanted = values.length - k;
  let [low, high] = [0, values.length - 1];
  while (low < high) {
    const pivot = values[(low + high) >>> 1]!;
    let [left, right] = [low, high];
    while (left <= right) {
      while (values[left]! < pivot) left += 1;
      while (values[right]! > pivot) right -= 1;
      if (left > right) break;
      const swapped = values[left]!;
      values[left++] = values[right]!;
      values[right--] = swapped;
    }
    if (wanted <= right) high = right;
    else if (wanted >= left) low = left;
    else break;
  }
  return values[wanted]!;
}

/** The `limit` best entries by score (ties by key): only those at or above the limit-th best score are sorted, not every match. */
function best(entries: Uint32Array, score: (entry: number) => number, limit: number): number[] {
  const { keys } = catalog();
  const scores = new Float64Array(entries.length);
  for (let position = 0; position < entries.length; position += 1) scores[position] = score(entries[position]!);
  const cut = entries.length <= limit ? -Infinity : largest(scores.slice(), limit);
  const kept: number[] = [];
  for (let position = 0; position < entries.length; position += 1) if (scores[position]! >= cut) kept.push(position);
  return kept
    .sort((a, b) => scores[b]! - scores[a]! || keys[entries[a]!]! - keys[entries[b]!]!)
    .slice(0, limit)
    .map((position) => entries[position]!);
}

/** An upload's score under the request's sort; by relevance, a title with every word counts four times a match by hashtag or channel. */
function scoreOf(request: VideoSearchRequest, { views, likes, published }: Pick<Video, 'views' | 'likes' | 'published'>, titleHasEvery: boolean): number {
  if (request.sort === 'upload_date') return published;
  if (request.sort === 'view_count') return views;
  if (request.sort === 'rating') return likes / Math.max(1, views);
  return views * (titleHasEvery ? 4 : 1);
}

function searchVideos(request: VideoSearchRequest, matches: WordMatch[]): SearchHit[] {
  const { keys, views, likes, published, forms, markers } = catalog();
  const found = isFiltered(request) ? matchingEntries(matches).filter((entry) => entryPasses(request, entry)) : matchingEntries(matches);
  const titleHasEvery = (entry: number) => matches.every((match) => match.forms[forms[entry]!] || match.markers.has(markers[entry]!));
  const score = (entry: number) => scoreOf(request, { views: views[entry]!, likes: likes[entry]!, published: published[entry]! }, titleHasEvery(entry));
  const ranked = best(found, score, MAX_RESULTS).map((entry) => ({ score: score(entry), key: keys[entry]!, hit: { type: 'video', key: keys[entry]! } as SearchHit }));
  const made = madeVideos(request.query)
    .filter((video) => passesFilters(request, video))
    .map((video) => {
      const title = needleOf(video.title);
      return { score: scoreOf(request, video, matches.every((match) => title.includes(match.word))), key: video.key, hit: { type: 'made', video } as SearchHit };
    });
  // Ties by key: the catalog's keys are all below the made videos' (./made.ts).
  return [...ranked, ...made].sort((a, b) => b.score - a.score || a.key - b.key).slice(0, MAX_RESULTS).map(({ hit }) => hit);
}

function searchWorld(request: VideoSearchRequest): SearchHit[] {
  const matches = queryWords(request.query).map(wordMatch);
  if (matches.length === 0) return [];
  const videos = request.type === 'all' || request.type === 'video' ? searchVideos(request, matches) : [];
  // Channels and playlists have no length, date or features: a filter or a sort other than relevance leaves videos alone.
  const others = request.type !== 'video' && !isFiltered(request) && (request.type !== 'all' || request.sort === 'relevance');
  const channels = !others || request.type === 'playlist' ? [] : allChannels().filter((channel) => matches.every((match) => match.channels[channel.index]));
  channels.sort((a, b) => b.subscribers - a.subscribers || a.index - b.index);
  const playlists = !others || request.type === 'channel' ? [] : searchTexts().playlists.filter(({ channel, text }) =>
    matches.every((match) => match.channels[channel.index] || text.includes(match.word)));
  playlists.sort((a, b) => b.channel.subscribers - a.channel.subscribers || a.channel.index - b.channel.index || a.position - b.position);
  const channelHits = channels.slice(0, MAX_RESULTS).map((channel): SearchHit => ({ type: 'channel', channel }));
  const playlistHits = playlists.slice(0, MAX_RESULTS).map(({ channel, position }): SearchHit => ({ type: 'playlist', channel, position }));
  if (request.type !== 'all') return [...channelHits, ...playlistHits, ...videos];
  // The platform's mix: the best channels first, then videos with a playlist after every fifth, then the rest.
  const mixed: SearchHit[] = channelHits.slice(0, 3);
  videos.forEach((video, index) => mixed.push(video, ...(index % 5 === 4 && playlistHits.length > 0 ? [playlistHits.shift()!] : [])));
  return [...mixed, ...playlistHits, ...channelHits.slice(3)];
}

/** The video a hit lists, or null for a channel or playlist. */
export const videoOfHit = (hit: SearchHit): Video | null => (hit.type === 'video' ? videoAt(hit.key) : hit.type === 'made' ? hit.video : null);

export const searchHits = remembering(32, (requestText: string) => searchWorld(JSON.parse(requestText) as VideoSearchRequest));

/** What a search answers (pages of it are cut by the caller): one cache whoever asks. */
export function searchFor({ query, type, sort, duration, uploadDate, features }: VideoSearchRequest): SearchHit[] {
  return searchHits(JSON.stringify({ query, type, sort, duration, uploadDate, features: [...features].sort() }));
}

/** The videos made for the query (./made.ts) that `channel` uploaded, newest first: its own search finds them as the platform's does. */
export const madeOnChannel = (channel: Channel, query: string): Video[] =>
  madeVideos(query).filter((video) => video.channel.index === channel.index).sort((a, b) => b.published - a.published || a.key - b.key);

/** The keys of a channel's videos and livestreams whose title or hashtags carry every word (as search reads them), newest first. */
export function searchChannel(channel: Channel, query: string): number[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const { titles, markers } = searchTexts();
  const found: Array<{ key: number; published: number }> = [];
  for (const kind of [VIDEO, LIVESTREAM]) {
    for (let index = 0; index < channel.counts[kind]!; index += 1) {
      const frame = videoFrame(keyOf(channel.index, kind, index));
      const [title, marker] = [titles[frame.form]!, markers.get(frame.marker)!];
      if (words.every((word) => title.includes(word) || marker.includes(word) || frame.tags.some((tag) => TAGS[tag]!.includes(word)))) found.push({ key: frame.key, published: frame.published });
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

