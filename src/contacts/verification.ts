import { z } from 'zod';
import { isServerFailure } from '../net/resolver';
import { MailServerRefused, randomMailboxName } from '../net/smtp-probe';
import type { DnsProvider } from '../providers/families/dns';
import type { CallOptions, Providers } from '../providers/providers';
import { EmailSource } from '../schemas/contact';
import { isDisposableDomain, isWebmailDomain, registrableDomain } from './domain-lists';
import { checkEmailAddress, isRoleAddress, looksGibberish } from './email-address';
import { mailExchangers, mailServiceOf } from './mail-hosts';
import { DELIVERABILITIES, VERIFICATION_STATUSES, verdictOf } from './verdict';

const check = (description: string) => z.boolean().meta({ description });

export const EmailVerification = z
  .object({
    email: z.string().meta({ description: 'The address checked, normalised (trimmed, lower-cased, its domain in ASCII).', examples: ['jane.doe@acme-widgets.example'] }),
    status: z.enum(VERIFICATION_STATUSES).meta({ description: 'valid: the mail server accepts the mailbox; invalid: malformed, no mail server, or refused; accept_all: the domain accepts any address; unknown: no word on the mailbox. See the README for the rules.', examples: ['valid'] }),
    deliverability: z.enum(DELIVERABILITIES).meta({ description: 'undeliverable when invalid; risky when disposable or accept_all; deliverable when valid; else unknown.', examples: ['deliverable'] }),
    score: z.number().int().min(0).max(100).meta({ description: 'How good an address to write to, 0 to 100 (README: the rules).', examples: [100] }),
    checks: z.object({
      validFormat: check('The address is well formed.'),
      mx: check('The domain has a mail server (MX records, or an address standing in for one).'),
      smtpServer: check('A mail server answered about the address.'),
      smtp: check('The mail server accepts the mailbox.'),
      acceptAll: check('The domain accepts any address (catch-all).'),
      greylisted: check('The mail server answered "try again later".'),
      blocked: check('The mail server refused to answer the check.'),
      disposable: check('A disposable (throwaway) mail domain.'),
      webmail: check('A free personal mailbox provider (gmail.com, outlook.com, …).'),
      gibberish: check('The part before the @ looks machine-made or random.'),
      role: check('A role address (info@, sales@, support@), not a person\'s.'),
    }),
    mxRecords: z.array(z.string()).meta({ description: "The domain's mail servers, best first.", examples: [['aspmx.l.google.com', 'alt1.aspmx.l.google.com']] }),
    smtpProvider: z.string().nullable().meta({ description: 'The mail service behind the mail servers, when known.', examples: ['Google Workspace'] }),
    sources: z.array(EmailSource).meta({ description: 'Public pages where the address was seen, when the data has them.' }),
    reason: z.string().nullable().meta({
      description: "Why the checks stopped, when they did: the address is malformed (what is wrong with it), or the domain's DNS could not be read (status unknown). null when every check was made.",
      examples: [null],
    }),
  })
  .meta({ id: 'EmailVerification' });
export type EmailVerification = z.infer<typeof EmailVerification>;

export const DomainStatus = z
  .object({
    domain: z.string().meta({ examples: ['acme-widgets.example'] }),
    webmail: check('A free personal mailbox provider (gmail.com, outlook.com, …).'),
    disposable: check('A disposable (throwaway) mail domain.'),
    acceptAll: z.boolean().nullable().meta({ description: 'The domain accepts mail for any address (catch-all); null when not known.' }),
    gibberish: check("The domain's name looks machine-made or random."),
  })
  .meta({ id: 'DomainStatus' });
export type DomainStatus = z.infer<typeof DomainStatus>;

interface MailboxEvidence {
  smtpServer: boolean;
  exists: boolean | null;
  acceptAll: boolean | null;
  greylisted: boolean;
  blocked: boolean;
  sources: EmailSource[];
}

const NO_EVIDENCE: MailboxEvidence = { smtpServer: false, exists: null, acceptAll: null, greylisted: false, blocked: false, sources: [] };

/**
 * Verify: what Tollgate checks itself (syntax, mail servers through the configured resolvers,
 * disposable and webmail lists, role, gibberish), then the word on the mailbox: the domain's mail
 * servers asked over SMTP when the operator turned probing on, else the contacts family's data
 * (a vendor's, or the sandbox's). The verdict follows `verdictOf`'s rules. A malformed address is
 * an answer (`validFormat: false`, invalid), not an error; so is a domain whose DNS cannot be read
 * (unknown, with the reason): a list is checked in one pass, whatever one of its domains does.
 */
export async function verifyEmail(email: string, providers: Providers, call: CallOptions): Promise<EmailVerification> {
  const checked = checkEmailAddress(email);
  if (!checked.ok) return malformed(email.trim().toLowerCase(), checked.problem);
  const { address, localPart, domain } = checked;
  const exchangers = await readMailExchangers(domain, providers.dns, call);
  const mxRecords = exchangers.ok ? exchangers.hosts : [];
  // Without its mail servers nobody can be asked about the mailbox: no server, and no vendor either.
  const evidence = mxRecords.length === 0 ? NO_EVIDENCE : await mailboxEvidence(address, mxRecords, providers, call);
  const facts = {
    validFormat: true,
    mailServer: exchangers.ok ? mxRecords.length > 0 : null,
    exists: evidence.exists,
    acceptAll: evidence.acceptAll,
    disposable: isDisposableDomain(domain),
    role: isRoleAddress(localPart),
    gibberish: looksGibberish(localPart.split('+')[0]!),
  };
  return {
    email: address,
    ...verdictOf(facts),
    checks: {
      validFormat: true,
      mx: facts.mailServer === true,
      smtpServer: evidence.smtpServer,
      smtp: evidence.exists === true,
      acceptAll: evidence.acceptAll === true,
      greylisted: evidence.greylisted,
      blocked: evidence.blocked,
      disposable: facts.disposable,
      webmail: isWebmailDomain(domain),
      gibberish: facts.gibberish,
      role: facts.role,
    },
    mxRecords,
    smtpProvider: mailServiceOf(mxRecords, domain),
    sources: evidence.sources,
    reason: exchangers.ok ? null : `The domain's DNS could not be read (${exchangers.failure}), so its mail servers are not known.`,
  };
}

type MailExchangersRead = { ok: true; hosts: string[] } | { ok: false; failure: string };

/**
 * The domain's mail servers, or what kept its DNS from being read: the resolvers' SERVFAIL (the
 * domain's own name servers failing, its DNSSEC broken) is the domain's state, an answer, not a
 * failure of the call. Resolvers that stay silent or refuse are Tollgate's to mend: those calls
 * fail (502, not charged), and so does a call that was aborted.
 */
async function readMailExchangers(domain: string, dns: DnsProvider, call: CallOptions): Promise<MailExchangersRead> {
  try {
    return { ok: true, hosts: await mailExchangers(domain, dns, call) };
  } catch (error) {
    if (!isServerFailure(error) || call.signal.aborted) throw error;
    return { ok: false, failure: (error as Error).message };
  }
}

async function mailboxEvidence(email: string, mxHosts: string[], providers: Providers, call: CallOptions): Promise<MailboxEvidence> {
  if (providers.smtp.enabled) return { ...(await providers.smtp.probe({ email, mxHosts }, call)), sources: [] };
  const known = await providers.contacts.mailbox({ email }, call);
  // The data's word on the mailbox stands for a mail server's answer.
  return { ...NO_EVIDENCE, smtpServer: known.exists !== null || known.acceptAll !== null, exists: known.exists, acceptAll: known.acceptAll, sources: known.sources };
}

/** A malformed address's answer: invalid, nothing looked up, `reason` saying what is wrong (as a 400 elsewhere would). */
function malformed(email: string, problem: string): EmailVerification {
  const facts = { validFormat: false, mailServer: false, exists: null, acceptAll: null, disposable: false, role: false, gibberish: false };
  return {
    email,
    ...verdictOf(facts),
    checks: { validFormat: false, mx: false, smtpServer: false, smtp: false, acceptAll: false, greylisted: false, blocked: false, disposable: false, webmail: false, gibberish: false, role: false },
    mxRecords: [],
    smtpProvider: null,
    sources: [],
    reason: `The address is malformed: ${problem}.`,
  };
}

/**
 * Domain status: webmail, disposable and gibberish checked here; catch-all by asking the domain's
 * mail servers about a random address when probing is on (a domain without a mail server accepts
 * nothing), else from the contacts family's data. `domain` arrives normalised (DomainName).
 */
export async function domainStatus(domain: string, providers: Providers, call: CallOptions): Promise<DomainStatus> {
  return {
    domain,
    webmail: isWebmailDomain(domain),
    disposable: isDisposableDomain(domain),
    acceptAll: await acceptsAll(domain, providers, call),
    gibberish: looksGibberish(nameLabel(domain)),
  };
}

async function acceptsAll(domain: string, providers: Providers, call: CallOptions): Promise<boolean | null> {
  if (!providers.smtp.enabled) return providers.contacts.acceptsAll({ domain }, call);
  const mxHosts = await mailExchangers(domain, providers.dns, call);
  if (mxHosts.length === 0) return false;
  try {
    return (await providers.smtp.probe({ email: `${randomMailboxName()}@${domain}`, mxHosts }, call)).acceptAll;
  } catch (error) {
    if (error instanceof MailServerRefused) throw new MailServerRefused(error.host, error.reason, 'domain');
    throw error;
  }
}

/** The label a domain's owner chose: `acme` of mail.acme.com and of acme.co.uk. */
export function nameLabel(domain: string): string {
  return registrableDomain(domain).split('.')[0]!;
}
