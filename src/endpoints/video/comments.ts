import { z } from 'zod';
import { COMMENT_SORTS } from '../../providers/families/video';
import { VideoComment } from '../../schemas/video';
import { EXAMPLE, noVideo, videoIdField } from './fields';
import { videoListEndpoint } from './paged-list';

export default videoListEndpoint({
  id: 'video.comments',
  path: '/v1/video/comments',
  summary: "A video's comments, and their replies",
  description:
    "A video's comments, top or newest first (`sort`): author, text, likes, replies, when, and the author's badges. `commentsCount` is how many the video has. " +
    "A comment with replies carries a `replyToken`: send it as `token` (same `id` and `sort`) for its replies, paged the same way.",
  subject: { id: videoIdField(), sort: z.enum(COMMENT_SORTS).default('top').meta({ description: 'Order: top (most liked first) or new (newest first).' }) },
  subjectOf: (input) => ({ id: input.id, sort: input.sort }),
  item: VideoComment,
  extra: { commentsCount: z.number().int().nonnegative().meta({ description: 'Comments on the video (what the pages walk; replies not counted).' }) },
  outputId: 'VideoCommentsPage',
  notFound: (input) => noVideo('id', input.id),
  example: { id: EXAMPLE.videoId },
  fetch: (providers, input, cursor, call) => providers.video.comments({ videoId: input.id, sort: input.sort, cursor }, call),
  present: (page, _input, continuation) => ({
    commentsCount: page.extra.commentsCount,
    // The provider's reply cursors, bound to this list like its page cursors.
    data: page.items.map((comment) => ({ ...comment, replyToken: comment.replyToken === null ? null : continuation(comment.replyToken) })),
  }),
});
