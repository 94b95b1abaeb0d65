import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { DomainRankOverview } from '../../../schemas/domain-analytics';
import { DomainName } from '../../../schemas/domain-name';
import { locationCodeOfCountry } from '../../../schemas/countries';
import { countryCode, languageCode } from '../../../schemas/request-fields';

const DomainRankOverviewRequest = z.strictObject({
  domain: DomainName.meta({ description: 'Domain, without protocol.', examples: ['example.com'] }),
  location: countryCode(),
  language: languageCode(),
});

export default defineEndpoint({
  id: 'seo.domain_rank_overview',
  method: 'POST',
  path: '/v1/seo/domain/rank-overview',
  summary: 'Domain rank overview: positions, traffic and movement',
  description:
    'Organic and paid search footprint of a domain in a location: keywords, estimated traffic and its cost, how many keywords ' +
    'sit in each position range (pos1, pos2_3, pos4_10 … pos91_100), and how many are new, up, down or lost since the last update.',
  input: DomainRankOverviewRequest,
  output: DomainRankOverview,
  price: ({ perCall }) => perCall(0.04),
  examples: {
    request: { domain: 'example.com', location: 'us' },
    response: {
      target: 'example.com',
      organic: {
        keywords: 9120,
        traffic: 182400,
        trafficCost: 161900.25,
        positions: {
          pos1: 310, pos2_3: 520, pos4_10: 1480, pos11_20: 1710, pos21_30: 1220, pos31_40: 960,
          pos41_50: 780, pos51_60: 640, pos61_70: 520, pos71_80: 410, pos81_90: 330, pos91_100: 240,
        },
        movement: { new: 640, up: 1820, down: 1510, lost: 420 },
      },
      paid: {
        keywords: 140,
        traffic: 5200,
        trafficCost: 9800.4,
        positions: {
          pos1: 70, pos2_3: 45, pos4_10: 25, pos11_20: 0, pos21_30: 0, pos31_40: 0,
          pos41_50: 0, pos51_60: 0, pos61_70: 0, pos71_80: 0, pos81_90: 0, pos91_100: 0,
        },
        movement: { new: 12, up: 30, down: 26, lost: 8 },
      },
    },
  },
  async handler({ input, providers, call }) {
    return providers.domainAnalytics.rankOverview(
      { domain: input.domain, locationCode: locationCodeOfCountry(input.location), language: input.language },
      call,
    );
  },
});
