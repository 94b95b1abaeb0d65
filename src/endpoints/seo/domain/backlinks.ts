import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { DomainBacklink } from '../../../schemas/domain-analytics';
import { DomainName } from '../../../schemas/domain-name';
import { resultLimit } from '../../../schemas/request-fields';

const DomainBacklinksRequest = z.strictObject({
  domain: DomainName.meta({ description: 'Domain, without protocol.', examples: ['example.com'] }),
  limit: resultLimit(100, 1000),
});

const DomainBacklinksResponse = z.array(DomainBacklink).meta({ description: 'Backlinks, strongest linking domains first.' });

export default defineEndpoint({
  id: 'seo.domain_backlinks',
  method: 'POST',
  path: '/v1/seo/domain/backlinks',
  summary: 'Backlinks of a domain',
  description: 'Individual backlinks pointing to a domain: the linking page and domain, anchor text, dofollow, the linking domain\'s authority and when the link was first seen. Billed on the rows returned.',
  input: DomainBacklinksRequest,
  output: DomainBacklinksResponse,
  price: ({ perResults }) => perResults({
    baseUsd: 0.05,
    per100Usd: 0.01,
    maxResults: (input) => input.limit,
    countResults: (output) => output.length,
  }),
  examples: {
    request: { domain: 'example.com', limit: 100 },
    response: [
      { sourceUrl: 'https://news.example.org/tech/best-tools', sourceDomain: 'news.example.org', anchorText: 'Example', isDofollow: true, domainAuthority: 78, firstSeen: '2024-05-02T10:14:33+00:00' },
      { sourceUrl: 'https://blog.example.net/links', sourceDomain: 'blog.example.net', anchorText: '', isDofollow: false, domainAuthority: 31, firstSeen: '2025-11-19T22:01:07+00:00' },
    ],
  },
  async handler({ input, providers, call }) {
    return providers.domainAnalytics.backlinks({ domain: input.domain, limit: input.limit }, call);
  },
});
