import { VideoShortsItem } from '../../schemas/video';
import { EXAMPLE, locale } from './fields';
import { videoListEndpoint, videoListContinuation } from './paged-list';

const SHORTS_FEED = 'video.shorts';
/** The feed is one list: a continuation carries where it goes on, nothing else binds it. */
const subjectOf = () => ({});

/** What /v1/video/shorts-info hands out as a Short's `params`: the feed, starting from that Short. */
export const shortsFeedFrom = (sequence: string) => videoListContinuation(SHORTS_FEED, subjectOf(), sequence);

export default videoListEndpoint({
  id: SHORTS_FEED,
  path: '/v1/video/shorts',
  summary: 'The Shorts feed',
  description:
    "SPEC.md's Shorts page: the Shorts the platform plays one after another (id, title, views, cover). The feed starts from a Short: send its `params` " +
    'from /v1/video/shorts-info, then each page\'s `continuation`, as `params`.',
  subject: locale(),
  subjectOf,
  tokenField: 'params',
  item: VideoShortsItem,
  extra: {},
  outputId: 'VideoShortsPage',
  // What /v1/video/shorts-info answers as the example Short's `params` (the sandbox starts a feed at the Short's id).
  example: { params: shortsFeedFrom(EXAMPLE.shortId) },
  fetch: (providers, input, cursor, call) => providers.video.shorts({ cursor: cursor!, geo: input.geo, lang: input.lang }, call),
  present: () => ({}),
});
