import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { SentimentResult } from '../../../schemas/content';
import { ContentSearchRequest } from './search';

const ContentSentimentResponse = z.object({
  keyword: z.string().meta({ description: 'The keyword as sent.' }),
  results: z.array(SentimentResult).meta({ description: 'Pages citing the keyword with their polarity, most relevant first.' }),
});

export default defineEndpoint({
  id: 'seo.content_sentiment',
  method: 'POST',
  path: '/v1/seo/content/sentiment',
  summary: 'Sentiment of the content citing a keyword',
  description: 'How the pages that mention a keyword talk about it: each citation’s polarity (positive, neutral, negative) and a score from -1 to 1. Billed on the results returned.',
  input: ContentSearchRequest,
  output: ContentSentimentResponse,
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
      results: [{ url: 'https://homeandmaker.com/reviews/espresso-machine-1', domain: 'homeandmaker.com', title: 'Espresso Machine Reviewed', sentiment: 'positive', sentimentScore: 0.62, date: '2026-08-14' }],
    },
  },
  async handler({ input, providers, call }) {
    const results = await providers.content.sentiment({ keyword: input.keyword, limit: input.limit }, call);
    return { keyword: input.keyword, results: results.slice(0, input.limit) };
  },
});
