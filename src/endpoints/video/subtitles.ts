import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { VideoSubtitles } from '../../schemas/video';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE, FAILURES, noVideo, videoIdField } from './fields';

export default defineEndpoint({
  id: 'video.subtitles',
  method: 'POST',
  path: '/v1/video/subtitles',
  summary: "A video's subtitle tracks",
  description: `A video's subtitle tracks (language, whether it can be translated, the track's file) and the languages it can be translated to; /v1/video/transcript gives a track's text. ${DATA_SOURCE} A video the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ id: videoIdField() }),
  output: VideoSubtitles,
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { id: EXAMPLE.videoId }, response: exampleResponse('video.subtitles') },
  async handler({ input, providers, call }) {
    const missing = noVideo('id', input.id);
    return found(await providers.video.subtitles({ videoId: input.id }, call), missing.field, missing.message);
  },
});
