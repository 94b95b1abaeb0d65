import thirdPartyWeb from 'third-party-web/nostats-subset.js';
import { slugOf } from './fingerprints';
import type { Technology } from './technology';

/**
 * Third-party services recognised by the hosts a page loads scripts from, with the
 * `third-party-web` data set (MIT, maintained with the HTTP Archive's crawl: some 2,000 ad,
 * analytics, chat, consent, CDN and tag-manager services and their domains). It complements the
 * curated fingerprints where the web changes fastest; a script a fingerprint already explained
 * is not passed here.
 */

/** Its categories, in the words the fingerprints' categories use. */
const CATEGORIES: Record<string, { name: string; priority: number }> = {
  ad: { name: 'Advertising', priority: 9 },
  analytics: { name: 'Analytics', priority: 9 },
  social: { name: 'Social', priority: 9 },
  video: { name: 'Video players', priority: 7 },
  utility: { name: 'Utilities', priority: 9 },
  hosting: { name: 'Hosting', priority: 9 },
  marketing: { name: 'Marketing automation', priority: 9 },
  'customer-success': { name: 'Live chat', priority: 9 },
  content: { name: 'Content', priority: 9 },
  cdn: { name: 'CDN', priority: 9 },
  'tag-manager': { name: 'Tag managers', priority: 9 },
  'consent-provider': { name: 'Cookie compliance', priority: 9 },
  other: { name: 'Miscellaneous', priority: 10 },
};

/**
 * The services behind `scripts` (absolute URLs), the page's own (`hostname`'s) left out. Only
 * host names are handed to the data set's matcher, whose own expressions backtrack on long URLs.
 */
export function thirdPartyServices(scripts: string[], hostname: string): Array<Technology & { priority: number }> {
  const own = entityOf(hostname);
  const services = new Map<string, Technology & { priority: number }>();
  for (const script of scripts) {
    let host: string;
    try {
      host = new URL(script).hostname;
    } catch {
      continue;
    }
    if (host === hostname) continue;
    const entity = entityOf(host);
    if (entity === undefined || entity === own) continue;
    const category = CATEGORIES[entity.category] ?? CATEGORIES.other!;
    const slug = slugOf(entity.name);
    if (!services.has(slug)) services.set(slug, { name: entity.name, slug, category: category.name, website: entity.homepage ?? null, priority: category.priority });
  }
  return [...services.values()];
}

function entityOf(hostname: string) {
  return hostname === '' ? undefined : thirdPartyWeb.getEntity(`https://${hostname}/`);
}
