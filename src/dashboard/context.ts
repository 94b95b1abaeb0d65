import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiKeys } from '../auth/api-keys';
import type { EndpointDefinition } from '../core/define-endpoint';
import type { WebhookSecrets } from '../jobs/webhooks/secrets';
import type { AccountHistory } from '../ledger/history';
import type { Ledger } from '../ledger/ledger';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import type { Database } from '../store/schema';
import type { StripeSettings } from '../config';
import type { DashboardAccounts, SessionView } from './accounts';
import type { FailedLogIns } from './login-failures';
import type { Mailer } from './mailer';
import { readCookie, SESSION_COOKIE, type CookieOptions } from './web';

/** Everything the dashboard's and the operator's pages work with. */
export interface DashboardContext {
  db: Kysely<Database>;
  accounts: DashboardAccounts;
  keys: ApiKeys;
  /** The accounts' webhook signing secrets (the media queue's). */
  webhookSecrets: WebhookSecrets;
  ledger: Ledger;
  history: AccountHistory;
  mailer: Mailer;
  endpoints: readonly EndpointDefinition<any, any>[];
  limits: {
    /** Sign-ups per client address. */
    signups: RateLimiter;
    /** Log-in attempts per client address (the operator's log-in and wrong admin tokens too). */
    loginsPerAddress: RateLimiter;
    /** Failed log-ins per (account, client address) pair, and per account. */
    failedLogIns: FailedLogIns;
    /**
     * Requests for links that send mail: password resets per client address, and verification
     * links asked for again per account (keyed `verify:<account id>`).
     */
    resets: RateLimiter;
  };
  cookies: CookieOptions;
  /**
   * Where the links in mail and redirects point: TOLLGATE_PUBLIC_URL, else the address the server
   * listens on — never the request's Host header, which the sender chooses (a reset link pointing
   * at their host would hand them the token).
   */
  linkBase: () => string;
  adminToken: string | undefined;
  /** False when the operator closed sign-ups (TOLLGATE_SIGNUPS=closed): accounts come from the CLI. */
  signupsOpen: boolean;
  /** Buying credit through Stripe Checkout, when the operator configured it. */
  stripe: StripeSettings | undefined;
  clock: () => number;
  /** Writes the call log's pending rows (before the operator's figures are read). */
  flushCalls(): Promise<void>;
  /** Makes every instance re-read these keys at once (revocation, suspension, new limits). */
  forgetKeys(keyIds: readonly string[]): Promise<void>;
  /**
   * Suspends an account (its keys refused by every instance at once), with why when known, or
   * lifts it; false when there is no such account.
   */
  setSuspended(accountId: string, suspended: boolean, reason?: string): Promise<boolean>;
}

export function linkBase(context: DashboardContext): string {
  return context.linkBase().replace(/\/$/, '');
}

/** The signed-in customer, or a redirect to the log-in page (undefined: the reply is sent). */
export async function signedIn(context: DashboardContext, request: FastifyRequest, reply: FastifyReply): Promise<SessionView | undefined> {
  const session = await context.accounts.session(readCookie(request, SESSION_COOKIE));
  if (!session) {
    void reply.redirect('/dashboard/login', 303);
    return undefined;
  }
  return session;
}
