import { createAddressPolicy } from '../../src/net/address-policy';
import { createFetcher, type Fetcher } from '../../src/net/fetcher';
import { createResolver, type Resolver } from '../../src/net/resolver';
import { startCanary, type Canary } from './canary';
import { startTestDnsServer, type TestDnsAnswer, type TestDnsServer } from './test-dns-server';
import { startTestSite, type TestSite } from './test-site';

/** The address that plays "the public internet" in tests: opened by the allowed networks. */
export const PUBLIC_STAND_IN = '127.0.0.2';

export interface NetFixture {
  canary: Canary;
  /** On 127.0.0.2, on the canary's port: a URL that reaches the wrong address reaches the canary. */
  site: TestSite;
  dns: TestDnsServer;
  resolver: Resolver;
  fetcher: Fetcher;
  /** `http://NAME:PORT` for a name the test DNS server answers. */
  siteUrlFor(name: string, path?: string): string;
  close(): Promise<void>;
}

/**
 * A small offline internet: a canary on 127.0.0.1 (everything refused lands there), the test site
 * on 127.0.0.2 at the same port (the only network opened), a DNS server with `site.test` →
 * 127.0.0.2 and `canary.test` → 127.0.0.1 plus `records`, and a fetcher wired to all three.
 */
export async function startNetFixture(options: { records?: Record<string, TestDnsAnswer | TestDnsAnswer[]>; timeoutMs?: number; maxBytes?: number } = {}): Promise<NetFixture> {
  const { canary, site } = await canaryAndSiteOnOnePort();
  const dns = await startTestDnsServer({ 'site.test': { A: [PUBLIC_STAND_IN] }, 'canary.test': { A: ['127.0.0.1'] }, ...options.records });
  const resolver = createResolver({ servers: dns.servers, timeoutMs: 2_000 });
  const policy = createAddressPolicy({ allowedNetworks: [`${PUBLIC_STAND_IN}/32`] });
  const fetcher = createFetcher({ resolver, policy, maxBytes: options.maxBytes ?? 1_048_576, timeoutMs: options.timeoutMs ?? 5_000, maxRedirects: 5 });
  return {
    canary,
    site,
    dns,
    resolver,
    fetcher,
    siteUrlFor: (name, path = '/') => `http://${name}:${canary.port}${path}`,
    async close() {
      await fetcher.close();
      await Promise.all([canary.close(), site.close(), dns.close()]);
    },
  };
}

/** The canary on 127.0.0.1 and the site on 127.0.0.2, on one port (tried again if another process took it meanwhile). */
async function canaryAndSiteOnOnePort(): Promise<{ canary: Canary; site: TestSite }> {
  for (let attempt = 1; ; attempt += 1) {
    const canary = await startCanary();
    try {
      return { canary, site: await startTestSite({ host: PUBLIC_STAND_IN, port: canary.port }) };
    } catch (error) {
      await canary.close();
      if (attempt === 5) throw error;
    }
  }
}
