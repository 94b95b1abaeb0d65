import type { Providers } from '../providers';
import { sandboxDomains } from './domains';
import { sandboxSeo } from './seo';
import { sandboxSerp } from './serp';

/** Synthetic, deterministic data for every family: what serves when no vendor is configured. */
export const sandboxProviders: Providers = {
  seo: sandboxSeo,
  serp: sandboxSerp,
  domains: sandboxDomains,
};
