import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { BacklinkSummary, BacklinkTarget } from '../../../schemas/backlinks';

export default defineEndpoint({
  id: 'seo.backlinks_summary',
  method: 'POST',
  path: '/v1/seo/backlinks/summary',
  summary: 'Backlink summary',
  description: 'The backlink profile of a domain or page in one record: backlinks (dofollow, nofollow, broken), referring domains and IPs, and domain rank.',
  input: z.strictObject({ target: BacklinkTarget }),
  output: BacklinkSummary,
  price: ({ perCall }) => perCall(0.05),
  examples: {
    request: { target: 'example.com' },
    response: { target: 'example.com', totalBacklinks: 1_219_877, referringDomains: 48_701, referringIps: 36_904, dofollowBacklinks: 880_112, nofollowBacklinks: 339_765, brokenBacklinks: 38_502, domainRank: 550 },
  },
  async handler({ input, providers, call }) {
    return { ...(await providers.backlinks.summary({ target: input.target }, call)), target: input.target };
  },
});
