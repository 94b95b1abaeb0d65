import { z } from 'zod';
import { VideoChannelItem } from '../../schemas/video';
import { EXAMPLE, channelIdField, channelSortField, locale, noChannel } from './fields';
import { videoListEndpoint } from './paged-list';

export default videoListEndpoint({
  id: 'video.channel_videos',
  path: '/v1/video/channel-videos',
  summary: "A channel's videos",
  description: "A channel's videos in the order asked (`sort_by`, default newest): id, title, views, when and length; as many as its `videosCount`.",
  subject: { id: channelIdField(), sort_by: channelSortField().default('newest'), ...locale() },
  subjectOf: (input) => ({ id: input.id, sort_by: input.sort_by }),
  item: VideoChannelItem,
  extra: { meta: z.object({ channelId: z.string(), title: z.string().meta({ description: "The channel's name." }) }) },
  outputId: 'VideoChannelVideosPage',
  notFound: (input) => noChannel(input.id),
  example: { id: EXAMPLE.channelId },
  fetch: (providers, input, cursor, call) =>
    providers.video.channelVideos({ channelId: input.id, sortBy: input.sort_by, geo: input.geo, lang: input.lang, cursor }, call),
  present: (page, input) => ({ meta: { channelId: input.id, title: page.extra.title } }),
});
