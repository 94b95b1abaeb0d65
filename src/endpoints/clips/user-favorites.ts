import { ClipsListedVideo } from '../../schemas/clips';
import { clipsListEndpoint } from './paged-list';
import { EXAMPLE, noUserId, numericId } from './fields';

export default clipsListEndpoint({
  id: 'clips.user_favorites',
  path: '/v1/clips/user-favorites',
  summary: "A creator's favorited videos",
  description: "The videos a creator saved to their favorites, with their authors.",
  subject: { user_id: numericId("the creator's numeric id (user_id of /v1/clips/user)", EXAMPLE.userId) },
  subjectOf: (input) => ({ user_id: input.user_id }),
  key: 'videos',
  item: ClipsListedVideo,
  outputId: 'ClipsUserFavorites',
  notFound: (input) => noUserId(input.user_id),
  example: { user_id: EXAMPLE.userId },
  fetch: (providers, { input, cursor, count }, call) => providers.clips.userFavorites({ userId: input.user_id, cursor, count }, call),
});
