import type { FastifyBaseLogger } from 'fastify';
import type { VendorSettings } from '../config';
import type { Providers } from './providers';
import { sandboxProviders } from './sandbox';
import { dataForSeoProviders } from './dataforseo';
import { googlePlacesProvider } from './google-places';

/**
 * Chooses, per family, the vendor adapter whose credentials are configured, else the sandbox, and
 * says which at startup.
 */
export function createProviders(vendors: VendorSettings, logger: FastifyBaseLogger): Providers {
  const providers: Providers = { ...sandboxProviders };
  if (vendors.dataForSeo) Object.assign(providers, dataForSeoProviders({ ...vendors.dataForSeo, timeoutMs: vendors.timeoutMs }));
  if (vendors.googlePlaces) providers.places = googlePlacesProvider({ ...vendors.googlePlaces, timeoutMs: vendors.timeoutMs });
  for (const [family, provider] of Object.entries(providers)) {
    if (provider.name === 'sandbox') {
      logger.info({ family, provider: provider.name }, `provider ${family}: sandbox (synthetic data; configure a vendor's credentials to serve real data)`);
    } else {
      logger.info({ family, provider: provider.name }, `provider ${family}: ${provider.name}`);
    }
  }
  return providers;
}

/**
 * The providers as one call sees them: calling a family's method records the family's provider
 * (reading one records nothing), so the response can say who served it (`x-tollgate-provider`).
 */
export function trackProviders(providers: Providers, used: Set<string>): Providers {
  const families = new Map<PropertyKey, unknown>();
  return new Proxy(providers, {
    get(target, family, receiver) {
      const provider = Reflect.get(target, family, receiver) as ({ name?: string } & object) | undefined;
      if (!provider?.name) return provider;
      let tracked = families.get(family);
      if (!tracked) {
        tracked = new Proxy(provider, {
          get(inner, member, innerReceiver) {
            const value = Reflect.get(inner, member, innerReceiver);
            if (typeof value !== 'function') return value;
            return (...args: unknown[]) => {
              used.add(provider.name!);
              return (value as (...args: unknown[]) => unknown).apply(inner, args);
            };
          },
        });
        families.set(family, tracked);
      }
      return tracked;
    },
  });
}

/**
 * What `x-tollgate-provider` says: `sandbox` or `live` (vendors stay the operator's business),
 * or the vendors' names when the operator chooses to expose them.
 */
export function providerLabel(used: ReadonlySet<string>, exposeVendorNames: boolean): string | undefined {
  if (used.size === 0) return undefined;
  const labels = new Set<string>();
  for (const name of used) labels.add(exposeVendorNames || name === 'sandbox' ? name : 'live');
  return [...labels].join(', ');
}
