import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { VideoInfo } from '../../schemas/video';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE, FAILURES, locale, noVideo, videoIdField } from './fields';

export default defineEndpoint({
  id: 'video.video_info',
  method: 'POST',
  path: '/v1/video/video-info',
  summary: "A video's details, without streams",
  description: `A video's details without its streams (half the price of /v1/video/video): title, channel, views, likes, length, date and description. ${DATA_SOURCE} A video the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ id: videoIdField(), ...locale() }),
  output: VideoInfo,
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { id: EXAMPLE.videoId }, response: exampleResponse('video.video_info') },
  async handler({ input, providers, call }) {
    const missing = noVideo('id', input.id);
    return found(await providers.video.videoInfo({ videoId: input.id, geo: input.geo, lang: input.lang }, call), missing.field, missing.message);
  },
});
