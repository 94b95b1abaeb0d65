import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { ContentResult } from '../../../schemas/content';
import { queryText, resultLimit } from '../../../schemas/request-fields';

/** Also the request of /v1/seo/content/sentiment (./sentiment.ts): the same citations, scored. */
export const ContentSearchRequest = z.strictObject({
  keyword: queryText('Keyword or phrase whose citations on the web are wanted.', 'espresso machine'),
  limit: resultLimit(100, 1000),
});

const ContentSearchResponse = z.object({
  keyword: z.string().meta({ description: 'The keyword as sent.' }),
  results: z.array(ContentResult).meta({ description: 'Pages citing the keyword, most relevant first.' }),
});

export default defineEndpoint({
  id: 'seo.content_search',
  method: 'POST',
  path: '/v1/seo/content/search',
  summary: 'Content citing a keyword',
  description: 'Pages across the web that mention a keyword, with title, snippet, publication date, sentiment, content quality and spam scores. Billed on the results returned.',
  input: ContentSearchRequest,
  output: ContentSearchResponse,
  price: ({ perResults }) => perResults({
    baseUsd: 0.05,
    per100Usd: 0.01,
    maxResults: (input) => input.limit,
    countResults: (output) => output.results.length,
  }),
  examples: {
    request: { keyword: 'espresso machine', limit: 100 },
    response: {
      keyword: 'espresso machine',
      results: [
        {
          url: 'https://homeandmaker.com/reviews/espresso-machine-1',
          domain: 'homeandmaker.com',
          title: 'Espresso Machine Reviewed',
          snippet: 'Readers keep recommending espresso machine: it delivered more than we expected.',
          datePublished: '2026-08-14',
          sentiment: 'positive',
          contentQualityScore: 71,
          spamScore: 3,
        },
      ],
    },
  },
  async handler({ input, providers, call }) {
    const results = await providers.content.searchContent({ keyword: input.keyword, limit: input.limit }, call);
    return { keyword: input.keyword, results: results.slice(0, input.limit) };
  },
});
