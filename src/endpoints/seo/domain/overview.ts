import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { DomainOverview } from '../../../schemas/domain-analytics';
import { DomainName } from '../../../schemas/domain-name';
import { locationCodeOfCountry } from '../../../schemas/countries';
import { countryCode, languageCode } from '../../../schemas/request-fields';

const DomainOverviewRequest = z.strictObject({
  domain: DomainName.meta({ description: 'Domain, without protocol.', examples: ['example.com'] }),
  location: countryCode(),
  language: languageCode(),
});

export default defineEndpoint({
  id: 'seo.domain_overview',
  method: 'POST',
  path: '/v1/seo/domain/overview',
  summary: 'Domain overview: traffic, keywords, backlinks, rank',
  description:
    "A domain's standing at a glance: estimated monthly organic traffic and ranking keywords in the location, " +
    'backlinks, referring domains and backlink rank (0 to 1000).',
  input: DomainOverviewRequest,
  output: DomainOverview,
  price: ({ perCall }) => perCall(0.04),
  examples: {
    request: { domain: 'example.com', location: 'us' },
    response: { domain: 'example.com', organicTraffic: 182400, organicKeywords: 9120, backlinks: 1284000, referringDomains: 31200, domainRank: 552 },
  },
  async handler({ input, providers, call }) {
    return providers.domainAnalytics.overview(
      { domain: input.domain, locationCode: locationCodeOfCountry(input.location), language: input.language },
      call,
    );
  },
});
