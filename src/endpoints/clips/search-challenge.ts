import { queryText } from '../../schemas/request-fields';
import { ClipsChallengeSummary } from '../../schemas/clips';
import { clipsListEndpoint } from './paged-list';
import { EXAMPLE } from './fields';

export default clipsListEndpoint({
  id: 'clips.search_challenge',
  path: '/v1/clips/search-challenge',
  summary: 'Challenge (hashtag) search',
  description: 'Challenges whose name matches the keywords, with their video and view counts.',
  subject: { keywords: queryText('What to search for.', EXAMPLE.keywords) },
  subjectOf: (input) => ({ keywords: input.keywords.toLowerCase() }),
  key: 'challenges',
  item: ClipsChallengeSummary,
  outputId: 'ClipsSearchChallengePage',
  example: { keywords: EXAMPLE.keywords },
  fetch: (providers, { input, cursor, count }, call) => providers.clips.searchChallenges({ keywords: input.keywords, cursor, count }, call),
});
