import type { ClipsListRequest, ClipsProvider } from '../families/clips';
import type { CallOptions, CursorPage } from '../providers';
import { readAnswer, RapidApiClipsClient, type ClipsAnswer, type RapidApiClipsSettings } from './client';
import { MOST_PER_PAGE, type ClipsListPath, type ClipsPath } from './costs';
import {
  challengeOf,
  challengeSummaryOf,
  commentOf,
  followItemOf,
  listedVideoOf,
  musicOf,
  ownVideoOf,
  photoPostOf,
  replyOf,
  storyOf,
  userOf,
  userSearchItemOf,
  videoDetailsOf,
  whole,
} from './mapping';
import {
  ChallengeAnswer,
  ChallengeListAnswer,
  CommentListAnswer,
  FollowListAnswer,
  MusicAnswer,
  UserAnswer,
  UserSearchAnswer,
  VideoAnswer,
  VideoListAnswer,
  type VendorVideo,
} from './wire';

export type { ClipsAnswer, ClipsCall, RapidApiClipsSettings } from './client';
export { RapidApiClipsClient } from './client';
export { MOST_REQUESTS, upstreamCostMicros } from './costs';

/**
 * The short-video platform family from "TikTok Scraper" by TikWM on RapidAPI
 * (rapidapi.com/tikwm-tikwm-default/api/tiktok-scraper7; host `tiktok-scraper7.p.rapidapi.com`:
 * RAPIDAPI_CLIPS_HOST), the RapidAPI door to the vendor's own public API (tikwm.com/api, the same
 * paths under `/api`).
 *
 * Sources (read 2026-11-25): the vendor's own README of its API (GitHub, 2021–2022: parameters and
 * full answers of the video details, user posts, profile, following, followers, a sound and its
 * videos, comments, replies, favorites, video search, challenge search, details and videos), the
 * RapidAPI endpoint descriptions as mirrored by ToolBench (parameters and page maxima of each
 * path), and public clients of 2025–2026 (recorded answers of `/user/story` and `/user/reposts`,
 * the paths `/user/search`, `/photo/search`, `/user/reposts`, and the "Url parsing is failed!"
 * error). ./wire.ts lists what was confirmed and what is assumed.
 *
 * Requests per call: one for each method, except comments (two when the comments answer lacks the
 * total: the video is asked) and a user's stories (two when there is no story to read the user's
 * id from: the profile is asked) (./costs.ts). Nothing found (the vendor's "not found" `msg`, or
 * an empty `data`) is null; a failure is a 502 (./errors.ts).
 */
export function rapidApiClips(settings: RapidApiClipsSettings): ClipsProvider {
  return rapidApiClipsOn(new RapidApiClipsClient(settings));
}

/** The default RapidAPI host of the API (RAPIDAPI_CLIPS_HOST overrides it; the base URL is `https://<host>`). */
export const DEFAULT_CLIPS_HOST = 'tiktok-scraper7.p.rapidapi.com';

type ClipsMethod = Exclude<keyof ClipsProvider, 'name'>;

/** The methods this vendor serves: all eighteen. */
export const SERVED_OPERATIONS: ReadonlySet<ClipsMethod> = new Set<ClipsMethod>([
  'video', 'comments', 'commentReplies', 'music', 'musicVideos', 'challenge', 'challengeVideos', 'search', 'searchChallenges',
  'searchPhotos', 'searchUsers', 'user', 'userStory', 'userPosts', 'userFavorites', 'userReposts', 'userFollowers', 'userFollowing',
]);

interface VendorPage {
  cursor?: string | number | null | undefined;
  hasMore?: boolean | number | null | undefined;
  has_more?: boolean | number | null | undefined;
}

/** Where the next page starts, as the vendor said it; null when it says there is no more (or gives nowhere to go on from). */
function nextCursorOf(page: VendorPage, position: string | number | null | undefined = page.cursor): string | null {
  const more = page.hasMore ?? page.has_more;
  if (!(more === true || more === 1)) return null;
  const next = position === null || position === undefined ? '' : String(position);
  return next === '' ? null : next;
}

/** `count` within what the path gives a page, and where to start (the vendor's own cursor, under the name it takes). */
function listQuery(path: ClipsListPath, request: ClipsListRequest, position: 'cursor' | 'time' = 'cursor'): Record<string, string> {
  const query: Record<string, string> = { count: String(Math.min(Math.max(1, request.count), MOST_PER_PAGE[path])) };
  if (request.cursor) query[position] = request.cursor;
  return query;
}

function page<Item>(items: (Item | null)[], count: number, nextCursor: string | null): CursorPage<Item> {
  return { items: items.filter((item): item is Item => item !== null).slice(0, count), nextCursor };
}

/** The family on a given client (a recording one prices what each method asks for: ./costs.ts). */
export function rapidApiClipsOn(client: RapidApiClipsClient): ClipsProvider {
  const get = (path: ClipsPath, query: Record<string, string>, options: CallOptions): Promise<ClipsAnswer> => client.get({ path, query }, options);

  /** A video's details; the vendor takes the bare id where it takes a video's URL. */
  const videoDetails = async (videoId: string, options: CallOptions) => readAnswer(await get('', { url: videoId }, options), VideoAnswer);

  async function videoPage<Item>(path: ClipsListPath, query: Record<string, string>, request: ClipsListRequest, map: (item: VendorVideo) => Item | null, options: CallOptions): Promise<CursorPage<Item> | null> {
    const data = readAnswer(await get(path, { ...query, ...listQuery(path, request) }, options), VideoListAnswer);
    if (data === undefined) return null;
    return page((data.videos ?? []).map(map), request.count, nextCursorOf(data));
  }

  /** A search: nothing found is an empty last page, not null. */
  async function searchPage<Item>(path: ClipsListPath, keywords: string, request: ClipsListRequest, map: (item: VendorVideo) => Item | null, options: CallOptions): Promise<CursorPage<Item>> {
    return (await videoPage(path, { keywords }, request, map, options)) ?? { items: [], nextCursor: null };
  }

  async function followPage(path: 'user/followers' | 'user/following', userId: string, request: ClipsListRequest, options: CallOptions) {
    const data = readAnswer(await get(path, { user_id: userId, ...listQuery(path, request, 'time') }, options), FollowListAnswer);
    if (data === undefined) return null;
    const rows = data.followers ?? data.followings ?? data.following ?? [];
    return page(rows.map(followItemOf), request.count, nextCursorOf(data, data.time));
  }

  return {
    name: 'tikwm',

    async video({ videoId }, options) {
      const found = await videoDetails(videoId, options);
      return found ? videoDetailsOf(found, videoId) : null;
    },

    async comments({ videoId, ...request }, options) {
      const data = readAnswer(await get('comment/list', { url: videoId, ...listQuery('comment/list', request) }, options), CommentListAnswer);
      if (data === undefined) return null;
      let total = data.total;
      if (total === null || total === undefined) {
        const video = await videoDetails(videoId, options);
        if (video === undefined) return null;
        total = video.comment_count;
      }
      return { ...page((data.comments ?? []).map(commentOf), request.count, nextCursorOf(data)), total_comments: whole(total) };
    },

    async commentReplies({ videoId, commentId, ...request }, options) {
      const data = readAnswer(await get('comment/reply', { video_id: videoId, comment_id: commentId, ...listQuery('comment/reply', request) }, options), CommentListAnswer);
      if (data === undefined) return null;
      return page((data.comments ?? []).map(replyOf), request.count, nextCursorOf(data));
    },

    async music({ musicId }, options) {
      const found = readAnswer(await get('music/info', { url: musicId }, options), MusicAnswer);
      return found ? musicOf(found, musicId) : null;
    },

    musicVideos({ musicId, ...request }, options) {
      return videoPage('music/posts', { music_id: musicId }, request, listedVideoOf, options);
    },

    async challenge(request, options) {
      const query: Record<string, string> = 'name' in request ? { challenge_name: request.name } : { challenge_id: request.id };
      const found = readAnswer(await get('challenge/info', query, options), ChallengeAnswer);
      // An answer without an id names no challenge (nothing to look further into).
      return found && found.id !== null && found.id !== undefined && String(found.id) !== '' ? challengeOf(found) : null;
    },

    challengeVideos({ challengeId, ...request }, options) {
      return videoPage('challenge/posts', { challenge_id: challengeId }, request, listedVideoOf, options);
    },

    search({ keywords, ...request }, options) {
      return searchPage('feed/search', keywords, request, listedVideoOf, options);
    },

    async searchChallenges({ keywords, ...request }, options) {
      const data = readAnswer(await get('challenge/search', { keywords, ...listQuery('challenge/search', request) }, options), ChallengeListAnswer);
      if (data === undefined) return { items: [], nextCursor: null };
      const challenges = (data.challenge_list ?? []).map((challenge) => (challenge.id === null || challenge.id === undefined ? null : challengeSummaryOf(challenge)));
      return page(challenges, request.count, nextCursorOf(data));
    },

    searchPhotos({ keywords, ...request }, options) {
      return searchPage('photo/search', keywords, request, photoPostOf, options);
    },

    async searchUsers({ keywords, ...request }, options) {
      const data = readAnswer(await get('user/search', { keywords, ...listQuery('user/search', request) }, options), UserSearchAnswer);
      if (data === undefined) return { items: [], nextCursor: null };
      return page((data.user_list ?? []).map(userSearchItemOf), request.count, nextCursorOf(data));
    },

    async user({ uniqueId }, options) {
      const found = readAnswer(await get('user/info', { unique_id: uniqueId }, options), UserAnswer);
      return found?.user ? userOf(found.user, found.stats) : null;
    },

    async userStory({ uniqueId }, options) {
      const data = readAnswer(await get('user/story', { unique_id: uniqueId }, options), VideoListAnswer);
      if (data === undefined) return null;
      const stories = data.videos ?? [];
      const teller = stories.find((story) => story.author?.id !== null && story.author?.id !== undefined)?.author;
      if (teller) return { user_id: String(teller.id), unique_id: teller.unique_id ?? teller.uniqueId ?? uniqueId, stories: stories.map(storyOf) };
      // No story to read the user's id from: the profile says it (and whether the user exists).
      const profile = readAnswer(await get('user/info', { unique_id: uniqueId }, options), UserAnswer);
      if (!profile?.user) return null;
      const user = userOf(profile.user, profile.stats);
      return { user_id: user.user_id, unique_id: user.unique_id || uniqueId, stories: stories.map(storyOf) };
    },

    userPosts({ userId, ...request }, options) {
      return videoPage('user/posts', { user_id: userId }, request, ownVideoOf, options);
    },

    userFavorites({ userId, ...request }, options) {
      return videoPage('user/favorite', { user_id: userId }, request, listedVideoOf, options);
    },

    userReposts({ userId, ...request }, options) {
      return videoPage('user/reposts', { user_id: userId }, request, listedVideoOf, options);
    },

    userFollowers({ userId, ...request }, options) {
      return followPage('user/followers', userId, request, options);
    },

    userFollowing({ userId, ...request }, options) {
      return followPage('user/following', userId, request, options);
    },
  };
}
