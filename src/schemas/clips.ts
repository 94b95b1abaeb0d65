import { z } from 'zod';

/**
 * The short-video platform's records (SPEC.md "Short-video music record"; ENDPOINT-CATALOG.md
 * "clips"), snake_case as the spec has them. Ids are the platform's numeric ids as strings (they
 * exceed 2^53); times are Unix seconds; durations seconds.
 */

const text = (description: string, example?: string) => z.string().meta({ description, ...(example === undefined ? {} : { examples: [example] }) });
const count = (description: string) => z.number().int().nonnegative().meta({ description });
const flag = (description: string) => z.boolean().meta({ description });
const unixSeconds = (description: string) => z.number().int().nonnegative().meta({ description: `${description}, Unix seconds.` });

export const ClipsAuthor = z
  .object({ unique_id: text('Handle (without @).', 'waffles.pup'), nickname: text('Display name.'), avatar: text('Avatar URL.') })
  .meta({ id: 'ClipsAuthor' });
export type ClipsAuthor = z.infer<typeof ClipsAuthor>;

export const ClipsStatistics = z
  .object({ play_count: count('Plays.'), digg_count: count('Likes.'), comment_count: count('Comments.'), share_count: count('Shares.') })
  .meta({ id: 'ClipsStatistics' });

export const ClipsMedia = z
  .object({ duration: z.number().nonnegative().meta({ description: 'Length in seconds.' }), cover: text('Cover image URL.'), play_addr: text('Playable video URL.') })
  .meta({ id: 'ClipsMedia' });

/** A video as lists show it (search, a challenge's, a sound's, a user's favorites and reposts). */
export const ClipsListedVideo = z
  .object({
    video_id: text('Video id.', '7709547295108311040'),
    description: text('Caption (may be empty).'),
    create_time: unixSeconds('Posted at'),
    author: ClipsAuthor,
    statistics: ClipsStatistics,
    video: ClipsMedia,
  })
  .meta({ id: 'ClipsListedVideo' });
export type ClipsListedVideo = z.infer<typeof ClipsListedVideo>;

/** A user's own video in their list (no author: it is theirs). */
export const ClipsOwnVideo = ClipsListedVideo.omit({ author: true }).meta({ id: 'ClipsOwnVideo' });
export type ClipsOwnVideo = z.infer<typeof ClipsOwnVideo>;

export const ClipsVideoDetails = z
  .object({
    video_id: text('Video id.'),
    description: text('Caption (may be empty).'),
    create_time: unixSeconds('Posted at'),
    author: ClipsAuthor.extend({ is_verified: flag('Verified badge.') }),
    statistics: ClipsStatistics.extend({ collect_count: count('Saves.') }),
    video: ClipsMedia.extend({
      width: count('Width in pixels.'),
      height: count('Height in pixels.'),
      download_addr: text('Download URL.'),
    }),
    music: z
      .object({ id: text('Sound id (see /v1/clips/music).'), title: text('Title.'), author: text('Who made it.'), cover: text('Cover URL.'), play_url: text('Audio URL.') })
      .meta({ description: 'The sound it uses.' }),
  })
  .meta({ id: 'ClipsVideoDetails' });
export type ClipsVideoDetails = z.infer<typeof ClipsVideoDetails>;

export const ClipsPhotoPost = z
  .object({
    video_id: text('Post id (photo posts share the video id space).'),
    description: text('Caption (may be empty).'),
    create_time: unixSeconds('Posted at'),
    author: ClipsAuthor,
    images: z.array(z.string()).meta({ description: 'Image URLs, in order.' }),
    statistics: ClipsStatistics.omit({ play_count: true }),
  })
  .meta({ id: 'ClipsPhotoPost' });
export type ClipsPhotoPost = z.infer<typeof ClipsPhotoPost>;

export const ClipsComment = z
  .object({
    comment_id: text('Comment id.'),
    text: text('Text.'),
    create_time: unixSeconds('Written at'),
    digg_count: count('Likes.'),
    reply_count: count('Replies (see /v1/clips/comment-replies).'),
    author: ClipsAuthor,
  })
  .meta({ id: 'ClipsComment' });
export type ClipsComment = z.infer<typeof ClipsComment>;

export const ClipsReply = ClipsComment.omit({ reply_count: true }).meta({ id: 'ClipsReply' });
export type ClipsReply = z.infer<typeof ClipsReply>;

export const ClipsMusic = z
  .object({
    music_id: text('Sound id.', '6388568234219536683'),
    title: text('Title.'),
    author: text('Who made it.'),
    album: text('Album (may be empty).'),
    duration: z.number().nonnegative().meta({ description: 'Length in seconds.' }),
    is_original: flag("An original sound (recorded by a user, not a label's track)."),
    cover: text('Cover URL.'),
    play_url: text('Audio URL.'),
    video_count: count('Videos using it (what /v1/clips/music-videos walks).'),
  })
  .meta({ id: 'ClipsMusic' });
export type ClipsMusic = z.infer<typeof ClipsMusic>;

export const ClipsChallenge = z
  .object({
    challenge_id: text('Challenge id.'),
    challenge_name: text('The hashtag, without #.'),
    description: text('Description (may be empty).'),
    video_count: count('Videos in it (what /v1/clips/challenge-videos walks).'),
    view_count: count('Views of its videos.'),
    cover: text('Cover URL.'),
    is_commercial: flag('A branded (sponsored) challenge.'),
  })
  .meta({ id: 'ClipsChallenge' });
export type ClipsChallenge = z.infer<typeof ClipsChallenge>;

export const ClipsChallengeSummary = ClipsChallenge.omit({ is_commercial: true }).meta({ id: 'ClipsChallengeSummary' });
export type ClipsChallengeSummary = z.infer<typeof ClipsChallengeSummary>;

export const ClipsUser = z
  .object({
    user_id: text('Numeric id (what the user-* lists take).', '6800000319749062134'),
    unique_id: text('Handle (without @).'),
    nickname: text('Display name.'),
    avatar: text('Avatar URL.'),
    signature: text('Bio (may be empty).'),
    is_verified: flag('Verified badge.'),
    region: text('Region, ISO 3166-1 alpha-2.', 'US'),
    language: text('Language, ISO 639-1.', 'en'),
    follower_count: count('Followers.'),
    following_count: count('Accounts followed.'),
    heart_count: count('Likes its videos received.'),
    video_count: count('Videos posted (what /v1/clips/user-posts walks).'),
    digg_count: count('Videos it liked.'),
  })
  .meta({ id: 'ClipsUser' });
export type ClipsUser = z.infer<typeof ClipsUser>;

export type ClipsUserSearchItem = z.infer<typeof ClipsUserSearchItem>;
export const ClipsUserSearchItem = ClipsUser.pick({ unique_id: true, nickname: true, avatar: true, signature: true, follower_count: true, following_count: true, video_count: true, is_verified: true }).meta({
  id: 'ClipsUserSearchItem',
});
export const ClipsFollowItem = ClipsUser.pick({ user_id: true, unique_id: true, nickname: true, avatar: true, signature: true, follower_count: true, is_verified: true }).meta({ id: 'ClipsFollowItem' });
export type ClipsFollowItem = z.infer<typeof ClipsFollowItem>;

export const ClipsStory = z
  .object({ story_id: text('Story id.'), create_time: unixSeconds('Posted at'), expire_time: unixSeconds('Disappears at'), video: ClipsMedia })
  .meta({ id: 'ClipsStory' });
export type ClipsStory = z.infer<typeof ClipsStory>;

/** A page of a list: `cursor` continues it; the last page has `has_more` false and `cursor` null. */
export function clipsPage<Shape extends z.ZodRawShape>(shape: Shape, id: string) {
  return z
    .object({
      has_more: z.boolean().meta({ description: 'More follow: send `cursor` back for the next page.' }),
      cursor: z.string().nullable().meta({ description: 'The cursor of the next page; null on the last.' }),
      ...shape,
    })
    .meta({ id });
}
