import { VideoPlaylistMeta, VideoPlaylistVideo } from '../../schemas/video';
import { EXAMPLE, playlistIdField } from './fields';
import { videoListEndpoint } from './paged-list';

export default videoListEndpoint({
  id: 'video.playlist',
  path: '/v1/video/playlist',
  summary: 'A playlist and its videos',
  description: "A playlist: title, owner, description, counts and when it last changed (`meta`), and its videos in order (`index` from 1), each with channel, length, views and date.",
  subject: { id: playlistIdField() },
  subjectOf: (input) => ({ id: input.id }),
  item: VideoPlaylistVideo,
  extra: { meta: VideoPlaylistMeta },
  outputId: 'VideoPlaylistPage',
  notFound: (input) => ({ field: 'id', message: `no playlist ${input.id} on the platform.` }),
  example: { id: EXAMPLE.playlistId },
  fetch: (providers, input, cursor, call) => providers.video.playlist({ playlistId: input.id, cursor }, call),
  present: (page) => ({ meta: page.extra.meta }),
});
