import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import { PUBLISHING_PLATFORM_DOMAINS } from './publishing-platforms';
import { WEBMAIL_DOMAINS } from './webmail-domains';

/**
 * Disposable (throwaway) mail domains: the community-maintained disposable-email-domains list
 * (CC0), as the `disposable-email-domains-js` package ships it; updated with the package.
 */
const DISPOSABLE: ReadonlySet<string> = disposableEmailBlocklistSet();
const WEBMAIL: ReadonlySet<string> = new Set(WEBMAIL_DOMAINS);
const PUBLISHING_PLATFORMS: ReadonlySet<string> = new Set(PUBLISHING_PLATFORM_DOMAINS);

/** Whether `domain` or a parent domain of it is listed (`mx.mailinator.com` counts as `mailinator.com`). */
function listed(list: ReadonlySet<string>, domain: string): boolean {
  const labels = domain.toLowerCase().replace(/\.$/, '').split('.');
  for (let start = 0; start < labels.length - 1; start += 1) {
    if (list.has(labels.slice(start).join('.'))) return true;
  }
  return false;
}

/** A throwaway-mail domain (mailinator.com, 10minutemail.com, …), or a subdomain of one. */
export function isDisposableDomain(domain: string): boolean {
  return listed(DISPOSABLE, domain);
}

/** A free personal mailbox provider's domain (gmail.com, outlook.com, gmx.de, …; src/contacts/webmail-domains.ts), or a subdomain of one. */
export function isWebmailDomain(domain: string): boolean {
  return listed(WEBMAIL, domain);
}

/** A platform anyone publishes on (medium.com, janedoe.substack.com, x.github.io; src/contacts/publishing-platforms.ts): its authors are not its staff. */
export function isPublishingPlatform(domain: string): boolean {
  return listed(PUBLISHING_PLATFORMS, domain);
}

/** Second-level labels under which country registries sell names (acme.co.uk, acme.com.au, acme.ne.jp). */
const REGISTRY_LABELS = new Set(['co', 'com', 'net', 'org', 'gov', 'edu', 'ac', 'or', 'ne', 'go', 'gob', 'mil', 'nom', 'ltd', 'plc', 'sch']);

/**
 * The name a registry registered, of which `domain` is the name or a subdomain: `blog.acme.com` →
 * `acme.com`, `news.acme.co.uk` → `acme.co.uk`. A short list of country second levels, not the
 * whole public-suffix list: what the email endpoints take for a company's domain and what WHOIS
 * asks a registry about. A single label comes back as it is.
 */
export function registrableDomain(domain: string): string {
  const labels = domain.toLowerCase().replace(/\.$/, '').split('.');
  const suffixLength = labels.length >= 3 && labels.at(-1)!.length === 2 && REGISTRY_LABELS.has(labels.at(-2)!) ? 2 : 1;
  return labels.slice(-(suffixLength + 1)).join('.');
}
