import type { VideoChannelAbout, VideoChannelHome, VideoCommunityPost, VideoFeaturedChannel, VideoStoreItem } from '../../../schemas/video';
import { channelAt, MEDIA, NOTABLE, uploadCount, VIDEO, WEB, type Channel } from './channels';
import { channelMeta, featuredChannel } from './records';
import type { Post } from './posts';
import { clockText, isoDate, slugOf, timeAgo } from './texts';
import { channelOrder, channelViews, uploadOf } from './videos';
import { TOPICS } from './vocabulary';

/** A channel's own pages: home, about, featured channels, store, community posts. */

const SHELF = 12;

export function channelHome(channel: Channel): VideoChannelHome {
  const shelf = (title: string, indexes: number[]) => ({
    type: 'video_listing' as const,
    title,
    data: indexes.slice(0, SHELF).map((index) => {
      const video = uploadOf(channel, VIDEO, index);
      return { type: 'video' as const, videoId: video.id, title: video.title, lengthText: clockText(video.lengthSeconds), viewCount: String(video.views) };
    }),
  });
  if (channel.counts[VIDEO] === 0) return { meta: channelMeta(channel), data: [] };
  const featured = uploadOf(channel, VIDEO, 0);
  return {
    meta: channelMeta(channel),
    data: [
      { type: 'player', videoId: featured.id, title: featured.title, description: featured.description, viewCount: String(featured.views), publishedTimeText: timeAgo(featured.published) },
      shelf('Videos', channelOrder(channel, VIDEO, 'newest')),
      shelf('Popular videos', channelOrder(channel, VIDEO, 'popular')),
    ],
  };
}

export function channelAbout(channel: Channel): VideoChannelAbout {
  const slug = slugOf(channel.name);
  return {
    channelId: channel.id,
    description: channel.description,
    country: channel.country,
    subscriberCount: channel.subscribers,
    viewCount: String(channelViews(channel)),
    videosCount: uploadCount(channel),
    joinedDate: isoDate(channel.joined),
    // A viewer's channel has no site to link.
    links: channel.viewer ? [] : [{ title: 'Website', url: `https://${slug}.example` }, ...(channel.store > 0 ? [{ title: 'Store', url: `${WEB}/${channel.handle}/store` }] : [])],
  };
}

/** Up to six notable channels of the same topic (never itself), from a place its seed decides. */
export function featuredChannels(channel: Channel): VideoFeaturedChannel[] {
  const perTopic = NOTABLE / TOPICS.length;
  const picks: Channel[] = [];
  for (let turn = 0; picks.length < channel.featured && turn < perTopic; turn += 1) {
    const index = channel.topicIndex + 1 + TOPICS.length * ((Math.floor(channel.seed) + 7 * turn) % perTopic);
    if (index !== channel.index) picks.push(channelAt(index));
  }
  return picks.map(featuredChannel);
}

export function storeItems(channel: Channel): VideoStoreItem[] {
  return channel.topic.products.slice(0, channel.store).map(([product, price], position) => ({
    title: `${channel.name} ${product}`,
    price: `$${price.toFixed(2)}`,
    url: `${WEB}/${channel.handle}/store/${slugOf(product)}`,
    thumbnail: [{ url: `${MEDIA}/store/${channel.id}/${position + 1}.jpg`, width: 400, height: 400 }],
  }));
}

export function communityPost(post: Post): VideoCommunityPost {
  return { postId: post.id, authorText: post.channel.name, contentText: post.text, likeCount: post.likes, replyCount: post.thread.total, publishedTimeText: timeAgo(post.published), thumbnail: post.image };
}
