import type {
  VideoChannelItem, VideoChannelMeta, VideoComment, VideoDetails, VideoFeaturedChannel, VideoHomeItem, VideoHypeItem, VideoInfo, VideoListedChannel, VideoListedPlaylist,
  VideoListedVideo, VideoMetadata, VideoPlaylistItem, VideoPlaylistMeta, VideoPlaylistVideo, VideoPost, VideoPostComment, VideoRelatedItem, VideoShortsInfo, VideoShortsItem,
  VideoThumbnail, VideoTrendingItem,
} from '../../../schemas/video';
import { widthAt } from '../../../video/frames';
import { tracksOf } from './captions';
import { avatarOf, LIVESTREAM, MEDIA, SHORT, uploadCount, type Channel } from './channels';
import { lastUpdate, playlistViews, type Playlist } from './playlists';
import type { Post } from './posts';
import { clockText, compactCount, fullViewsText, isoDate, isoTime, NOW, timeAgo, viewsText } from './texts';
import { HEIGHTS, hypeOf, videoAt, type Video } from './videos';

/** Every record of a channel, video, playlist or post, read from the one model, so its counts agree everywhere. */

function thumbnailsOf(video: Video): VideoThumbnail[] {
  const image = (name: string, width: number, height: number) => ({ url: `${MEDIA}/vi/${video.id}/${name}.jpg`, width, height });
  if (video.kind === SHORT) return [image('oardefault', 405, 720), image('oar2', 1080, 1920)];
  const sizes = [image('default', 120, 90), image('mqdefault', 320, 180), image('hqdefault', 480, 360), image('sddefault', 640, 480)];
  return video.height >= 720 ? [...sizes, image('maxresdefault', 1280, 720)] : sizes;
}

/** A video's largest thumbnail: the one a results page shows. */
export const coverUrl = (video: Video) => thumbnailsOf(video).at(-1)!.url;

const richThumbnail = (video: Video) => [{ url: `${MEDIA}/an_webp/${video.id}/mqdefault_6s.webp`, width: 320, height: 180 }];
const published = (video: Video) => (video.kind === LIVESTREAM ? `Streamed ${timeAgo(video.published)}` : timeAgo(video.published));
const badgesOf = (channel: Channel) => (channel.artist ? ['Official Artist Channel'] : channel.verified ? ['Verified'] : []);
const subscribersText = (channel: Channel) => `${compactCount(channel.subscribers)} subscriber${channel.subscribers === 1 ? '' : 's'}`;

export function channelItem(video: Video): VideoChannelItem {
  return {
    type: video.kind === LIVESTREAM ? 'livestream' : 'video',
    videoId: video.id,
    title: video.title,
    viewCount: String(video.views),
    viewCountText: viewsText(video.views),
    publishedTimeText: published(video),
    lengthText: clockText(video.lengthSeconds),
    thumbnail: thumbnailsOf(video),
  };
}

export const shortsItem = (video: Video): VideoShortsItem => ({ type: 'shorts', videoId: video.id, title: video.title, viewCountText: viewsText(video.views), thumbnail: thumbnailsOf(video) });

export function listedVideo(video: Video): VideoListedVideo {
  const { channel } = video;
  return {
    type: 'video',
    videoId: video.id,
    title: video.title,
    channelTitle: channel.name,
    channelId: channel.id,
    channelHandle: channel.handle,
    channelBadges: badgesOf(channel),
    isVerifiedChannel: channel.verified,
    description: video.description.replace(/\n+/g, ' '),
    viewCount: String(video.views),
    viewCountText: viewsText(video.views),
    publishDate: isoDate(video.published),
    publishedAt: isoTime(video.published),
    publishedTimeText: published(video),
    lengthText: clockText(video.lengthSeconds),
    thumbnail: thumbnailsOf(video),
    richThumbnail: richThumbnail(video),
    channelThumbnail: avatarOf(channel.id, [68]),
  };
}

export function listedChannel(channel: Channel): VideoListedChannel {
  return {
    type: 'channel',
    channelId: channel.id,
    title: channel.name,
    channelHandle: channel.handle,
    description: channel.description,
    subscriberCount: channel.subscribers,
    subscriberCountText: subscribersText(channel),
    videoCount: uploadCount(channel),
    thumbnail: avatarOf(channel.id),
  };
}

/** A playlist's cover: its first video's. */
export const playlistCover = (playlist: Playlist) => (playlist.total === 0 ? [] : thumbnailsOf(videoAt(playlist.keyAt(0))));

export function listedPlaylist(playlist: Playlist): VideoListedPlaylist {
  const { channel } = playlist;
  return { type: 'playlist', playlistId: playlist.id, title: playlist.title, channelTitle: channel.name, channelId: channel.id, videoCount: playlist.total, thumbnail: playlistCover(playlist) };
}

export function playlistItem(playlist: Playlist): VideoPlaylistItem {
  return { type: 'playlist', playlistId: playlist.id, title: playlist.title, videoCount: playlist.total, thumbnail: playlistCover(playlist) };
}

export function playlistMeta(playlist: Playlist): VideoPlaylistMeta {
  const { channel } = playlist;
  const views = playlistViews(playlist);
  return {
    playlistId: playlist.id,
    title: playlist.title,
    channelTitle: channel.name,
    channelId: channel.id,
    channelHandle: channel.handle,
    description: playlist.description,
    videoCount: playlist.total,
    videoCountText: `${playlist.total} video${playlist.total === 1 ? '' : 's'}`,
    viewCount: String(views),
    viewCountText: viewsText(views),
    lastUpdated: `Updated ${timeAgo(lastUpdate(playlist))}`,
  };
}

export function playlistVideo(video: Video, index: number): VideoPlaylistVideo {
  const { channel } = video;
  return {
    videoId: video.id,
    title: video.title,
    channelTitle: channel.name,
    channelId: channel.id,
    channelHandle: channel.handle,
    index,
    isPlayable: true,
    lengthSeconds: video.lengthSeconds,
    lengthText: clockText(video.lengthSeconds),
    viewCount: String(video.views),
    viewCountText: viewsText(video.views),
    videoInfo: `${viewsText(video.views)} • ${timeAgo(video.published)}`,
    publishDate: isoDate(video.published),
    publishedAt: isoTime(video.published),
    publishedTimeText: timeAgo(video.published),
    thumbnail: thumbnailsOf(video),
  };
}

export function channelMeta(channel: Channel): VideoChannelMeta {
  const [videos, shorts, livestreams] = channel.counts as [number, number, number];
  const uploads = uploadCount(channel);
  const tabs: Array<[string, number]> = [['Home', 1], ['Videos', videos], ['Shorts', shorts], ['Live', livestreams], ['Playlists', channel.playlists], ['Community', channel.posts], ['Store', channel.store]];
  return {
    title: channel.name,
    channelId: channel.id,
    channelHandle: channel.handle,
    description: channel.description,
    subscriberCount: channel.subscribers,
    subscriberCountText: subscribersText(channel),
    // The header counts every upload, Shorts and livestreams included, as the platform's does.
    videosCount: uploads,
    videosCountText: `${uploads.toLocaleString('en-US')} video${uploads === 1 ? '' : 's'}`,
    isFamilySafe: true,
    isUnlisted: false,
    tabs: tabs.filter(([, count]) => count > 0).map(([tab]) => tab),
    avatar: avatarOf(channel.id),
    // A viewer's channel has no banner of its own.
    banner: channel.viewer ? [] : [1060, 2120].map((width) => ({ url: `${MEDIA}/banner/${channel.id}/w${width}.jpg`, width, height: Math.round(width / 6.06) })),
  };
}

export const featuredChannel = (channel: Channel): VideoFeaturedChannel => ({
  type: 'channel', channelId: channel.id, title: channel.name, channelHandle: channel.handle, subscriberCountText: subscribersText(channel), thumbnail: avatarOf(channel.id),
});

export function postRecord(post: Post): VideoPost {
  return {
    postId: post.id,
    channelTitle: post.channel.name,
    channelId: post.channel.id,
    contentText: post.text,
    likeCount: post.likes,
    replyCount: post.thread.total,
    publishedTimeText: timeAgo(post.published),
    thumbnail: post.image,
  };
}

/** The platform's format numbers and bitrates (bits per second) of each height; the audio-only ones last. */
const LADDER: Record<number, readonly [itag: number, bitrate: number, codec: string, quality: string]> = {
  2160: [401, 18_000_000, 'av01.0.12M.08', 'hd2160'], 1440: [400, 9_000_000, 'av01.0.12M.08', 'hd1440'], 1080: [137, 4_500_000, 'avc1.640028', 'hd1080'],
  720: [136, 2_500_000, 'avc1.4d401f', 'hd720'], 480: [135, 1_200_000, 'avc1.4d401e', 'large'], 360: [134, 700_000, 'avc1.4d401e', 'medium'],
  240: [133, 350_000, 'avc1.4d4015', 'small'], 144: [160, 150_000, 'avc1.4d400c', 'tiny'],
};
const AUDIO = [[140, 130_000, 'audio/mp4; codecs="mp4a.40.2"'], [251, 135_000, 'audio/webm; codecs="opus"']] as const;

export function detailsRecord(video: Video): VideoDetails {
  const aspect = video.kind === SHORT ? 9 / 16 : 16 / 9;
  const url = (itag: number) => `https://media.video.com/videoplayback?v=${video.id}&itag=${itag}&expire=${NOW + 21_600}`;
  const size = (height: number) => ({ width: widthAt(height, aspect), height });
  const bytes = (bitrate: number) => String(Math.round((bitrate * video.lengthSeconds) / 8));
  const heights = HEIGHTS.filter((height) => height <= video.height);
  const muxed = [[18, 360, 'avc1.42001E'], [22, 720, 'avc1.64001F']] as const;
  return {
    status: 'OK',
    id: video.id,
    title: video.title,
    lengthSeconds: video.lengthSeconds,
    keywords: video.keywords,
    channelTitle: video.channel.name,
    channelId: video.channel.id,
    description: video.description,
    viewCount: String(video.views),
    allowRatings: true,
    isLiveContent: video.kind === LIVESTREAM,
    isPrivate: false,
    thumbnail: thumbnailsOf(video),
    formats: muxed
      .filter(([, height]) => height <= video.height)
      .map(([itag, height, codec]) => ({ itag, mimeType: `video/mp4; codecs="${codec}, mp4a.40.2"`, quality: LADDER[height]![3], qualityLabel: `${height}p`, ...size(height), url: url(itag) })),
    adaptiveFormats: [
      ...heights.map((height) => {
        const [itag, bitrate, codec, quality] = LADDER[height]!;
        const rate = video.fps === 60 ? Math.round(bitrate * 1.5) : bitrate;
        return { itag, mimeType: `video/mp4; codecs="${codec}"`, quality, qualityLabel: `${height}p${video.fps === 60 ? '60' : ''}`, ...size(height), fps: video.fps, bitrate: rate, contentLength: bytes(rate), url: url(itag) };
      }),
      ...AUDIO.map(([itag, bitrate, mimeType]) => ({ itag, mimeType, quality: 'tiny', qualityLabel: null, width: 0, height: 0, fps: 0, bitrate, contentLength: bytes(bitrate), url: url(itag) })),
    ],
    captions: { captionTracks: tracksOf(video).map(({ code, automatic }) => ({ languageCode: code, kind: automatic ? 'asr' : '' })) },
    storyboards: [[48, 27], [80, 45], [160, 90]].map(([width, height], level) => ({ url: `${MEDIA}/sb/${video.id}/storyboard3_L${level}/M0.jpg`, width: width!, height: height! })),
  };
}

export function homeVideo(video: Video): VideoHomeItem {
  const { type, videoId, title, channelTitle, channelId, channelHandle, description, viewCountText, publishDate, publishedAt, publishedTimeText, lengthText, thumbnail } = listedVideo(video);
  return { type, videoId, title, channelTitle, channelId, channelHandle, description, viewCountText, publishDate, publishedAt, publishedTimeText, lengthText, thumbnail };
}

export function hypeItem(video: Video): VideoHypeItem {
  const points = hypeOf(video.views, video.likes);
  return { type: 'video', videoId: video.id, title: video.title, channelTitle: video.channel.name, hypeText: `${compactCount(points)} hype points`, lengthText: clockText(video.lengthSeconds), thumbnail: thumbnailsOf(video) };
}

export function trendingItem(video: Video): VideoTrendingItem {
  const { type, videoId, title, channelId, channelTitle, description, viewCount, publishedTimeText, publishedAt, lengthText, thumbnail, richThumbnail } = listedVideo(video);
  return { type, videoId, title, channelId, channelTitle, description, viewCount, commentCount: video.comments, likeCount: video.likes, publishedTimeText, publishedAt, lengthText, thumbnail, richThumbnail };
}

export const relatedItem = (video: Video): VideoRelatedItem => ({
  type: 'video', videoId: video.id, title: video.title, channelTitle: video.channel.name, viewCount: String(video.views), lengthText: clockText(video.lengthSeconds),
});

export const metadataRecord = (video: Video): VideoMetadata => ({
  id: video.id, viewCount: String(video.views), viewCountText: fullViewsText(video.views), likeCount: video.likes, likeCountText: compactCount(video.likes),
});

export const infoRecord = (video: Video): VideoInfo => ({
  id: video.id, title: video.title, channelTitle: video.channel.name, channelId: video.channel.id, viewCount: String(video.views), likeCount: video.likes,
  lengthSeconds: video.lengthSeconds, publishDate: isoDate(video.published), description: video.description,
});

/** A Short's details are a video's. */
export const shortsInfoRecord: (video: Video) => VideoShortsInfo = infoRecord;

export function postComment(comment: VideoComment): VideoPostComment {
  const { commentId, authorText, authorChannelId, authorThumbnail, textDisplay, likesCount, replyCount, publishedTimeText } = comment;
  return { commentId, authorText, authorChannelId, authorThumbnail, textDisplay, likesCount, replyCount, publishedTimeText };
}
