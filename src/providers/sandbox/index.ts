import type { Providers } from '../providers';
import { sandboxKeywords } from './keywords';
import { sandboxDomainAnalytics } from './domain-analytics';
import { sandboxBacklinks } from './backlinks';
import { sandboxContent } from './content';
import { sandboxSerp } from './serp';
import { sandboxPlaces } from './places';
import { sandboxRegistrar } from './registrar';

/** Synthetic, deterministic data for every family: what serves when no vendor is configured. */
export const sandboxProviders: Providers = {
  keywords: sandboxKeywords,
  domainAnalytics: sandboxDomainAnalytics,
  backlinks: sandboxBacklinks,
  content: sandboxContent,
  serp: sandboxSerp,
  places: sandboxPlaces,
  registrar: sandboxRegistrar,
};
