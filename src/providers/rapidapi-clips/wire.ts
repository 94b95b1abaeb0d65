import { z } from 'zod';

/**
 * The short-video data API's JSON answers, as far as this adapter reads them: loose objects, every
 * field optional or nullable. What public sources show (read 2026-11-25; ./index.ts names the
 * vendor and the sources):
 *
 * - Every answer is `{code, msg, data}`: `code` 0 and `msg` "success" when it answered, `code` -1
 *   and a `msg` when it could not (a 200 all the same; "Url parsing is failed! Please check url."
 *   for a video or sound it cannot find). `data` is the record, or the page of a list.
 * - Lists: `data.videos` (user posts, favorites, reposts, stories, a sound's and a challenge's
 *   videos, video and photo search), `data.comments` (comments and replies, with `total`),
 *   `data.challenge_list`, `data.user_list`, `data.followers` / `data.followings`, each with
 *   `hasMore` (true/false, or 1/0 on search) and `cursor` (a string or a number) to send back;
 *   followers and following page by `time` instead of `cursor`.
 * - Video items are flat: `video_id` (`id` in the video details), `title` (the caption),
 *   `create_time`, `duration` (seconds), `cover`, `origin_cover`, `play` (no watermark), `wmplay`,
 *   `hdplay` (details), `play_count`, `digg_count`, `comment_count`, `share_count`,
 *   `collect_count`, `images` (photo posts), `music_info` `{id, title, play, cover, author,
 *   original, duration, album}`, `author` `{id, unique_id, nickname, avatar}`. `aweme_id` is an
 *   internal key, not the numeric id.
 * - Comments: `{id, text, create_time, digg_count, reply_total, user: {id, unique_id, nickname,
 *   avatar, …}}`. Challenges: `{id, cha_name, desc, user_count, view_count, is_commerce, cover}`.
 *   Followers: `{id, unique_id, nickname, signature, avatar, follower_count, aweme_count, …}`.
 *   The user profile is the platform's web profile: `data.user` `{id, uniqueId, nickname,
 *   avatarThumb/Medium/Larger, signature, verified, …}` and `data.stats` `{followerCount,
 *   followingCount, heartCount, videoCount, diggCount}`.
 * - Assumed (not seen in a public answer): the user profile's `region` and `language`; a sound's
 *   `video_count` and a challenge's `video_count`; video details' `width` and `height`; stories'
 *   `expire_time`; `verified` on authors and followers; the rows of the user search, seen both as
 *   `{user, stats}` (the web profile) and flat — read either way. Each is read leniently and its
 *   absence mapped as ./mapping.ts says.
 */

/** The platform's ids: strings in the vendor's answers; a number is read too (and may have lost digits). */
const rawId = z.union([z.string(), z.number()]).nullish();
const text = z.string().nullish();
/** Counts and times: numbers, or digit strings. */
const count = z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/).transform(Number)]).nullish();
/** Flags: booleans, or 1/0. */
const flag = z.union([z.boolean(), z.number()]).nullish();
const cursor = z.union([z.string(), z.number()]).nullish();

/** `[]` stands for "nothing" where an object is expected (the vendor's empty `data`). */
const orNothing = <Schema extends z.ZodType>(schema: Schema) => z.preprocess((value) => (Array.isArray(value) && value.length === 0 ? null : value), schema.nullish());

/** What every answer says first: whether it answered. */
export const VendorStatus = z.looseObject({ code: z.number(), msg: text });

export const VendorAuthor = z.looseObject({
  id: rawId,
  unique_id: text,
  uniqueId: text,
  nickname: text,
  avatar: text,
  verified: flag,
  is_verified: flag,
});
export type VendorAuthor = z.infer<typeof VendorAuthor>;

export const VendorMusic = z.looseObject({
  id: rawId,
  title: text,
  play: text,
  cover: text,
  author: text,
  original: flag,
  duration: count,
  album: text,
  video_count: count,
});
export type VendorMusic = z.infer<typeof VendorMusic>;

export const VendorVideo = z.looseObject({
  video_id: rawId,
  id: rawId,
  title: text,
  desc: text,
  create_time: count,
  expire_time: count,
  duration: count,
  width: count,
  height: count,
  cover: text,
  origin_cover: text,
  play: text,
  wmplay: text,
  hdplay: text,
  play_count: count,
  digg_count: count,
  comment_count: count,
  share_count: count,
  collect_count: count,
  images: z.array(z.string()).nullish(),
  music_info: orNothing(VendorMusic),
  author: orNothing(VendorAuthor),
});
export type VendorVideo = z.infer<typeof VendorVideo>;

export const VendorComment = z.looseObject({
  id: rawId,
  cid: rawId,
  text,
  create_time: count,
  digg_count: count,
  reply_total: count,
  user: orNothing(VendorAuthor),
});
export type VendorComment = z.infer<typeof VendorComment>;

export const VendorChallenge = z.looseObject({
  id: rawId,
  cha_name: text,
  desc: text,
  user_count: count,
  video_count: count,
  view_count: count,
  is_commerce: flag,
  cover: text,
});
export type VendorChallenge = z.infer<typeof VendorChallenge>;

/** The platform's web profile (user info, and the user search's rows). */
export const VendorProfileUser = z.looseObject({
  id: rawId,
  uniqueId: text,
  unique_id: text,
  nickname: text,
  avatarThumb: text,
  avatarMedium: text,
  avatarLarger: text,
  avatar: text,
  signature: text,
  verified: flag,
  region: text,
  language: text,
  follower_count: count,
  following_count: count,
  aweme_count: count,
});
export type VendorProfileUser = z.infer<typeof VendorProfileUser>;

export const VendorStats = z.looseObject({
  followerCount: count,
  followingCount: count,
  heartCount: count,
  heart: count,
  videoCount: count,
  diggCount: count,
  follower_count: count,
  following_count: count,
  video_count: count,
});
export type VendorStats = z.infer<typeof VendorStats>;

export const VendorFollow = z.looseObject({
  id: rawId,
  unique_id: text,
  nickname: text,
  signature: text,
  avatar: text,
  follower_count: count,
  verified: flag,
});
export type VendorFollow = z.infer<typeof VendorFollow>;

const paging = { cursor, hasMore: flag, has_more: flag };

/** `{code, msg, data}` with `data` in the given shape; `data` null or `[]`: the vendor has nothing on what was asked. */
function answer<Data extends z.ZodType>(data: Data) {
  return z.looseObject({ code: z.number(), msg: text, data: orNothing(data) });
}

export const VideoAnswer = answer(VendorVideo);
export const VideoListAnswer = answer(z.looseObject({ videos: z.array(VendorVideo).nullish(), ...paging }));
export const CommentListAnswer = answer(z.looseObject({ comments: z.array(VendorComment).nullish(), total: count, ...paging }));
export const MusicAnswer = answer(VendorMusic);
export const ChallengeAnswer = answer(VendorChallenge);
export const ChallengeListAnswer = answer(z.looseObject({ challenge_list: z.array(VendorChallenge).nullish(), ...paging }));

export const VendorUserRow = z.looseObject({
  user: orNothing(VendorProfileUser),
  user_info: orNothing(VendorProfileUser),
  stats: orNothing(VendorStats),
  stats_v2: orNothing(VendorStats),
  ...VendorProfileUser.shape,
});
export type VendorUserRow = z.infer<typeof VendorUserRow>;
export const UserSearchAnswer = answer(z.looseObject({ user_list: z.array(VendorUserRow).nullish(), ...paging }));
export const UserAnswer = answer(z.looseObject({ user: orNothing(VendorProfileUser), stats: orNothing(VendorStats) }));
export const FollowListAnswer = answer(
  z.looseObject({
    followers: z.array(VendorFollow).nullish(),
    followings: z.array(VendorFollow).nullish(),
    following: z.array(VendorFollow).nullish(),
    total: count,
    time: cursor,
    hasMore: flag,
    has_more: flag,
  }),
);

