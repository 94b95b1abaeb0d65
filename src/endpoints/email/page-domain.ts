import { isIP } from 'node:net';

/** Second-level labels under which country registries sell names (acme.co.uk, acme.com.au). */
const REGISTRY_LABELS = new Set(['co', 'com', 'net', 'org', 'gov', 'edu', 'ac', 'or', 'ne', 'go', 'gob', 'mil', 'nom', 'ltd', 'plc', 'sch']);

/**
 * The domain a page's site belongs to, as a company's mail would use it: `blog.acme.com` →
 * `acme.com`, `news.acme.co.uk` → `acme.co.uk` (a short list of country second levels, not the
 * whole public-suffix list: good enough to ask a finder, which is all it is used for). null for
 * an address or a single-label host: no company's domain.
 */
export function companyDomainOfPage(pageUrl: string): string | null {
  const host = new URL(pageUrl).hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') || isIP(host) !== 0 || !host.includes('.')) return null;
  const labels = host.split('.');
  const suffixLength = labels.length >= 3 && labels.at(-1)!.length === 2 && REGISTRY_LABELS.has(labels.at(-2)!) ? 2 : 1;
  return labels.slice(-(suffixLength + 1)).join('.');
}
