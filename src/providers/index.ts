import type { FastifyBaseLogger } from 'fastify';
import type { VendorSettings } from '../config';
import type { CallOptions, ProviderFamily, Providers } from './providers';
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
 * The providers, each method telling the call it serves that this provider served it (the call
 * is the last argument, `CallOptions`): a provider is recorded when it is called, not when it is
 * read, so the response can say who served it (`x-tollgate-provider`). Wrapped once, at start.
 */
export function reportingProviders(providers: Providers): Providers {
  const reporting: Record<string, unknown> = {};
  for (const [family, provider] of Object.entries(providers) as Array<[string, ProviderFamily & Record<string, unknown>]>) {
    const wrapped: Record<string, unknown> = { name: provider.name };
    for (const member of methodNames(provider)) {
      const method = provider[member] as (...args: unknown[]) => unknown;
      wrapped[member] = (...args: unknown[]) => {
        (args[args.length - 1] as CallOptions | undefined)?.providerCalled?.(provider.name);
        return method.apply(provider, args);
      };
    }
    reporting[family] = wrapped;
  }
  return reporting as unknown as Providers;
}

/** A family's methods, own or inherited (adapters may be class instances). */
function methodNames(provider: object): string[] {
  const names = new Set<string>();
  for (let layer = provider; layer && layer !== Object.prototype; layer = Object.getPrototypeOf(layer)) {
    for (const name of Object.getOwnPropertyNames(layer)) {
      if (name !== 'constructor' && typeof (provider as Record<string, unknown>)[name] === 'function') names.add(name);
    }
  }
  return [...names];
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
