import { seedOf } from '../clips/videos';
import { coprimeStride } from '../audience';
import { SeededRandom } from '../random';
import { channelAt, channelById, CHANNELS, uploadCount, VIDEO, type Channel } from './channels';
import { decodeId, encodeId } from './ids';
import { allUploads, keyOf, videoFrame } from './videos';

/**
 * A channel's playlists: p < its count, each a run of its videos (index (start + step · i) mod
 * the channel's videos, step coprime with them, so no video twice); and its uploads (`UU` + the
 * channel id's 22), everything it uploaded newest first, Shorts and livestreams included, as on
 * the platform.
 */

function playlistModel(channel: Channel, position: number | 'uploads') {
  const videos = channel.counts[VIDEO]!;
  if (position === 'uploads') {
    return { channel, id: `UU${channel.id.slice(2)}`, title: `Uploads from ${channel.name}`, description: '', total: uploadCount(channel), keyAt: (index: number) => allUploads(channel)[index]!, views: 0 };
  }
  const random = new SeededRandom(seedOf(51, channel.index, position));
  const total = random.integer(3, Math.min(60, videos));
  const start = random.integer(0, videos - 1);
  const step = coprimeStride(random, videos);
  const names = channel.topic.playlists;
  return {
    channel,
    id: `PL${encodeId('playlist', channel.index * 256 + position, 32)}`,
    title: playlistTitle(channel, position),
    description: random.chance(0.5) ? '' : `${names[(channel.index + position) % names.length]} from ${channel.name}, in one place.`,
    total,
    keyAt: (index: number) => keyOf(channel.index, VIDEO, (start + step * index) % videos),
    views: Math.round(channel.subscribers * random.between(0.05, 3)),
  };
}

export type Playlist = ReturnType<typeof playlistModel>;

/** Titles cost no generator, so search can read every playlist's. */
export function playlistTitle(channel: Channel, position: number): string {
  const names = channel.topic.playlists;
  const round = Math.floor(position / names.length);
  return `${names[(channel.index + position) % names.length]}${round > 0 ? ` ${round + 1}` : ''}`;
}

export const playlistOf = (channel: Channel, position: number) => playlistModel(channel, position);

export function playlistById(id: string): Playlist | null {
  if (id.startsWith('UU')) {
    const channel = channelById(`UC${id.slice(2)}`);
    return channel === null || uploadCount(channel) === 0 ? null : playlistModel(channel, 'uploads');
  }
  const value = id.startsWith('PL') && id.length === 34 ? decodeId('playlist', id.slice(2)) : null;
  if (value === null) return null;
  const index = Math.floor(value / 256);
  return index >= 1 && index <= CHANNELS && value % 256 < channelAt(index).playlists ? playlistModel(channelAt(index), value % 256) : null;
}

/** When the playlist last changed: its newest video's upload. */
export function lastUpdate(playlist: Playlist): number {
  let newest = 0;
  for (let index = 0; index < playlist.total; index += 1) newest = Math.max(newest, videoFrame(playlist.keyAt(index)).published);
  return newest;
}

/** The playlist's views: its own when it has them, else its videos'. */
export function playlistViews(playlist: Playlist): number {
  if (playlist.views > 0) return playlist.views;
  let views = 0;
  for (let index = 0; index < playlist.total; index += 1) views += videoFrame(playlist.keyAt(index)).views;
  return views;
}
