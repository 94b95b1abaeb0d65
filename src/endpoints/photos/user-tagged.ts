import { ListedPost } from '../../schemas/photos';
import { EXAMPLE_USERNAME } from './fields';
import { pagedListEndpoint } from './paged-list';

export default pagedListEndpoint({
  id: 'photos.user_tagged',
  path: '/v1/photos/user-tagged',
  summary: 'Posts a user is tagged in',
  description: "Other accounts' posts that tag this account, newest first, with who posted each. A private account's list is empty.",
  subject: 'username',
  key: 'posts',
  item: ListedPost,
  outputId: 'PhotosUserTagged',
  example: EXAMPLE_USERNAME,
  fetch: (providers, { subject, cursor }, call) => providers.photos.userTagged({ username: subject, cursor }, call),
});
