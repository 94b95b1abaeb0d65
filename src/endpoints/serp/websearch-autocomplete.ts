import { defineEndpoint } from '../../core/define-endpoint';
import { SERP_RESPONSES } from '../../schemas/serp';
import { searchEngine, serpRequest } from './serp-request';

export default defineEndpoint({
  id: 'serp.websearch_autocomplete',
  method: 'POST',
  path: '/v1/serp/websearch-autocomplete',
  summary: 'Search autocomplete suggestions',
  description: 'The suggestions the search box offers while a query is typed, most likely first. Each result carries the suggestion as its title and in `data.suggestion`.',
  input: serpRequest({ depthDescription: 'Suggestions wanted: the engine offers at most 20, so a larger depth (the standard SERP body allows it) answers the 20 it has.', example: 'coffee grinder' }),
  output: SERP_RESPONSES.autocomplete,
  price: ({ perCall }) => perCall(0.01),
  examples: {
    request: { query: 'coffee grinder', depth: 10 },
    response: {
      query: 'coffee grinder',
      totalResults: 10,
      itemTypes: ['autocomplete'],
      results: [
        {
          position: 1,
          type: 'autocomplete',
          title: 'coffee grinder reviews',
          url: 'https://search.example/search?q=coffee%20grinder%20reviews',
          description: '',
          domain: 'search.example',
          data: { suggestion: 'coffee grinder reviews', suggestionType: 'QUERY', relevance: 1300, highlighted: ['reviews'], thumbnailUrl: null },
        },
      ],
    },
  },
  handler: searchEngine('autocomplete'),
});
