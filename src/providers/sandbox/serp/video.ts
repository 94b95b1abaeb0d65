import { serpDraft, serpPage, type SerpResponse, type SerpResultDraft } from '../../../schemas/serp';
import { SANDBOX_DATA_MONTH } from '../data-month';
import { keywordTotalResults } from '../keyword-metrics';
import { VIDEO_SITE } from '../known-sites';
import { LIVESTREAM, SHORT, type Channel } from '../video/channels';
import { playlistOf } from '../video/playlists';
import { searchFor, type SearchHit } from '../video/search';
import { isoTime } from '../video/texts';
import { videoAt, type Video } from '../video/videos';
import { roundedCount } from './page-text';
import { webPageContext } from './websearch';

/** The results page sees the platform as of the data month: a video uploaded since is not on it yet. */
const DATA_MONTH_START = Date.UTC(SANDBOX_DATA_MONTH.year, SANDBOX_DATA_MONTH.month - 1, 1) / 1000;

const channelUrl = (channel: Channel) => `https://${VIDEO_SITE}/${channel.handle}`;
/** `yyyy-mm-dd hh:mm:ss +00:00`. */
const pageTime = (seconds: number) => `${isoTime(seconds).slice(0, 10)} ${isoTime(seconds).slice(11, 19)} +00:00`;

function videoDraft(video: Video, isPaid: boolean): SerpResultDraft {
  const { channel } = video;
  return serpDraft(
    'videoSearch',
    {
      videoId: video.id,
      channelId: channel.id,
      channelName: channel.name,
      channelUrl: channelUrl(channel),
      thumbnailUrl: `https://${VIDEO_SITE}/thumbs/${video.id}.jpg`,
      viewsCount: video.views,
      publishedAt: pageTime(video.published),
      durationSeconds: video.lengthSeconds,
      isLive: video.kind === LIVESTREAM,
      isShorts: video.kind === SHORT,
      isPaid,
    },
    { title: video.title, url: `https://${VIDEO_SITE}/watch?v=${video.id}`, description: video.description.replace(/\n+/g, ' '), domain: VIDEO_SITE },
  );
}

function channelDraft(channel: Channel): SerpResultDraft {
  return serpDraft(
    'videoChannel',
    { channelId: channel.id, logo: `https://${VIDEO_SITE}/avatars/${channel.handle.slice(1)}.jpg`, isVerified: channel.verified },
    { title: channel.name, url: channelUrl(channel), description: channel.description, domain: VIDEO_SITE },
  );
}

function playlistDraft(channel: Channel, position: number): SerpResultDraft {
  const { id, title } = playlistOf(channel, position);
  return serpDraft(
    'videoPlaylist',
    { playlistId: id, channelId: channel.id, channelName: channel.name, thumbnailUrl: `https://${VIDEO_SITE}/thumbs/${id}.jpg` },
    { title, url: `https://${VIDEO_SITE}/playlist?list=${id}`, domain: VIDEO_SITE },
  );
}

const videoOf = (hit: SearchHit): Video | null => (hit.type === 'video' ? videoAt(hit.key) : hit.type === 'made' ? hit.video : null);

/**
 * The video platform's results: its own search for the query (../video/search.ts), in the order
 * and mix it answers (a channel first when the query names one, a playlist now and then), so
 * every video, channel and playlist opens on the platform with the same title, channel, length
 * and views. Videos uploaded after the data month are left out, and so is a video whose title
 * the page already shows; a buying query's first video is promoted. At most `depth` items: a
 * query the platform finds little for has a short page.
 */
export function sandboxVideo({ query: rawQuery, depth }: { query: string; depth: number }): SerpResponse {
  const { query, intent } = webPageContext(rawQuery, 'video');
  const hits = searchFor({ query, type: 'all', sort: 'relevance', features: [] });
  const drafts: SerpResultDraft[] = [];
  const titles = new Set<string>();
  for (const hit of hits) {
    if (drafts.length >= depth) break;
    const video = videoOf(hit);
    if (video !== null) {
      if (video.published >= DATA_MONTH_START || titles.has(video.title)) continue;
      drafts.push(videoDraft(video, intent === 'transactional' && titles.size === 0));
      titles.add(video.title);
    } else if (hit.type === 'channel') {
      // One channel at most, first, as the results page shows it.
      if (drafts.length === 0) drafts.push(channelDraft(hit.channel));
    } else if (hit.type === 'playlist') {
      drafts.push(playlistDraft(hit.channel, hit.position));
    }
  }
  return serpPage(rawQuery, Math.max(drafts.length, roundedCount(keywordTotalResults(query) * 0.01)), drafts);
}
