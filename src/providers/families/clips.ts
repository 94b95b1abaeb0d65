import type {
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
import type { CallOptions, CursorPage, ProviderFamily } from '../providers';

/**
 * Short-video platform data: a vendor's (a RapidAPI short-video data API) or the sandbox's seeded
 * world of creators, videos, sounds and challenges. Requests arrive validated: ids are digit
 * strings (a video's and a sound's read out of their URLs by the endpoint), handles lower-cased
 * without @, keywords trimmed, `count` a whole number from 1 to 50 (the most a page may hold; a
 * provider may answer fewer). `null`: the platform has no such video, sound, challenge, comment
 * or user (the endpoint answers 404 NOT_FOUND, uncharged). Lists are pages (`CursorPage`).
 */
export interface ClipsListRequest {
  cursor?: string | undefined;
  count: number;
}

export interface ClipsProvider extends ProviderFamily {
  video(request: { videoId: string }, call: CallOptions): Promise<ClipsVideoDetails | null>;
  comments(request: { videoId: string } & ClipsListRequest, call: CallOptions): Promise<(CursorPage<ClipsComment> & { total_comments: number }) | null>;
  commentReplies(request: { videoId: string; commentId: string } & ClipsListRequest, call: CallOptions): Promise<CursorPage<ClipsReply> | null>;
  music(request: { musicId: string }, call: CallOptions): Promise<ClipsMusic | null>;
  musicVideos(request: { musicId: string } & ClipsListRequest, call: CallOptions): Promise<CursorPage<ClipsListedVideo> | null>;
  /** By name or by id (exactly one is given). */
  challenge(request: { name: string } | { id: string }, call: CallOptions): Promise<ClipsChallenge | null>;
  challengeVideos(request: { challengeId: string } & ClipsListRequest, call: CallOptions): Promise<CursorPage<ClipsListedVideo> | null>;
  search(request: { keywords: string } & ClipsListRequest, call: CallOptions): Promise<CursorPage<ClipsListedVideo>>;
  searchChallenges(request: { keywords: string } & ClipsListRequest, call: CallOptions): Promise<CursorPage<ClipsChallengeSummary>>;
  searchPhotos(request: { keywords: string } & ClipsListRequest, call: CallOptions): Promise<CursorPage<ClipsPhotoPost>>;
  searchUsers(request: { keywords: string } & ClipsListRequest, call: CallOptions): Promise<CursorPage<ClipsUserSearchItem>>;
  /** By handle. */
  user(request: { uniqueId: string }, call: CallOptions): Promise<ClipsUser | null>;
  /** By handle: the user's id and handle with their active stories. */
  userStory(request: { uniqueId: string }, call: CallOptions): Promise<{ user_id: string; unique_id: string; stories: ClipsStory[] } | null>;
  /** The user-* lists take the numeric user id. */
  userPosts(request: { userId: string } & ClipsListRequest, call: CallOptions): Promise<CursorPage<ClipsOwnVideo> | null>;
  userFavorites(request: { userId: string } & ClipsListRequest, call: CallOptions): Promise<CursorPage<ClipsListedVideo> | null>;
  userReposts(request: { userId: string } & ClipsListRequest, call: CallOptions): Promise<CursorPage<ClipsListedVideo> | null>;
  userFollowers(request: { userId: string } & ClipsListRequest, call: CallOptions): Promise<CursorPage<ClipsFollowItem> | null>;
  userFollowing(request: { userId: string } & ClipsListRequest, call: CallOptions): Promise<CursorPage<ClipsFollowItem> | null>;
}
