import { FfmpegError } from '../../media/files/ffmpeg';
import { grabFrames, widthAt } from '../../video/frames';
import type { CursorPage, CallOptions } from '../providers';
import type { VideoFrame, VideoLocale, VideoProvider, VideoSearchRequest } from '../families/video';
import { readAnswer, RapidApiVideoClient, type RapidApiVideoSettings, type VideoAnswer } from './client';
import { METHOD_PATHS, type VideoPath } from './costs';
import { streamFailed } from './errors';
import {
  channelAboutOf,
  channelItemOf,
  channelMetaOf,
  channelSectionOf,
  commentOf,
  communityPostOf,
  featuredChannelOf,
  homeItemOf,
  hypeItemOf,
  languageMenuOf,
  listedVideoOf,
  metadataOf,
  namesSomething,
  playlistItemOf,
  playlistMetaOf,
  playlistVideoOf,
  postCommentOf,
  postOf,
  relatedItemOf,
  relatedMetaOf,
  resolvedOf,
  sameLanguage,
  searchItemOf,
  shortsInfoOf,
  shortsItemOf,
  storeItemOf,
  subtitlesOf,
  transcriptOf,
  trendingItemOf,
  videoDetailsOf,
  videoInfoOf,
  whole,
} from './mapping';
import {
  ChannelAboutAnswer,
  CommentsAnswer,
  MetadataAnswer,
  PageAnswer,
  PostAnswer,
  ResolveAnswer,
  ShortsInfoAnswer,
  StreamAnswer,
  SubtitlesAnswer,
  SuggestAnswer,
  TranscriptAnswer,
  VideoInfoAnswer,
  type VendorFormat,
  type VendorItem,
} from './wire';

export type { RapidApiVideoSettings, VideoAnswer, VideoCall } from './client';
export { RapidApiVideoClient } from './client';
export { MOST_REQUESTS, upstreamCostMicros } from './costs';

/**
 * The video-platform family from "YT-API" by ytjar on RapidAPI (rapidapi.com/ytjar/api/yt-api;
 * host `yt-api.p.rapidapi.com`: RAPIDAPI_VIDEO_HOST). Its wire names are the platform's own.
 *
 * Sources (read 2026-11-25): the vendor's RapidAPI endpoint descriptions as mirrored by ToolBench
 * (every path's parameters and values, quota units: `/channel/*`, `/comments`, `/hashtag`,
 * `/home`, `/playlist`, `/post/info`, `/post/comments`, `/related`, `/resolve`, `/search`,
 * `/shorts/info`, `/shorts/sequence`, `/subtitles`, `/trending`, `/dl`, `/video/info`), public
 * clients of 2023–2026 (answers of `/dl`, `/search`, `/trending`, `/channel/videos`,
 * `/shorts/info`, `/resolve`, `/get_transcript`, `/hype`), a third-party note of 2026 (plans and
 * prices, `/suggest`), and a reseller's documentation of the same answers (the field names of
 * ENDPOINT-CATALOG.md "video"). ./wire.ts lists what was confirmed and what is assumed.
 *
 * Translations: `cursor` is the vendor's `token` (the Shorts feed's `params`); comment sorts
 * `top`/`new` are its `top`/`newest`; search sorts `upload_date`/`view_count` its
 * `date`/`views`, search type `all` is its default (not sent), features are joined by commas;
 * trending `gaming` is its `games`; the livestreams are its `liveStreams` path; the formats are
 * `/dl` (its `cgeo` the country); `/video/info` is asked with `extend=2` for the likes.
 *
 * One request for each method (./costs.ts). Nothing found (the vendor's "not found" error, an
 * empty answer or meta, a 404) is null; a failure is a 502 (./errors.ts).
 */
export function rapidApiVideo(settings: RapidApiVideoSettings): VideoProvider {
  return rapidApiVideoOn(new RapidApiVideoClient(settings));
}

/** The default RapidAPI host of the API (RAPIDAPI_VIDEO_HOST overrides it; the base URL is `https://<host>`). */
export const DEFAULT_VIDEO_HOST = 'yt-api.p.rapidapi.com';

type VideoMethod = Exclude<keyof VideoProvider, 'name'>;

/** The methods this vendor serves: all thirty. */
export const SERVED_OPERATIONS: ReadonlySet<VideoMethod> = new Set<VideoMethod>(Object.keys(METHOD_PATHS) as VideoMethod[]);

/** The platform's site as our API names it (the resolver's channel URLs), and as the vendor reads it. */
const NEUTRAL_SITE = /^https:\/\/www\.video\.com\//;
const PLATFORM_SITE = 'https://www.youtube.com/';

const COMMENT_SORT = { top: 'top', new: 'newest' } as const;
const SEARCH_SORT = { relevance: 'relevance', upload_date: 'date', view_count: 'views', rating: 'rating' } as const;
const TRENDING_TYPE = { now: 'now', music: 'music', gaming: 'games', movies: 'movies' } as const;

/**
 * A Shorts feed cursor that starts from a Short by its id, for a Short whose info gave no
 * sequence token: the vendor's `/shorts/sequence` takes `id` instead of `params` ("not
 * recommended", it says, but it answers).
 */
const FROM_SHORT = 'id:';

/** `geo` and `lang` when given. */
function locale(request: VideoLocale): Record<string, string> {
  const query: Record<string, string> = {};
  if (request.geo) query.geo = request.geo;
  if (request.lang) query.lang = request.lang;
  return query;
}

/** The rows mapped (the rest left out), and the vendor's continuation as our cursor (null: the last page). */
function page<Item>(rows: readonly VendorItem[], map: (item: VendorItem, index: number) => Item | null, continuation: string | null | undefined): CursorPage<Item> {
  return { items: rows.map(map).filter((item): item is Item => item !== null), nextCursor: continuation ? continuation : null };
}

const EMPTY: CursorPage<never> = { items: [], nextCursor: null };

/** Reads a formats answer's video streams for frames: adaptive MP4/AVC first, then progressive, then any other video stream. */
function videoStreams(formats: readonly VendorFormat[] | null | undefined, adaptive: readonly VendorFormat[] | null | undefined) {
  const rank = (format: VendorFormat, progressive: boolean): number => {
    const mime = (format.mimeType ?? '').toLowerCase();
    if (!progressive && mime.startsWith('video/mp4') && mime.includes('avc1')) return 0;
    if (progressive && mime.startsWith('video/')) return 1;
    return mime.startsWith('video/') ? 2 : -1;
  };
  const all = [...(adaptive ?? []).map((format) => ({ format, tier: rank(format, false) })), ...(formats ?? []).map((format) => ({ format, tier: rank(format, true) }))];
  return all.flatMap(({ format, tier }) => {
    const height = whole(format.height);
    return tier >= 0 && height > 0 && format.url ? [{ url: format.url, width: whole(format.width), height, tier }] : [];
  });
}

/** The family on a given client (a recording one prices what each method asks for: ./costs.ts). */
export function rapidApiVideoOn(client: RapidApiVideoClient): VideoProvider {
  const get = (path: VideoPath, query: Record<string, string>, options: CallOptions): Promise<VideoAnswer> => client.get({ path, query }, options);
  const withCursor = (query: Record<string, string>, cursor: string | undefined): Record<string, string> => (cursor ? { ...query, token: cursor } : query);

  /** A page of a channel's list; null when the channel is unknown (no meta naming it, where the vendor sends one; an empty one where it may not). */
  async function channelPage(path: VideoPath, query: Record<string, string>, metaExpected: boolean, options: CallOptions) {
    const found = readAnswer(await get(path, query, options), PageAnswer);
    if (found === undefined) return undefined;
    const gone = metaExpected ? !namesSomething(found.meta) : found.meta !== undefined && !namesSomething(found.meta);
    return gone ? undefined : found;
  }

  return {
    name: 'yt-api',

    async channel({ channelId, ...request }, options) {
      const found = await channelPage('channel/home', { id: channelId, ...locale(request) }, true, options);
      if (!found?.meta) return null;
      return { meta: channelMetaOf(found.meta, channelId), data: found.data.map(channelSectionOf).filter((section) => section !== null) };
    },

    async channelAbout({ channelId, ...request }, options) {
      const about = readAnswer(await get('channel/about', { id: channelId, ...locale(request) }, options), ChannelAboutAnswer);
      return about ? channelAboutOf(about, channelId) : null;
    },

    async channelChannels({ channelId, ...request }, options) {
      const found = await channelPage('channel/channels', { id: channelId, ...locale(request) }, true, options);
      return found ? found.data.map(featuredChannelOf).filter((channel) => channel !== null) : null;
    },

    async channelCommunity({ channelId, cursor, ...request }, options) {
      const found = await channelPage('channel/community', withCursor({ id: channelId, ...locale(request) }, cursor), true, options);
      if (!found) return null;
      const author = found.meta?.title ?? '';
      return page(found.data, (item) => communityPostOf(item, author), found.continuation);
    },

    async channelLivestreams({ channelId, sortBy, cursor, ...request }, options) {
      const found = await channelPage('channel/liveStreams', withCursor({ id: channelId, sort_by: sortBy, ...locale(request) }, cursor), true, options);
      return found ? page(found.data, (item) => channelItemOf(item, true), found.continuation) : null;
    },

    async channelPlaylists({ channelId, cursor, ...request }, options) {
      const found = await channelPage('channel/playlists', withCursor({ id: channelId, ...locale(request) }, cursor), true, options);
      return found ? page(found.data, playlistItemOf, found.continuation) : null;
    },

    async channelSearch({ channelId, query, cursor, ...request }, options) {
      const found = await channelPage('channel/search', withCursor({ id: channelId, query, ...locale(request) }, cursor), false, options);
      return found ? page(found.data, (item) => channelItemOf(item), found.continuation) : null;
    },

    async channelShorts({ channelId, sortBy, cursor, ...request }, options) {
      const query: Record<string, string> = { id: channelId, ...locale(request) };
      if (sortBy) query.sort_by = sortBy;
      const found = await channelPage('channel/shorts', withCursor(query, cursor), true, options);
      return found ? page(found.data, shortsItemOf, found.continuation) : null;
    },

    async channelStore({ channelId, ...request }, options) {
      const found = await channelPage('channel/store', { id: channelId, ...locale(request) }, false, options);
      return found ? found.data.map(storeItemOf).filter((item) => item !== null) : null;
    },

    async channelVideos({ channelId, sortBy, cursor, ...request }, options) {
      const found = await channelPage('channel/videos', withCursor({ id: channelId, sort_by: sortBy, ...locale(request) }, cursor), true, options);
      if (!found?.meta) return null;
      return { ...page(found.data, (item) => channelItemOf(item), found.continuation), title: found.meta.title ?? '' };
    },

    async comments({ videoId, sort, cursor, ...request }, options) {
      // A cursor from a comment's `replyToken` is the vendor's own token for its replies: the same path walks them.
      const found = readAnswer(await get('comments', withCursor({ id: videoId, sort_by: COMMENT_SORT[sort], ...locale(request) }, cursor), options), CommentsAnswer);
      if (found === undefined) return null;
      // A page of replies carries no total; 0 stands for "not given".
      return { items: found.data.map(commentOf).filter((comment) => comment !== null), nextCursor: found.continuation || null, commentsCount: whole(found.commentsCount) };
    },

    async hashtag({ tag, cursor, ...request }, options) {
      const found = readAnswer(await get('hashtag', withCursor({ tag, ...locale(request) }, cursor), options), PageAnswer);
      if (found === undefined) return { ...EMPTY, hashtagInfoText: '' };
      return { ...page(found.data, listedVideoOf, found.continuation), hashtagInfoText: found.meta?.hashtagInfoText ?? '' };
    },

    async home({ cursor, ...request }, options) {
      const found = readAnswer(await get('home', withCursor(locale(request), cursor), options), PageAnswer);
      if (found === undefined) return { ...EMPTY, filters: [] };
      const filters = (found.filters ?? []).flatMap((filter) => (filter.filter && filter.continuation ? [{ filter: filter.filter, cursor: filter.continuation }] : []));
      return { ...page(found.data, homeItemOf, found.continuation), filters };
    },

    async hype({ cursor, ...request }, options) {
      const found = readAnswer(await get('hype', withCursor(locale(request), cursor), options), PageAnswer);
      return found === undefined ? EMPTY : page(found.data, hypeItemOf, found.continuation);
    },

    async metadata({ videoId }, options) {
      const found = readAnswer(await get('updated_metadata', { id: videoId }, options), MetadataAnswer);
      return found ? metadataOf(found, videoId) : null;
    },

    async playlist({ playlistId, cursor, ...request }, options) {
      const found = readAnswer(await get('playlist', withCursor({ id: playlistId, ...locale(request) }, cursor), options), PageAnswer);
      if (found === undefined || !namesSomething(found.meta)) return null;
      return { ...page(found.data, (item, index) => playlistVideoOf(item, index + 1), found.continuation), meta: playlistMetaOf(found.meta, playlistId) };
    },

    async post({ postId }, options) {
      const found = readAnswer(await get('post/info', { id: postId }, options), PostAnswer);
      return found ? postOf(found) : null;
    },

    async postComments({ postId, sort, cursor, ...request }, options) {
      const found = readAnswer(await get('post/comments', withCursor({ id: postId, sort_by: COMMENT_SORT[sort], ...locale(request) }, cursor), options), CommentsAnswer);
      if (found === undefined) return null;
      return { items: found.data.map(postCommentOf).filter((comment) => comment !== null), nextCursor: found.continuation || null };
    },

    async related({ videoId, cursor, ...request }, options) {
      const found = readAnswer(await get('related', withCursor({ id: videoId, ...locale(request) }, cursor), options), PageAnswer);
      if (found === undefined || !namesSomething(found.meta)) return null;
      return { ...page(found.data, relatedItemOf, found.continuation), meta: relatedMetaOf(found.meta, videoId) };
    },

    async resolveUrl({ url }, options) {
      // Our API names the platform's site neutrally; the vendor reads the platform's own address.
      const found = readAnswer(await get('resolve', { url: url.replace(NEUTRAL_SITE, PLATFORM_SITE) }, options), ResolveAnswer);
      return found ? resolvedOf(found) : null;
    },

    async frameSource({ videoId }, options) {
      const stream = readAnswer(await get('dl', { id: videoId }, options), StreamAnswer);
      if (stream === undefined) return null;
      const streams = videoStreams(stream.formats, stream.adaptiveFormats);
      const heights = [...new Set(streams.map((candidate) => candidate.height))].sort((a, b) => b - a);
      return {
        lengthSeconds: whole(stream.lengthSeconds),
        heights,
        async frames(atSeconds, asked, call): Promise<VideoFrame[]> {
          if (asked.length === 0) return [];
          const highest = Math.max(...asked);
          // The preferred kind of stream that is tall enough, the smallest of it (the least to read); else the tallest there is.
          const tallEnough = streams.filter((candidate) => candidate.height >= highest).sort((a, b) => a.tier - b.tier || a.height - b.height);
          const source = tallEnough[0] ?? [...streams].sort((a, b) => b.height - a.height || a.tier - b.tier)[0];
          if (!source) throw streamFailed('the vendor listed no video stream');
          const aspect = source.width > 0 ? source.width / source.height : 16 / 9;
          const sizes = asked.map((height) => ({ width: widthAt(height, aspect), height }));
          let jpegs: Buffer[];
          try {
            jpegs = await grabFrames({ url: source.url }, atSeconds, sizes, { signal: call.signal });
          } catch (error) {
            if (call.signal.aborted) throw call.signal.reason ?? error;
            if (error instanceof FfmpegError) throw streamFailed(error.message);
            throw error;
          }
          return sizes.map((size, index) => ({ ...size, jpeg: jpegs[index]! }));
        },
      };
    },

    async search(request: VideoSearchRequest, options) {
      const query: Record<string, string> = { query: request.query, sort_by: SEARCH_SORT[request.sort], ...locale(request) };
      if (request.type !== 'all') query.type = request.type;
      if (request.duration) query.duration = request.duration;
      if (request.uploadDate) query.upload_date = request.uploadDate;
      if (request.features.length > 0) query.features = request.features.join(',');
      const found = readAnswer(await get('search', withCursor(query, request.cursor), options), PageAnswer);
      if (found === undefined) return { ...EMPTY, estimatedResults: 0 };
      return { ...page(found.data, searchItemOf, found.continuation), estimatedResults: whole(found.estimatedResults) };
    },

    async shorts({ cursor, ...request }, options) {
      const start: Record<string, string> = cursor.startsWith(FROM_SHORT) ? { id: cursor.slice(FROM_SHORT.length) } : { params: cursor };
      const found = readAnswer(await get('shorts/sequence', { ...start, ...locale(request) }, options), PageAnswer);
      return found === undefined ? EMPTY : page(found.data, (item) => shortsItemOf({ ...item, type: item.type ?? 'shorts' }), found.continuation);
    },

    async shortsInfo({ videoId, ...request }, options) {
      const found = readAnswer(await get('shorts/info', { id: videoId, ...locale(request) }, options), ShortsInfoAnswer);
      if (found === undefined) return null;
      const sequence = found.sequenceContiuation || found.sequenceContinuation || `${FROM_SHORT}${found.id || found.videoId || videoId}`;
      return { ...shortsInfoOf(found, videoId), sequence };
    },

    async subtitles({ videoId }, options) {
      const found = readAnswer(await get('subtitles', { id: videoId }, options), SubtitlesAnswer);
      return found ? subtitlesOf(found) : null;
    },

    async suggest({ query, ...request }, options) {
      const found = readAnswer(await get('suggest', { query, ...locale(request) }, options), SuggestAnswer);
      if (found === undefined) return [];
      const list = Array.isArray(found) ? found : (found.suggestions ?? found.results ?? []);
      return list.filter((suggestion) => suggestion.trim() !== '');
    },

    async transcript({ videoId, lang }, options) {
      const answer = await get('get_transcript', { id: videoId, lang }, options);
      // "No transcript" (in any language) is the vendor's error about the track, not about the video.
      if (answer.notFound && /transcript|caption|subtitle/i.test(answer.said ?? '')) return { missingLanguage: lang, languageMenu: [] };
      const found = readAnswer(answer, TranscriptAnswer);
      if (found === undefined) return null;
      const menu = languageMenuOf(found);
      const given = found.selected?.languageCode;
      const missing = (found.transcript ?? []).length === 0 || (given !== undefined && given !== null && given !== '' && !sameLanguage(given, lang));
      return missing ? { missingLanguage: lang, languageMenu: menu } : transcriptOf(found, videoId, lang);
    },

    async trending({ type, ...request }, options) {
      const found = readAnswer(await get('trending', { type: TRENDING_TYPE[type], ...locale(request) }, options), PageAnswer);
      return found === undefined ? [] : found.data.map(trendingItemOf).filter((item) => item !== null);
    },

    async video({ videoId, geo }, options) {
      const query: Record<string, string> = { id: videoId };
      if (geo) query.cgeo = geo;
      const found = readAnswer(await get('dl', query, options), StreamAnswer);
      return found ? videoDetailsOf(found) : null;
    },

    async videoInfo({ videoId, ...request }, options) {
      const found = readAnswer(await get('video/info', { id: videoId, extend: '2', ...locale(request) }, options), VideoInfoAnswer);
      return found ? videoInfoOf(found, videoId) : null;
    },
  };
}
