import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { VideoChannelHome } from '../../schemas/video';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE, FAILURES, channelIdField, locale, noChannel } from './fields';

export default defineEndpoint({
  id: 'video.channel',
  method: 'POST',
  path: '/v1/video/channel',
  summary: "A channel's home page",
  description:
    "A channel's home: its name, handle, description, subscribers, video count, tabs, avatar and banner (`meta`), then the page as the platform lays it out " +
    `(\`data\`): the featured video (\`player\`) and shelves of videos (\`video_listing\`). ${DATA_SOURCE} A channel the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: z.strictObject({ id: channelIdField(), ...locale() }),
  output: VideoChannelHome,
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { id: EXAMPLE.channelId }, response: exampleResponse('video.channel') },
  async handler({ input, providers, call }) {
    const missing = noChannel(input.id);
    return found(await providers.video.channel({ channelId: input.id, geo: input.geo, lang: input.lang }, call), missing.field, missing.message);
  },
});
