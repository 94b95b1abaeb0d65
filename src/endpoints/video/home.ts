import { z } from 'zod';
import { VideoHomeItem } from '../../schemas/video';
import { locale } from './fields';
import { videoListEndpoint } from './paged-list';

export default videoListEndpoint({
  id: 'video.home',
  path: '/v1/video/home',
  summary: 'The home feed',
  description:
    "The platform's home feed for a visitor in `geo`: videos with their channels, and a shelf of Shorts (`shorts_listing`). `filters` are the feed's topic chips: " +
    "send one's `continuation` as `token` for that topic's feed.",
  subject: locale(),
  subjectOf: () => ({}),
  item: VideoHomeItem,
  extra: { filters: z.array(z.object({ filter: z.string().meta({ description: 'The topic.', examples: ['Cooking'] }), continuation: z.string().meta({ description: "Send it as `token` for the topic's feed." }) })) },
  outputId: 'VideoHomePage',
  example: { geo: 'US' },
  fetch: (providers, input, cursor, call) => providers.video.home({ geo: input.geo, lang: input.lang, cursor }, call),
  present: (page, _input, continuation) => ({ filters: page.extra.filters.map(({ filter, cursor }) => ({ filter, continuation: continuation(cursor) })) }),
});
