import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { queryText } from '../../schemas/request-fields';
import { SearchResults } from '../../schemas/photos';
import { exampleResponse } from './examples';
import { DATA_SOURCE, FAILURES } from './fields';

export default defineEndpoint({
  id: 'photos.search',
  method: 'POST',
  path: '/v1/photos/search',
  summary: 'Search accounts, hashtags and places',
  description: `What the platform's search box finds for a query: accounts (with followers), hashtags (with their post counts) and places. Nothing found is a success with empty lists. ${DATA_SOURCE} ${FAILURES}`,
  // The platform's search box takes 100 characters; a rule on the field itself, so the OpenAPI document publishes it.
  input: z.strictObject({ query: queryText('What to search for.', 'coffee').max(100) }),
  output: SearchResults,
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { query: 'coffee' }, response: exampleResponse('photos.search') },
  async handler({ input, providers, call }) {
    return providers.photos.search(input, call);
  },
});
