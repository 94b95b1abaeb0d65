import { ClipsFollowItem } from '../../schemas/clips';
import { clipsListEndpoint } from './paged-list';
import { EXAMPLE, noUserId, numericId } from './fields';

export default clipsListEndpoint({
  id: 'clips.user_following',
  path: '/v1/clips/user-following',
  summary: "The accounts a creator follows",
  description: "The accounts a creator follows: id, handle, name, avatar, bio, followers and verified badge. Walking every page yields the profile's `following_count`.",
  subject: { user_id: numericId("the creator's numeric id (user_id of /v1/clips/user)", EXAMPLE.userId) },
  subjectOf: (input) => ({ user_id: input.user_id }),
  key: 'following',
  item: ClipsFollowItem,
  outputId: 'ClipsUserFollowing',
  notFound: (input) => noUserId(input.user_id),
  example: { user_id: EXAMPLE.userId },
  fetch: (providers, { input, cursor, count }, call) => providers.clips.userFollowing({ userId: input.user_id, cursor, count }, call),
});
