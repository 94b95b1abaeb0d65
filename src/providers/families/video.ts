import type {
  VideoChannelAbout,
  VideoChannelHome,
  VideoChannelItem,
  VideoComment,
  VideoCommunityPost,
  VideoDetails,
  VideoFeaturedChannel,
  VideoHomeItem,
  VideoHypeItem,
  VideoInfo,
  VideoListedVideo,
  VideoMetadata,
  VideoPlaylistItem,
  VideoPlaylistMeta,
  VideoPlaylistVideo,
  VideoPost,
  VideoPostComment,
  VideoRelatedItem,
  VideoRelatedMeta,
  VideoSearchItem,
  VideoShortsInfo,
  VideoShortsItem,
  VideoStoreItem,
  VideoSubtitles,
  VideoTranscript,
  VideoTrendingItem,
} from '../../schemas/video';
import type { CallOptions, CursorPage, ProviderFamily } from '../providers';

/**
 * Video-platform data: a vendor's (YT-API on RapidAPI) or the sandbox's seeded world of channels,
 * videos, playlists, shorts and community posts. Requests arrive validated: ids have the
 * platform's shapes (video 11 characters, channel UC + 22, playlist PL/UU/OL…, post Ug…), `geo`
 * an ISO 3166-1 alpha-2 code upper-cased, `lang` a BCP 47 code. `cursor` is the provider's own
 * continuation, unwrapped from the client's `token` (the endpoint binds it to the list).
 * `null`: the platform has no such video, channel, playlist or post (404 NOT_FOUND, uncharged).
 */
export interface VideoLocale {
  geo?: string | undefined;
  lang?: string | undefined;
}

export interface VideoListRequest extends VideoLocale {
  cursor?: string | undefined;
}

/** How a channel's videos, livestreams and shorts are ordered. */
export const CHANNEL_SORTS = ['newest', 'popular', 'oldest'] as const;
export type ChannelSort = (typeof CHANNEL_SORTS)[number];

export const SEARCH_TYPES = ['all', 'video', 'channel', 'playlist'] as const;
export const SEARCH_SORTS = ['relevance', 'upload_date', 'view_count', 'rating'] as const;
export const SEARCH_DURATIONS = ['short', 'medium', 'long'] as const;
export const SEARCH_UPLOAD_DATES = ['hour', 'today', 'week', 'month', 'year'] as const;
export const SEARCH_FEATURES = ['HD', 'subtitles', 'CCommons', '3D', 'Live', 'Purchased', '4K', '360', 'Location', 'HDR', 'VR180'] as const;
export const TRENDING_TYPES = ['now', 'music', 'gaming', 'movies'] as const;
export const COMMENT_SORTS = ['top', 'new'] as const;

export interface VideoSearchRequest extends VideoListRequest {
  query: string;
  type: (typeof SEARCH_TYPES)[number];
  sort: (typeof SEARCH_SORTS)[number];
  duration?: (typeof SEARCH_DURATIONS)[number] | undefined;
  uploadDate?: (typeof SEARCH_UPLOAD_DATES)[number] | undefined;
  features: Array<(typeof SEARCH_FEATURES)[number]>;
}

/** What a URL the endpoint could not read alone (a handle, a custom name) points at. */
export type ResolvedPage =
  | { webPageType: 'WEB_PAGE_TYPE_WATCH' | 'WEB_PAGE_TYPE_SHORTS'; videoId: string }
  | { webPageType: 'WEB_PAGE_TYPE_CHANNEL'; channelId: string }
  | { webPageType: 'WEB_PAGE_TYPE_PLAYLIST'; playlistId: string };

/** A frame of the video, JPEG, at one height (the width keeps the video's aspect). */
export interface VideoFrame {
  height: number;
  width: number;
  jpeg: Buffer;
}

/** What a screenshot can be taken of: the video's length, its heights, and frames taken on request. */
export interface VideoFrameSource {
  lengthSeconds: number;
  /** The heights the video is available in, highest first (1080, 720, 480, 360, …). */
  heights: number[];
  /** One JPEG per height asked (each one of `heights`), all of the frame at `atSeconds` (within the length). */
  frames(atSeconds: number, heights: number[], call: CallOptions): Promise<VideoFrame[]>;
}

/** A transcript, or the tracks there are when the language asked is not one of them. */
export type TranscriptAnswer = VideoTranscript | { missingLanguage: string; languageMenu: VideoTranscript['languageMenu'] };

export interface VideoProvider extends ProviderFamily {
  channel(request: { channelId: string } & VideoLocale, call: CallOptions): Promise<VideoChannelHome | null>;
  channelAbout(request: { channelId: string } & VideoLocale, call: CallOptions): Promise<VideoChannelAbout | null>;
  channelChannels(request: { channelId: string } & VideoLocale, call: CallOptions): Promise<VideoFeaturedChannel[] | null>;
  channelCommunity(request: { channelId: string } & VideoListRequest, call: CallOptions): Promise<CursorPage<VideoCommunityPost> | null>;
  channelLivestreams(request: { channelId: string; sortBy: ChannelSort } & VideoListRequest, call: CallOptions): Promise<CursorPage<VideoChannelItem> | null>;
  channelPlaylists(request: { channelId: string } & VideoListRequest, call: CallOptions): Promise<CursorPage<VideoPlaylistItem> | null>;
  channelSearch(request: { channelId: string; query: string } & VideoListRequest, call: CallOptions): Promise<CursorPage<VideoChannelItem> | null>;
  channelShorts(request: { channelId: string; sortBy?: ChannelSort | undefined } & VideoListRequest, call: CallOptions): Promise<CursorPage<VideoShortsItem> | null>;
  channelStore(request: { channelId: string } & VideoLocale, call: CallOptions): Promise<VideoStoreItem[] | null>;
  /** With the channel's name (the answer's `meta.title`). */
  channelVideos(request: { channelId: string; sortBy: ChannelSort } & VideoListRequest, call: CallOptions): Promise<(CursorPage<VideoChannelItem> & { title: string }) | null>;
  /** A video's comments; a cursor from a comment's `replyToken` walks that comment's replies instead. */
  comments(request: { videoId: string; sort: (typeof COMMENT_SORTS)[number] } & VideoListRequest, call: CallOptions): Promise<(CursorPage<VideoComment> & { commentsCount: number }) | null>;
  /** Never null: a tag nobody used is an empty list. */
  hashtag(request: { tag: string } & VideoListRequest, call: CallOptions): Promise<CursorPage<VideoListedVideo> & { hashtagInfoText: string }>;
  home(request: VideoListRequest, call: CallOptions): Promise<CursorPage<VideoHomeItem> & { filters: Array<{ filter: string; cursor: string }> }>;
  hype(request: VideoListRequest, call: CallOptions): Promise<CursorPage<VideoHypeItem>>;
  metadata(request: { videoId: string }, call: CallOptions): Promise<VideoMetadata | null>;
  playlist(request: { playlistId: string } & VideoListRequest, call: CallOptions): Promise<(CursorPage<VideoPlaylistVideo> & { meta: VideoPlaylistMeta }) | null>;
  post(request: { postId: string }, call: CallOptions): Promise<VideoPost | null>;
  postComments(request: { postId: string; sort: (typeof COMMENT_SORTS)[number] } & VideoListRequest, call: CallOptions): Promise<CursorPage<VideoPostComment> | null>;
  related(request: { videoId: string } & VideoListRequest, call: CallOptions): Promise<(CursorPage<VideoRelatedItem> & { meta: VideoRelatedMeta }) | null>;
  /** A channel URL by handle or custom name (`https://www.video.com/@name`, `/c/name`, `/user/name`): the endpoint reads every other form itself. */
  resolveUrl(request: { url: string }, call: CallOptions): Promise<ResolvedPage | null>;
  /** The video's frames, for /v1/video/screenshot. */
  frameSource(request: { videoId: string }, call: CallOptions): Promise<VideoFrameSource | null>;
  search(request: VideoSearchRequest, call: CallOptions): Promise<CursorPage<VideoSearchItem> & { estimatedResults: number }>;
  /** The Shorts feed from `cursor`: one a Short's `shortsInfo` gave, or a page's next. */
  shorts(request: { cursor: string } & VideoLocale, call: CallOptions): Promise<CursorPage<VideoShortsItem>>;
  /** A Short, with the cursor that starts the Shorts feed from it (`sequence`). */
  shortsInfo(request: { videoId: string } & VideoLocale, call: CallOptions): Promise<(VideoShortsInfo & { sequence: string }) | null>;
  subtitles(request: { videoId: string }, call: CallOptions): Promise<VideoSubtitles | null>;
  suggest(request: { query: string } & VideoLocale, call: CallOptions): Promise<string[]>;
  transcript(request: { videoId: string; lang: string }, call: CallOptions): Promise<TranscriptAnswer | null>;
  trending(request: { type: (typeof TRENDING_TYPES)[number] } & VideoLocale, call: CallOptions): Promise<VideoTrendingItem[]>;
  video(request: { videoId: string } & VideoLocale, call: CallOptions): Promise<VideoDetails | null>;
  videoInfo(request: { videoId: string } & VideoLocale, call: CallOptions): Promise<VideoInfo | null>;
}
