import type { GridPost, ListedPost, Post, RecentPost, Reel } from '../../../schemas/photos';
import type { WorldPost } from './posts';
import { IMAGE_HOST, userAt } from './users';
import { MONTHS } from './vocabulary';

/** A post as each list shows it, all read from the one model, so its counts agree everywhere. */

const mediaUrl = (post: WorldPost, variant: string) => `${IMAGE_HOST}/media/${post.shortcode}${variant}`;

export function recentPostRecord(post: WorldPost): RecentPost {
  return {
    id: post.mediaId.toString(),
    shortcode: post.shortcode,
    type: post.type,
    like_count: post.likes,
    comment_count: post.comments,
    taken_at: post.takenAt,
    display_url: mediaUrl(post, '.jpg'),
    is_video: post.type === 'GraphVideo',
  };
}

export function postRecord(post: WorldPost): Post {
  const { owner } = post;
  return {
    ...recentPostRecord(post),
    caption: post.caption,
    video_url: post.type === 'GraphVideo' ? mediaUrl(post, '.mp4') : null,
    video_view_count: post.views,
    video_duration: post.duration,
    owner: { id: owner.publicId, username: owner.username, full_name: owner.fullName, profile_pic_url: owner.profilePicUrl, is_verified: owner.verified },
    location: post.location && { ...post.location },
    tagged_users: post.tagged.map((index) => userAt(index)).map((user) => ({ username: user.username, full_name: user.fullName })),
  };
}

export function gridPostRecord(post: WorldPost): GridPost {
  const date = new Date(post.takenAt * 1000);
  return {
    ...recentPostRecord(post),
    caption: post.caption,
    thumbnail_url: mediaUrl(post, '_320.jpg'),
    video_view_count: post.views,
    accessibility_caption:
      post.type === 'GraphVideo' ? null : `Photo by ${post.owner.fullName || post.owner.username} on ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}. May be an image of ${post.subject}.`,
  };
}

export function listedPostRecord(post: WorldPost): ListedPost {
  return { ...recentPostRecord(post), caption: post.caption, owner: { username: post.owner.username, profile_pic_url: post.owner.profilePicUrl } };
}

export function reelRecord(post: WorldPost): Reel {
  const { id, shortcode, like_count, comment_count, taken_at, display_url } = recentPostRecord(post);
  return { id, shortcode, caption: post.caption, like_count, comment_count, play_count: post.plays!, taken_at, video_duration: post.duration!, display_url, video_url: mediaUrl(post, '.mp4') };
}
