import { defineEndpoint } from '../../../core/define-endpoint';
import { exampleKeyword, seedKeywordsRequest, seedKeywordsResponse, toSeedKeywordsRequest } from './seed-keywords';

const KeywordIdeasRequest = seedKeywordsRequest('ideas');
const KeywordIdeasResponse = seedKeywordsResponse('Ideas');

export default defineEndpoint({
  id: 'seo.keyword_ideas',
  method: 'POST',
  path: '/v1/seo/keywords/ideas',
  summary: 'Keyword ideas for a seed keyword',
  description:
    'Keyword ideas around a seed, each with volume, CPC, difficulty, intent, SERP features and a 12-month trend. ' +
    'Optional filters, match and sort narrow and order them (applied by the data provider before `limit`; ' +
    '`length` is counted on the returned ideas). Billed on the ideas returned.',
  input: KeywordIdeasRequest,
  output: KeywordIdeasResponse,
  price: ({ perResults }) => perResults({
    baseUsd: 0.03,
    per100Usd: 0.03,
    maxResults: (input) => input.limit,
    countResults: (output) => output.keywords.length,
  }),
  examples: {
    request: { keyword: 'running shoes', limit: 50, filters: [{ field: 'volume', op: '>=', value: 100 }], sort: ['volume:desc'] },
    response: { seed: 'running shoes', keywords: [exampleKeyword] },
  },
  async handler({ input, providers, call }) {
    const keywords = await providers.keywords.keywordIdeas(toSeedKeywordsRequest(input), call);
    return { seed: input.keyword, keywords: keywords.slice(0, input.limit) };
  },
});
