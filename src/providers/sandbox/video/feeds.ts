import { seedOf } from '../clips/videos';
import { remembering } from '../memo';
import { once } from '../../../core/once';
import { catalog, kindOfKey, ranked, topicOfKey } from './catalog';
import { channelAt, SHORT, VIDEO } from './channels';
import { NOW, slugOf } from './texts';
import { hypeOf, keyOf, type Video } from './videos';
import { TOPICS } from './vocabulary';

/**
 * The lists nobody owns, ranked from the catalog once each: home's feeds (every filter its own),
 * the Shorts feed, the hype leaderboard, trending and related videos.
 */

const DAY = 86_400;

/** Home's filters: All, then every topic; a filter's cursor is its slug. */
export const HOME_FILTERS = ['All', ...TOPICS.map((topic) => topic.label)];

const recentVideos = (entry: number, days: number) => kindOfKey(catalog().keys[entry]!) === VIDEO && catalog().published[entry]! >= NOW - days * DAY;

/** The home feed of a filter (by slug): the most viewed videos of the last two months, of its topic. */
export const homeKeys = remembering(16, (slug: string) => {
  const topic = TOPICS.findIndex((candidate) => slugOf(candidate.label) === slug);
  return ranked((entry) => recentVideos(entry, 60) && (topic < 0 || topicOfKey(catalog().keys[entry]!) === topic), (entry) => catalog().views[entry]!, 200);
});

/** The most viewed Shorts: home's shelf and the Shorts feed pick from them. */
export const popularShorts = once(() => ranked((entry) => kindOfKey(catalog().keys[entry]!) === SHORT, (entry) => catalog().views[entry]!, 300));

/** The Shorts feed after `short`: 60 of the popular ones, from a place of the pool the Short decides, itself left out. */
export function shortsAfter(short: Video): number[] {
  const pool = popularShorts().filter((key) => key !== short.key);
  const start = seedOf(81, short.key) % pool.length;
  return Array.from({ length: Math.min(60, pool.length) }, (_, index) => pool[(start + index) % pool.length]!);
}

/** Hype is the platform's leaderboard for smaller creators: only channels under this many subscribers take part. */
const HYPE_MAX_SUBSCRIBERS = 500_000;

/** The week's hype: videos of the last seven days from channels under HYPE_MAX_SUBSCRIBERS, by hype points. */
export const hypeKeys = once(() => {
  const { keys, views, likes } = catalog();
  return ranked((entry) => recentVideos(entry, 7) && channelAt(keys[entry]! >>> 16).subscribers < HYPE_MAX_SUBSCRIBERS, (entry) => hypeOf(views[entry]!, likes[entry]!), 100);
});

const TRENDING_TOPICS: Record<string, string | undefined> = { music: 'Music', gaming: 'Gaming', movies: 'Film' };

/** Trending: the most viewed videos of the last fortnight (of a month, for a category). */
export const trendingKeys = remembering(4, (type: string) => {
  const topic = TOPICS.findIndex((candidate) => candidate.label === TRENDING_TOPICS[type]);
  return ranked((entry) => recentVideos(entry, topic < 0 ? 14 : 30) && (topic < 0 || topicOfKey(catalog().keys[entry]!) === topic), (entry) => catalog().views[entry]!, 50);
});

const topicPool = remembering(TOPICS.length, (topic: number) => ranked((entry) => kindOfKey(catalog().keys[entry]!) === VIDEO && topicOfKey(catalog().keys[entry]!) === topic, (entry) => catalog().views[entry]!, 300));

/** Related to `video`: up to four of its channel's newest other videos, then its topic's most viewed from a place the video decides; 40 in all. */
export function relatedKeys(video: Video): number[] {
  const { channel } = video;
  const pool = topicPool(channel.topicIndex);
  const newest = Array.from({ length: Math.min(5, channel.counts[VIDEO]!) }, (_, index) => keyOf(channel.index, VIDEO, index));
  const chosen = new Set(newest.filter((key) => key !== video.key).slice(0, 4));
  const start = seedOf(82, video.key) % pool.length;
  for (let index = 0; chosen.size < 40 && index < pool.length; index += 1) {
    const key = pool[(start + index) % pool.length]!;
    if (key !== video.key) chosen.add(key);
  }
  return [...chosen];
}
