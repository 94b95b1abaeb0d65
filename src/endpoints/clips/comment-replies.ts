import { ClipsReply } from '../../schemas/clips';
import { clipsListEndpoint } from './paged-list';
import { EXAMPLE, numericId } from './fields';

export default clipsListEndpoint({
  id: 'clips.comment_replies',
  path: '/v1/clips/comment-replies',
  summary: "Replies to a video's comment",
  description: "The replies to one comment of a video: text, time, likes and author. Walking every page yields the comment's `reply_count`.",
  subject: { comment_id: numericId("the comment's id", EXAMPLE.commentId), video_id: numericId("the video's id", EXAMPLE.videoId) },
  subjectOf: (input) => ({ video_id: input.video_id, comment_id: input.comment_id }),
  key: 'replies',
  item: ClipsReply,
  outputId: 'ClipsCommentReplies',
  notFound: (input) => ({ field: 'comment_id', message: `no comment ${input.comment_id} on the video ${input.video_id}.` }),
  example: { comment_id: EXAMPLE.commentId, video_id: EXAMPLE.videoId },
  fetch: (providers, { input, cursor, count }, call) => providers.clips.commentReplies({ videoId: input.video_id, commentId: input.comment_id, cursor, count }, call),
});
