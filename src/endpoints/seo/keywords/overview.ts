import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { Keyword, keywordList } from '../../../schemas/keyword';
import { countryCode, languageCode } from '../../../schemas/request-fields';
import { locationCodeOfCountry } from '../../../schemas/countries';
import { exampleKeyword } from './seed-keywords';

const KeywordOverviewRequest = z.strictObject({
  keywords: keywordList(700, ['running shoes', 'trail running shoes']),
  location: countryCode(),
  language: languageCode(),
});

const KeywordOverviewResponse = z.object({
  keywords: z.array(Keyword).meta({ description: 'One record per keyword the data provider knows, in the order sent.' }),
});

export default defineEndpoint({
  id: 'seo.keywords_overview',
  method: 'POST',
  path: '/v1/seo/keywords/overview',
  summary: 'Keyword overview: full metrics and 12-month trend',
  description:
    'Full metrics for up to 700 keywords: volume, CPC, competition, difficulty, intent, backlink averages of the top pages, ' +
    'SERP features, total results and a 12-month volume trend. Keywords the data provider has no data for are left out ' +
    '(and not billed). Billed on the keywords returned.',
  input: KeywordOverviewRequest,
  output: KeywordOverviewResponse,
  price: ({ perResults }) => perResults({
    baseUsd: 0.03,
    per100Usd: 0.03,
    maxResults: (input) => input.keywords.length,
    countResults: (output) => output.keywords.length,
  }),
  examples: {
    request: { keywords: ['best running shoes'], location: 'us', language: 'en' },
    response: { keywords: [exampleKeyword] },
  },
  async handler({ input, providers, call }) {
    const keywords = await providers.keywords.keywordOverview(
      { keywords: input.keywords, locationCode: locationCodeOfCountry(input.location), language: input.language },
      call,
    );
    return { keywords };
  },
});
