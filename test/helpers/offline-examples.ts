import type { EndpointDefinition } from '../../src/core/define-endpoint';
import { loadConfig } from '../../src/config';
import { createNet } from '../../src/net';
import type { Providers } from '../../src/providers/providers';
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
  /**
   * Provider families for the test app: the web family, whose pages of `example.com` (the site an
   * endpoint that takes a domain fetches: https://example.com/) come from the test site — a URL
   * can be pointed at a port, a domain cannot. Everything else it fetches as the app would.
   */
  providers: Partial<Providers>;
  /** The endpoint's example request, its fetched `url` (if any) pointed at the test site. */
  example(endpoint: EndpointDefinition<any, any>): Record<string, unknown>;
  close(): Promise<void>;
}

/** Endpoints whose `url` names something that is not fetched (a profile URL looked up in data). */
const URLS_NOT_FETCHED = new Set(['email.profile_finder', 'clips.video', 'clips.comments', 'clips.music', 'video.resolve']);

export async function startOfflineExamples(): Promise<OfflineExamples> {
  const site = await startTestSite();
  const dns = await startTestDnsServer({ 'example.com': { A: ['93.184.215.14'], MX: [{ exchange: 'mail.example.com', priority: 10 }] } });
  const pageUrl = `${site.url}/article`;
  const environment = { TOLLGATE_DNS_SERVERS: dns.servers.join(','), TOLLGATE_FETCH_ALLOWED_NETWORKS: '127.0.0.0/8' };
  const net = createNet(loadConfig(environment).net);
  const onTestSite = (url: string) => {
    const parsed = new URL(url);
    return parsed.hostname === 'example.com' ? `${site.url}${parsed.pathname}${parsed.search}` : url;
  };
  return {
    environment,
    providers: {
      web: { name: 'local', fetchPage: (url, options, call) => net.fetcher.fetch(onTestSite(url), { ...options, signal: call.signal }) },
    },
    example(endpoint) {
      const request = endpoint.examples.request as Record<string, unknown>;
      return typeof request.url === 'string' && !URLS_NOT_FETCHED.has(endpoint.id) ? { ...request, url: pageUrl } : request;
    },
    async close() {
      await net.close();
      await site.close();
      await dns.close();
    },
  };
}
