import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { KeywordGap } from '../../../schemas/domain-analytics';
import { DomainName } from '../../../schemas/domain-name';
import { languageCode, locationCode, resultLimit } from '../../../schemas/request-fields';
import { keywordFilterBlock, normaliseFilterBlock } from '../../../filters/keyword-filter/schema';
import { rejectWordsOrLengthMixedUnderAny } from '../../../filters/keyword-filter/vendor';

const KeywordGapRequest = z
  .strictObject({
    domain1: DomainName.meta({ description: 'Your domain, without protocol.', examples: ['example.com'] }),
    domain2: DomainName.meta({ description: 'The domain to compare with; must differ from domain1.', examples: ['example.org'] }),
    intersections: z.boolean().default(true).meta({ description: 'true: keywords both domains rank for; false: keywords only domain1 ranks for.' }),
    location_code: locationCode(),
    language: languageCode(),
    limit: resultLimit(100, 1000),
    ...keywordFilterBlock,
  })
  .superRefine(rejectWordsOrLengthMixedUnderAny)
  .superRefine((body, context) => {
    if (body.domain1 === body.domain2) {
      context.addIssue({ code: 'custom', path: ['domain2'], message: 'must differ from domain1' });
    }
  });

const KeywordGapResponse = z.object({
  domain1: z.string(),
  domain2: z.string(),
  intersections: z.boolean(),
  keywords: z.array(KeywordGap).meta({ description: 'Keywords with both rankings, highest search volume first unless sorted otherwise.' }),
});

export default defineEndpoint({
  id: 'seo.competitors_keywords',
  method: 'POST',
  path: '/v1/seo/competitors/keywords',
  summary: 'Keyword gap between two domains',
  description:
    'Keywords two domains both rank for (`intersections: true`) or that only the first ranks for (`false`), with search volume, ' +
    'CPC, competition, difficulty, intent and where each domain ranks. The filter block narrows and orders them before `limit`. ' +
    'Billed on the keywords returned.',
  input: KeywordGapRequest,
  output: KeywordGapResponse,
  price: ({ perResults }) => perResults({
    baseUsd: 0.03,
    per100Usd: 0.03,
    maxResults: (input) => input.limit,
    countResults: (output) => output.keywords.length,
  }),
  examples: {
    request: { domain1: 'example.com', domain2: 'example.org', intersections: true, limit: 100, filters: [{ field: 'volume', op: '>', value: 100 }] },
    response: {
      domain1: 'example.com',
      domain2: 'example.org',
      intersections: true,
      keywords: [
        {
          keyword: 'example website template',
          volume: 2900,
          cpc: 1.85,
          competition: 0.58,
          competitionLevel: 'MEDIUM',
          difficulty: 33,
          intent: 'commercial',
          domain1: { position: 7, url: 'https://example.com/templates', etv: 78.3 },
          domain2: { position: 3, url: 'https://example.org/templates', etv: 304.5 },
        },
      ],
    },
  },
  async handler({ input, providers, call }) {
    const keywords = await providers.domainAnalytics.keywordGap(
      {
        domain1: input.domain1,
        domain2: input.domain2,
        intersections: input.intersections,
        limit: input.limit,
        locationCode: input.location_code,
        language: input.language,
        filter: normaliseFilterBlock(input),
      },
      call,
    );
    return { domain1: input.domain1, domain2: input.domain2, intersections: input.intersections, keywords };
  },
});
