import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { Keyword, keywordList, unknownKeyword } from '../../../schemas/keyword';
import { countryCode, languageCode } from '../../../schemas/request-fields';
import { locationCodeOfCountry } from '../../../schemas/countries';
import { keywordFilterBlock, normaliseFilterBlock } from '../../../filters/keyword-filter/schema';
import { applyKeywordFilters } from '../../../filters/keyword-filter/evaluate';
import { exampleKeyword } from './seed-keywords';

// Every filter applies to the returned list (SPEC.md), none upstream: words and length mix with
// the other fields under match any too.
const KeywordResearchRequest = z.strictObject({
  keywords: keywordList(100, ['running shoes', 'trail running shoes']),
  location: countryCode(),
  language: languageCode(),
  ...keywordFilterBlock,
});

const KeywordResearchResponse = z.array(Keyword).meta({
  description: 'One record per distinct keyword sent, in the order sent, then filtered and sorted as asked.',
});

export default defineEndpoint({
  id: 'seo.keywords',
  method: 'POST',
  path: '/v1/seo/keywords',
  summary: 'Keyword research: metrics for your keywords',
  description:
    'Volume, CPC, competition, difficulty, intent, SERP features and a 12-month trend for up to 100 keywords ' +
    '(compared case-insensitively; each is answered once). A keyword the data provider has no data for comes back ' +
    'with zero metrics and unknown competition level and intent. Optional filters, match and sort apply to the returned list.',
  input: KeywordResearchRequest,
  output: KeywordResearchResponse,
  price: ({ perCall }) => perCall(0.15),
  examples: {
    request: { keywords: ['best running shoes', 'trail running shoes'], location: 'us', sort: ['volume:desc'] },
    response: [exampleKeyword, { ...exampleKeyword, keyword: 'trail running shoes', volume: 14800, difficulty: 41 }],
  },
  async handler({ input, providers, call }) {
    const records = await providers.keywords.keywordOverview(
      { keywords: input.keywords, locationCode: locationCodeOfCountry(input.location), language: input.language },
      call,
    );
    const found = new Map(records.map((record) => [record.keyword.toLowerCase(), record]));
    const answered = input.keywords.map((keyword) => found.get(keyword) ?? unknownKeyword(keyword));
    return applyKeywordFilters(answered, normaliseFilterBlock(input));
  },
});
