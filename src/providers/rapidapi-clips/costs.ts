import type { Micros } from '../../core/money';

/**
 * What one request to the short-video data API costs the operator, so a test can hold every
 * endpoint's upstream cost under its price (USD 0.01 a call). RapidAPI sells the API in monthly
 * plans, each a fee for a number of requests; every request counts one, whatever the path, and
 * RapidAPI counts a request the vendor answered whatever it said (its "no such video" comes back
 * as a 200 with `code: -1`, so it is priced too; ./client.ts reports it).
 *
 * The plan assumed: USD 10 a month for 5,000 requests, i.e. USD 0.002 a request. The vendor's
 * pricing tab (rapidapi.com/tikwm-tikwm-default/api/tiktok-scraper7/pricing) could not be read from
 * here (2026-11-25); the only public hint found, a third-party note of 2026-02, names a "Pro" plan
 * at USD 59 a month without its request count. The figure taken is the dear end: twice the rate
 * assumed for the photo-platform API (rapidapi-photos/costs.ts), so that even a two-request call
 * stays at USD 0.004 of its 0.01. Larger plans cost less per request.
 */
export const PLAN = { name: 'assumed small plan', monthlyUsd: 10, requests: 5_000 } as const;

/** One request, rounded up to a whole micro-USD. */
export const REQUEST_COST: Micros = Math.ceil((PLAN.monthlyUsd * 1_000_000) / PLAN.requests);

/** The paths this adapter calls (after the base URL; '' is the root, the video details). */
export const CLIPS_PATHS = [
  '',
  'comment/list',
  'comment/reply',
  'music/info',
  'music/posts',
  'challenge/info',
  'challenge/posts',
  'feed/search',
  'challenge/search',
  'photo/search',
  'user/search',
  'user/info',
  'user/story',
  'user/posts',
  'user/favorite',
  'user/reposts',
  'user/followers',
  'user/following',
] as const;
export type ClipsPath = (typeof CLIPS_PATHS)[number];

/** The paths that take a `count`. */
export type ClipsListPath = Exclude<ClipsPath, '' | 'music/info' | 'challenge/info' | 'user/info' | 'user/story'>;

/**
 * The most rows the vendor gives a page of each list (its `count` is capped to it). Its endpoint
 * descriptions on RapidAPI give 50 for comments, 200 for followers and following and 30 for the
 * video lists and searches; the photo search, the reposts and the replies say nothing and are held
 * to what their siblings take (30, 30 and the comments' 50).
 */
export const MOST_PER_PAGE: Readonly<Record<ClipsListPath, number>> = {
  'comment/list': 50,
  'comment/reply': 50,
  'music/posts': 30,
  'challenge/posts': 30,
  'feed/search': 30,
  'challenge/search': 30,
  'photo/search': 30,
  'user/search': 30,
  'user/posts': 30,
  'user/favorite': 30,
  'user/reposts': 30,
  'user/followers': 200,
  'user/following': 200,
};

/**
 * The most vendor requests one call of each method makes: comments ask the video for its comment
 * count only when the comments answer lacks it; a user's stories ask the profile for the user's id
 * only when there is no story to read it from.
 */
export const MOST_REQUESTS = {
  video: 1,
  comments: 2,
  commentReplies: 1,
  music: 1,
  musicVideos: 1,
  challenge: 1,
  challengeVideos: 1,
  search: 1,
  searchChallenges: 1,
  searchPhotos: 1,
  searchUsers: 1,
  user: 1,
  userStory: 2,
  userPosts: 1,
  userFavorites: 1,
  userReposts: 1,
  userFollowers: 1,
  userFollowing: 1,
} as const;

export function upstreamCostMicros(path: ClipsPath): Micros {
  if (!(CLIPS_PATHS as readonly string[]).includes(path)) throw new Error(`No upstream price for the clips path ${path}; add it to rapidapi-clips/costs.ts.`);
  return REQUEST_COST;
}
