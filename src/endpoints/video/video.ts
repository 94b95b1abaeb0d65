import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { VideoDetails } from '../../schemas/video';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE, FAILURES, geoField, noVideo, videoIdField } from './fields';

export default defineEndpoint({
  id: 'video.video',
  method: 'POST',
  path: '/v1/video/video',
  summary: 'A video with its streams',
  description:
    "A video's full details: title, length, tags, channel, description, views, flags, thumbnails, its caption tracks, storyboards, and its streams " +
    '(`formats`, audio and video together; `adaptiveFormats`, each alone, every size), with their URLs (which expire after some hours). ' +
    `${DATA_SOURCE} A video the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ id: videoIdField(), geo: geoField() }),
  output: VideoDetails,
  price: ({ perCall }) => perCall(0.02),
  examples: { request: { id: EXAMPLE.videoId }, response: exampleResponse('video.video') },
  async handler({ input, providers, call }) {
    const missing = noVideo('id', input.id);
    return found(await providers.video.video({ videoId: input.id, geo: input.geo }, call), missing.field, missing.message);
  },
});
