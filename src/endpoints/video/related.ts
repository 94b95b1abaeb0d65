import { VideoRelatedItem, VideoRelatedMeta } from '../../schemas/video';
import { EXAMPLE, noVideo, videoIdField } from './fields';
import { videoListEndpoint } from './paged-list';

export default videoListEndpoint({
  id: 'video.related',
  path: '/v1/video/related',
  summary: 'Videos related to a video',
  description: "SPEC.md's Related-video page: the video (`meta`: id, title, views, channel) and the videos the platform recommends beside it (id, title, channel, views, length).",
  subject: { id: videoIdField() },
  subjectOf: (input) => ({ id: input.id }),
  item: VideoRelatedItem,
  extra: { meta: VideoRelatedMeta },
  outputId: 'VideoRelatedPage',
  notFound: (input) => noVideo('id', input.id),
  example: { id: EXAMPLE.videoId },
  fetch: (providers, input, cursor, call) => providers.video.related({ videoId: input.id, cursor }, call),
  present: (page) => ({ meta: page.extra.meta }),
});
