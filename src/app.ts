import { sql } from 'kysely';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config';
import { errorCatalog } from './core/errors';
import { failure } from './core/envelope';
import { installJsonBodyParser } from './core/body-parser';
import { answerClientError } from './core/client-errors';
import { frameworkFailure, installErrorHandling } from './core/error-handling';
import { buildOpenApiDocument } from './core/openapi';
import { registerDocsPage } from './core/docs-page';
import { newRequestId } from './core/request-id';
import { registerEndpoints } from './core/pipeline';
import type { EndpointDefinition } from './core/define-endpoint';
import { endpoints as registry } from './endpoints';
import { ApiKeys } from './auth/api-keys';
import { Authenticator } from './auth/authenticator';
import { Ledger } from './ledger/ledger';
import { createProviders, providerLabel, reportingProviders } from './providers';
import { IdempotencyKeys } from './ledger/idempotency';
import type { Providers } from './providers/providers';
import { createFailedAuthenticationLimiter, createRateLimiter } from './ratelimit';
import type { RateLimiter } from './ratelimit/rate-limiter';
import { openStore, type Store } from './store/database';

export interface AppOverrides {
  /** Replace provider families (tests inject failing or fake providers). */
  providers?: Partial<Providers>;
  endpoints?: readonly EndpointDefinition<any, any>[];
  rateLimiter?: RateLimiter;
  store?: Store;
  /** Milliseconds since the epoch, for the rate limiters, the auth cache, leases and idempotency keys. */
  clock?: () => number;
  /** Registers extra, non-API routes before the server is ready (the benchmark's baseline route). */
  configure?: (server: FastifyInstance) => void;
}

export interface App {
  server: FastifyInstance;
  store: Store;
  ledger: Ledger;
  keys: ApiKeys;
  authenticator: Authenticator;
  idempotency: IdempotencyKeys;
  /** One pass of the reconciler: expired reservations released, expired idempotency keys swept. */
  reconcile(): Promise<void>;
  close(): Promise<void>;
}

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  const server = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: config.maxBodyBytes,
    genReqId: () => newRequestId(),
    // Request ids are ours: a client-sent header must not collide with ledger entries.
    requestIdHeader: false,
    // X-Forwarded-For names the client only when it comes from a proxy the operator listed.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Failures before routing (an undecodable URL, say) still leave as an envelope.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      const { status, envelope } = frameworkFailure(error, config.maxBodyBytes);
      void (reply as FastifyReply).code(status).send(envelope);
    },
    // Requests Node's HTTP parser refuses (oversized headers, a malformed request line) never reach Fastify.
    clientErrorHandler: answerClientError,
  });

  const store = overrides.store ?? (await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const clock = overrides.clock ?? Date.now;
  const ledger = new Ledger(store, () => new Date(clock()));
  const idempotency = new IdempotencyKeys(store.db, ledger, clock);
  const keys = new ApiKeys(store.db);
  const authenticator = new Authenticator(keys, { clock: overrides.clock });
  const rateLimiter = overrides.rateLimiter ?? createRateLimiter(config, overrides.clock);
  const failedAuthenticationLimiter = createFailedAuthenticationLimiter(config, overrides.clock);
  const providers: Providers = { ...createProviders(config.vendors, server.log), ...overrides.providers };
  const endpoints = overrides.endpoints ?? registry;

  server.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  installJsonBodyParser(server);

  installErrorHandling(server, { endpoints, maxBodyBytes: config.maxBodyBytes });

  registerEndpoints(server, endpoints, {
    authenticator,
    rateLimiter,
    failedAuthenticationLimiter,
    ledger,
    idempotency,
    providers: reportingProviders(providers),
    providerLabel: (used) => providerLabel(used, config.exposeVendorNames),
    callDeadlineMs: config.callDeadlineMs,
    keepAliveMs: config.streamKeepAliveMs,
    clock,
  });

  const openapi = buildOpenApiDocument(endpoints, { serverUrl: config.publicUrl ?? `http://${config.host}:${config.port}` });
  const openapiText = JSON.stringify(openapi);
  server.get('/openapi.json', async (_request, reply) => reply.type('application/json').send(openapiText));
  // For load balancers and orchestrators: up only while the database answers.
  server.get('/health', async (_request, reply) => {
    try {
      await sql`select 1`.execute(store.db);
      return { ok: true, data: { status: 'up', database: store.dialect } };
    } catch (error) {
      server.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(errorCatalog.UNAVAILABLE).send(failure('UNAVAILABLE', 'The database is unreachable.'));
    }
  });
  overrides.configure?.(server);
  registerDocsPage(server, openapi);

  // Reservations whose lease expired (a crash between a call's hold and its settlement) go back
  // to their accounts: at start, then every TOLLGATE_RECONCILE_INTERVAL_MS — each pass finds every
  // expired lease, however old, so none can be missed.
  const reconcile = async () => {
    try {
      const released = await ledger.releaseExpiredHolds();
      if (released > 0) server.log.warn({ released }, 'released reservations whose lease expired (interrupted calls)');
      await idempotency.sweep();
    } catch (error) {
      server.log.error({ err: error }, 'could not reconcile expired reservations');
    }
  };
  let reconciling: Promise<void> | undefined;
  const reconcileOnce = () => (reconciling ??= reconcile().finally(() => (reconciling = undefined)));
  void reconcileOnce();
  const reconciler = setInterval(() => void reconcileOnce(), config.reconcileIntervalMs).unref();

  server.addHook('onClose', async () => {
    clearInterval(reconciler);
    await rateLimiter.close();
    await failedAuthenticationLimiter.close();
    if (!overrides.store) await store.close();
  });

  await server.ready();
  return {
    server,
    store,
    ledger,
    keys,
    authenticator,
    idempotency,
    reconcile: reconcileOnce,
    close: () => server.close(),
  };
}
