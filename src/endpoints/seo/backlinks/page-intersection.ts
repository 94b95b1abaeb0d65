import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { BacklinkTarget, PageIntersection, backlinkRowLimit, intersectionTargets } from '../../../schemas/backlinks';

const PageIntersectionRequest = z.strictObject({
  targets: intersectionTargets(BacklinkTarget, ['example.com', 'https://example.org/pricing']),
  limit: backlinkRowLimit(),
});

const PageIntersectionResponse = z.object({
  targets: z.array(z.string()).meta({ description: 'The targets as sent.' }),
  intersections: z.array(PageIntersection).meta({ description: 'Pages linking to every target, highest rank first.' }),
});

export default defineEndpoint({
  id: 'seo.backlinks_page_intersection',
  method: 'POST',
  path: '/v1/seo/backlinks/page-intersection',
  summary: 'Pages linking to several targets',
  description: 'The pages that link to every one of 2 to 20 targets (domains, subdomains or page URLs), with their rank and links to each target. Billed on the rows returned.',
  input: PageIntersectionRequest,
  output: PageIntersectionResponse,
  price: ({ perResults }) => perResults({
    baseUsd: 0.05,
    per100Usd: 0.01,
    maxResults: (input) => input.limit,
    countResults: (output) => output.intersections.length,
  }),
  examples: {
    request: { targets: ['example.com', 'example.org'], limit: 100 },
    response: {
      targets: ['example.com', 'example.org'],
      intersections: [{ url: 'https://dailyjournal.org/news/best-tools-2026', domain: 'dailyjournal.org', rank: 388, targets: { 'example.com': 2, 'example.org': 1 } }],
    },
  },
  async handler({ input, providers, call }) {
    const intersections = await providers.backlinks.pageIntersection({ targets: input.targets, limit: input.limit }, call);
    return { targets: input.targets, intersections: intersections.slice(0, input.limit) };
  },
});
