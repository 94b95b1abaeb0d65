import type { CursorPage, PhotosProvider } from '../families/photos';
import type { CallOptions } from '../providers';
import { readAnswer, RapidApiPhotosClient, type PhotosAnswer, type RapidApiPhotosSettings } from './client';
import { HIGHLIGHTS_WITH_ITEMS, type PhotosPath } from './costs';
import { aboutOf, commentOf, searchUserOf, similarOf, summaryOf, userOf } from './account-mapping';
import { gridPostOf, highlightIdOf, highlightOf, listedPostOf, postOf, recentPostOf, reelOf, storyOf, whole } from './media-mapping';
import {
  AccountsAnswer,
  CommentsAnswer,
  HashtagAnswer,
  HashtagSearchAnswer,
  HighlightsAnswer,
  MediaListAnswer,
  PlaceSearchAnswer,
  PostAnswer,
  ProfileAnswer,
  ReelsAnswer,
  StoryItemsAnswer,
  type VendorMediaFields,
} from './wire';

export type { PhotosAnswer, PhotosCall, RapidApiPhotosSettings } from './client';
export { RapidApiPhotosClient } from './client';
export { MOST_REQUESTS, upstreamCostMicros } from './costs';

/**
 * The photo-sharing platform family from "Instagram Scraper API" by Social API on RapidAPI
 * (rapidapi.com/social-api1-instagram/api/instagram-scraper-api2; host
 * `instagram-scraper-api2.p.rapidapi.com`, which the same API also answers as
 * `social-api4.p.rapidapi.com` and `instagram-social-api.p.rapidapi.com`: RAPIDAPI_PHOTOS_HOST).
 *
 * Why this one: it has an operation for each of our fourteen fetched methods (media-id is
 * computed, not fetched) — profile with the "About this account" data (`include_about`), posts,
 * reels, tagged, followers, similar accounts, stories, highlights and their items, post by
 * shortcode, comments, likers, hashtag feeds, and user, hashtag and place search — with one
 * parameter scheme (`username_or_id_or_url`, `code_or_id_or_url`, `pagination_token`) and one
 * envelope (`{data: {items}, pagination_token}`); and of the candidates compared (Instagram
 * Looter, instagram120, Instagram Scraper Stable API) it is the one public sources document best:
 * its pagination tutorial on RapidAPI and many public clients, one with a recorded `/v1/posts`
 * answer, where the others' public examples cover a few operations (profile, posts, reels).
 * ./wire.ts lists what was confirmed and what is assumed.
 *
 * Requests per call: one for most methods; comments two at most (the post's comment count when
 * the comments answer lacks it); a hashtag two (its top feed, then its recent one); search three
 * (users, hashtags, places); highlights one plus one per highlight for the first
 * HIGHLIGHTS_WITH_ITEMS (./costs.ts). Nothing found (the vendor's 404 `detail`, or `data: null`) is
 * null; a failure is a 502 (./errors.ts).
 */
export function rapidApiPhotos(settings: RapidApiPhotosSettings): PhotosProvider {
  return rapidApiPhotosOn(new RapidApiPhotosClient(settings));
}

/** The default RapidAPI host of the API (RAPIDAPI_PHOTOS_HOST overrides it; the base URL is `https://<host>`). */
export const DEFAULT_PHOTOS_HOST = 'instagram-scraper-api2.p.rapidapi.com';

type PhotosMethod = Exclude<keyof PhotosProvider, 'name'>;

/** The methods this vendor serves: all fourteen (media-id never reaches a provider). */
export const SERVED_OPERATIONS: ReadonlySet<PhotosMethod> = new Set<PhotosMethod>([
  'user', 'userAbout', 'userPosts', 'userReels', 'userTagged', 'userFollowers', 'userSimilar',
  'userStories', 'userHighlights', 'post', 'postComments', 'postLikers', 'hashtag', 'search',
]);

/** A settled request's answer, or its failure thrown. */
function settledValue<Value>(result: PromiseSettledResult<Value>): Value {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

const nextCursorOf = (token: string | null | undefined): string | null => (token ? token : null);
const withCursor = (query: Record<string, string>, cursor: string | undefined): Record<string, string> =>
  cursor ? { ...query, pagination_token: cursor } : query;

/** The family on a given client (a recording one prices what each method asks for: ./costs.ts). */
export function rapidApiPhotosOn(client: RapidApiPhotosClient): PhotosProvider {
  const get = (path: PhotosPath, query: Record<string, string>, options: CallOptions): Promise<PhotosAnswer> => client.get({ path, query }, options);
  const ofUser = (username: string) => ({ username_or_id_or_url: username });
  const ofPost = (shortcode: string) => ({ code_or_id_or_url: shortcode });

  async function profile(username: string, about: boolean, options: CallOptions) {
    const query = about ? { ...ofUser(username), include_about: 'true' } : ofUser(username);
    return readAnswer(await get('v1/info', query, options), ProfileAnswer)?.data;
  }

  async function mediaPage<Item>(path: 'v1/posts' | 'v1/tagged', username: string, cursor: string | undefined, map: (item: Parameters<typeof gridPostOf>[0]) => Item, options: CallOptions): Promise<CursorPage<Item> | null> {
    const answer = readAnswer(await get(path, withCursor(ofUser(username), cursor), options), MediaListAnswer);
    if (answer === undefined) return null;
    return { items: (answer.data.items ?? []).map(map), nextCursor: nextCursorOf(answer.pagination_token) };
  }

  async function accountPage(path: 'v1/followers' | 'v1/likes', query: Record<string, string>, cursor: string | undefined, options: CallOptions) {
    const answer = readAnswer(await get(path, withCursor(query, cursor), options), AccountsAnswer);
    if (answer === undefined) return null;
    return { items: (answer.data.items ?? []).map(summaryOf), nextCursor: nextCursorOf(answer.pagination_token) };
  }

  async function highlightItems(highlightId: string, options: CallOptions): Promise<VendorMediaFields[]> {
    const answer = readAnswer(await get('v1/highlight_info', { highlight_id: highlightId }, options), StoryItemsAnswer);
    return answer?.data.items ?? [];
  }

  return {
    name: 'social-api',

    async user({ username }, options) {
      const found = await profile(username, false, options);
      return found ? userOf(found) : null;
    },

    async userAbout({ username }, options) {
      const found = await profile(username, true, options);
      return found ? aboutOf(found) : null;
    },

    userPosts({ username, cursor }, options) {
      return mediaPage('v1/posts', username, cursor, gridPostOf, options);
    },

    userTagged({ username, cursor }, options) {
      return mediaPage('v1/tagged', username, cursor, listedPostOf, options);
    },

    async userReels({ username, cursor }, options) {
      const answer = readAnswer(await get('v1/reels', withCursor(ofUser(username), cursor), options), ReelsAnswer);
      if (answer === undefined) return null;
      const reels = (answer.data.items ?? []).flatMap((item) => reelOf(item) ?? []);
      return { items: reels, nextCursor: nextCursorOf(answer.pagination_token) };
    },

    userFollowers({ username, cursor }, options) {
      return accountPage('v1/followers', ofUser(username), cursor, options);
    },

    async userSimilar({ username }, options) {
      const answer = readAnswer(await get('v1/similar_accounts', ofUser(username), options), AccountsAnswer);
      return answer === undefined ? null : (answer.data.items ?? []).map(similarOf);
    },

    async userStories({ username }, options) {
      const answer = readAnswer(await get('v1/stories', ofUser(username), options), StoryItemsAnswer);
      return answer === undefined ? null : (answer.data.items ?? []).map(storyOf);
    },

    async userHighlights({ username }, options) {
      const answer = readAnswer(await get('v1/highlights', ofUser(username), options), HighlightsAnswer);
      if (answer === undefined) return null;
      const highlights = answer.data.items ?? [];
      // One request per highlight for the first few only (the call's price bounds them), side by
      // side; all settle before the call ends.
      const fetched = await Promise.allSettled(highlights.slice(0, HIGHLIGHTS_WITH_ITEMS).map((highlight) => highlightItems(highlightIdOf(highlight), options)));
      const items = fetched.map(settledValue);
      return highlights.map((highlight, index) => highlightOf(highlight, items[index] ?? null));
    },

    async post({ shortcode }, options) {
      const answer = readAnswer(await get('v1/post_info', ofPost(shortcode), options), PostAnswer);
      return answer === undefined ? null : postOf(answer.data);
    },

    async postComments({ shortcode, cursor }, options) {
      const answer = readAnswer(await get('v1/comments', withCursor(ofPost(shortcode), cursor), options), CommentsAnswer);
      if (answer === undefined) return null;
      let commentCount = answer.data.additional_data?.comment_count ?? answer.data.total;
      if (commentCount === null || commentCount === undefined) {
        const post = readAnswer(await get('v1/post_info', ofPost(shortcode), options), PostAnswer);
        if (post === undefined) return null;
        commentCount = post.data.comment_count;
      }
      return {
        items: (answer.data.items ?? []).map(commentOf),
        nextCursor: nextCursorOf(answer.pagination_token),
        comment_count: whole(commentCount),
      };
    },

    postLikers({ shortcode, cursor }, options) {
      return accountPage('v1/likes', ofPost(shortcode), cursor, options);
    },

    async hashtag({ hashtag }, options) {
      const top = readAnswer(await get('v1/hashtag', { hashtag }, options), HashtagAnswer);
      if (top === undefined) return null;
      const recent = readAnswer(await get('v1/hashtag', { hashtag, feed_type: 'recent' }, options), HashtagAnswer);
      const info = top.data.additional_data ?? recent?.data.additional_data;
      return {
        name: info?.name ?? hashtag,
        media_count: whole(info?.media_count),
        top_posts: (top.data.items ?? []).map(listedPostOf),
        recent_posts: (recent?.data.items ?? []).map(recentPostOf),
      };
    },

    async search({ query }, options) {
      const search = { search_query: query };
      // All three settle before the call ends, so none reports its cost after a failure was answered.
      const [usersResult, hashtagsResult, placesResult] = await Promise.allSettled([
        get('v1/search_users', search, options).then((answer) => readAnswer(answer, AccountsAnswer)),
        get('v1/search_hashtags', search, options).then((answer) => readAnswer(answer, HashtagSearchAnswer)),
        get('v1/search_locations', search, options).then((answer) => readAnswer(answer, PlaceSearchAnswer)),
      ]);
      const users = settledValue(usersResult);
      const hashtags = settledValue(hashtagsResult);
      const places = settledValue(placesResult);
      return {
        users: (users?.data.items ?? []).filter((user) => user.username).map(searchUserOf),
        hashtags: (hashtags?.data.items ?? []).flatMap((tag) => (tag.name ? [{ name: tag.name.replace(/^#/, ''), media_count: whole(tag.media_count) }] : [])),
        places: (places?.data.items ?? []).flatMap((place) => {
          const lat = place.location?.lat ?? place.lat;
          const lng = place.location?.lng ?? place.lng;
          const title = place.title ?? place.location?.name ?? place.name;
          // A place without coordinates cannot be shown on a map: left out.
          return title && typeof lat === 'number' && typeof lng === 'number' ? [{ title, location: { lat, lng } }] : [];
        }),
      };
    },
  };
}
