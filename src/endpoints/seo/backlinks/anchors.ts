import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { Anchor, BacklinkTarget, backlinkRowLimit } from '../../../schemas/backlinks';

const AnchorsRequest = z.strictObject({ target: BacklinkTarget, limit: backlinkRowLimit() });

const AnchorsResponse = z.object({
  target: z.string().meta({ description: 'The target as sent.' }),
  anchors: z.array(Anchor).meta({ description: 'Anchor texts, most backlinks first.' }),
});

export default defineEndpoint({
  id: 'seo.backlinks_anchors',
  method: 'POST',
  path: '/v1/seo/backlinks/anchors',
  summary: 'Anchor text analysis',
  description: 'The anchor texts of the links pointing to a domain or page, with backlink, dofollow and referring-domain counts, most used first. Billed on the rows returned.',
  input: AnchorsRequest,
  output: AnchorsResponse,
  price: ({ perResults }) => perResults({
    baseUsd: 0.05,
    per100Usd: 0.01,
    maxResults: (input) => input.limit,
    countResults: (output) => output.anchors.length,
  }),
  examples: {
    request: { target: 'example.com', limit: 100 },
    response: {
      target: 'example.com',
      anchors: [
        { anchor: 'example', backlinks: 182_400, dofollow: 131_020, firstSeen: '2019-04-02', lastSeen: '', referringDomains: 9_812 },
        { anchor: '', backlinks: 40_115, dofollow: 30_870, firstSeen: '2019-05-17', lastSeen: '', referringDomains: 3_220 },
      ],
    },
  },
  async handler({ input, providers, call }) {
    const anchors = await providers.backlinks.anchors({ target: input.target, limit: input.limit }, call);
    return { target: input.target, anchors: anchors.slice(0, input.limit) };
  },
});
