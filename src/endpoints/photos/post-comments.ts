import { z } from 'zod';
import { Comment } from '../../schemas/photos';
import { pagedListEndpoint } from './paged-list';
import { EXAMPLE_SHORTCODE } from './post';

export default pagedListEndpoint({
  id: 'photos.post_comments',
  path: '/v1/photos/post-comments',
  summary: "A post's comments",
  description: "A post's comments with its comment count: text, time, likes, replies and who wrote each.",
  subject: 'shortcode',
  key: 'comments',
  item: Comment,
  extra: { comment_count: z.number().int().nonnegative().meta({ description: "The post's comments, all pages (the same as the post's comment_count)." }) },
  outputId: 'PhotosPostComments',
  example: EXAMPLE_SHORTCODE,
  fetch: (providers, { subject, cursor }, call) => providers.photos.postComments({ shortcode: subject, cursor }, call),
});
