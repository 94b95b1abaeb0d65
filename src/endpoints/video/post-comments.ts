import { z } from 'zod';
import { COMMENT_SORTS } from '../../providers/families/video';
import { VideoPostComment } from '../../schemas/video';
import { EXAMPLE, locale, postIdField } from './fields';
import { videoListEndpoint } from './paged-list';

export default videoListEndpoint({
  id: 'video.post_comments',
  path: '/v1/video/post-comments',
  summary: "A community post's comments",
  description: "The comments on a community post, top or newest first (`sort`): author, text, likes, replies and when; as many as the post's `replyCount`.",
  subject: { id: postIdField(), sort: z.enum(COMMENT_SORTS).default('top').meta({ description: 'Order: top (most liked first) or new (newest first).' }), ...locale() },
  subjectOf: (input) => ({ id: input.id, sort: input.sort }),
  item: VideoPostComment,
  extra: {},
  outputId: 'VideoPostCommentsPage',
  notFound: (input) => ({ field: 'id', message: `no community post ${input.id} on the platform.` }),
  example: { id: EXAMPLE.postId },
  fetch: (providers, input, cursor, call) => providers.video.postComments({ postId: input.id, sort: input.sort, geo: input.geo, lang: input.lang, cursor }, call),
  present: () => ({}),
});
