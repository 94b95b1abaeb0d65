import { ClipsOwnVideo } from '../../schemas/clips';
import { clipsListEndpoint } from './paged-list';
import { EXAMPLE, noUserId, numericId } from './fields';

export default clipsListEndpoint({
  id: 'clips.user_posts',
  path: '/v1/clips/user-posts',
  summary: "A creator's videos, newest first",
  description: "The videos a creator posted, newest first: caption, time, plays, likes, comments, shares, length, cover and video. Walking every page yields the profile's `video_count`.",
  subject: { user_id: numericId("the creator's numeric id (user_id of /v1/clips/user)", EXAMPLE.userId) },
  subjectOf: (input) => ({ user_id: input.user_id }),
  key: 'videos',
  item: ClipsOwnVideo,
  outputId: 'ClipsUserPosts',
  notFound: (input) => noUserId(input.user_id),
  example: { user_id: EXAMPLE.userId },
  fetch: (providers, { input, cursor, count }, call) => providers.clips.userPosts({ userId: input.user_id, cursor, count }, call),
});
