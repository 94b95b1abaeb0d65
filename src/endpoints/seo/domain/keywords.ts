import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { RankedKeyword } from '../../../schemas/domain-analytics';
import { DomainName } from '../../../schemas/domain-name';
import { languageCode, locationCode, resultLimit } from '../../../schemas/request-fields';
import { keywordFilterBlock, normaliseFilterBlock } from '../../../filters/keyword-filter/schema';
import { rejectWordsOrLengthMixedUnderAny } from '../../../filters/keyword-filter/vendor';

const DomainKeywordsRequest = z
  .strictObject({
    domain: DomainName.meta({ description: 'Domain, without protocol.', examples: ['example.com'] }),
    limit: resultLimit(100, 1000),
    location_code: locationCode(),
    language: languageCode(),
    ...keywordFilterBlock,
  })
  .superRefine(rejectWordsOrLengthMixedUnderAny);

const DomainKeywordsResponse = z.array(RankedKeyword).meta({ description: 'Keywords the domain ranks for, highest search volume first unless sorted otherwise.' });

export default defineEndpoint({
  id: 'seo.domain_keywords',
  method: 'POST',
  path: '/v1/seo/domain/keywords',
  summary: 'Keywords a domain ranks for',
  description:
    'Every keyword a domain ranks for organically, with its position, ranking URL, search volume, CPC, competition, ' +
    'difficulty and intent. The filter block narrows and orders them (`volume` filters `searchVolume`), before `limit`. ' +
    'Billed on the keywords returned.',
  input: DomainKeywordsRequest,
  output: DomainKeywordsResponse,
  price: ({ perResults }) => perResults({
    baseUsd: 0.03,
    per100Usd: 0.03,
    maxResults: (input) => input.limit,
    countResults: (output) => output.length,
  }),
  examples: {
    request: { domain: 'example.com', limit: 100, filters: [{ field: 'volume', op: '>=', value: 1000 }], sort: ['volume:desc'] },
    response: [
      { keyword: 'example domain', position: 1, searchVolume: 12100, cpc: 0.42, url: 'https://example.com/', difficulty: 41, competition: 0.12, competitionLevel: 'LOW', intent: 'navigational' },
      { keyword: 'example website template', position: 7, searchVolume: 2900, cpc: 1.85, url: 'https://example.com/templates', difficulty: 33, competition: 0.58, competitionLevel: 'MEDIUM', intent: 'commercial' },
    ],
  },
  async handler({ input, providers, call }) {
    return providers.domainAnalytics.rankedKeywords(
      { domain: input.domain, limit: input.limit, locationCode: input.location_code, language: input.language, filter: normaliseFilterBlock(input) },
      call,
    );
  },
});
