import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { z } from 'zod';
import type { PhotosProvider } from '../../src/providers/families/photos';
import type { CallOptions } from '../../src/providers/providers';
import { rapidApiPhotos, SERVED_OPERATIONS } from '../../src/providers/rapidapi-photos';
import { HIGHLIGHTS_WITH_ITEMS, MOST_REQUESTS, REQUEST_COST } from '../../src/providers/rapidapi-photos/costs';
import * as answers from '../../src/providers/rapidapi-photos/fixtures/answers';
import { mediaIdOf } from '../../src/photos/shortcode';
import {
  Comment,
  GridPost,
  Hashtag,
  Highlight,
  ListedPost,
  PhotosUser,
  Post,
  Reel,
  SearchResults,
  SimilarAccount,
  Story,
  UserAbout,
  UserSummary,
} from '../../src/schemas/photos';
import { startFakePhotosVendor, PHOTOS_VENDOR_HOST, PHOTOS_VENDOR_KEY, type FakePhotosVendor } from '../fakes/photos-vendor-server';

/**
 * The photo-platform data API adapter against a fake of the vendor: for every method, what it
 * sends (path, query, RapidAPI headers), how a documented answer maps to our record field by
 * field (each record parses with its schema and loses nothing), nothing found as null, and pages
 * walked with the vendor's own token. Failures: photos-vendor-failures.test.ts.
 */

const cdn = (name: string) => `https://photos-cdn.example/v/${name}`;
const { USERNAME, FRIEND } = answers;
const NOBODY = 'no.such.account';

/** `value` parses with `schema` to itself: no field missing, none stripped. */
function conforms<Schema extends z.ZodType>(schema: Schema, value: unknown): void {
  assert.deepEqual(schema.parse(value), value);
}

const OWNER_SUMMARY = { username: USERNAME, profile_pic_url: cdn('nt-150.jpg') };
const FRIEND_SUMMARY: UserSummary = { id: '6120338871', username: FRIEND, full_name: 'Lake Lines', profile_pic_url: cdn('ll-150.jpg'), is_verified: false, is_private: false };

const PHOTO_COUNTS = { like_count: 1520, comment_count: 41, taken_at: 1733400000 };
const VIDEO_COUNTS = { like_count: 6784, comment_count: 150, taken_at: 1735600000 };

const PHOTO_GRID: GridPost = {
  id: '3509393806731891195',
  shortcode: 'DCz3xLbNdH7',
  type: 'GraphImage',
  caption: 'First snow on the ridge.',
  ...PHOTO_COUNTS,
  display_url: cdn('ridge-1080.jpg'),
  thumbnail_url: cdn('ridge-thumb.jpg'),
  is_video: false,
  video_view_count: null,
  accessibility_caption: 'Photo by Northern Trails of a snowy ridge.',
};
const CAROUSEL_GRID: GridPost = {
  id: '3488836592262931556',
  shortcode: 'DBq1mVhN2Rk',
  type: 'GraphSidecar',
  caption: '',
  like_count: 980,
  comment_count: 12,
  taken_at: 1730900000,
  display_url: cdn('lake-1.jpg'),
  thumbnail_url: cdn('lake-thumb.jpg'),
  is_video: false,
  video_view_count: null,
  accessibility_caption: null,
};
const VIDEO_GRID: GridPost = {
  id: '3528153711142566581',
  shortcode: 'DD2hRt5oPq1',
  type: 'GraphVideo',
  caption: 'Sunrise timelapse.',
  ...VIDEO_COUNTS,
  display_url: cdn('sunrise-cover.jpg'),
  thumbnail_url: cdn('sunrise-thumb.jpg'),
  is_video: true,
  video_view_count: 90189,
  accessibility_caption: null,
};

describe('Photo-platform data API adapter: requests and mapping', () => {
  let vendor: FakePhotosVendor;
  let photos: PhotosProvider;
  let costs: number[];
  let call: CallOptions;
  before(async () => {
    vendor = await startFakePhotosVendor();
    photos = rapidApiPhotos(vendor.settings);
  });
  after(async () => vendor?.close());
  beforeEach(() => {
    vendor.reset();
    costs = [];
    call = { signal: new AbortController().signal, upstreamCost: (micros) => costs.push(micros) };
  });

  /** The requests made, in order, as `path?query`; each a GET carrying the RapidAPI key and host. */
  function sent(): string[] {
    return vendor.fake.requests.map((request) => {
      assert.equal(request.method, 'GET');
      assert.equal(request.headers['x-rapidapi-key'], PHOTOS_VENDOR_KEY);
      assert.equal(request.headers['x-rapidapi-host'], PHOTOS_VENDOR_HOST);
      return `${request.path}?${request.query}`;
    });
  }

  test('it serves every fetched method of the family, and its request counts fit the price', () => {
    assert.deepEqual([...SERVED_OPERATIONS].sort(), Object.keys(MOST_REQUESTS).sort());
    for (const [method, requests] of Object.entries(MOST_REQUESTS)) assert.ok(requests * REQUEST_COST <= 10_000, `${method}: ${requests} requests cost more than USD 0.01`);
  });

  test('user: GET /v1/info?username_or_id_or_url=…, the profile mapped field by field; one request priced', async () => {
    const user = await photos.user({ username: USERNAME }, call);
    const expected: PhotosUser = {
      id: '5821462185',
      username: USERNAME,
      full_name: 'Northern Trails',
      biography: 'Guided hikes across the north shore.',
      profile_pic_url: cdn('nt-150.jpg'),
      profile_pic_url_hd: cdn('nt-1080.jpg'),
      follower_count: 48210,
      following_count: 312,
      media_count: 873,
      is_verified: true,
      is_private: false,
      is_business_account: true,
      category: 'Travel Company',
      external_url: 'https://northern-trails.example/',
    };
    assert.deepEqual(user, expected);
    conforms(PhotosUser, user);
    assert.deepEqual(sent(), ['/v1/info?username_or_id_or_url=northern.trails']);
    assert.deepEqual(costs, [REQUEST_COST]);
  });

  test('user: a personal account without category, link or HD picture gets nulls and its picture; an unknown one is null (the 404 still priced)', async () => {
    const user = await photos.user({ username: FRIEND }, call);
    assert.equal(user?.is_business_account, false);
    assert.equal(user?.category, null);
    assert.equal(user?.external_url, null);
    assert.equal(user?.profile_pic_url_hd, cdn('ll-150.jpg'));
    conforms(PhotosUser, user);
    costs = [];
    assert.equal(await photos.user({ username: NOBODY }, call), null);
    assert.deepEqual(costs, [REQUEST_COST], 'RapidAPI counts the request the vendor answered 404');
  });

  test('user: `data: null` with a 200 is nothing found too', async () => {
    vendor.on('v1/info', answers.DATA_NULL);
    assert.equal(await photos.user({ username: USERNAME }, call), null);
  });

  test('userAbout: include_about=true; the about page mapped (former usernames are a count: none listed; no ads data: 0)', async () => {
    const about = await photos.userAbout({ username: USERNAME }, call);
    const expected: UserAbout = {
      username: USERNAME,
      full_name: 'Northern Trails',
      biography: 'Guided hikes across the north shore.',
      date_joined: 'March 2016',
      account_type: 'business',
      category: 'Travel Company',
      country: 'Canada',
      former_usernames: [],
      ads_count: 0,
    };
    assert.deepEqual(about, expected);
    conforms(UserAbout, about);
    assert.deepEqual(sent(), ['/v1/info?username_or_id_or_url=northern.trails&include_about=true']);

    const personal = await photos.userAbout({ username: FRIEND }, call);
    assert.equal(personal?.date_joined, 'January 2020', 'from the creation timestamp when the month is not given');
    assert.equal(personal?.account_type, 'personal');
    assert.equal(personal?.country, null);
    assert.equal(await photos.userAbout({ username: NOBODY }, call), null);
  });

  test('userPosts: two pages walked with the vendor token (photo, carousel, then a video); the last page says so', async () => {
    const first = await photos.userPosts({ username: USERNAME }, call);
    assert.deepEqual(first, { items: [PHOTO_GRID, CAROUSEL_GRID], nextCursor: answers.POSTS_TOKEN });
    const second = await photos.userPosts({ username: USERNAME, cursor: first!.nextCursor! }, call);
    assert.deepEqual(second, { items: [VIDEO_GRID], nextCursor: null });
    for (const post of [...first!.items, ...second!.items]) conforms(GridPost, post);
    assert.deepEqual(sent(), [
      '/v1/posts?username_or_id_or_url=northern.trails',
      `/v1/posts?username_or_id_or_url=northern.trails&pagination_token=${answers.POSTS_TOKEN}`,
    ]);
    assert.deepEqual(costs, [REQUEST_COST, REQUEST_COST]);
  });

  test('userPosts: an account without posts is an empty last page (an empty token is no token); an unknown one is null', async () => {
    assert.deepEqual(await photos.userPosts({ username: FRIEND }, call), { items: [], nextCursor: null });
    assert.equal(await photos.userPosts({ username: NOBODY }, call), null);
  });

  test('userReels: wrapped and plain rows mapped; plays fall back to the platform count; a row without a video is left out', async () => {
    const page = await photos.userReels({ username: USERNAME }, call);
    const first: Reel = {
      id: '3528153711142566581',
      shortcode: 'DD2hRt5oPq1',
      caption: 'Sunrise timelapse.',
      like_count: 6784,
      comment_count: 150,
      play_count: 90189,
      taken_at: 1735600000,
      video_duration: 14.806,
      display_url: cdn('sunrise-cover.jpg'),
      video_url: cdn('sunrise.mp4'),
    };
    assert.deepEqual(page, { items: [first, { ...first, id: '3539794851169289520', shortcode: 'DEf4KmZs8Uw', play_count: 1200, video_duration: 8 }], nextCursor: null });
    for (const reel of page!.items) conforms(Reel, reel);
    assert.deepEqual(sent(), ['/v1/reels?username_or_id_or_url=northern.trails']);
    assert.equal(await photos.userReels({ username: NOBODY }, call), null);
  });

  test('userTagged: another account’s post; its id (a JSON number that lost digits) taken from the shortcode', async () => {
    const page = await photos.userTagged({ username: USERNAME }, call);
    const expected: ListedPost = {
      id: '3475553008600842078',
      shortcode: 'DA7pQwLsX9e',
      type: 'GraphImage',
      caption: 'Trail day with @northern.trails',
      ...PHOTO_COUNTS,
      display_url: cdn('ridge-1080.jpg'),
      is_video: false,
      owner: { username: FRIEND, profile_pic_url: cdn('ll-150.jpg') },
    };
    assert.deepEqual(page, { items: [expected], nextCursor: 'VGFnZ2VkUGFnZTI' });
    assert.equal(expected.id, mediaIdOf(expected.shortcode));
    conforms(ListedPost, page!.items[0]);
    assert.deepEqual(sent(), ['/v1/tagged?username_or_id_or_url=northern.trails']);
    assert.equal(await photos.userTagged({ username: NOBODY }, call), null);
  });

  test('userFollowers: two pages; numeric ids as strings, null flags false', async () => {
    const first = await photos.userFollowers({ username: USERNAME }, call);
    assert.deepEqual(first, {
      items: [FRIEND_SUMMARY, { id: '7001', username: 'ridge.runner', full_name: '', profile_pic_url: cdn('rr.jpg'), is_verified: false, is_private: false }],
      nextCursor: answers.FOLLOWERS_TOKEN,
    });
    const second = await photos.userFollowers({ username: USERNAME, cursor: answers.FOLLOWERS_TOKEN }, call);
    assert.deepEqual(second, { items: [{ id: '7002', username: 'quiet.peaks', full_name: 'Quiet Peaks', profile_pic_url: cdn('qp.jpg'), is_verified: false, is_private: true }], nextCursor: null });
    for (const account of [...first!.items, ...second!.items]) conforms(UserSummary, account);
    assert.deepEqual(sent(), [
      '/v1/followers?username_or_id_or_url=northern.trails',
      `/v1/followers?username_or_id_or_url=northern.trails&pagination_token=${answers.FOLLOWERS_TOKEN}`,
    ]);
    assert.equal(await photos.userFollowers({ username: NOBODY }, call), null);
  });

  test('userSimilar: suggestions; a missing follower count is 0', async () => {
    const similar = await photos.userSimilar({ username: USERNAME }, call);
    const expected: SimilarAccount[] = [
      { username: FRIEND, full_name: 'Lake Lines', profile_pic_url: cdn('ll-150.jpg'), is_verified: false, follower_count: 9120 },
      { username: 'coast.paths', full_name: 'Coast Paths', profile_pic_url: cdn('cp.jpg'), is_verified: true, follower_count: 0 },
    ];
    assert.deepEqual(similar, expected);
    for (const account of similar!) conforms(SimilarAccount, account);
    assert.deepEqual(sent(), ['/v1/similar_accounts?username_or_id_or_url=northern.trails']);
    assert.equal(await photos.userSimilar({ username: NOBODY }, call), null);
  });

  test('userStories: a photo and a video story; a missing expiry is a day after posting; none is []; an unknown account null', async () => {
    const stories = await photos.userStories({ username: USERNAME }, call);
    const expected: Story[] = [
      { id: '3540000000000000001', taken_at: 1736000000, expiring_at: 1736086400, is_video: false, display_url: cdn('story-1.jpg'), video_url: null, video_duration: null },
      { id: '3540000000000000002', taken_at: 1736003600, expiring_at: 1736003600 + 86400, is_video: true, display_url: cdn('story-2.jpg'), video_url: cdn('story-2.mp4'), video_duration: 9.5 },
    ];
    assert.deepEqual(stories, expected);
    for (const story of stories!) conforms(Story, story);
    assert.deepEqual(sent(), ['/v1/stories?username_or_id_or_url=northern.trails']);
    assert.deepEqual(await photos.userStories({ username: FRIEND }, call), []);
    assert.equal(await photos.userStories({ username: NOBODY }, call), null);
  });

  test(`userHighlights: the list, then the items of the first ${HIGHLIGHTS_WITH_ITEMS} side by side (one request each, by the id's digits); the rest without items`, async () => {
    const highlights = await photos.userHighlights({ username: USERNAME }, call);
    assert.equal(highlights?.length, answers.HIGHLIGHT_IDS.length);
    const itemsOf = (n: number) => [
      { id: `35100000000000000${n}1`, taken_at: 1720000000 + n, is_video: false, display_url: cdn(`h${n}-1.jpg`), video_url: null },
      { id: `35100000000000000${n}2`, taken_at: 1720000100 + n, is_video: true, display_url: cdn(`h${n}-2.jpg`), video_url: cdn(`h${n}-2.mp4`) },
    ];
    const expected: Highlight[] = answers.HIGHLIGHT_IDS.map((id, index) => ({
      id,
      title: `Trip ${index + 1}`,
      cover_media_url: cdn(`cover-${index + 1}.jpg`),
      // The third says how many it holds; the others are counted; the sixth was not fetched.
      item_count: index === 2 ? 7 : index < HIGHLIGHTS_WITH_ITEMS ? 2 : 0,
      items: index < HIGHLIGHTS_WITH_ITEMS ? itemsOf(index + 1) : [],
    }));
    assert.deepEqual(highlights, expected);
    for (const highlight of highlights!) conforms(Highlight, highlight);
    const [list, ...itemRequests] = sent();
    assert.equal(list, '/v1/highlights?username_or_id_or_url=northern.trails');
    assert.deepEqual(itemRequests.sort(), answers.HIGHLIGHT_IDS.slice(0, HIGHLIGHTS_WITH_ITEMS).map((id) => `/v1/highlight_info?highlight_id=${id}`));
    assert.equal(costs.length, 1 + HIGHLIGHTS_WITH_ITEMS);
    assert.deepEqual(await photos.userHighlights({ username: FRIEND }, call), []);
    assert.equal(await photos.userHighlights({ username: NOBODY }, call), null);
  });

  test('post: a video by shortcode (code_or_id_or_url), with views, duration, owner, a location whose coordinates sit beside it and tags in the platform’s {in} form', async () => {
    const post = await photos.post({ shortcode: answers.VIDEO.code }, call);
    const expected: Post = {
      id: '3528153711142566581',
      shortcode: 'DD2hRt5oPq1',
      type: 'GraphVideo',
      caption: 'Sunrise timelapse.',
      ...VIDEO_COUNTS,
      display_url: cdn('sunrise-cover.jpg'),
      is_video: true,
      video_url: cdn('sunrise.mp4'),
      video_view_count: 90189,
      video_duration: 14.806,
      owner: { id: '5821462185', username: USERNAME, full_name: 'Northern Trails', profile_pic_url: cdn('nt-150.jpg'), is_verified: true },
      location: { name: 'Boom Lookout', lat: 51.0859, lng: 4.3838 },
      tagged_users: [{ username: FRIEND, full_name: 'Lake Lines' }],
    };
    assert.deepEqual(post, expected);
    assert.equal(post!.id, mediaIdOf(post!.shortcode), 'the id /v1/photos/media-id computes');
    conforms(Post, post);
    assert.deepEqual(sent(), ['/v1/post_info?code_or_id_or_url=DD2hRt5oPq1']);
    assert.deepEqual(costs, [REQUEST_COST]);
  });

  test('post: a photo has no video fields; its `<media>_<owner>` id is the media id; an unknown shortcode is null', async () => {
    const post = await photos.post({ shortcode: answers.PHOTO.code }, call);
    const { thumbnail_url: _thumbnail, accessibility_caption: _accessibility, ...photo } = PHOTO_GRID;
    assert.deepEqual(post, {
      ...photo,
      video_url: null,
      video_view_count: null,
      video_duration: null,
      owner: { id: '5821462185', username: USERNAME, full_name: 'Northern Trails', profile_pic_url: cdn('nt-150.jpg'), is_verified: true },
      location: { name: 'Ridge Trail', lat: 47.6062, lng: -122.3321 },
      tagged_users: [{ username: FRIEND, full_name: 'Lake Lines' }],
    } satisfies Post);
    conforms(Post, post);
    assert.equal(await photos.post({ shortcode: 'Zz9Zz9Zz9Zz' }, call), null);
  });

  test('postComments: the first page carries the post’s comment count; the last page without it asks the post (two requests)', async () => {
    const first = await photos.postComments({ shortcode: answers.VIDEO.code }, call);
    const expected: Comment[] = [
      { id: '18050000000000001', text: 'Stunning!', created_at: 1735600500, like_count: 12, reply_count: 2, owner: { username: FRIEND, profile_pic_url: cdn('ll-150.jpg'), is_verified: false } },
      { id: '18050000000000002', text: 'Where is this?', created_at: 1735600900, like_count: 3, reply_count: 0, owner: { username: 'ridge.runner', profile_pic_url: cdn('rr.jpg'), is_verified: false } },
    ];
    assert.deepEqual(first, { items: expected, nextCursor: answers.COMMENTS_TOKEN, comment_count: 150 });
    for (const comment of first!.items) conforms(Comment, comment);
    assert.deepEqual(sent(), ['/v1/comments?code_or_id_or_url=DD2hRt5oPq1']);

    vendor.fake.requests.length = 0;
    const last = await photos.postComments({ shortcode: answers.VIDEO.code, cursor: first!.nextCursor! }, call);
    assert.equal(last?.nextCursor, null);
    assert.equal(last?.comment_count, 150);
    assert.deepEqual(last?.items.map((comment) => comment.text), ['Saved.']);
    assert.deepEqual(sent(), [`/v1/comments?code_or_id_or_url=DD2hRt5oPq1&pagination_token=${answers.COMMENTS_TOKEN}`, '/v1/post_info?code_or_id_or_url=DD2hRt5oPq1']);
    assert.equal(await photos.postComments({ shortcode: 'Zz9Zz9Zz9Zz' }, call), null);
  });

  test('postLikers: accounts; no token is the last page; an unknown post is null', async () => {
    assert.deepEqual(await photos.postLikers({ shortcode: answers.PHOTO.code }, call), { items: [FRIEND_SUMMARY], nextCursor: null });
    assert.deepEqual(sent(), ['/v1/likes?code_or_id_or_url=DCz3xLbNdH7']);
    assert.equal(await photos.postLikers({ shortcode: 'Zz9Zz9Zz9Zz' }, call), null);
  });

  test('hashtag: its top feed, then its recent one (feed_type=recent); an unknown hashtag is null after one request', async () => {
    const hashtag = await photos.hashtag({ hashtag: answers.HASHTAG }, call);
    const { thumbnail_url: _thumbnail, video_view_count: _views, accessibility_caption: _accessibility, ...photo } = PHOTO_GRID;
    const { thumbnail_url: _t, video_view_count: _v, accessibility_caption: _a, caption: _c, ...video } = VIDEO_GRID;
    const expected: Hashtag = { name: 'hiking', media_count: 162975566, top_posts: [{ ...photo, owner: OWNER_SUMMARY }], recent_posts: [video] };
    assert.deepEqual(hashtag, expected);
    conforms(Hashtag, hashtag);
    assert.deepEqual(sent(), ['/v1/hashtag?hashtag=hiking', '/v1/hashtag?hashtag=hiking&feed_type=recent']);
    assert.deepEqual(costs, [REQUEST_COST, REQUEST_COST]);

    vendor.fake.requests.length = 0;
    assert.equal(await photos.hashtag({ hashtag: 'nosuchtag' }, call), null);
    assert.equal(vendor.fake.requests.length, 1);
  });

  test('search: users, hashtags and places (three requests); rows without a username, name or coordinates left out', async () => {
    const results = await photos.search({ query: 'trail' }, call);
    const expected: SearchResults = {
      users: [
        { username: USERNAME, full_name: 'Northern Trails', profile_pic_url: cdn('nt-150.jpg'), is_verified: true, follower_count: 48210, is_private: false },
        { username: FRIEND, full_name: 'Lake Lines', profile_pic_url: cdn('ll-150.jpg'), is_verified: false, follower_count: 0, is_private: false },
      ],
      hashtags: [
        { name: 'hiking', media_count: 162975566 },
        { name: 'hikingtrails', media_count: 2400 },
      ],
      places: [
        { title: 'Ridge Trail', location: { lat: 47.6062, lng: -122.3321 } },
        { title: 'Boom Lookout', location: { lat: 51.0859, lng: 4.3838 } },
      ],
    };
    assert.deepEqual(results, expected);
    conforms(SearchResults, results);
    assert.deepEqual(sent().sort(), ['/v1/search_hashtags?search_query=trail', '/v1/search_locations?search_query=trail', '/v1/search_users?search_query=trail']);
    assert.deepEqual(costs, [REQUEST_COST, REQUEST_COST, REQUEST_COST]);
  });
});
