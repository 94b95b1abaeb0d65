import type { ClipsAuthor, ClipsFollowItem, ClipsListedVideo, ClipsOwnVideo, ClipsPhotoPost, ClipsUser, ClipsUserSearchItem, ClipsVideoDetails } from '../../../schemas/clips';
import { MEDIA_HOST, type Creator } from './creators';
import { followingOf } from './follows';
import { soundOf } from './sounds';
import { heartsOf, type Video } from './videos';

/** Every record of a creator or a video, read from the one model, so its counts agree everywhere. */

export const authorOf = (creator: Creator): ClipsAuthor => ({ unique_id: creator.handle, nickname: creator.nickname, avatar: creator.avatar });

const mediaUrl = (video: Video, kind: string, extension: string) => `${MEDIA_HOST}/${kind}/${video.id}.${extension}`;

export function ownVideoRecord(video: Video): ClipsOwnVideo {
  return {
    video_id: video.id,
    description: video.description,
    create_time: video.createTime,
    statistics: { play_count: video.plays, digg_count: video.likes, comment_count: video.comments, share_count: video.shares },
    video: { duration: video.duration, cover: mediaUrl(video, 'covers', 'jpeg'), play_addr: mediaUrl(video, 'play', 'mp4') },
  };
}

export const listedVideoRecord = (video: Video): ClipsListedVideo => ({ ...ownVideoRecord(video), author: authorOf(video.creator) });

export function videoDetailsRecord(video: Video): ClipsVideoDetails {
  const listed = listedVideoRecord(video);
  const music = soundOf(video);
  return {
    ...listed,
    author: { ...listed.author, is_verified: video.creator.verified },
    statistics: { ...listed.statistics, collect_count: video.saves },
    video: { ...listed.video, width: video.width, height: video.height, download_addr: mediaUrl(video, 'download', 'mp4') },
    music: { id: music.music_id, title: music.title, author: music.author, cover: music.cover, play_url: music.play_url },
  };
}

export function photoPostRecord(video: Video): ClipsPhotoPost {
  const { video_id, description, create_time, author, statistics } = listedVideoRecord(video);
  const { play_count: _, ...counts } = statistics;
  return { video_id, description, create_time, author, images: Array.from({ length: video.images }, (_, image) => `${MEDIA_HOST}/photos/${video.id}/${image + 1}.jpeg`), statistics: counts };
}

export function followRecord(creator: Creator): ClipsFollowItem {
  return { user_id: creator.userId, ...authorOf(creator), signature: creator.signature, follower_count: creator.followers, is_verified: creator.verified };
}

export function searchUserRecord(creator: Creator): ClipsUserSearchItem {
  const { user_id: _, ...shown } = followRecord(creator);
  return { ...shown, following_count: followingOf(creator.index).length, video_count: creator.videoCount };
}

export function userRecord(creator: Creator): ClipsUser {
  const { region, language, videoCount: video_count, likedCount: digg_count } = creator;
  return { ...followRecord(creator), region, language, following_count: followingOf(creator.index).length, heart_count: heartsOf(creator), video_count, digg_count };
}
