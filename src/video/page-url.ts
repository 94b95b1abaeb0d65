/**
 * The video platform's page URLs, read without asking anyone: what page a URL opens and the id in
 * it. Every form the platform links with: watch pages (`/watch?v=`, with or without a playlist),
 * short links (`video.be/<id>`), Shorts, embeds (also on the no-cookie host), live and legacy
 * `/v/` links, channels by id, playlists. A channel by handle or custom name (`/@name`, `/c/name`,
 * `/user/name`) names no id: only the platform knows it, so that reading is `ask`.
 */

export type PageType = 'WEB_PAGE_TYPE_WATCH' | 'WEB_PAGE_TYPE_SHORTS' | 'WEB_PAGE_TYPE_CHANNEL' | 'WEB_PAGE_TYPE_PLAYLIST';

export type PageReading =
  | { kind: 'page'; webPageType: PageType; videoId: string | null; channelId: string | null; playlistId: string | null }
  /** A channel by handle or custom name: the provider resolves it. */
  | { kind: 'ask'; url: string }
  | { kind: 'invalid'; problem: string };

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
const PLAYLIST_ID = /^(?:PL|UU|LL|FL|OL|RD)[A-Za-z0-9_-]{10,40}$/;
const HANDLE = /^@[\p{L}\p{N}._-]{3,30}$/u;
const CUSTOM_NAME = /^[\p{L}\p{N}._-]{1,100}$/u;

const SITE_HOSTS = new Set(['video.com', 'www.video.com', 'm.video.com', 'music.video.com']);
const SHORT_LINK_HOSTS = new Set(['video.be', 'www.video.be']);
const EMBED_HOSTS = new Set(['video-nocookie.com', 'www.video-nocookie.com']);

const page = (webPageType: PageType, ids: { videoId?: string | null; channelId?: string; playlistId?: string | null }): PageReading => ({
  kind: 'page',
  webPageType,
  videoId: ids.videoId ?? null,
  channelId: ids.channelId ?? null,
  playlistId: ids.playlistId ?? null,
});

const invalid = (problem: string): PageReading => ({ kind: 'invalid', problem });

/** A watch page's playlist, when its `list` is a playlist id (a mix or a radio is not one to look up, but still an id). */
function playlistOf(url: URL): string | null {
  const list = url.searchParams.get('list');
  return list !== null && PLAYLIST_ID.test(list) ? list : null;
}

function videoPage(id: string | undefined, url: URL, type: PageType = 'WEB_PAGE_TYPE_WATCH'): PageReading {
  if (id === undefined || !VIDEO_ID.test(id)) return invalid("does not hold a video id (11 letters, digits, - and _) where the platform's links have it");
  return page(type, { videoId: id, playlistId: playlistOf(url) });
}

/** What page `text` opens: a scheme is optional (https is assumed); only the platform's hosts are read. */
export function readPageUrl(text: string): PageReading {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return invalid('is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return invalid('must be an http or https URL');
  const host = url.hostname.toLowerCase();
  let segments: string[];
  try {
    segments = url.pathname.split('/').filter(Boolean).map((segment) => decodeURIComponent(segment));
  } catch {
    return invalid('has a path that is not valid percent-encoding');
  }

  if (SHORT_LINK_HOSTS.has(host)) return videoPage(segments[0], url);
  if (EMBED_HOSTS.has(host)) return segments[0] === 'embed' ? videoPage(segments[1], url) : invalid('is not an embed link (/embed/<id>)');
  if (!SITE_HOSTS.has(host)) return invalid('is not a link to the video platform (www.video.com, video.be, video-nocookie.com)');

  const [first, second] = segments;
  switch (first) {
    case 'watch':
      return videoPage(url.searchParams.get('v') ?? undefined, url);
    case 'shorts':
      return videoPage(second, url, 'WEB_PAGE_TYPE_SHORTS');
    case 'embed':
    case 'v':
    case 'live':
      return videoPage(second, url);
    case 'playlist': {
      const list = url.searchParams.get('list');
      return list !== null && PLAYLIST_ID.test(list) ? page('WEB_PAGE_TYPE_PLAYLIST', { playlistId: list }) : invalid('is a playlist link without a playlist id in list=');
    }
    case 'channel':
      return second !== undefined && CHANNEL_ID.test(second) ? page('WEB_PAGE_TYPE_CHANNEL', { channelId: second }) : invalid('is a channel link without a channel id (UC and 22 characters)');
    case 'c':
    case 'user':
      return second !== undefined && CUSTOM_NAME.test(second) ? { kind: 'ask', url: `https://www.video.com/${first}/${second}` } : invalid(`is a /${first}/ link without a name`);
    default:
      if (first !== undefined && HANDLE.test(first)) return { kind: 'ask', url: `https://www.video.com/${first}` };
      return invalid('is not a page the resolver knows: a watch, short, Shorts, embed, live, channel, handle or playlist link');
  }
}
