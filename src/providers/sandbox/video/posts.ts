import { seedOf } from '../clips/videos';
import { SeededRandom } from '../random';
import { channelAt, CHANNELS, MEDIA, type Channel } from './channels';
import type { Thread } from './comments';
import { decodeId, encodeId } from './ids';
import { NOW } from './texts';

/** Community posts: post k of a channel (0 = the newest) for k < its count; the id spells channel · 1024 + k. */

function generatePost(channel: Channel, index: number) {
  const value = channel.index * 1_024 + index;
  const random = new SeededRandom(seedOf(61, value));
  const interval = (NOW - channel.joined) / (channel.posts + 1);
  const published = Math.floor(NOW - (index + 0.2 + 0.7 * random.next()) * interval);
  const likes = Math.round(channel.subscribers * Math.exp(random.normal(Math.log(0.01), 0.8))) + random.integer(0, 5);
  const id = `Ugkx${encodeId('post', value, 32)}`;
  const thread: Thread = { salt: seedOf(62, value), total: Math.min(2_000, Math.round(likes * random.between(0.005, 0.03))), owner: channel, since: published, topLikes: Math.max(1, Math.round(likes * 0.05)) };
  return {
    id, channel, published, likes, thread,
    text: `${random.pick(channel.topic.posts)}${random.chance(0.4) ? ` ${random.pick(channel.topic.lines)}` : ''}`,
    image: random.chance(0.5) ? [{ url: `${MEDIA}/post/${id}/s640.jpg`, width: 640, height: 640 }] : [],
  };
}

export type Post = ReturnType<typeof generatePost>;

export const postOf = (channel: Channel, index: number) => generatePost(channel, index);

export function postById(id: string): Post | null {
  const value = id.startsWith('Ugkx') && id.length === 36 ? decodeId('post', id.slice(4)) : null;
  if (value === null) return null;
  const index = Math.floor(value / 1_024);
  return index >= 1 && index <= CHANNELS && value % 1_024 < channelAt(index).posts ? generatePost(channelAt(index), value % 1_024) : null;
}
