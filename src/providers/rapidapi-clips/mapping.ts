import type {
  ClipsAuthor,
  ClipsChallenge,
  ClipsChallengeSummary,
  ClipsComment,
  ClipsFollowItem,
  ClipsListedVideo,
  ClipsMusic,
  ClipsOwnVideo,
  ClipsPhotoPost,
  ClipsReply,
  ClipsStory,
  ClipsUser,
  ClipsUserSearchItem,
  ClipsVideoDetails,
} from '../../schemas/clips';
import type { VendorAuthor, VendorChallenge, VendorComment, VendorFollow, VendorMusic, VendorProfileUser, VendorStats, VendorUserRow, VendorVideo } from './wire';

/**
 * The vendor's flat items in our records, which group a video's counts (`statistics`), its media
 * (`video`) and its maker (`author`). What the vendor leaves out is empty, false or 0, never
 * guessed; the exceptions say why.
 */

export const whole = (value: number | null | undefined): number => (typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0);
const seconds = (value: number | null | undefined): number => (typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) : 0);
const isSet = (value: boolean | number | null | undefined): boolean => value === true || value === 1;
const idText = (raw: string | number | null | undefined): string => (raw === null || raw === undefined ? '' : String(raw));

/** A numeric id as a digit string; '' when the vendor sent none or something else (its internal keys). */
function digitsOf(...candidates: (string | number | null | undefined)[]): string {
  for (const raw of candidates) {
    const id = idText(raw);
    if (/^\d+$/.test(id)) return id;
  }
  return '';
}

export function authorOf(author: VendorAuthor | null | undefined): ClipsAuthor {
  return { unique_id: author?.unique_id ?? author?.uniqueId ?? '', nickname: author?.nickname ?? '', avatar: author?.avatar ?? '' };
}

function statisticsOf(item: VendorVideo): ClipsListedVideo['statistics'] {
  return { play_count: whole(item.play_count), digg_count: whole(item.digg_count), comment_count: whole(item.comment_count), share_count: whole(item.share_count) };
}

/** A photo post has no video to play: its `play` is empty, and so is `play_addr`. */
function mediaOf(item: VendorVideo): ClipsListedVideo['video'] {
  return { duration: seconds(item.duration), cover: item.cover || item.origin_cover || '', play_addr: item.play || item.wmplay || '' };
}

function postedOf(item: VendorVideo) {
  return { description: item.title ?? item.desc ?? '', create_time: whole(item.create_time) };
}

/** A video of a list; null for a row without a numeric id (nothing a customer could ask about). */
export function listedVideoOf(item: VendorVideo): ClipsListedVideo | null {
  const videoId = digitsOf(item.video_id, item.id);
  if (videoId === '') return null;
  return { video_id: videoId, ...postedOf(item), author: authorOf(item.author), statistics: statisticsOf(item), video: mediaOf(item) };
}

export function ownVideoOf(item: VendorVideo): ClipsOwnVideo | null {
  const listed = listedVideoOf(item);
  if (listed === null) return null;
  const { author: _author, ...own } = listed;
  return own;
}

/**
 * A video's details. The vendor's author carries no verified badge (false unless it sends one),
 * and its details no frame size (0 unless it sends one). `play_addr` is the copy without the
 * watermark; `download_addr` the one the platform's own download gives (watermarked), else the
 * HD copy, else the plain one.
 */
export function videoDetailsOf(item: VendorVideo, requestedId: string): ClipsVideoDetails {
  const music = item.music_info;
  return {
    video_id: digitsOf(item.video_id, item.id) || requestedId,
    ...postedOf(item),
    author: { ...authorOf(item.author), is_verified: isSet(item.author?.verified) || isSet(item.author?.is_verified) },
    statistics: { ...statisticsOf(item), collect_count: whole(item.collect_count) },
    video: {
      ...mediaOf(item),
      width: whole(item.width),
      height: whole(item.height),
      download_addr: item.wmplay || item.hdplay || item.play || '',
    },
    music: { id: idText(music?.id), title: music?.title ?? '', author: music?.author ?? '', cover: music?.cover ?? '', play_url: music?.play ?? '' },
  };
}

/** A photo post; null for a row without images (a video) or without a numeric id. */
export function photoPostOf(item: VendorVideo): ClipsPhotoPost | null {
  const videoId = digitsOf(item.video_id, item.id);
  const images = (item.images ?? []).filter((url) => url !== '');
  if (videoId === '' || images.length === 0) return null;
  const { play_count: _plays, ...statistics } = statisticsOf(item);
  return { video_id: videoId, ...postedOf(item), author: authorOf(item.author), images, statistics };
}

export function replyOf(comment: VendorComment): ClipsReply {
  return {
    comment_id: digitsOf(comment.id, comment.cid) || idText(comment.id ?? comment.cid),
    text: comment.text ?? '',
    create_time: whole(comment.create_time),
    digg_count: whole(comment.digg_count),
    author: authorOf(comment.user),
  };
}

export function commentOf(comment: VendorComment): ClipsComment {
  const { author, ...reply } = replyOf(comment);
  return { ...reply, reply_count: whole(comment.reply_total), author };
}

/**
 * A sound. Its `video_count` is the vendor's when it sends one (not in any public answer), else 0:
 * the vendor does not say how many videos use a sound otherwise.
 */
export function musicOf(music: VendorMusic, requestedId: string): ClipsMusic {
  return {
    music_id: digitsOf(music.id) || requestedId,
    title: music.title ?? '',
    author: music.author ?? '',
    album: music.album ?? '',
    duration: seconds(music.duration),
    is_original: isSet(music.original),
    cover: music.cover ?? '',
    play_url: music.play ?? '',
    video_count: whole(music.video_count),
  };
}

/**
 * A challenge. Its video count is the vendor's `video_count` when it sends one, else the
 * platform's `user_count` (the posts made in it, counted per participation), the nearest it gives.
 */
export function challengeSummaryOf(challenge: VendorChallenge): ClipsChallengeSummary {
  return {
    challenge_id: idText(challenge.id),
    challenge_name: (challenge.cha_name ?? '').replace(/^#/, ''),
    description: challenge.desc ?? '',
    video_count: whole(challenge.video_count ?? challenge.user_count),
    view_count: whole(challenge.view_count),
    cover: challenge.cover ?? '',
  };
}

export function challengeOf(challenge: VendorChallenge): ClipsChallenge {
  return { ...challengeSummaryOf(challenge), is_commercial: isSet(challenge.is_commerce) };
}

const avatarOf = (user: VendorProfileUser): string => user.avatarMedium || user.avatarLarger || user.avatarThumb || user.avatar || '';

/**
 * A profile. `region` (upper-cased) and `language` are the vendor's when its profile carries them
 * (the platform's web profile does not always), else empty.
 */
export function userOf(user: VendorProfileUser, stats: VendorStats | null | undefined): ClipsUser {
  return {
    user_id: digitsOf(user.id),
    unique_id: user.uniqueId ?? user.unique_id ?? '',
    nickname: user.nickname ?? '',
    avatar: avatarOf(user),
    signature: user.signature ?? '',
    is_verified: isSet(user.verified),
    region: (user.region ?? '').toUpperCase(),
    language: user.language ?? '',
    follower_count: whole(stats?.followerCount ?? stats?.follower_count ?? user.follower_count),
    following_count: whole(stats?.followingCount ?? stats?.following_count ?? user.following_count),
    heart_count: whole(stats?.heartCount ?? stats?.heart),
    video_count: whole(stats?.videoCount ?? stats?.video_count ?? user.aweme_count),
    digg_count: whole(stats?.diggCount),
  };
}

/** A user search row, whether it nests the web profile (`{user, stats}`) or is flat; null without a handle. */
export function userSearchItemOf(row: VendorUserRow): ClipsUserSearchItem | null {
  const user = row.user ?? row.user_info ?? row;
  const found = userOf(user, row.stats ?? row.stats_v2 ?? row);
  if (found.unique_id === '') return null;
  const { unique_id, nickname, avatar, signature, follower_count, following_count, video_count, is_verified } = found;
  return { unique_id, nickname, avatar, signature, follower_count, following_count, video_count, is_verified };
}

/** A follower or followed account; the vendor's rows carry no verified badge (false unless sent). */
export function followItemOf(account: VendorFollow): ClipsFollowItem {
  return {
    user_id: digitsOf(account.id),
    unique_id: account.unique_id ?? '',
    nickname: account.nickname ?? '',
    avatar: account.avatar ?? '',
    signature: account.signature ?? '',
    follower_count: whole(account.follower_count),
    is_verified: isSet(account.verified),
  };
}

/** Stories last a day: when the vendor leaves `expire_time` out (it does in public answers), it is the posting time plus a day. */
const STORY_LIFETIME_SECONDS = 24 * 60 * 60;

export function storyOf(item: VendorVideo): ClipsStory {
  const created = whole(item.create_time);
  return {
    story_id: digitsOf(item.video_id, item.id) || idText(item.video_id ?? item.id),
    create_time: created,
    expire_time: whole(item.expire_time ?? created + STORY_LIFETIME_SECONDS),
    video: mediaOf(item),
  };
}
