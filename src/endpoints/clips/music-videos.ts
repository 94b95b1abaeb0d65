import { ClipsListedVideo } from '../../schemas/clips';
import { clipsListEndpoint } from './paged-list';
import { EXAMPLE, numericId } from './fields';

export default clipsListEndpoint({
  id: 'clips.music_videos',
  path: '/v1/clips/music-videos',
  summary: 'Videos using a sound',
  description: "The videos that use a sound, with their authors and statistics. Walking every page yields the sound's `video_count`.",
  subject: { music_id: numericId("the sound's id (music_id of /v1/clips/music)", EXAMPLE.musicId) },
  subjectOf: (input) => ({ music_id: input.music_id }),
  key: 'videos',
  item: ClipsListedVideo,
  outputId: 'ClipsMusicVideos',
  notFound: (input) => ({ field: 'music_id', message: `no sound with the id ${input.music_id}.` }),
  example: { music_id: EXAMPLE.musicId },
  fetch: (providers, { input, cursor, count }, call) => providers.clips.musicVideos({ musicId: input.music_id, cursor, count }, call),
});
