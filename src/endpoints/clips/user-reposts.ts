import { ClipsListedVideo } from '../../schemas/clips';
import { clipsListEndpoint } from './paged-list';
import { EXAMPLE, noUserId, numericId } from './fields';

export default clipsListEndpoint({
  id: 'clips.user_reposts',
  path: '/v1/clips/user-reposts',
  summary: "A creator's reposts",
  description: "Other creators' videos this creator reposted, with their authors.",
  subject: { user_id: numericId("the creator's numeric id (user_id of /v1/clips/user)", EXAMPLE.userId) },
  subjectOf: (input) => ({ user_id: input.user_id }),
  key: 'videos',
  item: ClipsListedVideo,
  outputId: 'ClipsUserReposts',
  notFound: (input) => noUserId(input.user_id),
  example: { user_id: EXAMPLE.userId },
  fetch: (providers, { input, cursor, count }, call) => providers.clips.userReposts({ userId: input.user_id, cursor, count }, call),
});
