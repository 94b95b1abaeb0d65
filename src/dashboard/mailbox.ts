import { DISPOSABLE_DOMAINS } from './disposable-domains';

/**
 * Providers that deliver `name+anything@` to `name@` (sub-addressing), and those that also ignore
 * dots in the local part. One mailbox, one sign-up credit: the credit is counted by the address
 * this reduces to. Aliases of one provider reduce to its first domain.
 */
const PROVIDERS: ReadonlyArray<{ domains: readonly string[]; ignoresDots: boolean; plusTags: boolean }> = [
  { domains: ['gmail.com', 'googlemail.com'], ignoresDots: true, plusTags: true },
  { domains: ['outlook.com', 'hotmail.com', 'live.com', 'msn.com'], ignoresDots: false, plusTags: true },
  { domains: ['icloud.com', 'me.com', 'mac.com'], ignoresDots: false, plusTags: true },
  { domains: ['fastmail.com', 'fastmail.fm'], ignoresDots: false, plusTags: true },
  { domains: ['proton.me', 'protonmail.com', 'pm.me'], ignoresDots: false, plusTags: true },
  { domains: ['yandex.com', 'yandex.ru'], ignoresDots: false, plusTags: true },
];

const EMAIL_PATTERN = /^[^\s@<>()"',;:\\]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** The address as typed, trimmed and lower-cased; undefined when it is not an e-mail address. */
export function canonicalEmail(raw: string): string | undefined {
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) return undefined;
  return email;
}

/** The mailbox an address delivers to: `J.Doe+promo@googlemail.com` → `jdoe@gmail.com`. */
export function normalisedMailbox(email: string): string {
  const at = email.lastIndexOf('@');
  let local = email.slice(0, at).toLowerCase();
  let domain = email.slice(at + 1).toLowerCase();
  const provider = PROVIDERS.find((candidate) => candidate.domains.includes(domain));
  if (provider) {
    domain = provider.domains[0]!;
    if (provider.plusTags) local = local.split('+')[0]!;
    if (provider.ignoresDots) local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}

/** Whether the address is at a throw-away mail service (or a subdomain of one). */
export function isDisposable(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const labels = domain.split('.');
  for (let start = 0; start < labels.length - 1; start += 1) {
    if (DISPOSABLE_DOMAINS.has(labels.slice(start).join('.'))) return true;
  }
  return false;
}
