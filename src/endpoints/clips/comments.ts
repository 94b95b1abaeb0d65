import { z } from 'zod';
import { ClipsComment } from '../../schemas/clips';
import { clipsListEndpoint } from './paged-list';
import { exampleVideoUrl, videoUrlField } from './fields';

export default clipsListEndpoint({
  id: 'clips.comments',
  path: '/v1/clips/comments',
  summary: "A video's comments",
  description: "A video's comments with their total: text, time, likes, replies (see /v1/clips/comment-replies) and author.",
  subject: { url: videoUrlField() },
  subjectOf: (input) => ({ url: input.url.videoId }),
  key: 'comments',
  item: ClipsComment,
  extra: { total_comments: z.number().int().nonnegative().meta({ description: "The video's comments, all pages (its comment_count)." }) },
  outputId: 'ClipsComments',
  notFound: (input) => ({ field: 'url', message: `no video ${input.url.videoId} on the platform.` }),
  example: { url: exampleVideoUrl() },
  fetch: (providers, { input, cursor, count }, call) => providers.clips.comments({ videoId: input.url.videoId, cursor, count }, call),
});
