import { z } from 'zod';
import { VideoChannelItem } from '../../schemas/video';
import { EXAMPLE, channelIdField, channelSortField, locale, noChannel } from './fields';
import { videoListEndpoint } from './paged-list';

export default videoListEndpoint({
  id: 'video.channel_livestreams',
  path: '/v1/video/channel-livestreams',
  summary: "A channel's live streams",
  description: "A channel's broadcasts, live and past, in the order asked (`sort_by`, default newest): id, title, views, when and length.",
  subject: { id: channelIdField(), sort_by: channelSortField().default('newest'), ...locale() },
  subjectOf: (input) => ({ id: input.id, sort_by: input.sort_by }),
  item: VideoChannelItem,
  extra: { meta: z.object({ channelId: z.string() }) },
  outputId: 'VideoLivestreamsPage',
  notFound: (input) => noChannel(input.id),
  example: { id: EXAMPLE.channelId },
  fetch: (providers, input, cursor, call) =>
    providers.video.channelLivestreams({ channelId: input.id, sortBy: input.sort_by, geo: input.geo, lang: input.lang, cursor }, call),
  present: (_page, input) => ({ meta: { channelId: input.id } }),
});
