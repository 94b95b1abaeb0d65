import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { Backlink, BacklinkTarget, backlinkRowLimit } from '../../../schemas/backlinks';

const BacklinkListRequest = z.strictObject({ target: BacklinkTarget, limit: backlinkRowLimit() });

const BacklinkListResponse = z.object({
  target: z.string().meta({ description: 'The target as sent.' }),
  backlinks: z.array(Backlink).meta({ description: 'Individual backlinks, strongest linking domains first.' }),
});

export default defineEndpoint({
  id: 'seo.backlinks_list',
  method: 'POST',
  path: '/v1/seo/backlinks/list',
  summary: 'Backlinks of a domain, subdomain or page',
  description: 'Individual links pointing to a domain, subdomain or page: linking page, anchor, dofollow, linking-domain authority, spam score, status and dates. Billed on the rows returned.',
  input: BacklinkListRequest,
  output: BacklinkListResponse,
  price: ({ perResults }) => perResults({
    baseUsd: 0.05,
    per100Usd: 0.01,
    maxResults: (input) => input.limit,
    countResults: (output) => output.backlinks.length,
  }),
  examples: {
    request: { target: 'example.com', limit: 100 },
    response: {
      target: 'example.com',
      backlinks: [
        { from: 'https://dailyjournal.org/news/example-tools', fromDomain: 'dailyjournal.org', to: 'https://example.com/', anchor: 'example', dofollow: true, domainAuthority: 71, spamScore: 2, status: 'live', firstSeen: '2024-06-02', lastSeen: '2026-10-28' },
      ],
    },
  },
  async handler({ input, providers, call }) {
    const backlinks = await providers.backlinks.backlinks({ target: input.target, limit: input.limit }, call);
    return { target: input.target, backlinks: backlinks.slice(0, input.limit) };
  },
});
