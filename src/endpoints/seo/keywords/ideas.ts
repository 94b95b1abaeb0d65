import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { perResults } from '../../../core/price';
import { Keyword } from '../../../schemas/keyword';
import { languageCode, locationCode } from '../../../schemas/request-fields';
import { keywordFilterBlock, normaliseFilterBlock } from '../../../filters/keyword-filter/schema';
import { rejectWordsOrLengthMixedUnderAny } from '../../../filters/keyword-filter/vendor';

const KeywordIdeasRequest = z
  .strictObject({
    keyword: z.string().trim().min(1).max(80).meta({ description: 'Seed keyword.', examples: ['running shoes'] }),
    limit: z.number().int().min(1).max(1000).default(50).meta({ description: 'Most ideas to return, 1 to 1000.' }),
    location_code: locationCode(),
    language: languageCode(),
    ...keywordFilterBlock,
  })
  .superRefine(rejectWordsOrLengthMixedUnderAny);

const KeywordIdeasResponse = z.object({
  seed: z.string().meta({ description: 'The seed keyword as sent.' }),
  keywords: z.array(Keyword).meta({ description: 'Ideas, highest volume first.' }),
});

export default defineEndpoint({
  id: 'seo.keyword_ideas',
  method: 'POST',
  path: '/v1/seo/keywords/ideas',
  summary: 'Keyword ideas for a seed keyword',
  description:
    'Keyword ideas around a seed, each with volume, CPC, difficulty, intent, SERP features and a 12-month trend. ' +
    'Optional filters, match and sort narrow and order them (applied by the data provider before `limit`). Billed on the ideas returned.',
  input: KeywordIdeasRequest,
  output: KeywordIdeasResponse,
  price: perResults({
    baseUsd: 0.03,
    per100Usd: 0.03,
    maxResults: (input: z.output<typeof KeywordIdeasRequest>) => input.limit,
    countResults: (output: z.output<typeof KeywordIdeasResponse>) => output.keywords.length,
  }),
  examples: {
    request: { keyword: 'running shoes', limit: 50, filters: [{ field: 'volume', op: '>=', value: 100 }], sort: ['volume:desc'] },
    response: {
      seed: 'running shoes',
      keywords: [
        {
          keyword: 'best running shoes',
          volume: 40500,
          cpc: 1.12,
          difficulty: 52,
          competition: 0.82,
          competitionLevel: 'HIGH',
          intent: 'commercial',
          avgBacklinks: 8200,
          avgReferringDomains: 410,
          serpFeatures: ['organic', 'peopleAlsoAsk', 'video'],
          totalResults: 412000000,
          trend: [{ month: '2026-09', volume: 41000 }, { month: '2026-10', volume: 39800 }],
        },
      ],
    },
  },
  async handler({ input, providers, signal }) {
    const keywords = await providers.keywords.keywordIdeas(
      { seed: input.keyword, limit: input.limit, locationCode: input.location_code, language: input.language, filter: normaliseFilterBlock(input) },
      { signal },
    );
    return { seed: input.keyword, keywords: keywords.slice(0, input.limit) };
  },
});
