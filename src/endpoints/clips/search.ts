import { queryText } from '../../schemas/request-fields';
import { ClipsListedVideo } from '../../schemas/clips';
import { clipsListEndpoint } from './paged-list';
import { EXAMPLE } from './fields';

export default clipsListEndpoint({
  id: 'clips.search',
  path: '/v1/clips/search',
  summary: 'Video search by keywords',
  description: 'Videos whose caption or creator matches the keywords: caption, time, author, statistics, length, cover and video.',
  subject: { keywords: queryText('What to search for.', EXAMPLE.keywords) },
  subjectOf: (input) => ({ keywords: input.keywords.toLowerCase() }),
  key: 'videos',
  item: ClipsListedVideo,
  outputId: 'ClipsSearchPage',
  example: { keywords: EXAMPLE.keywords },
  fetch: (providers, { input, cursor, count }, call) => providers.clips.search({ keywords: input.keywords, cursor, count }, call),
});
