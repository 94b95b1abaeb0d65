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
 * The providers as one call sees them: reading a family records its name, so the response can
 * say who served it (`x-tollgate-provider`).
 */
export function trackProviders(providers: Providers, used: Set<string>): Providers {
  return new Proxy(providers, {
    get(target, family, receiver) {
      const provider = Reflect.get(target, family, receiver) as { name?: string } | undefined;
      if (provider?.name) used.add(provider.name);
      return provider;
    },
  });
}
