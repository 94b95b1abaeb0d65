import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { TrendPoint } from '../../schemas/content';
import { locationCodeOfCountry } from '../../schemas/countries';
import { countryCode, searchText } from '../../schemas/request-fields';

const TrendsRequest = z.strictObject({
  keywords: z
    .array(searchText(100))
    .min(1)
    .max(5)
    .meta({ description: '1 to 5 keywords to compare (at most 100 characters each).', examples: [['espresso machine', 'french press']] }),
  location: countryCode(),
});

const TrendsResponse = z.object({
  keywords: z.array(z.string()).meta({ description: 'The keywords as sent; `values` and `averages` follow this order.' }),
  timeline: z.array(TrendPoint).meta({ description: 'Weekly interest over the past year, oldest first; 100 is the peak across all keywords.' }),
  averages: z.array(z.number().min(0).max(100)).meta({ description: 'Average interest per keyword over the period.' }),
});

export default defineEndpoint({
  id: 'seo.trends',
  method: 'POST',
  path: '/v1/seo/trends',
  summary: 'Search interest over time (websearch Trends)',
  description: 'Relative search interest in up to 5 keywords over the past 12 months, week by week, on a 0 to 100 scale shared by all of them (100 = the highest point of any), with each keyword’s average.',
  input: TrendsRequest,
  output: TrendsResponse,
  price: ({ perCall }) => perCall(0.02),
  examples: {
    request: { keywords: ['espresso machine', 'french press'], location: 'us' },
    response: {
      keywords: ['espresso machine', 'french press'],
      timeline: [{ date: '2026-10-18', values: [84, 31] }, { date: '2026-10-25', values: [100, 29] }],
      averages: [71, 27],
    },
  },
  async handler({ input, providers, call }) {
    const { timeline, averages } = await providers.content.trends({ keywords: input.keywords, locationCode: locationCodeOfCountry(input.location) }, call);
    return { keywords: input.keywords, timeline, averages };
  },
});
