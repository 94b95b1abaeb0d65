import { VideoHypeItem } from '../../schemas/video';
import { geoField, langField } from './fields';
import { videoListEndpoint } from './paged-list';

export default videoListEndpoint({
  id: 'video.hype',
  path: '/v1/video/hype',
  summary: 'The Hype leaderboard',
  description: "This week's most hyped videos in a country (`geo`, default US), the fans' leaderboard: id, title, channel, hype points and length.",
  subject: { geo: geoField().default('US'), lang: langField() },
  subjectOf: (input) => ({ geo: input.geo }),
  item: VideoHypeItem,
  extra: {},
  outputId: 'VideoHypePage',
  example: { geo: 'US' },
  fetch: (providers, input, cursor, call) => providers.video.hype({ geo: input.geo, lang: input.lang, cursor }, call),
  present: () => ({}),
});
