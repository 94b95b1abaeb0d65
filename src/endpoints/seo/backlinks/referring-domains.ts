import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { BacklinkTarget, ReferringDomain, backlinkRowLimit } from '../../../schemas/backlinks';

const ReferringDomainsRequest = z.strictObject({ target: BacklinkTarget, limit: backlinkRowLimit() });

const ReferringDomainsResponse = z.object({
  target: z.string().meta({ description: 'The target as sent.' }),
  referringDomains: z.array(ReferringDomain).meta({ description: 'Linking domains, most backlinks first.' }),
});

export default defineEndpoint({
  id: 'seo.backlinks_referring_domains',
  method: 'POST',
  path: '/v1/seo/backlinks/referring-domains',
  summary: 'Referring domains',
  description: 'The domains linking to a domain or page, each with its backlinks (and how many are dofollow), its rank and when it started (and stopped) linking. Billed on the rows returned.',
  input: ReferringDomainsRequest,
  output: ReferringDomainsResponse,
  price: ({ perResults }) => perResults({
    baseUsd: 0.05,
    per100Usd: 0.01,
    maxResults: (input) => input.limit,
    countResults: (output) => output.referringDomains.length,
  }),
  examples: {
    request: { target: 'example.com', limit: 100 },
    response: {
      target: 'example.com',
      referringDomains: [{ domain: 'dailyjournal.org', backlinks: 1_420, dofollow: 1_210, rank: 612, firstSeen: '2021-02-11', lastSeen: '' }],
    },
  },
  async handler({ input, providers, call }) {
    const referringDomains = await providers.backlinks.referringDomains({ target: input.target, limit: input.limit }, call);
    return { target: input.target, referringDomains: referringDomains.slice(0, input.limit) };
  },
});
