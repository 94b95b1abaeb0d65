import type {
  VideoChannelAbout,
  VideoChannelHome,
  VideoChannelItem,
  VideoChannelMeta,
  VideoComment,
  VideoCommunityPost,
  VideoDetails,
  VideoFeaturedChannel,
  VideoHomeItem,
  VideoHypeItem,
  VideoInfo,
  VideoListedChannel,
  VideoListedPlaylist,
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
  VideoThumbnail,
  VideoTranscript,
  VideoTrendingItem,
} from '../../schemas/video';
import type { ResolvedPage } from '../families/video';
import type {
  ChannelAboutAnswer,
  PostAnswer,
  ResolveAnswer,
  ShortsInfoAnswer,
  StreamAnswer,
  SubtitlesAnswer,
  TranscriptAnswerWire,
  VendorComment,
  VendorFormat,
  VendorItem,
  VendorMeta,
  VendorThumbnail,
  VideoInfoAnswer,
} from './wire';

/**
 * The vendor's answers in our records. Its field names are the platform's, as ours are, so most
 * fields pass through; what differs is the type of a few (counts sent as display text, dates as
 * timestamps) and what it leaves out. What it leaves out is empty, false or 0, never guessed; the
 * fills that derive one field from another say so where they are made:
 *
 * - a count sent only as display text ("1.2M views", "1,204 subscribers") is read from that text
 *   (abbreviated counts to their rounded value: "1.2M" is 1200000);
 * - `publishDate` is the date part of `publishedAt`, and `publishedAt` midnight UTC of
 *   `publishDate`, when only one is sent;
 * - `lengthSeconds` is read from `lengthText` ("12:07") and the other way round;
 * - a channel's `country` sent as a name ("United States") becomes its ISO code;
 * - `joinedDate` sent as display text ("Joined Jun 2, 2014") becomes YYYY-MM-DD;
 * - `isVerifiedChannel` is whether `channelBadges` names the verified badge, when not sent.
 */

type Count = number | string | null | undefined;
type Flag = boolean | number | string | null | undefined;

const ABBREVIATIONS: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9 };

/** A count from a number, a digit string, or display text ("1.2M views", "1,204", "No views"); 0 when none can be read. */
export function whole(value: Count): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0;
  if (typeof value !== 'string') return 0;
  const compact = value.replace(/[,\s\u00a0\u202f]/g, '');
  const match = /(\d+(?:\.\d+)?)([kmb])?/i.exec(compact);
  if (!match) return 0;
  return Math.max(0, Math.round(Number(match[1]) * (match[2] ? ABBREVIATIONS[match[2].toLowerCase()]! : 1)));
}

/** A count as a digit string: the vendor's own digits when sent, else read from the display text. */
export function digitsOf(value: Count, displayText?: string | null): string {
  if (typeof value === 'string' && /^\d+$/.test(value)) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(Math.max(0, Math.round(value)));
  return String(whole(value ?? displayText));
}

const isSet = (value: Flag): boolean => value === true || value === 1 || value === 'true' || value === '1';
const str = (value: string | null | undefined): string => value ?? '';

export function thumbnailsOf(list: readonly VendorThumbnail[] | null | undefined): VideoThumbnail[] {
  return (list ?? []).flatMap((thumb) => (thumb.url ? [{ url: thumb.url, width: whole(thumb.width), height: whole(thumb.height) }] : []));
}

/** A handle with its @ ('' when none). */
const handleOf = (handle: string | null | undefined): string => (!handle ? '' : handle.startsWith('@') ? handle : `@${handle}`);

const DATE = /^(\d{4}-\d{2}-\d{2})/;

/** YYYY-MM-DD from a date or a timestamp; '' when neither gives one. */
export function publishDateOf(publishDate: string | null | undefined, publishedAt?: string | null): string {
  for (const candidate of [publishDate, publishedAt]) {
    const match = DATE.exec(candidate ?? '');
    if (match) return match[1]!;
  }
  return '';
}

/** ISO 8601 from a timestamp, else midnight UTC of the date; '' when neither gives one. */
export function publishedAtOf(publishedAt: string | null | undefined, publishDate?: string | null): string {
  if (publishedAt && !Number.isNaN(Date.parse(publishedAt))) return publishedAt;
  const day = publishDateOf(publishDate);
  return day === '' ? '' : `${day}T00:00:00Z`;
}

/** "1:02:03" → 3723; 0 when the text is no length. */
export function secondsOfText(text: string | null | undefined): number {
  if (!text || !/^\d+(:\d{1,2}){0,2}$/.test(text.trim())) return 0;
  return text
    .trim()
    .split(':')
    .reduce((total, part) => total * 60 + Number(part), 0);
}

/** 727 → "12:07", 3723 → "1:02:03". */
export function textOfSeconds(seconds: number): string {
  if (seconds <= 0) return '';
  const [hours, minutes, rest] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}

let regionCodes: Map<string, string> | undefined;

/** ISO 3166-1 alpha-2 from a code or an English country name ('' when neither). */
export function countryCodeOf(country: string | null | undefined): string {
  const value = (country ?? '').trim();
  if (/^[A-Za-z]{2}$/.test(value)) return value.toUpperCase();
  if (value === '') return '';
  if (!regionCodes) {
    regionCodes = new Map();
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    for (let first = 65; first <= 90; first++) {
      for (let second = 65; second <= 90; second++) {
        const code = String.fromCharCode(first, second);
        const name = names.of(code);
        if (name && name !== code) regionCodes.set(name.toLowerCase(), code);
      }
    }
  }
  return regionCodes.get(value.toLowerCase()) ?? '';
}

/** YYYY-MM-DD from a date, a timestamp, or display text ("Joined Jun 2, 2014"); '' when none can be read. */
export function joinedDateOf(...candidates: (string | null | undefined)[]): string {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const iso = DATE.exec(candidate);
    if (iso) return iso[1]!;
    const parsed = Date.parse(`${candidate.replace(/^joined\s+/i, '').trim()} 00:00:00 UTC`);
    if (!Number.isNaN(parsed)) return new Date(parsed).toISOString().slice(0, 10);
  }
  return '';
}

const VIDEO_TYPES = new Set(['video', 'live', 'livestream', 'stream']);

/** A video of a channel's lists (videos, livestreams, search within it); null for anything else (a playlist, a Short, a row without an id). */
export function channelItemOf(item: VendorItem, broadcast = false): VideoChannelItem | null {
  if (!item.videoId || (item.type && !VIDEO_TYPES.has(item.type.toLowerCase()))) return null;
  const live = broadcast || /live|stream/i.test(item.type ?? '') || isSet(item.isLive);
  return {
    type: live ? 'livestream' : 'video',
    videoId: item.videoId,
    title: str(item.title),
    viewCount: digitsOf(item.viewCount, item.viewCountText),
    viewCountText: str(item.viewCountText),
    publishedTimeText: str(item.publishedTimeText),
    lengthText: str(item.lengthText),
    thumbnail: thumbnailsOf(item.thumbnail),
  };
}

/** A Short; null for a row without an id or of another type. */
export function shortsItemOf(item: VendorItem): VideoShortsItem | null {
  if (!item.videoId || (item.type && !/^shorts?$/i.test(item.type))) return null;
  return { type: 'shorts', videoId: item.videoId, title: str(item.title), viewCountText: str(item.viewCountText), thumbnail: thumbnailsOf(item.thumbnail) };
}

/** A video as searches, hashtags and the home feed list it; null for anything else. */
export function listedVideoOf(item: VendorItem): VideoListedVideo | null {
  if (!item.videoId || (item.type && item.type.toLowerCase() !== 'video')) return null;
  const badges = item.channelBadges ?? [];
  return {
    type: 'video',
    videoId: item.videoId,
    title: str(item.title),
    channelTitle: str(item.channelTitle),
    channelId: str(item.channelId),
    channelHandle: handleOf(item.channelHandle),
    channelBadges: badges,
    isVerifiedChannel: badges.some((badge) => /verified/i.test(badge)),
    description: str(item.description),
    viewCount: digitsOf(item.viewCount, item.viewCountText),
    viewCountText: str(item.viewCountText),
    publishDate: publishDateOf(item.publishDate, item.publishedAt),
    publishedAt: publishedAtOf(item.publishedAt, item.publishDate),
    publishedTimeText: str(item.publishedTimeText),
    lengthText: str(item.lengthText),
    thumbnail: thumbnailsOf(item.thumbnail),
    richThumbnail: thumbnailsOf(item.richThumbnail),
    channelThumbnail: thumbnailsOf(item.channelThumbnail),
  };
}

function listedChannelOf(item: VendorItem): VideoListedChannel | null {
  if (!item.channelId) return null;
  return {
    type: 'channel',
    channelId: item.channelId,
    title: str(item.title ?? item.channelTitle),
    channelHandle: handleOf(item.channelHandle),
    description: str(item.description),
    subscriberCount: whole(item.subscriberCount ?? item.subscriberCountText),
    subscriberCountText: str(item.subscriberCountText),
    videoCount: whole(item.videoCount ?? item.videoCountText),
    thumbnail: thumbnailsOf(item.thumbnail),
  };
}

function listedPlaylistOf(item: VendorItem): VideoListedPlaylist | null {
  if (!item.playlistId) return null;
  return {
    type: 'playlist',
    playlistId: item.playlistId,
    title: str(item.title),
    channelTitle: str(item.channelTitle),
    channelId: str(item.channelId),
    videoCount: whole(item.videoCount ?? item.videoCountText),
    thumbnail: thumbnailsOf(item.thumbnail),
  };
}

/** A search result: a video, a channel or a playlist; null for the rest (shelves of Shorts, movies, ads). */
export function searchItemOf(item: VendorItem): VideoSearchItem | null {
  switch ((item.type ?? '').toLowerCase()) {
    case 'video':
      return listedVideoOf(item);
    case 'channel':
      return listedChannelOf(item);
    case 'playlist':
      return listedPlaylistOf(item);
    default:
      return null;
  }
}

/** A home feed row: a video, or a shelf of Shorts; null for anything else. */
export function homeItemOf(item: VendorItem): VideoHomeItem | null {
  if ((item.type ?? '').toLowerCase() === 'shorts_listing') {
    const shorts = (item.data ?? []).map((row) => shortsItemOf({ ...row, type: row.type ?? 'shorts' })).filter((row): row is VideoShortsItem => row !== null);
    return { type: 'shorts_listing', title: str(item.title), data: shorts };
  }
  const video = listedVideoOf(item);
  if (video === null) return null;
  const { channelBadges: _badges, isVerifiedChannel: _verified, viewCount: _views, richThumbnail: _rich, channelThumbnail: _avatar, ...row } = video;
  return row;
}

export function hypeItemOf(item: VendorItem): VideoHypeItem | null {
  if (!item.videoId || (item.type && item.type.toLowerCase() !== 'video')) return null;
  return {
    type: 'video',
    videoId: item.videoId,
    title: str(item.title),
    channelTitle: str(item.channelTitle),
    hypeText: str(item.hypeText ?? item.hypePointsText),
    lengthText: str(item.lengthText),
    thumbnail: thumbnailsOf(item.thumbnail),
  };
}

export function trendingItemOf(item: VendorItem): VideoTrendingItem | null {
  if (!item.videoId || (item.type && item.type.toLowerCase() !== 'video')) return null;
  return {
    type: 'video',
    videoId: item.videoId,
    title: str(item.title),
    channelId: str(item.channelId),
    channelTitle: str(item.channelTitle),
    description: str(item.description),
    viewCount: digitsOf(item.viewCount, item.viewCountText),
    commentCount: whole(item.commentCount),
    likeCount: whole(item.likeCount),
    publishedTimeText: str(item.publishedTimeText),
    publishedAt: publishedAtOf(item.publishedAt, item.publishDate),
    lengthText: str(item.lengthText),
    thumbnail: thumbnailsOf(item.thumbnail),
    richThumbnail: thumbnailsOf(item.richThumbnail),
  };
}

export function relatedItemOf(item: VendorItem): VideoRelatedItem | null {
  if (!item.videoId || (item.type && item.type.toLowerCase() !== 'video')) return null;
  return {
    type: 'video',
    videoId: item.videoId,
    title: str(item.title),
    channelTitle: str(item.channelTitle),
    viewCount: digitsOf(item.viewCount, item.viewCountText),
    lengthText: str(item.lengthText),
  };
}

export function relatedMetaOf(meta: VendorMeta, requestedId: string): VideoRelatedMeta {
  return { videoId: meta.videoId || requestedId, title: str(meta.title), viewCount: digitsOf(meta.viewCount, meta.viewCountText), channelTitle: str(meta.channelTitle) };
}

/** A playlist's video; `index` its position from 1 (the row's place on the page when the vendor leaves it out). */
export function playlistVideoOf(item: VendorItem, position: number): VideoPlaylistVideo | null {
  if (!item.videoId) return null;
  const lengthSeconds = whole(item.lengthSeconds) || secondsOfText(item.lengthText);
  return {
    videoId: item.videoId,
    title: str(item.title),
    channelTitle: str(item.channelTitle),
    channelId: str(item.channelId),
    channelHandle: handleOf(item.channelHandle),
    index: whole(item.index) || position,
    isPlayable: item.isPlayable === undefined || item.isPlayable === null ? true : isSet(item.isPlayable),
    lengthSeconds,
    lengthText: str(item.lengthText) || textOfSeconds(lengthSeconds),
    viewCount: digitsOf(item.viewCount, item.viewCountText),
    viewCountText: str(item.viewCountText),
    videoInfo: str(item.videoInfo) || [item.viewCountText, item.publishedTimeText].filter(Boolean).join(' • '),
    publishDate: publishDateOf(item.publishDate, item.publishedAt),
    publishedAt: publishedAtOf(item.publishedAt, item.publishDate),
    publishedTimeText: str(item.publishedTimeText),
    thumbnail: thumbnailsOf(item.thumbnail),
  };
}

export function playlistMetaOf(meta: VendorMeta, requestedId: string): VideoPlaylistMeta {
  return {
    playlistId: meta.playlistId || requestedId,
    title: str(meta.title),
    channelTitle: str(meta.channelTitle),
    channelId: str(meta.channelId),
    channelHandle: handleOf(meta.channelHandle),
    description: str(meta.description),
    videoCount: whole(meta.videoCount ?? meta.videoCountText),
    videoCountText: str(meta.videoCountText),
    viewCount: digitsOf(meta.viewCount, meta.viewCountText),
    viewCountText: str(meta.viewCountText),
    lastUpdated: str(meta.lastUpdated),
  };
}

/** A channel's playlist; null for a row without an id. */
export function playlistItemOf(item: VendorItem): VideoPlaylistItem | null {
  if (!item.playlistId) return null;
  return { type: 'playlist', playlistId: item.playlistId, title: str(item.title), videoCount: whole(item.videoCount ?? item.videoCountText), thumbnail: thumbnailsOf(item.thumbnail) };
}

export function featuredChannelOf(item: VendorItem): VideoFeaturedChannel | null {
  if (!item.channelId || (item.type && item.type.toLowerCase() !== 'channel')) return null;
  return {
    type: 'channel',
    channelId: item.channelId,
    title: str(item.title ?? item.channelTitle),
    channelHandle: handleOf(item.channelHandle),
    subscriberCountText: str(item.subscriberCountText),
    thumbnail: thumbnailsOf(item.thumbnail),
  };
}

export function storeItemOf(item: VendorItem): VideoStoreItem | null {
  if (!item.title && !item.url) return null;
  return { title: str(item.title), price: str(item.price), url: str(item.url), thumbnail: thumbnailsOf(item.thumbnail) };
}

/** A community post; null for a row without an id. */
export function communityPostOf(item: VendorItem, channelTitle: string): VideoCommunityPost | null {
  if (!item.postId) return null;
  return {
    postId: item.postId,
    authorText: str(item.authorText) || channelTitle,
    contentText: str(item.contentText),
    likeCount: whole(item.likeCount),
    replyCount: whole(item.replyCount),
    publishedTimeText: str(item.publishedTimeText),
    thumbnail: thumbnailsOf(item.thumbnail),
  };
}

/** A post; its channel's name is `channelTitle`, else the author's. */
export function postOf(post: PostAnswer): VideoPost {
  return {
    postId: post.postId,
    channelTitle: str(post.channelTitle ?? post.authorText),
    channelId: str(post.channelId),
    contentText: str(post.contentText),
    likeCount: whole(post.likeCount),
    replyCount: whole(post.replyCount),
    publishedTimeText: str(post.publishedTimeText),
    thumbnail: thumbnailsOf(post.thumbnail),
  };
}

export function postCommentOf(comment: VendorComment): VideoPostComment | null {
  if (!comment.commentId) return null;
  return {
    commentId: comment.commentId,
    authorText: handleOf(comment.authorText),
    authorChannelId: str(comment.authorChannelId),
    authorThumbnail: thumbnailsOf(comment.authorThumbnail),
    textDisplay: str(comment.textDisplay),
    likesCount: whole(comment.likesCount),
    replyCount: whole(comment.replyCount),
    publishedTimeText: str(comment.publishedTimeText),
  };
}

/** A video's comment; `replyToken` null when the vendor gives none (no replies). */
export function commentOf(comment: VendorComment): VideoComment | null {
  const base = postCommentOf(comment);
  if (base === null) return null;
  return {
    ...base,
    authorIsChannelOwner: isSet(comment.authorIsChannelOwner),
    publishDate: publishDateOf(comment.publishDate, comment.publishedAt),
    publishedAt: publishedAtOf(comment.publishedAt, comment.publishDate),
    replyToken: comment.replyToken ? comment.replyToken : null,
    isVerified: isSet(comment.isVerified),
    isArtist: isSet(comment.isArtist),
    isCreator: isSet(comment.isCreator),
  };
}

/** Whether a page's `meta` names a channel, playlist or video (the vendor's unknown one comes back with an empty one). */
export function namesSomething(meta: VendorMeta | null | undefined): meta is VendorMeta {
  return Boolean(meta && (meta.channelId || meta.playlistId || meta.videoId || meta.title));
}

/** The channel page's meta; the tabs and images the vendor sends, none otherwise. */
export function channelMetaOf(meta: VendorMeta, requestedId: string): VideoChannelMeta {
  return {
    title: str(meta.title),
    channelId: meta.channelId || requestedId,
    channelHandle: handleOf(meta.channelHandle),
    description: str(meta.description),
    subscriberCount: whole(meta.subscriberCount ?? meta.subscriberCountText),
    subscriberCountText: str(meta.subscriberCountText),
    videosCount: whole(meta.videosCount ?? meta.videosCountText),
    videosCountText: str(meta.videosCountText),
    isFamilySafe: isSet(meta.isFamilySafe),
    isUnlisted: isSet(meta.isUnlisted),
    tabs: meta.tabs ?? [],
    avatar: thumbnailsOf(meta.avatar),
    banner: thumbnailsOf(meta.banner),
  };
}

/** The channel home's sections we list: its featured video and its shelves of videos (other shelves left out). */
export function channelSectionOf(item: VendorItem): VideoChannelHome['data'][number] | null {
  const type = (item.type ?? '').toLowerCase();
  if (type === 'player' && item.videoId) {
    return { type: 'player', videoId: item.videoId, title: str(item.title), description: str(item.description), viewCount: digitsOf(item.viewCount, item.viewCountText), publishedTimeText: str(item.publishedTimeText) };
  }
  if (type === 'video_listing') {
    const videos = (item.data ?? []).flatMap((row) =>
      row.videoId && (!row.type || row.type.toLowerCase() === 'video')
        ? [{ type: 'video' as const, videoId: row.videoId, title: str(row.title), lengthText: str(row.lengthText), viewCount: digitsOf(row.viewCount, row.viewCountText) }]
        : [],
    );
    return { type: 'video_listing', title: str(item.title), data: videos };
  }
  return null;
}

export function channelAboutOf(about: ChannelAboutAnswer, requestedId: string): VideoChannelAbout {
  return {
    channelId: about.channelId || requestedId,
    description: str(about.description),
    country: countryCodeOf(about.country),
    subscriberCount: whole(about.subscriberCount ?? about.subscriberCountText),
    viewCount: digitsOf(about.viewCount, about.viewCountText),
    videosCount: whole(about.videosCount ?? about.videosCountText),
    joinedDate: joinedDateOf(about.joinedDate, about.joinedDateText),
    links: (about.links ?? []).flatMap((link) => (link.url || link.link ? [{ title: str(link.title), url: str(link.url ?? link.link) }] : [])),
  };
}

export function metadataOf(answer: VideoInfoAnswer, requestedId: string): VideoMetadata {
  return {
    id: answer.id || answer.videoId || requestedId,
    viewCount: digitsOf(answer.viewCount, answer.viewCountText),
    viewCountText: str(answer.viewCountText),
    likeCount: whole(answer.likeCount ?? answer.likeCountText),
    likeCountText: str(answer.likeCountText),
  };
}

export function videoInfoOf(answer: VideoInfoAnswer, requestedId: string): VideoInfo {
  return {
    id: answer.id || answer.videoId || requestedId,
    title: str(answer.title),
    channelTitle: str(answer.channelTitle),
    channelId: str(answer.channelId),
    viewCount: digitsOf(answer.viewCount, answer.viewCountText),
    likeCount: whole(answer.likeCount ?? answer.likeCountText),
    lengthSeconds: whole(answer.lengthSeconds),
    publishDate: publishDateOf(answer.publishDate, answer.uploadDate),
    description: str(answer.description),
  };
}

export function shortsInfoOf(answer: ShortsInfoAnswer, requestedId: string): VideoShortsInfo {
  const { likeCount, lengthSeconds, ...info } = videoInfoOf(answer, requestedId);
  return { id: info.id, title: info.title, channelTitle: info.channelTitle, channelId: info.channelId, viewCount: info.viewCount, likeCount, description: info.description, publishDate: info.publishDate, lengthSeconds };
}

export function subtitlesOf(answer: SubtitlesAnswer): VideoSubtitles {
  return {
    format: str(answer.format) || 'srv1',
    subtitles: answer.subtitles.flatMap((track) =>
      track.url ? [{ languageName: str(track.languageName), languageCode: str(track.languageCode), isTranslatable: isSet(track.isTranslatable), url: track.url }] : [],
    ),
    translationLanguages: (answer.translationLanguages ?? []).flatMap((language) =>
      language.languageCode ? [{ languageCode: language.languageCode, languageName: str(language.languageName) }] : [],
    ),
  };
}

/** The transcript's tracks (`languageCode` required). */
export function languageMenuOf(answer: TranscriptAnswerWire): VideoTranscript['languageMenu'] {
  return (answer.languageMenu ?? []).flatMap((track) => (track.languageCode ? [{ languageCode: track.languageCode, title: str(track.title) }] : []));
}

/**
 * The transcript's segments in order; a segment without an end ends where the next starts (or
 * where it starts, for the last), and `startTime` is read from `startMs` when not sent.
 */
export function transcriptOf(answer: TranscriptAnswerWire, requestedId: string, asked: string): VideoTranscript {
  const rows = (answer.transcript ?? []).map((row) => ({ startMs: whole(row.startMs), endMs: row.endMs === undefined || row.endMs === null ? null : whole(row.endMs), startTime: row.startTime ?? row.startTimeText ?? '', text: str(row.text) }));
  rows.sort((a, b) => a.startMs - b.startMs);
  const segments = rows.map((row, index) => {
    const next = rows[index + 1]?.startMs ?? row.startMs;
    const endMs = Math.max(row.startMs, row.endMs ?? next);
    return { startMs: row.startMs, endMs, startTime: row.startTime || textOfSeconds(Math.floor(row.startMs / 1000)) || '0:00', text: row.text };
  });
  const menu = languageMenuOf(answer);
  const selected = answer.selected?.languageCode ? { languageCode: answer.selected.languageCode, title: str(answer.selected.title) } : (menu.find((track) => sameLanguage(track.languageCode, asked)) ?? { languageCode: asked, title: '' });
  return { id: answer.id || requestedId, selected, languageMenu: menu.length > 0 ? menu : [selected], transcript: segments };
}

/** Whether two BCP 47 codes name the same language (`en` and `en-US` do). */
export function sameLanguage(a: string, b: string): boolean {
  const primary = (code: string) => code.toLowerCase().split(/[-_]/)[0];
  return primary(a) === primary(b);
}

/** The formats answer's playability in our three words: anything that asks a login (age, sign-in) is LOGIN_REQUIRED, any other refusal UNPLAYABLE. */
function playabilityOf(status: string | null | undefined): VideoDetails['status'] {
  const value = (status ?? 'OK').toUpperCase();
  if (value === 'OK') return 'OK';
  return /LOGIN|AGE|SIGN/.test(value) ? 'LOGIN_REQUIRED' : 'UNPLAYABLE';
}

function formatOf(format: VendorFormat) {
  return {
    itag: whole(format.itag),
    mimeType: str(format.mimeType),
    quality: str(format.quality),
    qualityLabel: format.qualityLabel ? format.qualityLabel : null,
    width: whole(format.width),
    height: whole(format.height),
    url: str(format.url),
  };
}

/** Formats without a URL (signed ones the vendor could not open) are left out: nothing to stream. */
export function videoDetailsOf(answer: StreamAnswer): VideoDetails {
  return {
    status: playabilityOf(answer.status),
    id: answer.id,
    title: str(answer.title),
    lengthSeconds: whole(answer.lengthSeconds),
    keywords: answer.keywords ?? [],
    channelTitle: str(answer.channelTitle),
    channelId: str(answer.channelId),
    description: str(answer.description),
    viewCount: digitsOf(answer.viewCount),
    allowRatings: answer.allowRatings === undefined || answer.allowRatings === null ? true : isSet(answer.allowRatings),
    isLiveContent: isSet(answer.isLiveContent),
    isPrivate: isSet(answer.isPrivate),
    thumbnail: thumbnailsOf(answer.thumbnail),
    formats: (answer.formats ?? []).filter((format) => format.url).map(formatOf),
    adaptiveFormats: (answer.adaptiveFormats ?? [])
      .filter((format) => format.url)
      .map((format) => ({ ...formatOf(format), fps: whole(format.fps), bitrate: whole(format.bitrate), contentLength: digitsOf(format.contentLength) })),
    captions: { captionTracks: (answer.captions?.captionTracks ?? []).flatMap((track) => (track.languageCode ? [{ languageCode: track.languageCode, kind: str(track.kind) }] : [])) },
    storyboards: (answer.storyboards ?? []).flatMap((board) =>
      (Array.isArray(board.url) ? board.url : board.url ? [board.url] : []).map((url) => ({ url, width: whole(board.width), height: whole(board.height) })),
    ),
  };
}

/** What a resolved URL points at; null when it points at nothing we read (unknown, a search, a hashtag…). */
export function resolvedOf(answer: ResolveAnswer): ResolvedPage | null {
  switch (answer.webPageType) {
    case 'WEB_PAGE_TYPE_WATCH':
    case 'WEB_PAGE_TYPE_SHORTS':
      return answer.videoId ? { webPageType: answer.webPageType, videoId: answer.videoId } : null;
    case 'WEB_PAGE_TYPE_CHANNEL': {
      const channelId = answer.browseId || answer.channelId;
      return channelId && /^UC/.test(channelId) ? { webPageType: 'WEB_PAGE_TYPE_CHANNEL', channelId } : null;
    }
    case 'WEB_PAGE_TYPE_PLAYLIST': {
      // The platform browses a playlist as `VL` + its id.
      const playlistId = answer.playlistId || (answer.browseId ?? '').replace(/^VL/, '');
      return playlistId ? { webPageType: 'WEB_PAGE_TYPE_PLAYLIST', playlistId } : null;
    }
    default:
      return null;
  }
}
