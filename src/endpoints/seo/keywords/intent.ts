import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { KeywordSearchIntent, keywordList } from '../../../schemas/keyword';
import { languageCode } from '../../../schemas/request-fields';

const SearchIntentRequest = z.strictObject({
  keywords: keywordList(1000, ['buy running shoes', 'how to clean running shoes']),
  language: languageCode(),
});

const SearchIntentResponse = z.object({
  keywords: z.array(KeywordSearchIntent).meta({ description: 'One row per keyword the data provider has classified, in the order sent.' }),
});

export default defineEndpoint({
  id: 'seo.keywords_intent',
  method: 'POST',
  path: '/v1/seo/keywords/intent',
  summary: 'Search intent of keywords',
  description:
    'The search intent (informational, commercial, navigational or transactional) of up to 1,000 keywords, with its ' +
    'probability and the other likely intents. Keywords the data provider has not classified are left out (and not billed). ' +
    'Billed on the keywords returned.',
  input: SearchIntentRequest,
  output: SearchIntentResponse,
  price: ({ perResults }) => perResults({
    baseUsd: 0.03,
    per100Usd: 0.03,
    maxResults: (input) => input.keywords.length,
    countResults: (output) => output.keywords.length,
  }),
  examples: {
    request: { keywords: ['buy running shoes', 'how to clean running shoes'], language: 'en' },
    response: {
      keywords: [
        { keyword: 'buy running shoes', intent: 'transactional', probability: 0.93, secondaryIntents: [{ intent: 'commercial', probability: 0.41 }] },
        { keyword: 'how to clean running shoes', intent: 'informational', probability: 0.97, secondaryIntents: [] },
      ],
    },
  },
  async handler({ input, providers, call }) {
    return { keywords: await providers.keywords.searchIntent({ keywords: input.keywords, language: input.language }, call) };
  },
});
