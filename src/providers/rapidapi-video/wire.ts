import { z } from 'zod';

/**
 * YT-API's JSON answers, as far as this adapter reads them: loose objects, fields optional or
 * nullable except the one that makes an answer what it claims to be (`data` of a page, `id` of a
 * video, `postId` of a post, `webPageType` of a resolved URL…). What public sources show (read
 * 2026-11-25; ./index.ts names them):
 *
 * - No envelope: each path answers its record at the top level. Lists are `{meta?, data[],
 *   continuation?}`: `meta` the channel (title, channelId, channelHandle, description,
 *   subscriberCount, avatar, banner, tabs…), the playlist or the video the list is about;
 *   `continuation` the token to send back as `token` (as `params` for the Shorts sequence).
 * - Items carry `type` (`video`, `shorts`, `channel`, `playlist`, `shorts_listing`,
 *   `video_listing`, `player`, …), `videoId`, `title`, `viewCount` (a digit string),
 *   `viewCountText`, `publishedTimeText`, `lengthText`, `thumbnail[{url,width,height}]`, and in
 *   searches and feeds `channelTitle`, `channelId`, `channelHandle`, `channelBadges`,
 *   `richThumbnail`, `channelThumbnail`, `description`, `publishDate`, `publishedAt`.
 * - `/comments`: `{commentsCount, continuation, data[{commentId, authorText, authorChannelId,
 *   authorThumbnail, textDisplay, likesCount, replyCount, replyToken, publishedTimeText,
 *   publishDate, publishedAt, authorIsChannelOwner, isVerified, isArtist, isCreator}]}`; a
 *   comment's `replyToken` sent as `token` (same `id`) walks its replies.
 * - `/dl`: the player's details flattened: `status` (`OK`, or why not: `LOGIN_REQUIRED`,
 *   `UNPLAYABLE`, `ERROR` with a `reason`), `id`, `title`, `lengthSeconds` (a digit string),
 *   `keywords`, `channelTitle`, `channelId`, `viewCount`, `isLiveContent`, `thumbnail`,
 *   `formats` (audio and video together) and `adaptiveFormats` (one or the other) of `{itag, url,
 *   mimeType, bitrate, width, height, contentLength, quality, qualityLabel, fps}`, `captions`
 *   `{captionTracks[{languageCode, kind}]}`, `storyboards`.
 * - `/resolve`: `{webPageType, browseId (a channel's id), videoId, playlistId?, isVanityUrl,
 *   params}`. `/shorts/info`: the Short with `sequenceContiuation` (sic) when asked for
 *   WHATTOWATCH; `/shorts/sequence` takes it, or a page's `continuation`, as `params`.
 * - `/get_transcript`: `{transcript[{startMs, endMs, startTime?, text}], …}` with the tracks it
 *   has; `startMs`/`endMs` are digit strings in public clients.
 * - Assumed (not seen in a public answer): the shapes of `/channel/store`, `/hype`,
 *   `/updated_metadata`, `/post/info`, `/suggest` and the transcript's `selected` and
 *   `languageMenu` — taken to be those the catalog (ENDPOINT-CATALOG.md "video") renames, which
 *   follows the vendor's field names elsewhere; the vendor's error as `{error}` (or `{status:
 *   "ERROR", reason}` for `/dl`), and an unknown channel as an empty `meta`. Each is read
 *   leniently and its absence mapped as ./mapping.ts says.
 */

const text = z.string().nullish();
/** Counts: numbers, digit strings, or the platform's display text ("1.2M", "1,204"): ./mapping.ts reads each. */
const count = z.union([z.number(), z.string()]).nullish();
const flag = z.union([z.boolean(), z.number(), z.string()]).nullish();
const strings = z.array(z.string()).nullish();

export const VendorThumbnail = z.looseObject({ url: text, width: count, height: count });
export type VendorThumbnail = z.infer<typeof VendorThumbnail>;
const thumbnails = z.array(VendorThumbnail).nullish();

/** `[]` or `{}` stand for "nothing" where an object is expected. */
const orNothing = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (Array.isArray(value) && value.length === 0 ? null : value), schema.nullish());

/** Every field a list item of any path may carry. */
const itemShape = {
  type: text,
  videoId: text,
  playlistId: text,
  channelId: text,
  postId: text,
  title: text,
  channelTitle: text,
  channelHandle: text,
  channelBadges: strings,
  badges: strings,
  description: text,
  viewCount: count,
  viewCountText: text,
  publishedTimeText: text,
  publishDate: text,
  publishedAt: text,
  lengthText: text,
  lengthSeconds: count,
  isLive: flag,
  thumbnail: thumbnails,
  richThumbnail: thumbnails,
  channelThumbnail: thumbnails,
  videoCount: count,
  videoCountText: text,
  subscriberCount: count,
  subscriberCountText: text,
  hypeText: text,
  hypePointsText: text,
  commentCount: count,
  likeCount: count,
  index: count,
  isPlayable: flag,
  videoInfo: text,
  authorText: text,
  contentText: text,
  replyCount: count,
  price: text,
  url: text,
};
const VendorShelfItem = z.looseObject(itemShape);
export const VendorItem = z.looseObject({ ...itemShape, data: z.array(VendorShelfItem).nullish() });
export type VendorItem = z.infer<typeof VendorItem>;

export const VendorMeta = z.looseObject({
  title: text,
  channelId: text,
  channelHandle: text,
  channelTitle: text,
  description: text,
  subscriberCount: count,
  subscriberCountText: text,
  videosCount: count,
  videosCountText: text,
  isFamilySafe: flag,
  isUnlisted: flag,
  tabs: strings,
  avatar: thumbnails,
  banner: thumbnails,
  hashtag: text,
  hashtagInfoText: text,
  playlistId: text,
  videoId: text,
  videoCount: count,
  videoCountText: text,
  viewCount: count,
  viewCountText: text,
  lastUpdated: text,
});
export type VendorMeta = z.infer<typeof VendorMeta>;

/** A page of any list: `data` must be a list (an answer without one is not a page). */
export const PageAnswer = z.looseObject({
  meta: orNothing(VendorMeta),
  data: z.array(VendorItem),
  continuation: text,
  estimatedResults: count,
  filters: z.array(z.looseObject({ filter: text, continuation: text })).nullish(),
});
export type PageAnswer = z.infer<typeof PageAnswer>;

export const VendorComment = z.looseObject({
  commentId: text,
  authorText: text,
  authorChannelId: text,
  authorThumbnail: thumbnails,
  authorIsChannelOwner: flag,
  textDisplay: text,
  likesCount: count,
  replyCount: count,
  replyToken: text,
  publishedTimeText: text,
  publishDate: text,
  publishedAt: text,
  isVerified: flag,
  isArtist: flag,
  isCreator: flag,
});
export type VendorComment = z.infer<typeof VendorComment>;
export const CommentsAnswer = z.looseObject({ commentsCount: count, continuation: text, data: z.array(VendorComment) });

export const ChannelAboutAnswer = z
  .looseObject({
    channelId: text,
    description: text,
    country: text,
    subscriberCount: count,
    subscriberCountText: text,
    viewCount: count,
    viewCountText: text,
    videosCount: count,
    videosCountText: text,
    joinedDate: text,
    joinedDateText: text,
    links: z.array(z.looseObject({ title: text, url: text, link: text })).nullish(),
  })
  .refine((about) => [about.channelId, about.description, about.subscriberCount, about.subscriberCountText, about.joinedDate, about.joinedDateText].some((field) => field !== undefined), {
    message: 'not a channel about answer (none of its fields)',
  });
export type ChannelAboutAnswer = z.infer<typeof ChannelAboutAnswer>;

export const PostAnswer = z.looseObject({ ...itemShape, postId: z.string() });
export type PostAnswer = z.infer<typeof PostAnswer>;

const formatShape = {
  itag: count,
  url: text,
  mimeType: text,
  quality: text,
  qualityLabel: text,
  width: count,
  height: count,
  fps: count,
  bitrate: count,
  contentLength: count,
};
export const VendorFormat = z.looseObject(formatShape);
export type VendorFormat = z.infer<typeof VendorFormat>;

export const StreamAnswer = z.looseObject({
  status: text,
  reason: text,
  id: z.string(),
  title: text,
  lengthSeconds: count,
  keywords: strings,
  channelTitle: text,
  channelId: text,
  description: text,
  viewCount: count,
  allowRatings: flag,
  isLiveContent: flag,
  isPrivate: flag,
  thumbnail: thumbnails,
  formats: z.array(VendorFormat).nullish(),
  adaptiveFormats: z.array(VendorFormat).nullish(),
  captions: orNothing(z.looseObject({ captionTracks: z.array(z.looseObject({ languageCode: text, kind: text })).nullish() })),
  storyboards: z.array(z.looseObject({ url: z.union([z.string(), z.array(z.string())]).nullish(), width: count, height: count })).nullish(),
});
export type StreamAnswer = z.infer<typeof StreamAnswer>;

const videoRecordShape = {
  id: text,
  videoId: text,
  title: text,
  channelTitle: text,
  channelId: text,
  viewCount: count,
  viewCountText: text,
  likeCount: count,
  likeCountText: text,
  lengthSeconds: count,
  publishDate: text,
  uploadDate: text,
  description: text,
};
const namesAVideo = (record: { id?: string | null | undefined; videoId?: string | null | undefined }) => Boolean(record.id || record.videoId);
export const VideoInfoAnswer = z.looseObject(videoRecordShape).refine(namesAVideo, { message: 'no video id' });
export type VideoInfoAnswer = z.infer<typeof VideoInfoAnswer>;
export const MetadataAnswer = VideoInfoAnswer;
export const ShortsInfoAnswer = z
  .looseObject({ ...videoRecordShape, sequenceContiuation: text, sequenceContinuation: text })
  .refine(namesAVideo, { message: 'no video id' });
export type ShortsInfoAnswer = z.infer<typeof ShortsInfoAnswer>;

export const ResolveAnswer = z.looseObject({ webPageType: z.string(), videoId: text, browseId: text, channelId: text, playlistId: text });
export type ResolveAnswer = z.infer<typeof ResolveAnswer>;

export const SubtitlesAnswer = z.looseObject({
  format: text,
  subtitles: z.array(z.looseObject({ languageName: text, languageCode: text, isTranslatable: flag, url: text })),
  translationLanguages: z.array(z.looseObject({ languageCode: text, languageName: text })).nullish(),
});
export type SubtitlesAnswer = z.infer<typeof SubtitlesAnswer>;

const track = z.looseObject({ languageCode: text, title: text });
export const TranscriptAnswer = z
  .looseObject({
    id: text,
    selected: orNothing(track),
    languageMenu: z.array(track).nullish(),
    transcript: z.array(z.looseObject({ startMs: count, endMs: count, startTime: text, startTimeText: text, text: text })).nullish(),
  })
  .refine((answer) => answer.transcript !== undefined || answer.languageMenu !== undefined, { message: 'neither a transcript nor its tracks' });
export type TranscriptAnswerWire = z.infer<typeof TranscriptAnswer>;

/** Suggestions: a list of strings, at the top level or under `results` / `suggestions`. */
export const SuggestAnswer = z.union([
  z.array(z.string()),
  z.looseObject({ results: strings, suggestions: strings }).refine((answer) => answer.results != null || answer.suggestions != null, { message: 'no suggestions list' }),
]);

/** What any answer may say instead of its record: the vendor's error. */
export const VendorSaid = z.looseObject({ error: z.unknown().optional(), status: z.unknown().optional(), reason: z.unknown().optional(), message: z.unknown().optional() });
