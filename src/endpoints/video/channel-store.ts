import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { VideoStoreItem } from '../../schemas/video';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE, FAILURES, channelIdField, locale, noChannel } from './fields';

export default defineEndpoint({
  id: 'video.channel_store',
  method: 'POST',
  path: '/v1/video/channel-store',
  summary: "A channel's merchandise",
  description: `The merchandise a channel sells on its page: product, price as shown, its page and pictures (an empty list when it sells none). ${DATA_SOURCE} A channel the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ id: channelIdField(), ...locale() }),
  output: z.object({ data: z.array(VideoStoreItem) }).meta({ id: 'VideoStore' }),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { id: EXAMPLE.channelId }, response: exampleResponse('video.channel_store') },
  async handler({ input, providers, call }) {
    const missing = noChannel(input.id);
    return { data: found(await providers.video.channelStore({ channelId: input.id, geo: input.geo, lang: input.lang }, call), missing.field, missing.message) };
  },
});
