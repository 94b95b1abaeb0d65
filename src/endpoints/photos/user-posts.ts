import { GridPost } from '../../schemas/photos';
import { EXAMPLE_USERNAME } from './fields';
import { pagedListEndpoint } from './paged-list';

export default pagedListEndpoint({
  id: 'photos.user_posts',
  path: '/v1/photos/user-posts',
  summary: "A user's posts, newest first",
  description: "An account's posts, newest first, 12 a page: type, caption, likes, comments, time, image and thumbnail, video views. Walking every page yields `media_count` posts. A private account's list is empty.",
  subject: 'username',
  key: 'posts',
  item: GridPost,
  outputId: 'PhotosUserPosts',
  example: EXAMPLE_USERNAME,
  fetch: (providers, { subject, cursor }, call) => providers.photos.userPosts({ username: subject, cursor }, call),
});
