import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import { WEBMAIL_DOMAINS } from './webmail-domains';

/**
 * Disposable (throwaway) mail domains: the community-maintained disposable-email-domains list
 * (CC0), as the `disposable-email-domains-js` package ships it; updated with the package.
 */
const DISPOSABLE: ReadonlySet<string> = disposableEmailBlocklistSet();
const WEBMAIL: ReadonlySet<string> = new Set(WEBMAIL_DOMAINS);

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
