import { isIP } from 'node:net';
import { ApiError } from '../core/errors';
import type { BrowserSettings } from '../config';
import type { BrowserProvider } from '../providers/families/browser';
import type { Net } from './index';
import { BrowserPool } from './browser-pool';
import { browserProvider } from './browser-provider';
import { DestinationRefused, fetchFailureToApiError } from './errors';
import type { EgressProxy } from './egress-proxy';
import { checkedAddresses } from './pinned-connector';
import { parseFetchTarget } from './target-url';

/** The browser family and what it owns (the pool and its egress proxy), closed with the server. */
export interface BrowserService extends BrowserProvider {
  close(): Promise<void>;
}

/**
 * The `browser` family. Nothing starts until the first browser call: then the checking egress
 * proxy (`startProxy`) and the pool, whose browsers are themselves launched one by one as calls
 * need them, and kept for the calls after.
 */
export function createBrowser(settings: BrowserSettings, net: Net, startProxy: (options: { upstreamProxyUrl?: string }) => Promise<EgressProxy>): BrowserService {
  /** Stealth scrapes' checking proxies, one per country, each chained to the operator's proxy for that country. */
  const stealthProxies = new Map<string, Promise<EgressProxy>>();
  let started: Promise<{ pool: BrowserPool; proxy: EgressProxy }> | undefined;
  let closed = false;
  const start = () =>
    (started ??= (async () => {
      if (closed) throw new ApiError('UNAVAILABLE', 'The server is shutting down; retry the request.', { headers: { 'retry-after': '1' } });
      const proxy = await startProxy({});
      const pool = new BrowserPool({ chromiumPath: settings.chromiumPath, size: settings.poolSize, queueSize: settings.queueSize, timeoutMs: settings.timeoutMs, proxyUrl: proxy.url });
      return { pool, proxy };
    })().catch((error: unknown) => {
      started = undefined;
      throw error;
    }));
  const provider = browserProvider(
    async () => {
      const { pool } = await start();
      return pool;
    },
    {
      stealthProxyUrl:
        settings.stealthProxyUrl === undefined
          ? undefined
          : async (country) => {
              let proxy = stealthProxies.get(country);
              if (!proxy) {
                proxy = startProxy({ upstreamProxyUrl: (settings.stealthProxyUrl ?? '').replaceAll('{country}', country) });
                proxy.catch(() => stealthProxies.delete(country));
                stealthProxies.set(country, proxy);
              }
              return (await proxy).url;
            },
      // The customer's URL is checked before the browser opens it, so a refusal is a 400 naming `url`.
      async checkDestination(url) {
        const target = parseFetchTarget(url);
        if (target.address !== undefined || isIP(target.host)) {
          const reason = net.policy.refusal(target.address ?? target.host);
          if (reason !== undefined) throw new DestinationRefused(reason);
          return;
        }
        // A name that does not resolve is the customer's URL's failure, said of `url` as /v1/scrape says it.
        await checkedAddresses(target.host, net.resolver, net.policy).catch((error: unknown) => {
          throw fetchFailureToApiError(error);
        });
      },
    },
  );
  return {
    ...provider,
    async close() {
      if (closed) return;
      closed = true;
      const running = await started?.catch(() => undefined);
      await running?.pool.close();
      await running?.proxy.close();
      await Promise.all([...stealthProxies.values()].map(async (proxy) => (await proxy.catch(() => undefined))?.close()));
    },
  };
}
