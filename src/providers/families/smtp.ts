import type { CallOptions, ProviderFamily } from '../providers';

/** What a mail server said about one address, in SMTP's own terms. */
export interface MailboxProbe {
  /** A mail server answered (greeted) on one of the MX hosts. */
  smtpServer: boolean;
  /** It accepted the address at RCPT (true), refused it permanently (false); null: not known. */
  exists: boolean | null;
  /** It accepted a random address at the same domain too (catch-all); null: not known. */
  acceptAll: boolean | null;
  /** It answered a temporary failure (4xx: greylisting, rate limits); try again later. */
  greylisted: boolean;
  /** It refused to talk to Tollgate (a block list, a policy refusal): the address stays unknown. */
  blocked: boolean;
}

/**
 * Asking a domain's mail servers whether they accept an address (EHLO, MAIL FROM, RCPT TO, QUIT;
 * never DATA: no mail is sent), through src/net's resolver and address policy. Off unless the
 * operator turns it on (TOLLGATE_SMTP_PROBE): outbound port 25 is blocked on most clouds, and
 * probing from an address mail servers do not know can get that address block-listed.
 */
export interface SmtpProbeProvider extends ProviderFamily {
  /** Whether the operator turned probing on; when off, callers ask the contacts family instead. */
  readonly enabled: boolean;
  /**
   * `mxHosts` in the order to try (best priority first). Throws DestinationRefused (400 naming
   * `email`) when every MX host resolves to an address the policy refuses, before any connection;
   * an abort of the call's signal rejects with its reason. Anything else is an answer.
   */
  probe(request: { email: string; mxHosts: string[] }, call: CallOptions): Promise<MailboxProbe>;
}
