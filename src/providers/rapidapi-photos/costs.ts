import type { Micros } from '../../core/money';

/**
 * What one request to the photo-platform data API costs the operator, so a test can hold every
 * endpoint's upstream cost under its price (USD 0.01 a call). RapidAPI sells the API in monthly
 * plans, each a fee for a number of requests; every request counts one, whatever the path, and
 * RapidAPI counts a request the vendor answered whatever its status (so a "no such user" 404 is
 * priced too; ./client.ts reports it).
 *
 * The plan assumed: USD 10 a month for 10,000 requests, i.e. USD 0.001 a request. The vendor's
 * own pricing tab (rapidapi.com/social-api1-instagram/api/instagram-scraper-api2/pricing) could
 * not be read from here (2026-11-25); the figure is the small-plan rate comparable photo-platform
 * APIs on RapidAPI publish (USD 10 for 10K requests, USD 59 for 150K), taken at its most
 * expensive so it errs on the operator's side. Larger plans cost less per request.
 */
export const PLAN = { name: 'assumed small plan', monthlyUsd: 10, requests: 10_000 } as const;

/** One request, rounded up to a whole micro-USD. */
export const REQUEST_COST: Micros = Math.ceil((PLAN.monthlyUsd * 1_000_000) / PLAN.requests);

/** The paths this adapter calls (after the base URL). */
export const PHOTOS_PATHS = [
  'v1/info',
  'v1/posts',
  'v1/reels',
  'v1/tagged',
  'v1/followers',
  'v1/similar_accounts',
  'v1/stories',
  'v1/highlights',
  'v1/highlight_info',
  'v1/post_info',
  'v1/comments',
  'v1/likes',
  'v1/hashtag',
  'v1/search_users',
  'v1/search_hashtags',
  'v1/search_locations',
] as const;
export type PhotosPath = (typeof PHOTOS_PATHS)[number];

/**
 * Highlights whose items are fetched in one call (one `highlight_info` request each, after the
 * list): 1 + 5 requests keep the call at USD 0.006 of its 0.01. Later highlights come without
 * items.
 */
export const HIGHLIGHTS_WITH_ITEMS = 5;

/**
 * The most vendor requests one call of each method makes: comments ask the post for its comment
 * count only when the comments answer lacks it; a hashtag is its top and its recent feed; search
 * is users, hashtags and places.
 */
export const MOST_REQUESTS = {
  user: 1,
  userAbout: 1,
  userPosts: 1,
  userReels: 1,
  userTagged: 1,
  userFollowers: 1,
  userSimilar: 1,
  userStories: 1,
  userHighlights: 1 + HIGHLIGHTS_WITH_ITEMS,
  post: 1,
  postComments: 2,
  postLikers: 1,
  hashtag: 2,
  search: 3,
} as const;

export function upstreamCostMicros(path: PhotosPath): Micros {
  if (!(PHOTOS_PATHS as readonly string[]).includes(path)) throw new Error(`No upstream price for the photos path ${path}; add it to rapidapi-photos/costs.ts.`);
  return REQUEST_COST;
}
