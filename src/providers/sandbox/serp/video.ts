import { serpDraft, serpPage, type SerpResponse, type SerpResultDraft } from '../../../schemas/serp';
import { keywordTotalResults } from '../keyword-metrics';
import { VIDEO_SITE } from '../known-sites';
import { avatarOf, LIVESTREAM, SHORT, WEB, type Channel } from '../video/channels';
import { playlistOf } from '../video/playlists';
import { coverUrl, playlistCover } from '../video/records';
import { searchFor, videoOfHit } from '../video/search';
import type { Video } from '../video/videos';
import { PLATFORM_SEEN_BEFORE, platformTime } from './blocks';
import { roundedCount } from './page-text';
import { webPageContext } from './websearch';

/** The platform's own links (what its endpoints answer and /v1/video/resolve reads), so each result opens there. */
const channelUrl = (channel: Channel) => `${WEB}/${channel.handle}`;

function videoDraft(video: Video, isPaid: boolean): SerpResultDraft {
  const { channel } = video;
  return serpDraft(
    'videoSearch',
    {
      videoId: video.id,
      channelId: channel.id,
      channelName: channel.name,
      channelUrl: channelUrl(channel),
      thumbnailUrl: coverUrl(video),
      viewsCount: video.views,
      publishedAt: platformTime(video.published),
      durationSeconds: video.lengthSeconds,
      isLive: video.kind === LIVESTREAM,
      isShorts: video.kind === SHORT,
      isPaid,
    },
    { title: video.title, url: `${WEB}/watch?v=${video.id}`, description: video.description.replace(/\n+/g, ' '), domain: VIDEO_SITE },
  );
}

function channelDraft(channel: Channel): SerpResultDraft {
  return serpDraft(
    'videoChannel',
    { channelId: channel.id, logo: avatarOf(channel.id).at(-1)!.url, isVerified: channel.verified },
    { title: channel.name, url: channelUrl(channel), description: channel.description, domain: VIDEO_SITE },
  );
}

function playlistDraft(channel: Channel, position: number): SerpResultDraft {
  const playlist = playlistOf(channel, position);
  const { id, title } = playlist;
  return serpDraft(
    'videoPlaylist',
    { playlistId: id, channelId: channel.id, channelName: channel.name, thumbnailUrl: playlistCover(playlist).at(-1)?.url ?? null },
    { title, url: `${WEB}/playlist?list=${id}`, domain: VIDEO_SITE },
  );
}

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
    const video = videoOfHit(hit);
    if (video !== null) {
      if (video.published >= PLATFORM_SEEN_BEFORE || titles.has(video.title)) continue;
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
