import type { Micros } from '../../core/money';

/**
 * What one request to the video-platform data API (YT-API by ytjar on RapidAPI) costs the
 * operator, so a test can hold every endpoint's upstream cost under its price (USD 0.01 a call,
 * USD 0.02 for /v1/video/video). RapidAPI sells the API in monthly plans of "requests", and the
 * vendor counts some paths as more than one: its endpoint descriptions (as mirrored by ToolBench)
 * say 1 unit for most paths, 2 for the Shorts sequence, 5 for the stream formats (`/dl`), and +1
 * for `/video/info` with `extend`; a 2026 third-party note says 6 for `/dl`. The dearer figure is
 * taken. Paths the mirror does not list (`/channel/store`, `/hype`, `/updated_metadata`,
 * `/get_transcript`, `/suggest`) are assumed at 1 unit, like their siblings.
 *
 * The plan assumed: "Pro", USD 51 a month (a third-party note of 2026 lists Basic free, Pro
 * USD 51, Ultra USD 144, Mega USD 240), for 36,000 units. The pricing tab
 * (rapidapi.com/ytjar/api/yt-api/pricing) could not be read from here (2026-11-25), so the unit
 * count is assumed: chosen so that the dearest single call (a screenshot: the formats, 6 units)
 * stays under its USD 0.01. Larger plans cost less a unit. RapidAPI counts every request the
 * vendor answered, whatever it said (its "no such video" too), so ./client.ts prices those.
 */
export const PLAN = { name: 'Pro (assumed unit count)', monthlyUsd: 51, units: 36_000 } as const;

/** One unit, rounded up to a whole micro-USD. */
export const UNIT_COST: Micros = Math.ceil((PLAN.monthlyUsd * 1_000_000) / PLAN.units);

/** The paths this adapter calls (after the base URL), with the units the vendor counts for each. */
export const PATH_UNITS = {
  'channel/home': 1,
  'channel/about': 1,
  'channel/channels': 1,
  'channel/community': 1,
  'channel/liveStreams': 1,
  'channel/playlists': 1,
  'channel/search': 1,
  'channel/shorts': 1,
  'channel/store': 1,
  'channel/videos': 1,
  comments: 1,
  hashtag: 1,
  home: 1,
  hype: 1,
  updated_metadata: 1,
  playlist: 1,
  'post/info': 1,
  'post/comments': 1,
  related: 1,
  resolve: 1,
  search: 1,
  'shorts/sequence': 2,
  'shorts/info': 1,
  subtitles: 1,
  suggest: 1,
  get_transcript: 1,
  trending: 1,
  dl: 6,
  /** Sent with `extend=2` (likes), one unit more. */
  'video/info': 2,
} as const satisfies Record<string, number>;
export type VideoPath = keyof typeof PATH_UNITS;
export const VIDEO_PATHS = Object.keys(PATH_UNITS) as VideoPath[];

/** The path each method asks (one request each: no method asks a second path). */
export const METHOD_PATHS = {
  channel: 'channel/home',
  channelAbout: 'channel/about',
  channelChannels: 'channel/channels',
  channelCommunity: 'channel/community',
  channelLivestreams: 'channel/liveStreams',
  channelPlaylists: 'channel/playlists',
  channelSearch: 'channel/search',
  channelShorts: 'channel/shorts',
  channelStore: 'channel/store',
  channelVideos: 'channel/videos',
  comments: 'comments',
  hashtag: 'hashtag',
  home: 'home',
  hype: 'hype',
  metadata: 'updated_metadata',
  playlist: 'playlist',
  post: 'post/info',
  postComments: 'post/comments',
  related: 'related',
  resolveUrl: 'resolve',
  frameSource: 'dl',
  search: 'search',
  shorts: 'shorts/sequence',
  shortsInfo: 'shorts/info',
  subtitles: 'subtitles',
  suggest: 'suggest',
  transcript: 'get_transcript',
  trending: 'trending',
  video: 'dl',
  videoInfo: 'video/info',
} as const satisfies Record<string, VideoPath>;

/** The most vendor requests one call of each method makes: one for every method (frames are read from the stream's own host, not the API). */
export const MOST_REQUESTS: Readonly<Record<keyof typeof METHOD_PATHS, number>> = Object.fromEntries(
  Object.keys(METHOD_PATHS).map((method) => [method, 1]),
) as Record<keyof typeof METHOD_PATHS, number>;

export function upstreamCostMicros(path: VideoPath): Micros {
  const units = (PATH_UNITS as Record<string, number>)[path];
  if (units === undefined) throw new Error(`No upstream price for the video path ${path}; add it to rapidapi-video/costs.ts.`);
  return units * UNIT_COST;
}
