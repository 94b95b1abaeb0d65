import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { SerpCompetitor } from '../../../schemas/domain-analytics';
import { languageCode, locationCode, resultLimit, searchText } from '../../../schemas/request-fields';

const SerpCompetitorsRequest = z.strictObject({
  keywords: z
    .array(searchText(80))
    .min(1)
    .max(200)
    .meta({ description: 'Up to 200 keywords.', examples: [['coffee grinder', 'burr grinder']] }),
  location_code: locationCode(),
  language: languageCode(),
  limit: resultLimit(100, 1000),
});

const SerpCompetitorsResponse = z.object({
  competitors: z.array(SerpCompetitor).meta({ description: 'Domains ranking for the keywords, highest rating first.' }),
});

export default defineEndpoint({
  id: 'seo.competitors_serp',
  method: 'POST',
  path: '/v1/seo/competitors/serp',
  summary: 'Domains competing in the results of given keywords',
  description:
    'SERP competitors: the domains that rank in the top 100 for a set of keywords, with their average and median position, ' +
    'estimated traffic from those keywords, how many of them they rank for, a rating and a visibility index. Billed on the domains returned.',
  input: SerpCompetitorsRequest,
  output: SerpCompetitorsResponse,
  price: ({ perResults }) => perResults({
    baseUsd: 0.03,
    per100Usd: 0.03,
    maxResults: (input) => input.limit,
    countResults: (output) => output.competitors.length,
  }),
  examples: {
    request: { keywords: ['coffee grinder', 'burr grinder'], limit: 100 },
    response: {
      competitors: [
        { domain: 'example.com', avgPosition: 2.5, medianPosition: 2.5, etv: 4120.6, keywordsCount: 2, rating: 195, visibility: 1.7 },
        { domain: 'example.org', avgPosition: 11, medianPosition: 11, etv: 96.2, keywordsCount: 1, rating: 89, visibility: 0.05 },
      ],
    },
  },
  async handler({ input, providers, call }) {
    const competitors = await providers.domainAnalytics.serpCompetitors(
      { keywords: input.keywords, limit: input.limit, locationCode: input.location_code, language: input.language },
      call,
    );
    return { competitors };
  },
});
