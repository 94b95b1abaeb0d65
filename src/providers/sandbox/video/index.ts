import type { VideoHomeItem, VideoSearchItem } from '../../../schemas/video';
import type { ResolvedPage, VideoProvider } from '../../families/video';
import { channelAbout, channelHome, communityPost, featuredChannels, storeItems } from './channel-pages';
import { subtitlesOf, transcriptOf } from './captions';
import { channelById, channelByName, LIVESTREAM, SHORT, VIDEO, type Channel } from './channels';
import { commentModel, rankAt, replyAt, videoThread, type Thread } from './comments';
import { HOME_FILTERS, homeKeys, hypeKeys, popularShorts, relatedKeys, shortsAfter, trendingKeys } from './feeds';
import { frameSourceOf } from './frames';
import { hashtagKeys } from './catalog';
import { badCursor, namedCursor, namedPage, PAGE, pageOf } from './paging';
import { playlistById, playlistOf } from './playlists';
import { postById, postOf } from './posts';
import {
  channelItem, detailsRecord, homeVideo, hypeItem, infoRecord, listedChannel, listedPlaylist, listedVideo, metadataRecord, playlistItem, playlistMeta, playlistVideo,
  postComment, postRecord, relatedItem, shortsInfoRecord, shortsItem, trendingItem,
} from './records';
import { madeOnChannel, searchChannel, searchFor, suggestionsFor, tagPosition, type SearchHit } from './search';
import { compactCount, slugOf } from './texts';
import { channelOrder, uploadOf, videoAt, videoById, videoFrame, type Video } from './videos';

/** Stable values of the world for endpoint examples (test/unit/sandbox-video.test.ts checks each): a cooking channel with every tab, and its things. */
export const EXAMPLE_CHANNEL_ID = 'UCsK9JdQFOyYSka-eb2ny-ba';
export const EXAMPLE_CHANNEL_HANDLE = '@saffronkitchen';
/** A video of the example channel: over a minute long, captions in English and Spanish, comments with replies. */
export const EXAMPLE_VIDEO_ID = '5-Jptq8oT_N';
export const EXAMPLE_SHORT_ID = '1jXIqVhyJId';
export const EXAMPLE_PLAYLIST_ID = 'PLM5pRwZYLNMKaCMvKLEObJIaOeGfgF9lX';
/** A post of the example channel with an image, so its example shows one. */
export const EXAMPLE_POST_ID = 'UgkxrYdWULOPdm2aeai50QycfTEca6F57PVR';
export const EXAMPLE_HASHTAG = 'recipe';
/** Matches videos, channels and playlists, and (by hashtag) videos of the example channel. */
export const EXAMPLE_QUERY = 'cooking';

const FILTER_SLUGS = new RegExp(HOME_FILTERS.map(slugOf).join('|'));
const HOSTED_CHANNEL = /^(?:https?:\/\/)?(?:(?:www|m)\.)?video\.com\/(?:(@[^/?#]+)|(?:c|user)\/([^/?#]+))(?:[/?#].*)?$/i;

/**
 * The video platform's sandbox: one seeded world of 3,000 channels and their videos, Shorts,
 * livestreams, playlists and posts (./channels.ts, ./videos.ts), and the videos its creators made
 * for any query search is asked (./made.ts), every answer built from the same models, so counts
 * agree across endpoints. Time stands still at the world's present (./texts.ts);
 * `geo` and `lang` change nothing.
 */
export function createSandboxVideo(): VideoProvider {
  const of = <Thing, Answer>(thing: Thing | null, read: (thing: Thing) => Answer): Answer | null => (thing === null ? null : read(thing));
  const keyed = <Item>(keys: readonly number[], size: number, cursor: string | undefined, record: (video: Video) => Item) => pageOf(keys.length, size, cursor, (position) => record(videoAt(keys[position]!)));
  const uploads = <Item>(channel: Channel, kind: number, sort: 'newest' | 'popular' | 'oldest', cursor: string | undefined, record: (video: Video) => Item) => {
    const order = channelOrder(channel, kind, sort);
    return pageOf(order.length, PAGE.videos, cursor, (position) => record(uploadOf(channel, kind, order[position]!)));
  };
  /** A thread's comments in the order asked: by rank for `top`, by place for `new`. */
  const threadPage = (thread: Thread, sort: 'top' | 'new', cursor: string | undefined) =>
    pageOf(thread.total, PAGE.comments, cursor, (position) => commentModel(thread, sort === 'new' ? rankAt(thread, position) : position).record);
  const shortOf = (id: string) => of(videoById(id), (video) => (video.kind === SHORT ? video : null));
  const hitRecord = (hit: SearchHit): VideoSearchItem =>
    hit.type === 'video' ? listedVideo(videoAt(hit.key))
    : hit.type === 'made' ? listedVideo(hit.video)
    : hit.type === 'channel' ? listedChannel(hit.channel)
    : listedPlaylist(playlistOf(hit.channel, hit.position));
  /** A channel's search: its catalog uploads found, and the videos it made for the query (./made.ts), newest first. */
  const channelFound = (channel: Channel, query: string): Array<() => Video> => {
    const found = [
      ...searchChannel(channel, query).map((key) => ({ published: videoFrame(key).published, key, video: () => videoAt(key) })),
      ...madeOnChannel(channel, query).map((video) => ({ published: video.published, key: video.key, video: () => video })),
    ];
    return found.sort((a, b) => b.published - a.published || a.key - b.key).map(({ video }) => video);
  };

  return {
    name: 'sandbox',
    channel: async ({ channelId }) => of(channelById(channelId), channelHome),
    channelAbout: async ({ channelId }) => of(channelById(channelId), channelAbout),
    channelChannels: async ({ channelId }) => of(channelById(channelId), featuredChannels),
    channelCommunity: async ({ channelId, cursor }) => of(channelById(channelId), (channel) => pageOf(channel.posts, PAGE.posts, cursor, (index) => communityPost(postOf(channel, index)))),
    channelLivestreams: async ({ channelId, sortBy, cursor }) => of(channelById(channelId), (channel) => uploads(channel, LIVESTREAM, sortBy, cursor, channelItem)),
    channelPlaylists: async ({ channelId, cursor }) => of(channelById(channelId), (channel) => pageOf(channel.playlists, PAGE.playlists, cursor, (position) => playlistItem(playlistOf(channel, position)))),
    channelSearch: async ({ channelId, query, cursor }) =>
      of(channelById(channelId), (channel) => {
        const found = channelFound(channel, query);
        return pageOf(found.length, PAGE.videos, cursor, (position) => channelItem(found[position]!()));
      }),
    channelShorts: async ({ channelId, sortBy, cursor }) => of(channelById(channelId), (channel) => uploads(channel, SHORT, sortBy ?? 'newest', cursor, shortsItem)),
    channelStore: async ({ channelId }) => of(channelById(channelId), storeItems),
    channelVideos: async ({ channelId, sortBy, cursor }) => of(channelById(channelId), (channel) => ({ ...uploads(channel, VIDEO, sortBy, cursor, channelItem), title: channel.name })),
    comments: async ({ videoId, sort, cursor }) =>
      of(videoById(videoId), (video) => {
        const thread = videoThread(video);
        if (cursor === undefined || !cursor.startsWith('R')) return { ...threadPage(thread, sort, cursor), commentsCount: thread.total };
        // A comment's replyToken (`R<rank>`) walks its replies, oldest first; a big video's thread has millions of comments, so ranks of many digits.
        const { name, position } = namedCursor(cursor, /R\d{1,9}/);
        const rank = Number(name.slice(1));
        const comment = rank < thread.total ? commentModel(thread, rank) : null;
        if (comment === null || comment.record.replyCount === 0) throw badCursor();
        // A replies page has no total of its own: the video's count belongs to its first page.
        return { ...namedPage(name, comment.record.replyCount, PAGE.comments, position, (index) => replyAt(comment, index)), commentsCount: 0 };
      }),
    hashtag: async ({ tag, cursor }) => {
      const position = tagPosition(tag);
      const keys = position === null ? [] : hashtagKeys(position);
      const channels = new Set(keys.map((key) => key >>> 16)).size;
      return { ...keyed(keys, PAGE.hashtag, cursor, listedVideo), hashtagInfoText: `${compactCount(keys.length)} videos · ${compactCount(channels)} channels` };
    },
    home: async ({ cursor }) => {
      const { name, position } = cursor === undefined ? { name: 'all', position: undefined } : namedCursor(cursor, FILTER_SLUGS);
      const keys = homeKeys(name);
      const page = namedPage(name, keys.length, PAGE.home, position, (index): VideoHomeItem => homeVideo(videoAt(keys[index]!)));
      if (name === 'all' && position === undefined) {
        page.items.splice(Math.min(4, page.items.length), 0, { type: 'shorts_listing', title: 'Shorts', data: popularShorts().slice(0, 10).map((key) => shortsItem(videoAt(key))) });
      }
      return { ...page, filters: HOME_FILTERS.map((filter) => ({ filter, cursor: slugOf(filter) })) };
    },
    hype: async ({ cursor }) => keyed(hypeKeys(), PAGE.hype, cursor, hypeItem),
    metadata: async ({ videoId }) => of(videoById(videoId), metadataRecord),
    playlist: async ({ playlistId, cursor }) =>
      of(playlistById(playlistId), (playlist) => ({ ...pageOf(playlist.total, PAGE.playlist, cursor, (index) => playlistVideo(videoAt(playlist.keyAt(index)), index + 1)), meta: playlistMeta(playlist) })),
    post: async ({ postId }) => of(postById(postId), postRecord),
    postComments: async ({ postId, sort, cursor }) =>
      of(postById(postId), (post) => {
        const page = threadPage(post.thread, sort, cursor);
        return { items: page.items.map(postComment), nextCursor: page.nextCursor };
      }),
    related: async ({ videoId, cursor }) =>
      of(videoById(videoId), (video) => {
        const meta = { videoId: video.id, title: video.title, viewCount: String(video.views), channelTitle: video.channel.name };
        return { ...keyed(relatedKeys(video), PAGE.related, cursor, relatedItem), meta };
      }),
    resolveUrl: async ({ url }) => {
      const match = HOSTED_CHANNEL.exec(url.trim());
      if (match === null) return null;
      let name: string;
      try {
        name = decodeURIComponent(match[1] ?? match[2]!);
      } catch {
        return null;
      }
      return of(channelByName(name), (channel): ResolvedPage => ({ webPageType: 'WEB_PAGE_TYPE_CHANNEL', channelId: channel.id }));
    },
    frameSource: async ({ videoId }) => of(videoById(videoId), frameSourceOf),
    search: async ({ cursor, query, type, sort, duration, uploadDate, features }) => {
      const hits = searchFor({ query, type, sort, duration, uploadDate, features });
      return { ...pageOf(hits.length, PAGE.search, cursor, (position) => hitRecord(hits[position]!)), estimatedResults: hits.length };
    },
    shorts: async ({ cursor }) => {
      // The feed's cursor comes as `params`, so its 400s name that field.
      const { name, position } = namedCursor(cursor, /[A-Za-z0-9_-]{11}/, 'params');
      const short = shortOf(name);
      if (short === null) throw badCursor('params');
      const keys = shortsAfter(short);
      return namedPage(name, keys.length, PAGE.shorts, position, (index) => shortsItem(videoAt(keys[index]!)), 'params');
    },
    shortsInfo: async ({ videoId }) => of(shortOf(videoId), (short) => ({ ...shortsInfoRecord(short), sequence: short.id })),
    subtitles: async ({ videoId }) => of(videoById(videoId), subtitlesOf),
    suggest: async ({ query }) => suggestionsFor(query),
    transcript: async ({ videoId, lang }) => of(videoById(videoId), (video) => transcriptOf(video, lang)),
    trending: async ({ type }) => trendingKeys(type).map((key) => trendingItem(videoAt(key))),
    video: async ({ videoId }) => of(videoById(videoId), detailsRecord),
    videoInfo: async ({ videoId }) => of(videoById(videoId), infoRecord),
  };
}

export const sandboxVideo: VideoProvider = createSandboxVideo();
