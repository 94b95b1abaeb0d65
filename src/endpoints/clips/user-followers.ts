import { ClipsFollowItem } from '../../schemas/clips';
import { clipsListEndpoint } from './paged-list';
import { EXAMPLE, noUserId, numericId } from './fields';

export default clipsListEndpoint({
  id: 'clips.user_followers',
  path: '/v1/clips/user-followers',
  summary: "A creator's followers",
  description: "The accounts following a creator: id, handle, name, avatar, bio, followers and verified badge. Walking every page yields the profile's `follower_count`.",
  subject: { user_id: numericId("the creator's numeric id (user_id of /v1/clips/user)", EXAMPLE.userId) },
  subjectOf: (input) => ({ user_id: input.user_id }),
  key: 'followers',
  item: ClipsFollowItem,
  outputId: 'ClipsUserFollowers',
  notFound: (input) => noUserId(input.user_id),
  example: { user_id: EXAMPLE.userId },
  fetch: (providers, { input, cursor, count }, call) => providers.clips.userFollowers({ userId: input.user_id, cursor, count }, call),
});
