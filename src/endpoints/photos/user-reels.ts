import { Reel } from '../../schemas/photos';
import { EXAMPLE_USERNAME } from './fields';
import { pagedListEndpoint } from './paged-list';

export default pagedListEndpoint({
  id: 'photos.user_reels',
  path: '/v1/photos/user-reels',
  summary: "A user's reels, newest first",
  description: "An account's reels (its video posts), newest first: caption, likes, comments, plays, time, length, cover and video. A private account's list is empty.",
  subject: 'username',
  key: 'reels',
  item: Reel,
  outputId: 'PhotosUserReels',
  example: EXAMPLE_USERNAME,
  fetch: (providers, { subject, cursor }, call) => providers.photos.userReels({ username: subject, cursor }, call),
});
