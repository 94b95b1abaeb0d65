import type { EndpointDefinition } from '../../core/define-endpoint';
import challenge from './challenge';
import challengeVideos from './challenge-videos';
import commentReplies from './comment-replies';
import comments from './comments';
import music from './music';
import musicVideos from './music-videos';
import search from './search';
import searchChallenge from './search-challenge';
import searchPhoto from './search-photo';
import searchUser from './search-user';
import user from './user';
import userFavorites from './user-favorites';
import userFollowers from './user-followers';
import userFollowing from './user-following';
import userPosts from './user-posts';
import userReposts from './user-reposts';
import userStory from './user-story';
import video from './video';

/** The short-video platform's data (the clips family: a vendor, or the sandbox's platform). */
export const clipsEndpoints: readonly EndpointDefinition<any, any>[] = [
  challenge, challengeVideos, commentReplies, comments, music, musicVideos, search, searchChallenge, searchPhoto, searchUser,
  user, userFavorites, userFollowers, userFollowing, userPosts, userReposts, userStory, video,
];
