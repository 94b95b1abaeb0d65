import { queryText } from '../../schemas/request-fields';
import { ClipsUserSearchItem } from '../../schemas/clips';
import { clipsListEndpoint } from './paged-list';
import { EXAMPLE } from './fields';

export default clipsListEndpoint({
  id: 'clips.search_user',
  path: '/v1/clips/search-user',
  summary: 'Creator search',
  description: 'Creators whose handle or name matches the keywords: handle, name, avatar, bio, followers, following, videos and verified badge.',
  subject: { keywords: queryText('What to search for.', EXAMPLE.keywords) },
  subjectOf: (input) => ({ keywords: input.keywords.toLowerCase() }),
  key: 'users',
  item: ClipsUserSearchItem,
  outputId: 'ClipsSearchUserPage',
  example: { keywords: EXAMPLE.keywords },
  fetch: (providers, { input, cursor, count }, call) => providers.clips.searchUsers({ keywords: input.keywords, cursor, count }, call),
});
