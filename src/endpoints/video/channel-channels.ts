import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { VideoFeaturedChannel } from '../../schemas/video';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE, FAILURES, channelIdField, locale, noChannel } from './fields';

export default defineEndpoint({
  id: 'video.channel_channels',
  method: 'POST',
  path: '/v1/video/channel-channels',
  summary: 'The channels a channel features',
  description: `The channels a channel features on its page: id, name, handle, subscribers and avatar (an empty list when it features none). ${DATA_SOURCE} A channel the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ id: channelIdField(), ...locale() }),
  output: z.object({ data: z.array(VideoFeaturedChannel) }).meta({ id: 'VideoFeaturedChannels' }),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { id: EXAMPLE.channelId }, response: exampleResponse('video.channel_channels') },
  async handler({ input, providers, call }) {
    const missing = noChannel(input.id);
    return { data: found(await providers.video.channelChannels({ channelId: input.id, geo: input.geo, lang: input.lang }, call), missing.field, missing.message) };
  },
});
