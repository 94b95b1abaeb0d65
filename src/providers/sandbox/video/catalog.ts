import { once } from '../../../core/once';
import { remembering } from '../memo';
import { allChannels, channelAt } from './channels';
import { keyOf, videoFrame } from './videos';
import { TAGS, TOPICS } from './vocabulary';

/**
 * One pass over every upload's frame (about 163,000), made once, kept in typed arrays: what
 * search, hashtags and the feeds filter and sort by. Entry e is upload keys[e]; its channel is
 * keys[e] >> 16 and its kind (keys[e] >> 14) & 3 (./videos.ts).
 */
function scanWorld() {
  const channels = allChannels();
  const total = channels.reduce((sum, channel) => sum + channel.counts.reduce((a, b) => a + b, 0), 0);
  const catalog = {
    total,
    keys: new Uint32Array(total),
    published: new Uint32Array(total),
    views: new Float64Array(total),
    likes: new Float64Array(total),
    lengths: new Uint16Array(total),
    heights: new Uint16Array(total),
    forms: new Uint16Array(total),
    /** The marker that tells a title from others of its form (./videos.ts titleWith). */
    markers: new Uint32Array(total),
    captions: new Uint8Array(total),
    byTag: TAGS.map(() => [] as number[]),
    /** An entry's hashtags as bits: tag t is bit t % 32 of tagBits[t >> 5][entry] (TAGS has at most 64), so search tests a word's tags at once. */
    tagBits: [new Uint32Array(total), new Uint32Array(total)] as const,
    channelsByTopic: TOPICS.map(() => [] as number[]),
  };
  let entry = 0;
  for (const channel of channels) {
    catalog.channelsByTopic[channel.topicIndex]!.push(channel.index);
    channel.counts.forEach((count, kind) => {
      for (let index = 0; index < count; index += 1, entry += 1) {
        const frame = videoFrame(keyOf(channel.index, kind, index));
        catalog.keys[entry] = frame.key;
        catalog.published[entry] = frame.published;
        catalog.views[entry] = frame.views;
        catalog.likes[entry] = frame.likes;
        catalog.lengths[entry] = frame.lengthSeconds;
        catalog.heights[entry] = frame.height;
        catalog.forms[entry] = frame.form;
        catalog.markers[entry] = frame.marker;
        catalog.captions[entry] = frame.captions;
        for (const tag of frame.tags) {
          catalog.byTag[tag]!.push(entry);
          catalog.tagBits[tag >> 5]![entry]! |= 1 << (tag & 31);
        }
      }
    });
  }
  return catalog;
}

export const catalog = once(scanWorld);

export const kindOfKey = (key: number) => (key >>> 14) & 3;
export const topicOfKey = (key: number) => channelAt(key >>> 16).topicIndex;

/** Keys of the entries that pass, sorted by `score` (highest first; ties by key), at most `limit`. */
export function ranked(passes: (entry: number) => boolean, score: (entry: number) => number, limit = Infinity): number[] {
  const { total, keys } = catalog();
  const entries: number[] = [];
  for (let entry = 0; entry < total; entry += 1) if (passes(entry)) entries.push(entry);
  const scores = new Map(entries.map((entry) => [entry, score(entry)]));
  return entries
    .sort((a, b) => scores.get(b)! - scores.get(a)! || keys[a]! - keys[b]!)
    .slice(0, limit)
    .map((entry) => keys[entry]!);
}

/** The videos carrying hashtag `tag` (its position in TAGS), newest first. */
export const hashtagKeys = remembering(64, (tag: number) => {
  const { byTag, keys, published } = catalog();
  const entries = [...byTag[tag]!].sort((a, b) => published[b]! - published[a]! || keys[a]! - keys[b]!);
  return entries.map((entry) => keys[entry]!);
});
