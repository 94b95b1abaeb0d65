import { z } from 'zod';
import { DomainName } from '../schemas/domain-name';

export { looksGibberish } from './gibberish';

/** RFC 5321 §4.5.3.1: a path holds at most 256 octets with its angle brackets, so an address 254. */
const MAX_ADDRESS_OCTETS = 254;
const MAX_LOCAL_PART_OCTETS = 64;
/** An atom of a dot-atom local part: RFC 5322 atext, plus any non-ASCII character (RFC 6531) `hasHiddenCharacter` lets through. */
const ATOM = /^[a-z0-9!#$%&'*+/=?^_`{|}~\u0080-\u{10FFFF}-]+$/u;
/**
 * Characters no one can see or type as part of an address: controls (C0 and C1), format characters
 * (zero-width spaces and joiners, bidi overrides that make an address read as another), line and
 * paragraph separators, private-use characters and lone surrogates.
 */
const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}]/u;

/** A control, format or private-use character, a lone surrogate, or a Unicode noncharacter (U+FDD0–U+FDEF, U+xxFFFE, U+xxFFFF). */
function hasHiddenCharacter(text: string): boolean {
  if (HIDDEN_CHARACTER.test(text)) return true;
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    if ((codePoint >= 0xfdd0 && codePoint <= 0xfdef) || (codePoint & 0xfffe) === 0xfffe) return true;
  }
  return false;
}

export type AddressCheck = { ok: true; address: string; localPart: string; domain: string } | { ok: false; problem: string };

/**
 * The one reading of an email address: trimmed and lower-cased, a dot-atom local part of at most
 * 64 octets (ASCII or, per RFC 6531, UTF-8), `@`, and a domain name (internationalised names
 * converted to ASCII with `domainToASCII`); at most 254 octets in all. Deliberately a practical
 * subset of RFC 5321: quoted local parts (`"john doe"@…`), address literals (`…@[192.0.2.1]`)
 * and comments are refused, as almost every mail system refuses them. `problem` says what is
 * wrong without repeating the address (it may reach a log).
 */
export function checkEmailAddress(text: string): AddressCheck {
  const address = text.trim().toLowerCase();
  if (address === '') return { ok: false, problem: 'must not be empty' };
  const at = address.lastIndexOf('@');
  if (at < 0) return { ok: false, problem: 'must be an email address (it has no @)' };
  const localPart = address.slice(0, at);
  const domainText = address.slice(at + 1);
  if (localPart === '') return { ok: false, problem: 'must be an email address (nothing before the @)' };
  if (domainText === '') return { ok: false, problem: 'must be an email address (no domain after the @)' };
  if (localPart.includes('@')) return { ok: false, problem: 'must be an email address with a single @ (quoted local parts are not accepted)' };
  if (/\s/u.test(address)) return { ok: false, problem: 'must be an email address without spaces' };
  if (hasHiddenCharacter(address)) return { ok: false, problem: 'must not hold invisible, control or text-direction characters (zero-width spaces, bidi overrides)' };
  if (localPart.startsWith('"')) return { ok: false, problem: 'quoted local parts ("…"@) are not accepted' };
  if (Buffer.byteLength(localPart, 'utf8') > MAX_LOCAL_PART_OCTETS) return { ok: false, problem: `the part before the @ must be at most ${MAX_LOCAL_PART_OCTETS} bytes long` };
  if (localPart.startsWith('.') || localPart.endsWith('.')) return { ok: false, problem: 'the part before the @ must not start or end with a dot' };
  if (localPart.includes('..')) return { ok: false, problem: 'the part before the @ must not hold two dots in a row' };
  if (!localPart.split('.').every((atom) => ATOM.test(atom))) {
    return { ok: false, problem: "the part before the @ holds a character addresses cannot have (letters, digits and !#$%&'*+/=?^_`{|}~.- are allowed)" };
  }
  if (domainText.startsWith('[')) return { ok: false, problem: 'address literals (…@[192.0.2.1]) are not accepted; use a domain name' };
  const domain = DomainName.safeParse(domainText.replace(/\.$/, ''));
  if (!domain.success) return { ok: false, problem: 'the part after the @ is not a valid domain name (expected something like example.com)' };
  const normalised = `${localPart}@${domain.data}`;
  if (Buffer.byteLength(normalised, 'utf8') > MAX_ADDRESS_OCTETS) return { ok: false, problem: `must be at most ${MAX_ADDRESS_OCTETS} bytes long` };
  return { ok: true, address: normalised, localPart, domain: domain.data };
}

/**
 * A request field holding an email address: trimmed, lower-cased, syntax checked (see
 * `checkEmailAddress`), the domain in its ASCII form. A 400 names what is wrong.
 */
export const EmailAddress = z
  .string()
  .transform((value, context) => {
    const checked = checkEmailAddress(value);
    if (checked.ok) return checked.address;
    context.addIssue({ code: 'custom', message: checked.problem });
    return z.NEVER;
  })
  .meta({ description: 'An email address; internationalised domains are accepted and converted to ASCII.', examples: ['jane.doe@acme-widgets.example'] });

/** `jane@example.com` → its two parts, split at the last @ (a normalised address has one). */
export function splitAddress(email: string): { localPart: string; domain: string } {
  const at = email.lastIndexOf('@');
  return { localPart: email.slice(0, at), domain: email.slice(at + 1) };
}

/**
 * Local parts that name a function, not a person (RFC 2142's mailbox names, and the usual
 * company ones): mail to them reaches whoever watches the box, often a ticket queue or nobody.
 */
export const ROLE_LOCAL_PARTS: ReadonlySet<string> = new Set([
  // RFC 2142
  'abuse', 'hostmaster', 'info', 'marketing', 'noc', 'postmaster', 'sales', 'security', 'support', 'usenet', 'news', 'uucp', 'webmaster', 'www', 'ftp',
  // Automated senders
  'noreply', 'donotreply', 'notifications', 'notification', 'alerts', 'alert', 'mailerdaemon', 'bounce', 'bounces', 'newsletter', 'newsletters', 'updates',
  // Company functions
  'admin', 'administrator', 'accounts', 'accounting', 'billing', 'finance', 'invoices', 'payments', 'hr', 'jobs', 'careers', 'recruiting', 'recruitment', 'talent',
  'contact', 'contactus', 'enquiries', 'enquiry', 'inquiries', 'inquiry', 'hello', 'hi', 'help', 'helpdesk', 'service', 'customerservice', 'customercare', 'care',
  'feedback', 'office', 'team', 'staff', 'all', 'everyone', 'mail', 'email', 'press', 'media', 'pr', 'legal', 'privacy', 'compliance', 'dpo', 'gdpr',
  'orders', 'order', 'shop', 'store', 'booking', 'bookings', 'reservations', 'reception', 'partners', 'partnerships', 'investors', 'ir', 'purchasing', 'procurement',
  'shipping', 'returns', 'it', 'tech', 'dev', 'devops', 'ops', 'root', 'sysadmin', 'system', 'events', 'community', 'social', 'affiliates', 'sponsorship', 'studio',
]);

/**
 * Whether a local part is a role's (info@, sales@, no-reply@): compared without its `+tag` and
 * with `-`, `_` and `.` left out, so `no-reply`, `no_reply` and `customer.service` count.
 */
export function isRoleAddress(localPart: string): boolean {
  const base = localPart.toLowerCase().split('+')[0]!;
  return ROLE_LOCAL_PARTS.has(base) || ROLE_LOCAL_PARTS.has(base.replace(/[-_.]/g, ''));
}
