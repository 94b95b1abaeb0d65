import { UserSummary } from '../../schemas/photos';
import { pagedListEndpoint } from './paged-list';
import { EXAMPLE_SHORTCODE } from './post';

export default pagedListEndpoint({
  id: 'photos.post_likers',
  path: '/v1/photos/post-likers',
  summary: 'Accounts that liked a post',
  description: 'The accounts that liked a post, as far as the platform lists them: id, username, name, picture, verified and private flags.',
  subject: 'shortcode',
  key: 'likers',
  item: UserSummary,
  outputId: 'PhotosPostLikers',
  example: EXAMPLE_SHORTCODE,
  fetch: (providers, { subject, cursor }, call) => providers.photos.postLikers({ shortcode: subject, cursor }, call),
});
