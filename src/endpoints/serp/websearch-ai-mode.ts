import { defineEndpoint } from '../../core/define-endpoint';
import { SERP_RESPONSES } from '../../schemas/serp';
import { searchEngine, serpRequest } from './serp-request';

export default defineEndpoint({
  id: 'serp.websearch_ai_mode',
  method: 'POST',
  path: '/v1/serp/websearch-ai-mode',
  summary: 'AI mode answer',
  description: 'The search engine’s AI mode answer to a query: the answer as markdown and the sources it cites. One `aiOverview` result.',
  input: serpRequest({ depthDescription: 'Most results to return (AI mode answers with one).', example: 'how to descale an espresso machine' }),
  output: SERP_RESPONSES.aiMode,
  price: ({ perCall }) => perCall(0.01),
  examples: {
    request: { query: 'how to descale an espresso machine' },
    response: {
      query: 'how to descale an espresso machine',
      totalResults: 1,
      itemTypes: ['aiOverview'],
      results: [
        {
          position: 1,
          type: 'aiOverview',
          title: '',
          url: '',
          description: 'Descale monthly with a citric-acid solution, then flush twice with water.',
          domain: '',
          data: {
            markdown: 'Descale monthly with a citric-acid solution, then flush twice with water.\n\n- Empty the tank and mix the solution [1]\n- Run half through the group head [2]',
            references: [{ title: 'Descaling guide', url: 'https://howtohq.com/guides/descale-espresso', domain: 'howtohq.com', source: 'Howtohq', text: 'Empty the tank and mix the solution.' }],
          },
        },
      ],
    },
  },
  handler: searchEngine('aiMode'),
});
