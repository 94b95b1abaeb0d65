import { isIP } from 'node:net';
import { registrableDomain } from '../../contacts/domain-lists';

/**
 * The domain a page's site belongs to, as a company's mail would use it: `blog.acme.com` →
 * `acme.com`, `news.acme.co.uk` → `acme.co.uk` (good enough to ask a finder, which is all it is
 * used for). null for an address or a single-label host: no company's domain.
 */
export function companyDomainOfPage(pageUrl: string): string | null {
  const host = new URL(pageUrl).hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') || isIP(host) !== 0 || !host.includes('.')) return null;
  return registrableDomain(host);
}
