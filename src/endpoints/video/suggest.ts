import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { queryText } from '../../schemas/request-fields';
import { exampleResponse } from './examples';
import { DATA_SOURCE, EXAMPLE, FAILURES, locale } from './fields';

export default defineEndpoint({
  id: 'video.suggest',
  method: 'POST',
  path: '/v1/video/suggest',
  summary: 'Search suggestions',
  description: `What the platform's search box suggests as the query is typed, best first (an empty list when it has nothing). ${DATA_SOURCE} ${FAILURES}`,
  input: z.strictObject({ query: queryText('What has been typed so far.', EXAMPLE.query.slice(0, 3)), ...locale() }),
  output: z.object({ query: z.string(), suggestions: z.array(z.string()).meta({ description: 'Completed queries, best first.' }) }).meta({ id: 'VideoSuggestions' }),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { query: EXAMPLE.query.slice(0, 3) }, response: exampleResponse('video.suggest') },
  async handler({ input, providers, call }) {
    return { query: input.query, suggestions: await providers.video.suggest({ query: input.query, geo: input.geo, lang: input.lang }, call) };
  },
});
