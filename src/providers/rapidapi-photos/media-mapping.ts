import { mediaIdOf, SHORTCODE_PATTERN } from '../../photos/shortcode';
import type { GridPost, Highlight, ListedPost, Post, Reel, Story } from '../../schemas/photos';
import type { VendorHighlight, VendorMedia, VendorMediaFields } from './wire';

/**
 * The vendor's media items (the platform's own objects) in our post, reel, story and highlight
 * records, field by field. What the vendor leaves out is null, false, 0 or empty as the record
 * allows, never guessed; the exceptions say why.
 */

export const whole = (value: number | null | undefined): number => Math.max(0, Math.round(value ?? 0));

/**
 * The media id as /v1/photos/media-id computes it: the vendor's id when it is a digit string (a
 * `<media>_<owner>` id's first part), else the shortcode's, since a JSON number this large has lost
 * its last digits.
 */
export function mediaIdOfItem(item: Pick<VendorMediaFields, 'id' | 'pk' | 'code'>): string {
  for (const raw of [item.pk, item.id]) {
    if (typeof raw === 'string' && /^\d+(_\d+)?$/.test(raw)) return raw.split('_')[0]!;
  }
  if (item.code && SHORTCODE_PATTERN.test(item.code)) {
    const id = mediaIdOf(item.code);
    if (id !== null) return id;
  }
  const raw = item.pk ?? item.id;
  return raw === null || raw === undefined ? '' : String(raw).split('_')[0]!;
}

type PostType = Post['type'];

function postType(item: VendorMedia): PostType {
  if (item.media_type === 8 || item.product_type === 'carousel_container' || (item.carousel_media?.length ?? 0) > 0) return 'GraphSidecar';
  if (item.media_type === 2 || (item.media_type === undefined && item.is_video === true)) return 'GraphVideo';
  return 'GraphImage';
}

const isVideoItem = (item: VendorMediaFields) => item.media_type === 2 || (item.media_type === undefined && (item.is_video === true || Boolean(item.video_url)));

/** The largest image (the platform lists them largest first); a carousel without one of its own shows its first slide's. */
function displayUrlOf(item: VendorMediaFields & { carousel_media?: VendorMediaFields[] | null }): string {
  const own = item.image_versions?.items?.[0]?.url ?? item.image_versions2?.candidates?.[0]?.url ?? item.display_url;
  if (own) return own;
  const first = item.carousel_media?.[0];
  return (first ? displayUrlOf(first) : '') || (item.thumbnail_url ?? '');
}

function thumbnailUrlOf(item: VendorMedia): string {
  const versions = item.image_versions?.items ?? item.image_versions2?.candidates ?? [];
  return item.thumbnail_url ?? versions[versions.length - 1]?.url ?? displayUrlOf(item);
}

const videoUrlOf = (item: VendorMediaFields): string | null => item.video_url ?? item.video_versions?.[0]?.url ?? null;

function captionOf(item: VendorMedia): string {
  if (typeof item.caption === 'string') return item.caption;
  return item.caption?.text ?? '';
}

function takenAtOf(item: VendorMedia): number {
  const caption = typeof item.caption === 'object' ? item.caption : null;
  return whole(item.taken_at ?? item.taken_at_ts ?? caption?.created_at);
}

/** A video's views (reels count plays); null for photos and carousels, and for a video whose count the vendor left out. */
function videoViewsOf(item: VendorMedia): number | null {
  if (postType(item) !== 'GraphVideo') return null;
  const views = item.play_count ?? item.ig_play_count ?? item.view_count ?? item.video_view_count;
  return views === null || views === undefined ? null : whole(views);
}

/** A tagged place with its coordinates (some answers put them beside it); without them it is not a location we can give. */
function locationOf(item: VendorMedia): Post['location'] {
  const name = item.location?.name;
  const lat = item.location?.lat ?? item.lat;
  const lng = item.location?.lng ?? item.lng;
  if (!name || typeof lat !== 'number' || typeof lng !== 'number' || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { name, lat, lng };
}

function taggedUsersOf(item: VendorMedia): Post['tagged_users'] {
  const list = item.tagged_users ?? item.usertags;
  const tags = Array.isArray(list) ? list : (list?.in ?? []);
  return tags.flatMap((tag) => (tag.user?.username ? [{ username: tag.user.username, full_name: tag.user.full_name ?? '' }] : []));
}

function counted(item: VendorMedia) {
  const type = postType(item);
  return {
    id: mediaIdOfItem(item),
    shortcode: item.code ?? '',
    type,
    caption: captionOf(item),
    like_count: whole(item.like_count),
    comment_count: whole(item.comment_count),
    taken_at: takenAtOf(item),
    display_url: displayUrlOf(item),
    is_video: type === 'GraphVideo',
  };
}

export function postOf(item: VendorMedia): Post {
  const base = counted(item);
  const owner = item.owner ?? item.user;
  return {
    ...base,
    video_url: base.is_video ? videoUrlOf(item) : null,
    video_view_count: videoViewsOf(item),
    video_duration: base.is_video && typeof item.video_duration === 'number' ? Math.max(0, item.video_duration) : null,
    owner: {
      id: owner?.id === null || owner?.id === undefined ? String(owner?.pk ?? '') : String(owner.id),
      username: owner?.username ?? '',
      full_name: owner?.full_name ?? '',
      profile_pic_url: owner?.profile_pic_url ?? '',
      is_verified: owner?.is_verified === true,
    },
    location: locationOf(item),
    tagged_users: taggedUsersOf(item),
  };
}

export function gridPostOf(item: VendorMedia): GridPost {
  return {
    ...counted(item),
    thumbnail_url: thumbnailUrlOf(item),
    video_view_count: videoViewsOf(item),
    accessibility_caption: item.accessibility_caption || null,
  };
}

export function listedPostOf(item: VendorMedia): ListedPost {
  const owner = item.user ?? item.owner;
  return { ...counted(item), owner: { username: owner?.username ?? '', profile_pic_url: owner?.profile_pic_url ?? '' } };
}

export function recentPostOf(item: VendorMedia): Omit<ListedPost, 'caption' | 'owner'> {
  const { caption: _caption, ...rest } = counted(item);
  return rest;
}

/** A reel; null for a row without a video to play (not a reel we can describe). */
export function reelOf(item: VendorMedia): Reel | null {
  const videoUrl = videoUrlOf(item);
  if (videoUrl === null) return null;
  const base = counted(item);
  return {
    id: base.id,
    shortcode: base.shortcode,
    caption: base.caption,
    like_count: base.like_count,
    comment_count: base.comment_count,
    play_count: whole(item.play_count ?? item.ig_play_count ?? item.view_count),
    taken_at: base.taken_at,
    video_duration: Math.max(0, item.video_duration ?? 0),
    display_url: base.display_url,
    video_url: videoUrl,
  };
}

/** Stories last 24 hours: when the vendor leaves `expiring_at` out, it is the posting time plus a day. */
const STORY_LIFETIME_SECONDS = 24 * 60 * 60;

export function storyOf(item: VendorMediaFields): Story {
  const video = isVideoItem(item);
  const takenAt = whole(item.taken_at ?? item.taken_at_ts);
  return {
    id: mediaIdOfItem(item),
    taken_at: takenAt,
    expiring_at: whole(item.expiring_at ?? takenAt + STORY_LIFETIME_SECONDS),
    is_video: video,
    display_url: displayUrlOf(item),
    video_url: video ? videoUrlOf(item) : null,
    video_duration: video && typeof item.video_duration === 'number' ? Math.max(0, item.video_duration) : null,
  };
}

/** The digits of a highlight id (`highlight:17890…`), as `highlight_info` takes it and our records show it. */
export function highlightIdOf(highlight: VendorHighlight): string {
  return String(highlight.id ?? '').replace(/^highlight:/, '');
}

/**
 * A highlight with the items fetched for it (null: not fetched, beyond HIGHLIGHTS_WITH_ITEMS).
 * Its item count is the vendor's when it sends one, else the items fetched; 0 when neither.
 */
export function highlightOf(highlight: VendorHighlight, items: VendorMediaFields[] | null): Highlight {
  const mapped = (items ?? []).map((item) => {
    const story = storyOf(item);
    return { id: story.id, taken_at: story.taken_at, is_video: story.is_video, display_url: story.display_url, video_url: story.video_url };
  });
  return {
    id: highlightIdOf(highlight),
    title: highlight.title ?? '',
    cover_media_url: highlight.cover_media?.cropped_image_version?.url ?? highlight.cover_media?.full_image_version?.url ?? '',
    item_count: whole(highlight.media_count ?? (items === null ? 0 : mapped.length)),
    items: mapped,
  };
}
