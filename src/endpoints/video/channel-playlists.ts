import { z } from 'zod';
import { VideoPlaylistItem } from '../../schemas/video';
import { EXAMPLE, channelIdField, locale, noChannel } from './fields';
import { videoListEndpoint } from './paged-list';

export default videoListEndpoint({
  id: 'video.channel_playlists',
  path: '/v1/video/channel-playlists',
  summary: "A channel's playlists",
  description: "A channel's public playlists: id (for /v1/video/playlist), title, how many videos and the cover.",
  subject: { id: channelIdField(), ...locale() },
  subjectOf: (input) => ({ id: input.id }),
  item: VideoPlaylistItem,
  extra: { meta: z.object({ channelId: z.string() }) },
  outputId: 'VideoChannelPlaylistsPage',
  notFound: (input) => noChannel(input.id),
  example: { id: EXAMPLE.channelId },
  fetch: (providers, input, cursor, call) => providers.video.channelPlaylists({ channelId: input.id, geo: input.geo, lang: input.lang, cursor }, call),
  present: (_page, input) => ({ meta: { channelId: input.id } }),
});
