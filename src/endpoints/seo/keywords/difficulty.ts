import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { KeywordDifficulty, keywordList } from '../../../schemas/keyword';
import { countryCode, languageCode } from '../../../schemas/request-fields';
import { locationCodeOfCountry } from '../../../schemas/countries';

const KeywordDifficultyRequest = z.strictObject({
  keywords: keywordList(1000, ['running shoes', 'trail running shoes']),
  location: countryCode(),
  language: languageCode(),
});

const KeywordDifficultyResponse = z.object({
  keywords: z.array(KeywordDifficulty).meta({ description: 'One row per keyword the data provider has scored, in the order sent.' }),
});

export default defineEndpoint({
  id: 'seo.keywords_difficulty',
  method: 'POST',
  path: '/v1/seo/keywords/difficulty',
  summary: 'Bulk keyword difficulty',
  description:
    'SEO difficulty (0 to 100: how hard it is to reach the top 10 organic results) for up to 1,000 keywords. ' +
    'Keywords the data provider has not scored are left out (and not billed). Billed on the keywords returned.',
  input: KeywordDifficultyRequest,
  output: KeywordDifficultyResponse,
  price: ({ perResults }) => perResults({
    baseUsd: 0.03,
    per100Usd: 0.03,
    maxResults: (input) => input.keywords.length,
    countResults: (output) => output.keywords.length,
  }),
  examples: {
    request: { keywords: ['running shoes', 'trail running shoes'], location: 'us' },
    response: { keywords: [{ keyword: 'running shoes', difficulty: 74 }, { keyword: 'trail running shoes', difficulty: 41 }] },
  },
  async handler({ input, providers, call }) {
    const keywords = await providers.keywords.keywordDifficulty(
      { keywords: input.keywords, locationCode: locationCodeOfCountry(input.location), language: input.language },
      call,
    );
    return { keywords };
  },
});
