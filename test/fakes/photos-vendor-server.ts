import { PHOTOS_PATHS, type PhotosPath } from '../../src/providers/rapidapi-photos/costs';
import * as answers from '../../src/providers/rapidapi-photos/fixtures/answers';
import type { DocumentedAnswer } from '../../src/providers/rapidapi-photos/fixtures/answers';
import { startFakeRapidApiVendor, type FakeRapidApiVendor } from './rapidapi-vendor';

/**
 * The photo-platform data API behind RapidAPI on a loopback port (`GET /v1/<operation>?…`),
 * answering from a small world of documented answers (src/providers/rapidapi-photos/fixtures):
 * the account `northern.trails` (posts over two pages, reels, tagged posts, followers over two
 * pages, similar accounts, stories, six highlights and their items), the personal account
 * `lake.lines` (no posts, no stories, no highlights), two posts (comments over two pages on the
 * video), the hashtag `hiking`, and search. Anything else is the vendor's 404 `{detail}`. Like
 * RapidAPI, it turns away a request without the key (401) or with another key or host (403, "not
 * subscribed"). `fail` answers every request with one failure until `recover`.
 */
export type FakePhotosVendor = FakeRapidApiVendor<PhotosPath>;

export const PHOTOS_VENDOR_KEY = '9f1c0d2e3fmsh0a1b2c3d4e5f6a7p1b2c3djsn0fake0photos0key';
export const PHOTOS_VENDOR_HOST = 'instagram-scraper-api2.p.rapidapi.com';

const { USERNAME, FRIEND } = answers;

/** A page of a list: the first without a token, the second with the first's token; another token is refused. */
function paged(token: string | null, first: DocumentedAnswer, firstToken: string, second: DocumentedAnswer): DocumentedAnswer {
  if (token === null) return first;
  return token === firstToken ? second : { status: 400, body: { detail: 'Invalid pagination_token' } };
}

function world(path: PhotosPath, query: URLSearchParams): DocumentedAnswer {
  const user = query.get('username_or_id_or_url');
  const post = query.get('code_or_id_or_url');
  const token = query.get('pagination_token');
  const own = user === USERNAME;
  const friend = user === FRIEND;
  const empty = { status: 200, body: { data: { count: 0, items: [] } } };
  switch (path) {
    case 'v1/info':
      if (own) return query.get('include_about') === 'true' ? answers.PROFILE_WITH_ABOUT : answers.PROFILE_FOUND;
      return friend ? answers.PERSONAL_PROFILE_WITH_ABOUT : answers.NOT_FOUND;
    case 'v1/posts':
      if (friend) return answers.NO_POSTS;
      return own ? paged(token, answers.POSTS_PAGE_1, answers.POSTS_TOKEN, answers.POSTS_PAGE_2) : answers.NOT_FOUND;
    case 'v1/reels':
      return own ? answers.REELS_PAGE : friend ? empty : answers.NOT_FOUND;
    case 'v1/tagged':
      return own ? answers.TAGGED_PAGE : friend ? empty : answers.NOT_FOUND;
    case 'v1/followers':
      return own ? paged(token, answers.FOLLOWERS_PAGE_1, answers.FOLLOWERS_TOKEN, answers.FOLLOWERS_PAGE_2) : friend ? empty : answers.NOT_FOUND;
    case 'v1/similar_accounts':
      return own ? answers.SIMILAR : friend ? empty : answers.NOT_FOUND;
    case 'v1/stories':
      return own ? answers.STORIES : friend ? answers.NO_STORIES : answers.NOT_FOUND;
    case 'v1/highlights':
      return own ? answers.HIGHLIGHTS : friend ? empty : answers.NOT_FOUND;
    case 'v1/highlight_info': {
      const id = query.get('highlight_id') ?? '';
      return answers.HIGHLIGHT_IDS.includes(id) ? answers.highlightItems(id) : answers.NOT_FOUND;
    }
    case 'v1/post_info':
      return post === answers.VIDEO.code ? answers.POST_VIDEO : post === answers.PHOTO.code ? answers.POST_PHOTO : answers.NOT_FOUND;
    case 'v1/comments':
      return post === answers.VIDEO.code ? paged(token, answers.COMMENTS_PAGE_1, answers.COMMENTS_TOKEN, answers.COMMENTS_PAGE_2) : answers.NOT_FOUND;
    case 'v1/likes':
      return post === answers.VIDEO.code || post === answers.PHOTO.code ? answers.LIKERS_PAGE : answers.NOT_FOUND;
    case 'v1/hashtag':
      if (query.get('hashtag') !== answers.HASHTAG) return answers.NOT_FOUND;
      return query.get('feed_type') === 'recent' ? answers.HASHTAG_RECENT : answers.HASHTAG_TOP;
    case 'v1/search_users':
      return answers.SEARCH_USERS;
    case 'v1/search_hashtags':
      return answers.SEARCH_HASHTAGS;
    case 'v1/search_locations':
      return answers.SEARCH_PLACES;
  }
}

export function startFakePhotosVendor(): Promise<FakePhotosVendor> {
  return startFakeRapidApiVendor({
    paths: PHOTOS_PATHS,
    key: PHOTOS_VENDOR_KEY,
    host: PHOTOS_VENDOR_HOST,
    answers,
    world,
    hostSetting: 'RAPIDAPI_PHOTOS_HOST',
    baseUrlSetting: 'RAPIDAPI_PHOTOS_BASE_URL',
  });
}
