import { queryText } from '../../schemas/request-fields';
import { VideoChannelItem } from '../../schemas/video';
import { EXAMPLE, channelIdField, locale, noChannel } from './fields';
import { videoListEndpoint } from './paged-list';

export default videoListEndpoint({
  id: 'video.channel_search',
  path: '/v1/video/channel-search',
  summary: "Search within a channel's videos",
  description: "A channel's videos matching the query, best match first: id, title, views, when and length (an empty list when none match).",
  subject: { id: channelIdField(), query: queryText('What to look for in the channel.', EXAMPLE.query), ...locale() },
  subjectOf: (input) => ({ id: input.id, query: input.query }),
  item: VideoChannelItem,
  extra: {},
  outputId: 'VideoChannelSearchPage',
  notFound: (input) => noChannel(input.id),
  example: { id: EXAMPLE.channelId, query: EXAMPLE.query },
  fetch: (providers, input, cursor, call) => providers.video.channelSearch({ channelId: input.id, query: input.query, geo: input.geo, lang: input.lang, cursor }, call),
  present: () => ({}),
});
