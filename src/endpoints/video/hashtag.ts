import { z } from 'zod';
import { VideoListedVideo } from '../../schemas/video';
import { EXAMPLE } from './fields';
import { videoListEndpoint } from './paged-list';

export default videoListEndpoint({
  id: 'video.hashtag',
  path: '/v1/video/hashtag',
  summary: 'Videos with a hashtag',
  description: 'The videos tagged with a hashtag, with their channels: id, title, views, when, length and previews (an empty list for a tag nobody used).',
  subject: {
    tag: z
      .string()
      .trim()
      .transform((value) => value.replace(/^#/, '').toLowerCase())
      .pipe(z.string().regex(/^[\p{L}\p{N}_]{1,100}$/u, 'must be a hashtag: letters, digits and underscores, with or without the #'))
      .meta({ description: 'The hashtag, with or without the #; case is ignored.', examples: [EXAMPLE.hashtag] }),
  },
  subjectOf: (input) => ({ tag: input.tag }),
  item: VideoListedVideo,
  extra: { meta: z.object({ hashtag: z.string(), hashtagInfoText: z.string().meta({ description: 'Videos and channels using it, as the platform shows them.', examples: ['12K videos • 4.1K channels'] }) }) },
  outputId: 'VideoHashtagPage',
  example: { tag: EXAMPLE.hashtag },
  fetch: (providers, input, cursor, call) => providers.video.hashtag({ tag: input.tag, cursor }, call),
  present: (page, input) => ({ meta: { hashtag: input.tag, hashtagInfoText: page.extra.hashtagInfoText } }),
});
