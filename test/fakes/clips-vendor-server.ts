import { CLIPS_PATHS, type ClipsPath } from '../../src/providers/rapidapi-clips/costs';
import * as answers from '../../src/providers/rapidapi-clips/fixtures/answers';
import type { DocumentedAnswer } from '../../src/providers/rapidapi-clips/fixtures/answers';
import { startFakeRapidApiVendor, type FakeRapidApiVendor } from './rapidapi-vendor';

/**
 * The short-video data API behind RapidAPI on a loopback port (`GET /<path>?…`, the video details
 * at `GET /`), answering from a small world of documented answers
 * (src/providers/rapidapi-clips/fixtures): the creator `lena.cooks` (profile, two stories, posts
 * over two pages, favorites, reposts, followers over two pages by `time`, following), the creator
 * `quiet.kitchen` (a profile without region or language, no stories, no posts), one video with
 * its comments over two pages and one comment's replies, one sound with its videos over two
 * pages, the challenge `pastanight`, and the four searches. Anything else is the vendor's
 * "not found" (`code` -1 in a 200). Like RapidAPI, it turns away a request without the key (401)
 * or with another key or host (403, "not subscribed"). `fail` answers every request with one
 * failure until `recover`.
 */
export type FakeClipsVendor = FakeRapidApiVendor<ClipsPath>;

export const CLIPS_VENDOR_KEY = '5a1c0d2e3fmsh0a1b2c3d4e5f6a7p1b2c3djsn0fake0clips00key';
export const CLIPS_VENDOR_HOST = 'tiktok-scraper7.p.rapidapi.com';

const { CREATOR, FRIEND } = answers;

/** A page of a list: the first without a position, the second at the first's; another position is refused. */
function paged(position: string | null, first: DocumentedAnswer, firstNext: string, second: DocumentedAnswer): DocumentedAnswer {
  if (position === null) return first;
  return position === firstNext ? second : { status: 200, body: { code: -1, msg: 'Invalid cursor' } };
}

function world(path: ClipsPath, query: URLSearchParams): DocumentedAnswer {
  const cursor = query.get('cursor');
  const userId = query.get('user_id');
  const handle = query.get('unique_id');
  const own = userId === CREATOR.id || handle === CREATOR.unique_id;
  const friend = userId === FRIEND.id || handle === FRIEND.unique_id;
  switch (path) {
    case '':
      return query.get('url') === answers.VIDEO_ID ? answers.VIDEO_DETAILS : answers.URL_NOT_FOUND;
    case 'comment/list':
      return query.get('url') === answers.VIDEO_ID ? paged(cursor, answers.COMMENTS_PAGE_1, answers.COMMENTS_CURSOR, answers.COMMENTS_PAGE_2) : answers.URL_NOT_FOUND;
    case 'comment/reply':
      return query.get('comment_id') === answers.COMMENT_ID && query.get('video_id') === answers.VIDEO_ID ? answers.REPLIES : answers.NOT_FOUND;
    case 'music/info':
      return query.get('url') === answers.MUSIC_ID ? answers.MUSIC : answers.URL_NOT_FOUND;
    case 'music/posts':
      return query.get('music_id') === answers.MUSIC_ID ? paged(cursor, answers.MUSIC_POSTS_PAGE_1, answers.MUSIC_CURSOR, answers.MUSIC_POSTS_PAGE_2) : answers.URL_NOT_FOUND;
    case 'challenge/info':
      return query.get('challenge_id') === answers.CHALLENGE_ID || query.get('challenge_name') === answers.CHALLENGE_NAME ? answers.CHALLENGE : answers.NOT_FOUND;
    case 'challenge/posts':
      return query.get('challenge_id') === answers.CHALLENGE_ID ? answers.CHALLENGE_POSTS : answers.NOT_FOUND;
    case 'feed/search':
      return paged(cursor, answers.SEARCH_PAGE_1, answers.SEARCH_CURSOR, answers.SEARCH_PAGE_2);
    case 'challenge/search':
      return answers.CHALLENGE_SEARCH;
    case 'photo/search':
      return answers.PHOTO_SEARCH;
    case 'user/search':
      return answers.USER_SEARCH;
    case 'user/info':
      return own ? answers.USER_INFO : friend ? answers.FRIEND_INFO : answers.NOT_FOUND;
    case 'user/story':
      return own ? answers.STORIES : friend ? answers.NO_STORIES : answers.NOT_FOUND;
    case 'user/posts':
      if (friend) return answers.NO_POSTS;
      return own ? paged(cursor, answers.POSTS_PAGE_1, answers.POSTS_CURSOR, answers.POSTS_PAGE_2) : answers.NOT_FOUND;
    case 'user/favorite':
      return own ? answers.FAVORITES : friend ? answers.NO_POSTS : answers.NOT_FOUND;
    case 'user/reposts':
      return own ? answers.REPOSTS : friend ? answers.NO_POSTS : answers.NOT_FOUND;
    case 'user/followers':
      return own ? paged(query.get('time'), answers.FOLLOWERS_PAGE_1, answers.FOLLOWERS_TIME, answers.FOLLOWERS_PAGE_2) : answers.NOT_FOUND;
    case 'user/following':
      return own ? answers.FOLLOWING : answers.NOT_FOUND;
  }
}

export function startFakeClipsVendor(): Promise<FakeClipsVendor> {
  return startFakeRapidApiVendor({
    paths: CLIPS_PATHS,
    key: CLIPS_VENDOR_KEY,
    host: CLIPS_VENDOR_HOST,
    answers,
    world,
    hostSetting: 'RAPIDAPI_CLIPS_HOST',
    baseUrlSetting: 'RAPIDAPI_CLIPS_BASE_URL',
  });
}
