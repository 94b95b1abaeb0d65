import { isIP } from 'node:net';
import { isDisposableDomain, isPublishingPlatform, isWebmailDomain, registrableDomain } from '../../contacts/domain-lists';

/**
 * The domain a page's site belongs to, as a company's mail would use it: `blog.acme.com` →
 * `acme.com`, `news.acme.co.uk` → `acme.co.uk` (good enough to ask a finder, which is all it is
 * used for). null where the page's author is no employee of the site: an address or a single-label
 * host, a platform anyone publishes on (medium.com, janedoe.substack.com, x.github.io), a webmail
 * or disposable-mail domain.
 */
export function companyDomainOfPage(pageUrl: string): string | null {
  const host = new URL(pageUrl).hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') || isIP(host) !== 0 || !host.includes('.')) return null;
  if (isPublishingPlatform(host) || isWebmailDomain(host) || isDisposableDomain(host)) return null;
  return registrableDomain(host);
}
