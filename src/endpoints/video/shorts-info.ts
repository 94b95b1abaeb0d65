import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { VideoShortsInfo } from '../../schemas/video';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE, FAILURES, locale, shortIdField } from './fields';
import { shortsFeedFrom } from './shorts';

export default defineEndpoint({
  id: 'video.shorts_info',
  method: 'POST',
  path: '/v1/video/shorts-info',
  summary: 'A Short',
  description:
    "A Short's details: title, channel, views, likes, description, date and length, and `params`, which starts /v1/video/shorts (the feed) from it. " +
    `${DATA_SOURCE} A Short the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ id: shortIdField(), ...locale() }),
  output: VideoShortsInfo.extend({ params: z.string().meta({ description: 'Send it as `params` to /v1/video/shorts for the feed from this Short.' }) }).meta({ id: 'VideoShortsDetails' }),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { id: EXAMPLE.shortId }, response: exampleResponse('video.shorts_info') },
  async handler({ input, providers, call }) {
    const { sequence, ...short } = found(await providers.video.shortsInfo({ videoId: input.id, geo: input.geo, lang: input.lang }, call), 'id', `no Short ${input.id} on the platform.`);
    return { ...short, params: shortsFeedFrom(sequence) };
  },
});
