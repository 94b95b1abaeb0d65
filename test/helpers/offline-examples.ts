import type { EndpointDefinition } from '../../src/core/define-endpoint';
import { startTestDnsServer } from './test-dns-server';
import { startTestSite } from './test-site';

/**
 * What lets every endpoint's documented example run offline, for the suites that call them all:
 * a DNS server on loopback that the app asks instead of the internet's (`example.com` resolves),
 * and the local test site's article standing in for the examples' `url` fields — on loopback,
 * which `environment` opens to the fetcher. The fetch stays real (the SSRF-safe fetcher, its
 * policy, the page's parsing); only the address is the test's.
 */
export interface OfflineExamples {
  /** Settings for the test app. */
  environment: Record<string, string>;
  /** The endpoint's example request, its `url` (if any) pointed at the test site. */
  example(endpoint: EndpointDefinition<any, any>): Record<string, unknown>;
  close(): Promise<void>;
}

export async function startOfflineExamples(): Promise<OfflineExamples> {
  const site = await startTestSite();
  const dns = await startTestDnsServer({ 'example.com': { A: ['93.184.215.14'], MX: [{ exchange: 'mail.example.com', priority: 10 }] } });
  const pageUrl = `${site.url}/article`;
  return {
    environment: { TOLLGATE_DNS_SERVERS: dns.servers.join(','), TOLLGATE_FETCH_ALLOWED_NETWORKS: '127.0.0.0/8' },
    example(endpoint) {
      const request = endpoint.examples.request as Record<string, unknown>;
      return typeof request.url === 'string' ? { ...request, url: pageUrl } : request;
    },
    async close() {
      await site.close();
      await dns.close();
    },
  };
}
