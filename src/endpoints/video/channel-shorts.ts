import { z } from 'zod';
import { VideoShortsItem } from '../../schemas/video';
import { EXAMPLE, channelIdField, channelSortField, locale, noChannel } from './fields';
import { videoListEndpoint } from './paged-list';

export default videoListEndpoint({
  id: 'video.channel_shorts',
  path: '/v1/video/channel-shorts',
  summary: "A channel's Shorts",
  description: "A channel's Shorts (vertical videos of a minute at most), in the order asked (`sort_by`; without it the platform's, newest first): id, title, views and cover.",
  subject: { id: channelIdField(), sort_by: channelSortField().optional(), ...locale() },
  // No sort_by is the platform's order, newest first: the same list as sort_by "newest", so a continuation serves either.
  subjectOf: (input) => ({ id: input.id, sort_by: input.sort_by ?? 'newest' }),
  item: VideoShortsItem,
  extra: { meta: z.object({ channelId: z.string() }) },
  outputId: 'VideoChannelShortsPage',
  notFound: (input) => noChannel(input.id),
  example: { id: EXAMPLE.channelId },
  fetch: (providers, input, cursor, call) =>
    providers.video.channelShorts({ channelId: input.id, sortBy: input.sort_by, geo: input.geo, lang: input.lang, cursor }, call),
  present: (_page, input) => ({ meta: { channelId: input.id } }),
});
