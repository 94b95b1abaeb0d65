import { defineEndpoint } from '../../../core/define-endpoint';
import { exampleKeyword, seedKeywordsRequest, seedKeywordsResponse, toSeedKeywordsRequest } from './seed-keywords';

const RelatedKeywordsRequest = seedKeywordsRequest('related keywords');
const RelatedKeywordsResponse = seedKeywordsResponse('Related keywords');

export default defineEndpoint({
  id: 'seo.keywords_related',
  method: 'POST',
  path: '/v1/seo/keywords/related',
  summary: 'Semantically related keywords',
  description:
    'Keywords related to a seed by meaning (synonyms, neighbouring topics, the questions searchers ask), each with ' +
    'volume, CPC, difficulty, intent, SERP features and a 12-month trend; the seed itself is not among them. ' +
    'Optional filters, match and sort narrow and order them (applied by the data provider before `limit`; ' +
    '`words` and `length` are counted on the returned keywords). Billed on the keywords returned.',
  input: RelatedKeywordsRequest,
  output: RelatedKeywordsResponse,
  price: ({ perResults }) => perResults({
    baseUsd: 0.03,
    per100Usd: 0.03,
    maxResults: (input) => input.limit,
    countResults: (output) => output.keywords.length,
  }),
  examples: {
    request: { keyword: 'running shoes', limit: 50, filters: [{ field: 'intent', op: '=', value: 'informational' }], sort: ['volume:desc'] },
    response: { seed: 'running shoes', keywords: [{ ...exampleKeyword, keyword: 'running sneakers', intent: 'informational' }] },
  },
  async handler({ input, providers, call }) {
    const keywords = await providers.keywords.relatedKeywords(toSeedKeywordsRequest(input), call);
    return { seed: input.keyword, keywords: keywords.slice(0, input.limit) };
  },
});
