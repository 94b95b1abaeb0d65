import type { EndpointDefinition } from '../../core/define-endpoint';
import hashtag from './hashtag';
import mediaId from './media-id';
import post from './post';
import postComments from './post-comments';
import postLikers from './post-likers';
import search from './search';
import user from './user';
import userAbout from './user-about';
import userFollowers from './user-followers';
import userHighlights from './user-highlights';
import userPosts from './user-posts';
import userReels from './user-reels';
import userSimilar from './user-similar';
import userStories from './user-stories';
import userTagged from './user-tagged';

/** The photo-sharing platform's data (the photos family: a vendor, or the sandbox's platform); media-id is computed here. */
export const photosEndpoints: readonly EndpointDefinition<any, any>[] = [
  hashtag, mediaId, post, postComments, postLikers, search, user, userAbout, userFollowers, userHighlights, userPosts, userReels, userSimilar, userStories, userTagged,
];
