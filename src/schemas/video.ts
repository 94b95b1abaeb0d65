import { z } from 'zod';

/**
 * The video platform's records (SPEC.md "Video-platform records"; ENDPOINT-CATALOG.md "video"),
 * camelCase as the spec has them. `viewCount` is a string of digits wherever it appears (the
 * Related-video page has it so, and the platform's own API does everywhere); other counts are
 * numbers. `…Text` fields are the platform's display strings ("1.2M views", "3 days ago");
 * `publishedAt` / `publishDate` are ISO 8601.
 */

const text = (description: string, example?: string) => z.string().meta({ description, ...(example === undefined ? {} : { examples: [example] }) });
const count = (description: string) => z.number().int().nonnegative().meta({ description });
const flag = (description: string) => z.boolean().meta({ description });
const digits = (description: string) => z.string().regex(/^\d+$/).meta({ description: `${description} (a string of digits).`, examples: ['1843920'] });
const isoTime = (description: string) => z.string().meta({ description: `${description}, ISO 8601.`, examples: ['2026-03-14T16:00:00Z'] });

export const VideoThumbnail = z
  .object({ url: text('Image URL.'), width: count('Width in pixels.'), height: count('Height in pixels.') })
  .meta({ id: 'VideoThumbnail' });
export type VideoThumbnail = z.infer<typeof VideoThumbnail>;
const thumbnails = (description = 'Sizes of the image, smallest first.') => z.array(VideoThumbnail).meta({ description });

const videoId = text('Video id (11 characters).', 'dQw4w9WgXcQ');
const channelId = text('Channel id (UC + 22 characters).', 'UCq2wY7h7dC4lX0VcnZ1fH9w');
const channelHandle = text("Channel handle, with its @.", '@northwindkitchen');

/** A video in a channel's lists (videos, livestreams, search within the channel). */
export const VideoChannelItem = z
  .object({
    type: z.enum(['video', 'livestream']).meta({ description: '`video`, or `livestream` for a broadcast (live or past).' }),
    videoId,
    title: text('Title.'),
    viewCount: digits('Views'),
    viewCountText: text('Views as the platform shows them.', '1.8M views'),
    publishedTimeText: text('When, relative.', '3 weeks ago'),
    lengthText: text('Length as the platform shows it (empty while live).', '12:07'),
    thumbnail: thumbnails(),
  })
  .meta({ id: 'VideoChannelItem' });
export type VideoChannelItem = z.infer<typeof VideoChannelItem>;

export const VideoShortsItem = z
  .object({ type: z.literal('shorts'), videoId, title: text('Title.'), viewCountText: text('Views as the platform shows them.', '48K views'), thumbnail: thumbnails() })
  .meta({ id: 'VideoShortsItem' });
export type VideoShortsItem = z.infer<typeof VideoShortsItem>;

/** A video as searches, hashtags and the home feed list it (with its channel). */
export const VideoListedVideo = z
  .object({
    type: z.literal('video'),
    videoId,
    title: text('Title.'),
    channelTitle: text("Channel's name."),
    channelId,
    channelHandle,
    channelBadges: z.array(z.string()).meta({ description: "The channel's badges (`Verified`, `Official Artist Channel`)." }),
    isVerifiedChannel: flag('The channel carries the verified badge.'),
    description: text('The description, cut as the list shows it.'),
    viewCount: digits('Views'),
    viewCountText: text('Views as the platform shows them.'),
    publishDate: text('Published on, YYYY-MM-DD.', '2026-03-14'),
    publishedAt: isoTime('Published at'),
    publishedTimeText: text('When, relative.'),
    lengthText: text('Length as the platform shows it.'),
    thumbnail: thumbnails(),
    richThumbnail: thumbnails('The animated preview (WebP).'),
    channelThumbnail: thumbnails("The channel's avatar."),
  })
  .meta({ id: 'VideoListedVideo' });
export type VideoListedVideo = z.infer<typeof VideoListedVideo>;

export const VideoListedChannel = z
  .object({
    type: z.literal('channel'),
    channelId,
    title: text("Channel's name."),
    channelHandle,
    description: text('About the channel, cut.'),
    subscriberCount: count('Subscribers.'),
    subscriberCountText: text('Subscribers as the platform shows them.', '1.2M subscribers'),
    videoCount: count('Public videos.'),
    thumbnail: thumbnails('The avatar.'),
  })
  .meta({ id: 'VideoListedChannel' });
export type VideoListedChannel = z.infer<typeof VideoListedChannel>;

export const VideoListedPlaylist = z
  .object({
    type: z.literal('playlist'),
    playlistId: text('Playlist id (PL + 32 characters).'),
    title: text('Title.'),
    channelTitle: text("Owner channel's name."),
    channelId,
    videoCount: count('Videos in it.'),
    thumbnail: thumbnails(),
  })
  .meta({ id: 'VideoListedPlaylist' });
export type VideoListedPlaylist = z.infer<typeof VideoListedPlaylist>;

export const VideoSearchItem = z.discriminatedUnion('type', [VideoListedVideo, VideoListedChannel, VideoListedPlaylist]).meta({ id: 'VideoSearchItem' });
export type VideoSearchItem = z.infer<typeof VideoSearchItem>;

export const VideoChannelMeta = z
  .object({
    title: text("Channel's name."),
    channelId,
    channelHandle,
    description: text('About the channel.'),
    subscriberCount: count('Subscribers.'),
    subscriberCountText: text('Subscribers as the platform shows them.'),
    videosCount: count('Public videos (what /v1/video/channel-videos walks).'),
    videosCountText: text('Videos as the platform shows them.', '412 videos'),
    isFamilySafe: flag('Suitable for all ages.'),
    isUnlisted: flag('Hidden from search.'),
    tabs: z.array(z.string()).meta({ description: "The channel page's tabs.", examples: [['Home', 'Videos', 'Shorts', 'Live', 'Playlists', 'Community', 'Store']] }),
    avatar: thumbnails('The avatar.'),
    banner: thumbnails('The banner.'),
  })
  .meta({ id: 'VideoChannelMeta' });
export type VideoChannelMeta = z.infer<typeof VideoChannelMeta>;

export const VideoChannelHome = z
  .object({
    meta: VideoChannelMeta,
    data: z.array(
      z.discriminatedUnion('type', [
        z
          .object({ type: z.literal('player'), videoId, title: text('Title.'), description: text('Description.'), viewCount: digits('Views'), publishedTimeText: text('When, relative.') })
          .meta({ description: 'The featured video at the top of the page.' }),
        z
          .object({
            type: z.literal('video_listing'),
            title: text("The shelf's title.", 'Popular videos'),
            data: z.array(z.object({ type: z.literal('video'), videoId, title: text('Title.'), lengthText: text('Length.'), viewCount: digits('Views') })),
          })
          .meta({ description: 'A shelf of videos.' }),
      ]),
    ),
  })
  .meta({ id: 'VideoChannelHome' });
export type VideoChannelHome = z.infer<typeof VideoChannelHome>;

export const VideoChannelAbout = z
  .object({
    channelId,
    description: text('About the channel.'),
    country: text('Country it names, ISO 3166-1 alpha-2 (empty when none).', 'US'),
    subscriberCount: count('Subscribers.'),
    viewCount: digits('Views of all its videos'),
    videosCount: count('Public videos.'),
    joinedDate: text('Joined on, YYYY-MM-DD.', '2014-06-02'),
    links: z.array(z.object({ title: text('Label.'), url: text('Address.') })).meta({ description: 'The links on its page.' }),
  })
  .meta({ id: 'VideoChannelAbout' });
export type VideoChannelAbout = z.infer<typeof VideoChannelAbout>;

export const VideoFeaturedChannel = z
  .object({ type: z.literal('channel'), channelId, title: text("Channel's name."), channelHandle, subscriberCountText: text('Subscribers as the platform shows them.'), thumbnail: thumbnails('The avatar.') })
  .meta({ id: 'VideoFeaturedChannel' });
export type VideoFeaturedChannel = z.infer<typeof VideoFeaturedChannel>;

export const VideoCommunityPost = z
  .object({
    postId: text('Post id (Ug and 10 to 40 characters).', 'UgkxQ1n3Rk2b5Tz8pWc4vYhJ6mLdFs0aXeNq'),
    authorText: text("The channel's name."),
    contentText: text('The text.'),
    likeCount: count('Likes.'),
    replyCount: count('Comments (what /v1/video/post-comments walks).'),
    publishedTimeText: text('When, relative.', '2 days ago'),
    thumbnail: thumbnails('Its image (empty for text only).'),
  })
  .meta({ id: 'VideoCommunityPost' });
export type VideoCommunityPost = z.infer<typeof VideoCommunityPost>;

export const VideoPost = VideoCommunityPost.omit({ authorText: true })
  .extend({ channelTitle: text("The channel's name."), channelId })
  .meta({ id: 'VideoPost' });
export type VideoPost = z.infer<typeof VideoPost>;

export const VideoPlaylistItem = z
  .object({ type: z.literal('playlist'), playlistId: text('Playlist id.'), title: text('Title.'), videoCount: count('Videos in it.'), thumbnail: thumbnails() })
  .meta({ id: 'VideoPlaylistItem' });
export type VideoPlaylistItem = z.infer<typeof VideoPlaylistItem>;

export const VideoStoreItem = z
  .object({ title: text('Product.'), price: text('Price as the store shows it.', '$24.00'), url: text("The product's page."), thumbnail: thumbnails() })
  .meta({ id: 'VideoStoreItem' });
export type VideoStoreItem = z.infer<typeof VideoStoreItem>;

const commentAuthor = {
  commentId: text('Comment id.'),
  authorText: text("The author's handle, with its @."),
  authorChannelId: channelId,
  authorThumbnail: thumbnails("The author's avatar."),
  textDisplay: text('The text.'),
  likesCount: count('Likes.'),
  replyCount: count('Replies.'),
  publishedTimeText: text('When, relative.'),
};

export const VideoComment = z
  .object({
    ...commentAuthor,
    authorIsChannelOwner: flag("Written by the video's channel."),
    publishDate: text('Written on, YYYY-MM-DD.'),
    publishedAt: isoTime('Written at'),
    replyToken: text('Send it as `token` (same `id`) for the replies; null when there are none.').nullable(),
    isVerified: flag('The author is verified.'),
    isArtist: flag('The author is an official artist channel.'),
    isCreator: flag('The author is the creator (hearted by them or theirs).'),
  })
  .meta({ id: 'VideoComment' });
export type VideoComment = z.infer<typeof VideoComment>;

export const VideoPostComment = z.object(commentAuthor).meta({ id: 'VideoPostComment' });
export type VideoPostComment = z.infer<typeof VideoPostComment>;

export const VideoHomeItem = z
  .discriminatedUnion('type', [
    VideoListedVideo.pick({ type: true, videoId: true, title: true, channelTitle: true, channelId: true, channelHandle: true, description: true, viewCountText: true, publishDate: true, publishedAt: true, publishedTimeText: true, lengthText: true, thumbnail: true }),
    z.object({ type: z.literal('shorts_listing'), title: text("The shelf's title.", 'Shorts'), data: z.array(VideoShortsItem) }),
  ])
  .meta({ id: 'VideoHomeItem' });
export type VideoHomeItem = z.infer<typeof VideoHomeItem>;

export const VideoHypeItem = z
  .object({
    type: z.literal('video'),
    videoId,
    title: text('Title.'),
    channelTitle: text("Channel's name."),
    hypeText: text('Its hype points as the platform shows them.', '12.4K hype points'),
    lengthText: text('Length.'),
    thumbnail: thumbnails(),
  })
  .meta({ id: 'VideoHypeItem' });
export type VideoHypeItem = z.infer<typeof VideoHypeItem>;

export const VideoMetadata = z
  .object({ id: videoId, viewCount: digits('Views now'), viewCountText: text('Views as the platform shows them.'), likeCount: count('Likes now.'), likeCountText: text('Likes as the platform shows them.', '24K') })
  .meta({ id: 'VideoMetadata' });
export type VideoMetadata = z.infer<typeof VideoMetadata>;

export const VideoPlaylistMeta = z
  .object({
    playlistId: text('Playlist id.'),
    title: text('Title.'),
    channelTitle: text("Owner channel's name."),
    channelId,
    channelHandle,
    description: text('Description (may be empty).'),
    videoCount: count('Videos in it (what the pages walk).'),
    videoCountText: text('Videos as the platform shows them.'),
    viewCount: digits('Views of the playlist'),
    viewCountText: text('Views as the platform shows them.'),
    lastUpdated: text('Last changed, as the platform shows it.', 'Updated 3 days ago'),
  })
  .meta({ id: 'VideoPlaylistMeta' });
export type VideoPlaylistMeta = z.infer<typeof VideoPlaylistMeta>;

export const VideoPlaylistVideo = z
  .object({
    videoId,
    title: text('Title.'),
    channelTitle: text("Channel's name."),
    channelId,
    channelHandle,
    index: count('Position in the playlist, from 1.'),
    isPlayable: flag('Playable (not private or removed).'),
    lengthSeconds: count('Length in seconds.'),
    lengthText: text('Length.'),
    viewCount: digits('Views'),
    viewCountText: text('Views as the platform shows them.'),
    videoInfo: text('Views and age as the platform shows them.', '1.8M views • 3 weeks ago'),
    publishDate: text('Published on, YYYY-MM-DD.'),
    publishedAt: isoTime('Published at'),
    publishedTimeText: text('When, relative.'),
    thumbnail: thumbnails(),
  })
  .meta({ id: 'VideoPlaylistVideo' });
export type VideoPlaylistVideo = z.infer<typeof VideoPlaylistVideo>;

/** SPEC.md's Related-video page's items; `viewCount` a string as the spec has it. */
export const VideoRelatedItem = z
  .object({ type: z.literal('video'), videoId, title: text('Title.'), channelTitle: text("Channel's name."), viewCount: digits('Views'), lengthText: text('Length.') })
  .meta({ id: 'VideoRelatedItem' });
export type VideoRelatedItem = z.infer<typeof VideoRelatedItem>;

export const VideoRelatedMeta = z
  .object({ videoId, title: text('Title.'), viewCount: digits('Views'), channelTitle: text("Channel's name.") })
  .meta({ id: 'VideoRelatedMeta' });
export type VideoRelatedMeta = z.infer<typeof VideoRelatedMeta>;

export const VideoShortsInfo = z
  .object({
    id: videoId,
    title: text('Title.'),
    channelTitle: text("Channel's name."),
    channelId,
    viewCount: digits('Views'),
    likeCount: count('Likes.'),
    description: text('Description.'),
    publishDate: text('Published on, YYYY-MM-DD.'),
    lengthSeconds: count('Length in seconds (60 at most).'),
  })
  .meta({ id: 'VideoShortsInfo' });
export type VideoShortsInfo = z.infer<typeof VideoShortsInfo>;

export const VideoSubtitles = z
  .object({
    format: text('Format of the track files.', 'srv1'),
    subtitles: z.array(z.object({ languageName: text('Language.', 'English'), languageCode: text('BCP 47 code.', 'en'), isTranslatable: flag('Can be machine-translated.'), url: text("The track's file.") })),
    translationLanguages: z.array(z.object({ languageCode: text('BCP 47 code.'), languageName: text('Language.') })),
  })
  .meta({ id: 'VideoSubtitles' });
export type VideoSubtitles = z.infer<typeof VideoSubtitles>;

export const VideoTranscriptSegment = z
  .object({
    startMs: count('Starts at, milliseconds from the start.'),
    endMs: count('Ends at, milliseconds (after startMs, within the video).'),
    startTime: text('Start as the platform shows it.', '1:02'),
    text: text('What is said.'),
  })
  .meta({ id: 'VideoTranscriptSegment' });
export type VideoTranscriptSegment = z.infer<typeof VideoTranscriptSegment>;

const transcriptLanguage = z.object({ languageCode: text('BCP 47 code.', 'en'), title: text('As the platform names the track.', 'English (auto-generated)') });
export const VideoTranscript = z
  .object({
    id: videoId,
    selected: transcriptLanguage.meta({ description: 'The track given.' }),
    languageMenu: z.array(transcriptLanguage).meta({ description: 'Every track the video has.' }),
    transcript: z.array(VideoTranscriptSegment).meta({ description: 'In order: each segment starts after the one before ends.' }),
  })
  .meta({ id: 'VideoTranscript' });
export type VideoTranscript = z.infer<typeof VideoTranscript>;

export const VideoTrendingItem = z
  .object({
    type: z.literal('video'),
    videoId,
    title: text('Title.'),
    channelId,
    channelTitle: text("Channel's name."),
    description: text('Description, cut.'),
    viewCount: digits('Views'),
    commentCount: count('Comments.'),
    likeCount: count('Likes.'),
    publishedTimeText: text('When, relative.'),
    publishedAt: isoTime('Published at'),
    lengthText: text('Length.'),
    thumbnail: thumbnails(),
    richThumbnail: thumbnails('The animated preview (WebP).'),
  })
  .meta({ id: 'VideoTrendingItem' });
export type VideoTrendingItem = z.infer<typeof VideoTrendingItem>;

const formatFields = {
  itag: count("The platform's format number."),
  mimeType: text('Container and codecs.', 'video/mp4; codecs="avc1.64001F, mp4a.40.2"'),
  quality: text('Quality name.', 'hd720'),
  qualityLabel: text('Quality label (null for audio).', '720p').nullable(),
  width: count('Width in pixels (0 for audio).'),
  height: count('Height in pixels (0 for audio).'),
  url: text('Streaming URL (expires after some hours).'),
};

export const VideoDetails = z
  .object({
    status: z.enum(['OK', 'LOGIN_REQUIRED', 'UNPLAYABLE']).meta({ description: 'Playability: `OK`, or why not.' }),
    id: videoId,
    title: text('Title.'),
    lengthSeconds: count('Length in seconds.'),
    keywords: z.array(z.string()).meta({ description: 'Tags.' }),
    channelTitle: text("Channel's name."),
    channelId,
    description: text('Description.'),
    viewCount: digits('Views'),
    allowRatings: flag('Likes are shown.'),
    isLiveContent: flag('A broadcast.'),
    isPrivate: flag('Private.'),
    thumbnail: thumbnails(),
    formats: z.array(z.object(formatFields)).meta({ description: 'Audio and video together.' }),
    adaptiveFormats: z
      .array(z.object({ ...formatFields, fps: count('Frames per second (0 for audio).'), bitrate: count('Bits per second.'), contentLength: digits('Bytes') }))
      .meta({ description: 'Video only or audio only, each size.' }),
    captions: z.object({ captionTracks: z.array(z.object({ languageCode: text('BCP 47 code.'), kind: text('`asr` for automatic captions, empty for a made track.') })) }),
    storyboards: z.array(VideoThumbnail).meta({ description: 'Frame sheets for scrubbing.' }),
  })
  .meta({ id: 'VideoDetails' });
export type VideoDetails = z.infer<typeof VideoDetails>;

export const VideoInfo = z
  .object({
    id: videoId,
    title: text('Title.'),
    channelTitle: text("Channel's name."),
    channelId,
    viewCount: digits('Views'),
    likeCount: count('Likes.'),
    lengthSeconds: count('Length in seconds.'),
    publishDate: text('Published on, YYYY-MM-DD.'),
    description: text('Description.'),
  })
  .meta({ id: 'VideoInfo' });
export type VideoInfo = z.infer<typeof VideoInfo>;
