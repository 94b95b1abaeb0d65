import { UserSummary } from '../../schemas/photos';
import { EXAMPLE_USERNAME } from './fields';
import { pagedListEndpoint } from './paged-list';

export default pagedListEndpoint({
  id: 'photos.user_followers',
  path: '/v1/photos/user-followers',
  summary: "A user's followers",
  description: "The accounts following this one: id, username, name, picture, verified and private flags. A private account's list is empty.",
  subject: 'username',
  key: 'followers',
  item: UserSummary,
  outputId: 'PhotosUserFollowers',
  example: EXAMPLE_USERNAME,
  fetch: (providers, { subject, cursor }, call) => providers.photos.userFollowers({ username: subject, cursor }, call),
});
