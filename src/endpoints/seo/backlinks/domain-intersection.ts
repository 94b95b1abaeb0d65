import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { DomainIntersection, backlinkRowLimit, intersectionTargets } from '../../../schemas/backlinks';
import { DomainName } from '../../../schemas/domain-name';

const DomainIntersectionRequest = z.strictObject({
  targets: intersectionTargets(DomainName, ['example.com', 'example.org']),
  limit: backlinkRowLimit(),
});

const DomainIntersectionResponse = z.object({
  targets: z.array(z.string()).meta({ description: 'The targets as sent.' }),
  intersections: z.array(DomainIntersection).meta({ description: 'Domains linking to every target.' }),
});

export default defineEndpoint({
  id: 'seo.backlinks_domain_intersection',
  method: 'POST',
  path: '/v1/seo/backlinks/domain-intersection',
  summary: 'Domains linking to several targets',
  description: 'The domains that link to every one of 2 to 20 target domains (link-gap analysis), with their rank and backlinks to each target. Billed on the rows returned.',
  input: DomainIntersectionRequest,
  output: DomainIntersectionResponse,
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
      intersections: [{ domain: 'dailyjournal.org', rank: 612, backlinks: 17, targets: { 'example.com': 12, 'example.org': 5 } }],
    },
  },
  async handler({ input, providers, call }) {
    const intersections = await providers.backlinks.domainIntersection({ targets: input.targets, limit: input.limit }, call);
    return { targets: input.targets, intersections: intersections.slice(0, input.limit) };
  },
});
