import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { TrafficEstimate } from '../../../schemas/domain-analytics';
import { DomainName } from '../../../schemas/domain-name';
import { locationCodeOfCountry } from '../../../schemas/countries';
import { countryCode, languageCode } from '../../../schemas/request-fields';

const DomainTrafficRequest = z.strictObject({
  targets: z
    .array(DomainName)
    .min(1)
    .max(1000)
    .meta({ description: 'Up to 1,000 domains, without protocol; duplicates are estimated once.', examples: [['example.com', 'example.org']] }),
  location: countryCode(),
  language: languageCode(),
});

const DomainTrafficResponse = z.object({
  domains: z.array(TrafficEstimate).meta({ description: 'One estimate per distinct target, in the order sent.' }),
});

const distinct = (targets: string[]) => [...new Set(targets)];

export default defineEndpoint({
  id: 'seo.domain_traffic',
  method: 'POST',
  path: '/v1/seo/domain/traffic',
  summary: 'Bulk traffic estimation',
  description:
    'Estimated monthly organic and paid traffic, and the keywords behind them, for up to 1,000 domains in one call. ' +
    'Billed on the domains returned.',
  input: DomainTrafficRequest,
  output: DomainTrafficResponse,
  price: ({ perResults }) => perResults({
    baseUsd: 0.03,
    per100Usd: 0.03,
    maxResults: (input) => distinct(input.targets).length,
    countResults: (output) => output.domains.length,
  }),
  examples: {
    request: { targets: ['example.com', 'example.org'], location: 'us' },
    response: {
      domains: [
        { domain: 'example.com', organicKeywords: 9120, organicTraffic: 182400, paidKeywords: 140, paidTraffic: 5200 },
        { domain: 'example.org', organicKeywords: 410, organicTraffic: 2300, paidKeywords: 0, paidTraffic: 0 },
      ],
    },
  },
  async handler({ input, providers, call }) {
    const domains = await providers.domainAnalytics.trafficEstimates(
      { domains: distinct(input.targets), locationCode: locationCodeOfCountry(input.location), language: input.language },
      call,
    );
    return { domains };
  },
});
