import { z } from 'zod';
import { VideoCommunityPost } from '../../schemas/video';
import { EXAMPLE, channelIdField, locale, noChannel } from './fields';
import { videoListEndpoint } from './paged-list';

export default videoListEndpoint({
  id: 'video.channel_community',
  path: '/v1/video/channel-community',
  summary: "A channel's community posts",
  description: "A channel's community posts, newest first: id (for /v1/video/post), text, likes, comments, when, and the image if any.",
  subject: { id: channelIdField(), ...locale() },
  subjectOf: (input) => ({ id: input.id }),
  item: VideoCommunityPost,
  extra: { meta: z.object({ channelId: z.string() }) },
  outputId: 'VideoCommunityPage',
  notFound: (input) => noChannel(input.id),
  example: { id: EXAMPLE.channelId },
  fetch: (providers, input, cursor, call) => providers.video.channelCommunity({ channelId: input.id, geo: input.geo, lang: input.lang, cursor }, call),
  present: (_page, input) => ({ meta: { channelId: input.id } }),
});
