import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { Competitor } from '../../../schemas/domain-analytics';
import { DomainName } from '../../../schemas/domain-name';
import { languageCode, locationCode, resultLimit } from '../../../schemas/request-fields';

const CompetitorDomainsRequest = z.strictObject({
  domain: DomainName.meta({ description: 'Domain, without protocol.', examples: ['example.com'] }),
  location_code: locationCode(),
  language: languageCode(),
  limit: resultLimit(100, 1000),
});

const CompetitorDomainsResponse = z.object({
  domain: z.string().meta({ examples: ['example.com'] }),
  competitors: z.array(Competitor).meta({ description: 'Competing domains, most shared keywords first.' }),
});

export default defineEndpoint({
  id: 'seo.competitors_domain',
  method: 'POST',
  path: '/v1/seo/competitors/domain',
  summary: 'SEO competitor domains by keyword overlap',
  description:
    'Domains competing with a domain in organic search, ranked by how many keywords they share with it, each with its average ' +
    'position on those keywords and its own organic keyword count and traffic. Billed on the domains returned.',
  input: CompetitorDomainsRequest,
  output: CompetitorDomainsResponse,
  price: ({ perResults }) => perResults({
    baseUsd: 0.03,
    per100Usd: 0.03,
    maxResults: (input) => input.limit,
    countResults: (output) => output.competitors.length,
  }),
  examples: {
    request: { domain: 'example.com', limit: 100 },
    response: {
      domain: 'example.com',
      competitors: [
        { domain: 'example.org', avgPosition: 14.2, intersections: 1830, organicCount: 24100, organicEtv: 310200 },
        { domain: 'example.net', avgPosition: 22.75, intersections: 960, organicCount: 5400, organicEtv: 41800 },
      ],
    },
  },
  async handler({ input, providers, call }) {
    const competitors = await providers.domainAnalytics.competitorDomains(
      { domain: input.domain, limit: input.limit, locationCode: input.location_code, language: input.language },
      call,
    );
    return { domain: input.domain, competitors };
  },
});
