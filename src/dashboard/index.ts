import type { FastifyError, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { ApiKeys } from '../auth/api-keys';
import type { Authenticator } from '../auth/authenticator';
import { announceKeyChange } from '../auth/revocations';
import type { EndpointDefinition } from '../core/define-endpoint';
import { parseUsd } from '../core/money';
import type { WebhookSecrets } from '../jobs/webhooks/secrets';
import type { AccountHistory } from '../ledger/history';
import type { Ledger } from '../ledger/ledger';
import type { CallLog } from '../ledger/call-log';
import { createWindowLimiter } from '../ratelimit';
import type { Store } from '../store/database';
import { DashboardAccounts } from './accounts';
import { registerAdminPages } from './admin';
import { registerDashboardAssets } from './assets';
import type { DashboardContext } from './context';
import { memoryFailedLogIns, redisFailedLogIns } from './login-failures';
import { logMailer, smtpMailer, type Mailer } from './mailer';
import { registerAuthPages } from './routes-auth';
import { registerCustomerPages } from './routes-customer';
import { installPageScope, page } from './web';
import { html } from './html';
import { registerStripeWebhook } from './stripe';
import { writeSuspension } from './suspension';

const MINUTE_MS = 60_000;
/** Where Stripe Checkout's hosted payment pages are. */
const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

export interface DashboardDependencies {
  config: Config;
  store: Store;
  ledger: Ledger;
  keys: ApiKeys;
  /** The media queue's: the secret shown is the one webhooks are signed with. */
  webhookSecrets: WebhookSecrets;
  authenticator: Authenticator;
  history: AccountHistory;
  callLog: CallLog;
  endpoints: readonly EndpointDefinition<any, any>[];
  /** Where links given out point (TOLLGATE_PUBLIC_URL, else the address listened on): the app's one answer. */
  linkBase: () => string;
  clock: () => number;
  /** Replaces the mailer (tests capture the links). */
  mailer?: Mailer;
}

/**
 * The customer dashboard (/dashboard) and the operator's pages (/admin): server-rendered HTML from
 * this server, in a scope of their own (a form parser, security headers). They are not API
 * endpoints — no key, no price — so they live outside the endpoint registry, and use the same
 * ledger, keys and authenticator as the API.
 */
/** What a page says to a request Fastify refused before it reached a route's handler. */
const CLIENT_FAILURES: Readonly<Record<number, string>> = {
  400: 'The request could not be read (a malformed body)',
  413: 'The form is too large',
  415: 'The form must be sent as application/x-www-form-urlencoded',
};

export async function registerDashboard(server: FastifyInstance, dependencies: DashboardDependencies): Promise<void> {
  const { config, store, ledger, keys, authenticator, clock } = dependencies;
  const limiter = (limit: number, windowMs: number, namespace: string) => createWindowLimiter(config.redisUrl, { limit, windowMs, namespace }, clock);
  const limits = {
    signups: limiter(config.signupsPerAddressPerHour, 60 * MINUTE_MS, 'tollgate:signups:'),
    loginsPerAddress: limiter(30, 15 * MINUTE_MS, 'tollgate:logins:address:'),
    resets: limiter(5, 60 * MINUTE_MS, 'tollgate:resets:'),
  };
  const failedLogInLimits = { perPair: 10, perAccount: 100, windowMs: 15 * MINUTE_MS };
  const failedLogIns = config.redisUrl ? redisFailedLogIns(config.redisUrl, failedLogInLimits, 'tollgate:logins:failed:') : memoryFailedLogIns(failedLogInLimits, clock);
  const mailer = dependencies.mailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom, server.log) : logMailer(server.log));
  const context: DashboardContext = {
    db: store.db,
    accounts: new DashboardAccounts(store.db, ledger, { signupCreditMicros: parseUsd(config.signupCreditUsd), clock }),
    keys,
    webhookSecrets: dependencies.webhookSecrets,
    ledger,
    history: dependencies.history,
    mailer,
    endpoints: dependencies.endpoints,
    limits: { ...limits, failedLogIns },
    cookies: { secure: config.publicUrl?.startsWith('https:') ?? false },
    linkBase: dependencies.linkBase,
    adminToken: config.adminToken,
    signupsOpen: config.signups === 'open',
    stripe: config.stripe,
    clock,
    flushCalls: () => dependencies.callLog.flush(),
    async forgetKeys(keyIds) {
      for (const keyId of keyIds) authenticator.forgetKey(keyId);
      if (!config.redisUrl) return;
      // The change is committed; the announcement only hurries the other instances (their cache expires within 1 s anyway).
      for (const keyId of keyIds) await announceKeyChange(config.redisUrl, keyId).catch((error: unknown) => server.log.warn({ err: error, keyId }, 'could not announce a changed key; other instances see it when their cache expires'));
    },
    async setSuspended(accountId, suspended, reason) {
      const change = suspended ? { suspended, reason, at: new Date(clock()).toISOString() } : { suspended };
      if (!(await writeSuspension(store.db, (work) => ledger.exclusive(work), accountId, change))) return false;
      // Like a revocation: every instance drops its cached lookups of the account's keys at once.
      await context.forgetKeys(await keys.keyIdsOf(accountId));
      return true;
    },
  };

  await server.register(async (scope) => {
    installPageScope(scope, config.stripe ? [STRIPE_CHECKOUT_ORIGIN] : []);
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      // What the client sent wrong (a body too large, of another type, malformed) is its answer, not a failure of ours.
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).type('text/plain; charset=utf-8').send(`${CLIENT_FAILURES[status] ?? 'The request could not be read'}; nothing was changed.`);
      }
      request.log.error({ err: error }, 'dashboard page failed');
      return reply.code(500).type('text/plain; charset=utf-8').send(`Something went wrong (request ${request.id}); nothing more was changed. Try again.`);
    });
    registerDashboardAssets(scope);
    registerAuthPages(scope, context);
    registerCustomerPages(scope, context);
    registerAdminPages(scope, context);
    // An address under the pages' that none of them has: a page saying so, not the API's JSON.
    for (const home of context.adminToken ? ['/dashboard', '/admin'] : ['/dashboard']) {
      scope.get(`${home}/*`, async (_request, reply) =>
        reply.code(404).type('text/html; charset=utf-8').send(page({ title: 'Page not found', nav: 'none', csrf: '' }, html`<p>There is no page at this address. <a href="${home}">Go to the ${home === '/admin' ? 'operator pages' : 'dashboard'}</a>.</p>`)),
      );
    }
  });
  if (config.stripe) await registerStripeWebhook(server, config.stripe, context, server.log);
  server.addHook('onClose', async () => {
    await Promise.all([...Object.values(limits), failedLogIns].map((limit) => limit.close()));
  });
}
