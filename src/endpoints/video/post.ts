import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { VideoPost } from '../../schemas/video';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE, FAILURES, postIdField } from './fields';

export default defineEndpoint({
  id: 'video.post',
  method: 'POST',
  path: '/v1/video/post',
  summary: 'A community post',
  description: `A channel's community post: the channel, text, likes, comments (what /v1/video/post-comments walks), when, and its image if any. ${DATA_SOURCE} A post the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ id: postIdField() }),
  output: VideoPost,
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { id: EXAMPLE.postId }, response: exampleResponse('video.post') },
  async handler({ input, providers, call }) {
    return found(await providers.video.post({ postId: input.id }, call), 'id', `no community post ${input.id} on the platform.`);
  },
});
