import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { DomainMetrics } from '../../../schemas/domain-analytics';
import { DomainName } from '../../../schemas/domain-name';

/** The host of an http(s) URL or of a domain followed by a path; anything else is left for DomainName to judge. */
function hostOf(value: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) && !/^https?:\/\//i.test(value)) return value;
  return value.replace(/^https?:\/\//i, '').split(/[/?#]/)[0]!.replace(/^.*@/, '').replace(/:\d+$/, '');
}

/** A domain or a URL on it: the protocol, credentials, port, path, query and fragment are dropped. */
const DomainOrUrl = z
  .string()
  .trim()
  .transform(hostOf)
  .pipe(DomainName)
  .meta({ description: 'Domain, or a URL on it (http(s):// and the path are stripped).', examples: ['example.com', 'https://example.com/pricing'] });

const DomainMetricsRequest = z.strictObject({ domain: DomainOrUrl });

export default defineEndpoint({
  id: 'seo.domain_metrics',
  method: 'POST',
  path: '/v1/seo/domain/metrics',
  summary: 'Domain metrics: rating, rank, backlinks, traffic',
  description:
    'Third-party-style authority metrics for a domain and its home page: domain and URL rating (0 to 100), a global rank ' +
    'position, backlink rank (0 to 1000), backlinks, referring domains, and United States organic traffic, its value and keywords.',
  input: DomainMetricsRequest,
  output: DomainMetrics,
  price: ({ perCall }) => perCall(0.02),
  examples: {
    request: { domain: 'https://example.com/pricing' },
    response: {
      target: 'example.com',
      page: { backlinks: 312000, refDomains: 14100, traffic: 31200, trafficValue: 28400.5, organicKeywords: 420, urlRating: 48, numberOfWordsOnPage: 860 },
      domainMetrics: { domainRating: 55, thirdPartyRank: 6427, domainRank: 552, backlinks: 1284000, refDomains: 31200, traffic: 182400, trafficValue: 161900.25, organicKeywords: 9120 },
    },
  },
  async handler({ input, providers, call }) {
    return providers.domainAnalytics.metrics({ domain: input.domain }, call);
  },
});
