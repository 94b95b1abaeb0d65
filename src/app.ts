import { sql } from 'kysely';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config';
import { ApiError, errorCatalog } from './core/errors';
import { failure } from './core/envelope';
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
import { createProviders } from './providers';
import type { Providers } from './providers/providers';
import { createRateLimiter } from './ratelimit';
import type { RateLimiter } from './ratelimit/rate-limiter';
import { openStore, type Store } from './store/database';

export interface AppOverrides {
  /** Replace provider families (tests inject failing or fake providers). */
  providers?: Partial<Providers>;
  endpoints?: readonly EndpointDefinition<any, any>[];
  rateLimiter?: RateLimiter;
  store?: Store;
  /** Milliseconds since the epoch, for the rate limiter and the auth cache. */
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
  close(): Promise<void>;
}

/** No request runs this long, so an unsettled hold this old was left by a crash. */
const STALE_HOLD_MS = 10 * 60_000;

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  const server = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: config.maxBodyBytes,
    genReqId: () => newRequestId(),
    // Request ids are ours: a client-sent header must not collide with ledger entries.
    requestIdHeader: false,
    // Failures before routing (an undecodable URL, say) still leave as an envelope.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      const { status, envelope } = frameworkFailure(error, config.maxBodyBytes);
      void (reply as FastifyReply).code(status).send(envelope);
    },
  });

  const store = overrides.store ?? (await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const ledger = new Ledger(store);
  const keys = new ApiKeys(store.db);
  const authenticator = new Authenticator(keys, { clock: overrides.clock });
  const rateLimiter = overrides.rateLimiter ?? createRateLimiter(config, overrides.clock);
  const providers: Providers = { ...createProviders(config.vendors, server.log), ...overrides.providers };
  const endpoints = overrides.endpoints ?? registry;

  server.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // JSON only. Fastify's own JSON parser refuses an empty body; several endpoints take an optional one.
  server.removeAllContentTypeParsers();
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch (error) {
      done(new ApiError('VALIDATION_ERROR', `The request body is not valid JSON: ${(error as Error).message}`), undefined);
    }
  });

  installErrorHandling(server, { endpoints, maxBodyBytes: config.maxBodyBytes });

  registerEndpoints(server, endpoints, { authenticator, rateLimiter, ledger, providers });

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

  // Holds a crash left unsettled go back to their accounts: the last week's at start (in the
  // background), then every five minutes those taken 10 to 20 minutes ago (passes overlap).
  const releaseStaleHolds = (lookbackMs: number) =>
    ledger.releaseStaleHolds({ olderThanMs: STALE_HOLD_MS, lookbackMs }).then(
      (released) => released > 0 && server.log.warn({ released }, 'released holds left unsettled by an interrupted request'),
      (error: unknown) => server.log.error({ err: error }, 'could not release stale holds'),
    );
  void releaseStaleHolds(7 * 24 * 60 * 60_000);
  const reconciler = setInterval(() => void releaseStaleHolds(2 * STALE_HOLD_MS), STALE_HOLD_MS / 2).unref();

  server.addHook('onClose', async () => {
    clearInterval(reconciler);
    await rateLimiter.close();
    if (!overrides.store) await store.close();
  });

  await server.ready();
  return {
    server,
    store,
    ledger,
    keys,
    authenticator,
    close: () => server.close(),
  };
}
