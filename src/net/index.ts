import { Agent } from 'undici';
import type { NetSettings } from '../config';
import { createAddressPolicy, type AddressPolicy } from './address-policy';
import { createFetcher, type Fetcher } from './fetcher';
import { pinnedConnector } from './pinned-connector';
import { createResolver, type Resolver } from './resolver';
import { createSmtpProber, type SmtpProber } from './smtp-probe';

/** How many redirects one fetch follows (each hop checked again). */
export const MAX_REDIRECTS = 5;

/** The server's one way out to customer-chosen destinations, built once from the settings. */
export interface Net {
  resolver: Resolver;
  policy: AddressPolicy;
  fetcher: Fetcher;
  /** Mail servers asked about an address (off unless TOLLGATE_SMTP_PROBE is on). */
  smtpProber: SmtpProber;
  /**
   * Connections for a client of its own (RDAP's) to servers that third parties name — a
   * registry's redirect, a registrar's link — each connected only where the policy allows, to the
   * address it was checked at (as the fetcher's).
   */
  agent: Agent;
  close(): Promise<void>;
}

export function createNet(settings: NetSettings): Net {
  // DNS gets a share of the fetch's time, so a silent resolver fails the fetch with its own reason.
  const resolver = createResolver({ servers: settings.dnsServers, timeoutMs: Math.min(5_000, settings.fetchTimeoutMs) });
  const policy = createAddressPolicy({ allowedNetworks: settings.allowedNetworks });
  const fetcher = createFetcher({ resolver, policy, maxBytes: settings.fetchMaxBytes, timeoutMs: settings.fetchTimeoutMs, maxRedirects: MAX_REDIRECTS });
  const smtpProber = createSmtpProber({ resolver, policy, settings: settings.smtpProbe });
  const agent = new Agent({ connect: pinnedConnector({ resolver, policy, connectTimeoutMs: settings.fetchTimeoutMs }), keepAliveTimeout: 30_000 });
  return { resolver, policy, fetcher, smtpProber, agent, close: async () => void (await Promise.all([fetcher.close(), agent.close()])) };
}
