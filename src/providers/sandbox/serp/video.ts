import { serpDraft, serpPage, type SerpResponse, type SerpResultDraft } from '../../../schemas/serp';
import { keywordMetrics, keywordTotalResults } from '../keyword-metrics';
import { SeededRandom } from '../random';
import type { PageContext } from './blocks';
import { roundedCount, siteName, timestampBefore } from './page-text';
import { VIDEO_SITE } from '../known-sites';
import { webPageContext } from './websearch';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function identifier(random: SeededRandom, length: number): string {
  return Array.from({ length }, () => random.pick([...ID_ALPHABET])).join('');
}

/** A channel, seeded by its name: the same channel has the same id and handle on every page. */
function channel(name: string) {
  const random = new SeededRandom(`video-channel:${name}`);
  const handle = name.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return { id: `UC${identifier(random, 22)}`, name, url: `https://${VIDEO_SITE}/@${handle}`, logo: `https://${VIDEO_SITE}/avatars/${handle}.jpg`, verified: random.chance(0.4) };
}

function channelNames(context: PageContext): string[] {
  return context.sites.slice(0, 8).map((site) => `${siteName(site)} TV`);
}

function video(context: PageContext, index: number, isPaid: boolean): SerpResultDraft {
  const { query, queryTitle, random } = context;
  const owner = channel(random.pick(channelNames(context)));
  const videoId = identifier(random, 11);
  const isShorts = random.chance(0.1);
  const durationSeconds = isShorts ? random.integer(15, 59) : random.integer(120, 2400);
  const demand = keywordMetrics(query).volume;
  const title = `${queryTitle} ${random.pick(['| Full Guide', '— Tested and Explained', 'in 10 Minutes', '(Watch Before You Buy)', 'Tips Nobody Tells You'])}`;
  return serpDraft(
    'videoSearch',
    {
      videoId,
      channelId: owner.id,
      channelName: owner.name,
      channelUrl: owner.url,
      thumbnailUrl: `https://${VIDEO_SITE}/thumbs/${videoId}.jpg`,
      viewsCount: Math.round(demand * random.between(0.5, 60) * (index < 5 ? 4 : 1)),
      publishedAt: timestampBefore(random.integer(2, 900)),
      durationSeconds,
      isLive: !isShorts && random.chance(0.03),
      isShorts,
      isPaid,
    },
    { title, url: `https://${VIDEO_SITE}/watch?v=${videoId}`, description: `${title}. ${owner.name} walks through ${query}.`, domain: VIDEO_SITE },
  );
}

/**
 * The video platform's results: videos with channel, views, date and duration; a channel first when
 * the query names one, a playlist for music-like queries, a promoted video for buying queries.
 * Exactly `depth` items.
 */
export function sandboxVideo({ query: rawQuery, depth }: { query: string; depth: number }): SerpResponse {
  const context = webPageContext(rawQuery, 'video');
  const { query, queryTitle, random, intent } = context;
  const drafts: SerpResultDraft[] = [];
  if (query.split(' ').length === 1 && random.chance(0.5)) {
    const owner = channel(`${queryTitle} Official`);
    drafts.push(serpDraft('videoChannel', { channelId: owner.id, logo: owner.logo, isVerified: owner.verified }, { title: owner.name, url: owner.url, description: `The official ${query} channel.`, domain: VIDEO_SITE }));
  }
  if (intent === 'transactional' && drafts.length < depth) drafts.push(video(context, drafts.length, true));
  const playlistAt = /\b(music|songs?|playlist|mix|lofi|album)\b/.test(query) || random.chance(0.2) ? 6 : -1;
  while (drafts.length < depth) {
    if (drafts.length === playlistAt) {
      const owner = channel(random.pick(channelNames(context)));
      const playlistId = `PL${identifier(random, 32)}`;
      drafts.push(serpDraft('videoPlaylist', { playlistId, channelId: owner.id, channelName: owner.name, thumbnailUrl: `https://${VIDEO_SITE}/thumbs/${playlistId}.jpg` }, { title: `${queryTitle} playlist`, url: `https://${VIDEO_SITE}/playlist?list=${playlistId}`, domain: VIDEO_SITE }));
    } else {
      drafts.push(video(context, drafts.length, false));
    }
  }
  return serpPage(rawQuery, Math.max(drafts.length, roundedCount(keywordTotalResults(query) * 0.01)), drafts);
}
