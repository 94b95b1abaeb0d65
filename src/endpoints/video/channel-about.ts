import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { VideoChannelAbout } from '../../schemas/video';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE, FAILURES, channelIdField, locale, noChannel } from './fields';

export default defineEndpoint({
  id: 'video.channel_about',
  method: 'POST',
  path: '/v1/video/channel-about',
  summary: "A channel's about page",
  description: `A channel's about page: description, country, subscribers, total views, videos, the date it joined and its links. ${DATA_SOURCE} A channel the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ id: channelIdField(), ...locale() }),
  output: VideoChannelAbout,
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { id: EXAMPLE.channelId }, response: exampleResponse('video.channel_about') },
  async handler({ input, providers, call }) {
    const missing = noChannel(input.id);
    return found(await providers.video.channelAbout({ channelId: input.id, geo: input.geo, lang: input.lang }, call), missing.field, missing.message);
  },
});
