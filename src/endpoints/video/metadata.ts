import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { VideoMetadata } from '../../schemas/video';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE, FAILURES, noVideo, videoIdField } from './fields';

export default defineEndpoint({
  id: 'video.metadata',
  method: 'POST',
  path: '/v1/video/metadata',
  summary: "A video's views and likes now",
  description: `A video's current views and likes, as numbers and as the platform shows them: the cheap way to follow a video's counts. ${DATA_SOURCE} A video the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ id: videoIdField() }),
  output: VideoMetadata,
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { id: EXAMPLE.videoId }, response: exampleResponse('video.metadata') },
  async handler({ input, providers, call }) {
    const missing = noVideo('id', input.id);
    return found(await providers.video.metadata({ videoId: input.id }, call), missing.field, missing.message);
  },
});
