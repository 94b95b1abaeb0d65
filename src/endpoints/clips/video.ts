import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { ClipsVideoDetails } from '../../schemas/clips';
import { exampleResponse } from './examples';
import { DATA_SOURCE, FAILURES, exampleVideoUrl, videoUrlField } from './fields';

export default defineEndpoint({
  id: 'clips.video',
  method: 'POST',
  path: '/v1/clips/video',
  summary: 'A video by its URL',
  description:
    "A video's details from its URL: caption, time, author, statistics (plays, likes, comments, shares, saves), size, length, cover, play and download addresses, and its sound. " +
    `${DATA_SOURCE} A video the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ url: videoUrlField() }),
  output: ClipsVideoDetails,
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { url: exampleVideoUrl() }, response: exampleResponse('clips.video') },
  async handler({ input, providers, call }) {
    return found(await providers.clips.video({ videoId: input.url.videoId }, call), 'url', `no video ${input.url.videoId} on the platform.`);
  },
});
