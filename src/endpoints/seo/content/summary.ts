import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { ContentSummary } from '../../../schemas/content';
import { queryText } from '../../../schemas/request-fields';

export default defineEndpoint({
  id: 'seo.content_summary',
  method: 'POST',
  path: '/v1/seo/content/summary',
  summary: 'Content analysis summary for a keyword',
  description: 'How much the web writes about a keyword and in what mood: citing pages in total, their split by sentiment, and the average content quality of the top 100.',
  input: z.strictObject({ keyword: queryText('Keyword or phrase to summarise.', 'espresso machine') }),
  output: ContentSummary,
  price: ({ perCall }) => perCall(0.05),
  examples: {
    request: { keyword: 'espresso machine' },
    response: { keyword: 'espresso machine', totalCount: 48_210, avgContentQualityScore: 63.4, sentimentDistribution: { positive: 21_040, neutral: 19_870, negative: 7_300 } },
  },
  async handler({ input, providers, call }) {
    return { keyword: input.keyword, ...(await providers.content.summary({ keyword: input.keyword }, call)) };
  },
});
