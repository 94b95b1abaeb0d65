/** The verify verdict's values (`status` is Contact.verificationStatus's set too). */
export const VERIFICATION_STATUSES = ['valid', 'invalid', 'accept_all', 'unknown'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export const DELIVERABILITIES = ['deliverable', 'undeliverable', 'risky', 'unknown'] as const;
export type Deliverability = (typeof DELIVERABILITIES)[number];

/** What verify found out about one address (see src/contacts/verification.ts). */
export interface VerificationFacts {
  validFormat: boolean;
  /** The domain has a mail server: MX records, or an A/AAAA record standing in for one; null: its DNS could not be read. */
  mailServer: boolean | null;
  /** The mail server accepted the mailbox (true), refused it for good (false); null: not known. */
  exists: boolean | null;
  /** The domain accepts any address; null: not known. */
  acceptAll: boolean | null;
  disposable: boolean;
  role: boolean;
  gibberish: boolean;
}

export interface Verdict {
  status: VerificationStatus;
  deliverability: Deliverability;
  score: number;
}

/** The score's starting point per status, before the penalties. */
export const BASE_SCORE: Readonly<Record<VerificationStatus, number>> = { valid: 100, accept_all: 60, unknown: 40, invalid: 0 };
/** Points taken off (not below 0) for what makes an address that exists a poor one to write to. */
export const SCORE_PENALTIES = { disposable: 40, gibberish: 20, role: 10 } as const;

/**
 * The verify verdict, from the facts alone (a pure function; the table test holds every rule).
 *
 * `status`, the first rule that applies:
 * 1. `invalid`: the address is malformed, or its domain has no mail server (no MX and no A/AAAA,
 *    a null MX, or the domain does not exist), or the mail server refused the mailbox for good
 *    (5xx at RCPT).
 * 2. `accept_all`: the domain accepts any address (catch-all), so its accepting this one proves
 *    nothing.
 * 3. `valid`: the mail server accepted the mailbox.
 * 4. `unknown`: no word on the mailbox (probing off and no data, greylisted, blocked, silent), or
 *    the domain's DNS could not be read (its mail servers are not known, so nobody was asked).
 *
 * `deliverability`: `undeliverable` when invalid; else `risky` when disposable or accept_all;
 * else `deliverable` when valid; else `unknown`.
 *
 * `score` (0–100): 0 when invalid; else the status's base (valid 100, accept_all 60, unknown 40)
 * less 40 for a disposable domain, 20 for a gibberish local part and 10 for a role address, not
 * below 0. A webmail domain costs nothing: a personal mailbox at a large provider is as good an
 * address as any.
 */
export function verdictOf(facts: VerificationFacts): Verdict {
  const status: VerificationStatus =
    !facts.validFormat || facts.mailServer === false || facts.exists === false ? 'invalid'
    : facts.acceptAll === true ? 'accept_all'
    : facts.exists === true ? 'valid'
    : 'unknown';
  const deliverability: Deliverability =
    status === 'invalid' ? 'undeliverable'
    : facts.disposable || status === 'accept_all' ? 'risky'
    : status === 'valid' ? 'deliverable'
    : 'unknown';
  let score = BASE_SCORE[status];
  if (status !== 'invalid') {
    if (facts.disposable) score -= SCORE_PENALTIES.disposable;
    if (facts.gibberish) score -= SCORE_PENALTIES.gibberish;
    if (facts.role) score -= SCORE_PENALTIES.role;
  }
  return { status, deliverability, score: Math.max(0, score) };
}
