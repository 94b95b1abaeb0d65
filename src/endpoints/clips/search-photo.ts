import { queryText } from '../../schemas/request-fields';
import { ClipsPhotoPost } from '../../schemas/clips';
import { clipsListEndpoint } from './paged-list';
import { EXAMPLE } from './fields';

export default clipsListEndpoint({
  id: 'clips.search_photo',
  path: '/v1/clips/search-photo',
  summary: 'Photo-post search',
  description: 'Photo posts (image carousels) whose caption or creator matches the keywords: images, author and statistics.',
  subject: { keywords: queryText('What to search for.', EXAMPLE.keywords) },
  subjectOf: (input) => ({ keywords: input.keywords.toLowerCase() }),
  key: 'photos',
  item: ClipsPhotoPost,
  outputId: 'ClipsSearchPhotoPage',
  example: { keywords: EXAMPLE.keywords },
  fetch: (providers, { input, cursor, count }, call) => providers.clips.searchPhotos({ keywords: input.keywords, cursor, count }, call),
});
