import type { Socket } from 'node:net';
import { setMaxListeners } from 'node:events';
import { sql } from 'kysely';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino } from 'pino';
import type { Config } from './config';
import { errorCatalog } from './core/errors';
import { failure } from './core/envelope';
import { AccessLog, loggedRequest } from './core/access-log';
import { installJsonBodyParser, refuseTransferCodings } from './core/body-parser';
import { answerClientError, refuseWithoutHost } from './core/client-errors';
import { installExpectContinue } from './core/expect-continue';
import { frameworkFailure, installErrorHandling } from './core/error-handling';
import { buildOpenApiDocument } from './core/openapi';
import { once } from './core/once';
import { registerDocsPage } from './core/docs-page';
import { registerDashboard } from './dashboard';
import type { Mailer } from './dashboard/mailer';
import { newRequestId } from './core/request-id';
import { NO_SNIFF, NO_STORE } from './core/response-headers';
import { isoTime } from './core/iso-time';
import { registerEndpoints } from './core/pipeline';
import type { EndpointDefinition } from './core/define-endpoint';
import { endpoints as registry } from './endpoints';
import { ApiKeys } from './auth/api-keys';
import { Authenticator } from './auth/authenticator';
import { RevocationListener } from './auth/revocation-listener';
import { Ledger } from './ledger/ledger';
import { CallLog } from './ledger/call-log';
import { AccountHistory } from './ledger/history';
import { belowCostEndpoints, createProviders, providerLabel, reportingProviders } from './providers';
import { createNet } from './net';
import { createBrowser } from './net/browser';
import { PageReaders } from './scrape/page-readers';
import { ImageThreads } from './media/files/image-threads';
import { startEgressProxy } from './net/egress-proxy';
import { refuseDestinationWithoutDns } from './net/pinned-connector';
import { checkExtractionModel } from './scrape/ai-extraction';
import { IdempotencyKeys } from './ledger/idempotency';
import type { Providers } from './providers/providers';
import { createFailedAuthenticationLimiter, createRateLimiter } from './ratelimit';
import { RedisAvailability } from './ratelimit/redis-availability';
import { tollgateVersion } from './lifecycle/version';
import type { RateLimiter } from './ratelimit/rate-limiter';
import { appliedMigrations, openStore, type Store } from './store/database';
import { loadModelCatalog, type ModelCatalog } from './catalog/model-catalog';
import { InFlightCalls } from './lifecycle/in-flight-calls';
import { createMetrics } from './metrics/metrics';
import { instrumentLedger, instrumentRateLimiter, instrumentUpstreams, serveMetrics } from './metrics/instrument';
import { createMediaQueue, type MediaQueue } from './jobs';
import { registerMcpRoute } from './mcp/http-route';

export interface AppOverrides {
  /** Replace provider families (tests inject failing or fake providers). */
  providers?: Partial<Providers>;
  endpoints?: readonly EndpointDefinition<any, any>[];
  rateLimiter?: RateLimiter;
  store?: Store;
  /** Milliseconds since the epoch, for the rate limiters, the auth cache, leases and idempotency keys. */
  clock?: () => number;
  /** The chat model catalog (else TOLLGATE_MODEL_CATALOG's, else the built-in one). */
  models?: ModelCatalog;
  /** Registers extra, non-API routes before the server is ready (the benchmark's baseline route). */
  configure?: (server: FastifyInstance) => void;
  /** The dashboard's mailer (tests capture its links); else SMTP or the log, as configured. */
  mailer?: Mailer;
}

export interface App {
  server: FastifyInstance;
  store: Store;
  ledger: Ledger;
  keys: ApiKeys;
  authenticator: Authenticator;
  /** Present when REDIS_URL is set. */
  revocations: RevocationListener | undefined;
  idempotency: IdempotencyKeys;
  /** The media job queue: its service, this process's workers, the accounts' webhook secrets. */
  media: MediaQueue;
  /** One pass of the reconciler: expired reservations released, key holds settled, expired idempotency keys swept. */
  reconcile(): Promise<void>;
  close(): Promise<void>;
  /**
   * A graceful stop within `graceMs`: no new connections, new requests on open ones refused (503),
   * event streams ended with an error event (charged for what they delivered), request/response
   * calls left to finish — those still running when the grace period nears its end (20 % of it
   * left, at least 1 s: with a grace period of 1 s or less, at once) have their connections closed
   * and their holds released — then the pools closed.
   */
  shutdown(graceMs: number): Promise<void>;
}

/**
 * The share of a shutdown's grace period left for settling calls cut short and closing the pools,
 * and the least time left for it (all of a shorter grace period): on a loaded machine a cut call
 * has taken half a second to notice its connection closed and commit the release of its hold.
 */
const SHUTDOWN_SETTLE_SHARE = 0.2;
const SHUTDOWN_SETTLE_MIN_MS = 1_000;
/** How often, while draining, connections that went idle after their last answer are closed. */
const DRAIN_REAP_MS = 50;

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  const server = Fastify({
    // Requests appear in the log as their method and route only, one line each when answered.
    logger: { level: config.logLevel, serializers: { req: loggedRequest } },
    logController: new AccessLog((pino.levels.values[config.logLevel] ?? Infinity) <= pino.levels.values.info!),
    bodyLimit: config.maxBodyBytes,
    // A request whose headers or body stop arriving is a 408 and a closed connection (Fastify's
    // default, 0, waits forever for a body: a client could hold connections open without end).
    // Node reads these when it creates the server, and checks them every 5 s (its default, 30).
    requestTimeout: config.requestTimeoutMs,
    // A request without Host is refused by the app's first hook (client-errors.ts), in our envelope:
    // Node's own check answers a bare 400.
    http: { requestTimeout: config.requestTimeoutMs, headersTimeout: Math.min(60_000, config.requestTimeoutMs), connectionsCheckingInterval: 5_000, requireHostHeader: false },
    genReqId: () => newRequestId(),
    // Request ids are ours: a client-sent header must not collide with ledger entries.
    requestIdHeader: false,
    // X-Forwarded-For names the client only when it comes from a proxy the operator listed.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Failures before routing (an undecodable URL, say) still leave as an envelope.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id).header(NO_SNIFF.name, NO_SNIFF.value).header(NO_STORE.name, NO_STORE.value);
      const { status, envelope } = frameworkFailure(error, request, config.maxBodyBytes);
      void (reply as FastifyReply).code(status).send(envelope);
    },
    // Requests Node's HTTP parser refuses (oversized headers, a malformed request line) never reach Fastify.
    clientErrorHandler: answerClientError,
    // While shutting down, requests on open connections get our envelope (below), not Fastify's.
    return503OnClosing: false,
  });

  const endpoints = overrides.endpoints ?? registry;
  // Before anything is opened: a mistyped setting stops the start with nothing to clean up.
  const notOffered = endpointsNotOffered(belowCostEndpoints(config.vendors), config.serveBelowCost, endpoints, server.log);

  const store =
    overrides.store ??
    (await openStore({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      backgroundCheckpoints: {
        onFailure: (error) => server.log.error({ err: error }, 'SQLite background checkpoints are failing; SQLite checkpoints on commit meanwhile (logged once until they recover)'),
        onRecovery: (failedPasses) => server.log.info({ failedPasses }, 'SQLite background checkpoints recovered'),
      },
      onMigrated: (names) => server.log.info({ migrations: names }, appliedMigrations(names)),
    }));
  const clock = overrides.clock ?? Date.now;
  // Metrics cost nothing unless an operator can read them.
  const metrics = config.adminToken !== undefined || config.metricsAddress !== undefined ? await createMetrics(() => countOpenHolds(store)) : undefined;
  const ledger = new Ledger(store, () => new Date(clock()), metrics && ((entries, seconds) => metrics.observeLedgerCommit(entries, seconds)));
  const idempotency = new IdempotencyKeys(store.db, ledger, clock);
  const callLog = new CallLog(store, (work) => ledger.exclusive(work), server.log);
  const history = new AccountHistory(store.db, (work) => ledger.exclusive(work), () => callLog.flush());
  const keys = new ApiKeys(store.db);
  const authenticator = new Authenticator(keys, { clock: overrides.clock });
  // Revocations announced by the CLI reach every instance's auth cache at once.
  const revocations = config.redisUrl ? new RevocationListener(config.redisUrl, authenticator, server.log) : undefined;
  if (metrics) {
    instrumentLedger(ledger, metrics);
    instrumentUpstreams(metrics);
  }
  // While the limiters' Redis does not answer, API requests pass unchecked: said once each way, not per request.
  const redis = config.redisUrl
    ? new RedisAvailability({
        onOutage: (error) => server.log.error({ err: error }, 'Redis unreachable: rate limits are not checked until it answers (logged once until it recovers)'),
        onRecovery: (unchecked) => server.log.info({ unchecked }, 'Redis answers again: rate limits are checked'),
      })
    : undefined;
  if (metrics && redis) metrics.watchRedis(() => redis.up);
  const keyLimiter = overrides.rateLimiter ?? createRateLimiter(config, overrides.clock, redis);
  const rateLimiter = metrics ? instrumentRateLimiter(keyLimiter, metrics, 'key') : keyLimiter;
  const authFailureLimiter = createFailedAuthenticationLimiter(config, overrides.clock, redis);
  const failedAuthenticationLimiter = metrics ? instrumentRateLimiter(authFailureLimiter, metrics, 'auth_failures') : authFailureLimiter;
  const net = createNet(config.net);
  // Launched lazily, and left alone when a test replaces the family.
  const browser = createBrowser(config.browser, net, (options) => startEgressProxy({ resolver: net.resolver, policy: net.policy, ...options }));
  const pageReaders = new PageReaders(config.pageReaders);
  // The media sandbox's images: made off the event loop (no thread starts until one is asked for).
  const imageThreads = new ImageThreads();
  const providers: Providers = { ...createProviders(config.vendors, server.log, net, browser, pageReaders.provider(), imageThreads), ...overrides.providers };
  const models = overrides.models ?? loadModelCatalog(config.modelCatalogFile);
  checkExtractionModel(models, config.endpoints.aiExtractModel);
  const publicUrl = config.publicUrl ?? `http://${config.host}:${config.port}`;
  // Without TOLLGATE_PUBLIC_URL, links name the address the server listens on (its port may be chosen at listen).
  const linkBase = () => config.publicUrl ?? listeningUrl(server) ?? publicUrl;
  const media = await createMediaQueue({
    store,
    ledger,
    provider: providers.media,
    fetcher: net.fetcher,
    dataDir: config.dataDir,
    publicUrl: linkBase,
    concurrency: config.mediaJobs.concurrency,
    retentionMs: config.mediaJobs.retentionMs,
    clock,
    log: server.log,
  });

  // Wraps every route registered from here on, so it comes before the routes.
  const calls = new InFlightCalls();
  calls.install(server);
  let shuttingDown = false;
  // Set when the shutdown's grace period ends and the connections of calls still running are closed.
  let connectionsCut = false;
  const shutdownSignal = new AbortController();
  // Every running stream listens for it.
  setMaxListeners(0, shutdownSignal.signal);

  // The first hook of every request: nothing else runs for one it refuses.
  server.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id).header(NO_SNIFF.name, NO_SNIFF.value);
    if (shuttingDown) {
      // Fastify has already set `Connection: close`: the client retries on a new connection, to another instance.
      void reply.code(errorCatalog.UNAVAILABLE).header(NO_STORE.name, NO_STORE.value).header('retry-after', '1').send(failure('UNAVAILABLE', 'The server is shutting down; retry the request.'));
      return;
    }
    try {
      refuseWithoutHost(request);
      refuseTransferCodings(request.headers['transfer-encoding']);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
  // `100 Continue` only for a request that has passed the hooks above and its route's admission.
  installExpectContinue(server);

  // Every answered API call (a key was accepted) goes to the call log: usage by key, last use, errors.
  const recordCall = (request: FastifyRequest, status: number) => {
    const { endpointId } = request;
    if (request.caller && endpointId) {
      callLog.record({ requestId: request.id, accountId: request.caller.accountId, keyId: request.caller.keyId, endpointId, status, upstreamCostMicros: request.upstreamCostMicros, createdAt: isoTime(clock()) });
    }
  };
  // Streams and charged answers are recorded by the pipeline (why: recordedByPipeline).
  server.addHook('onResponse', (request, reply, done) => {
    if (!request.recordedByPipeline) recordCall(request, reply.statusCode);
    done();
  });

  installJsonBodyParser(server);

  installErrorHandling(server, { maxBodyBytes: config.maxBodyBytes });

  registerEndpoints(server, endpoints, {
    authenticator,
    rateLimiter,
    failedAuthenticationLimiter,
    ledger,
    history,
    idempotency,
    providers: reportingProviders(providers),
    models,
    settings: config.endpoints,
    services: { mediaJobs: media.jobs, files: media.files, checkDestination: (field, url) => refuseDestinationWithoutDns(url, net.policy, field) },
    providerLabel: (used) => providerLabel(used, config.exposeVendorNames),
    notOffered,
    callDeadlineMs: config.callDeadlineMs,
    connectionsCut: () => connectionsCut,
    keepAliveMs: config.streamKeepAliveMs,
    shutdown: shutdownSignal.signal,
    clock,
    recordCall,
  });

  media.registerFileRoute(server);
  // An agent is not offered a tool that can only answer 501.
  registerMcpRoute(server, { endpoints: endpoints.filter((endpoint) => !notOffered.has(endpoint.id)), authenticator, failedAuthenticationLimiter });

  // Built on first request: converting every endpoint's schemas is about half of what building
  // the app costs, which every start (and every test's server) would otherwise pay.
  const openapi = once(() => buildOpenApiDocument(endpoints, { serverUrl: publicUrl, notOffered }));
  const openapiText = once(() => JSON.stringify(openapi()));
  server.get('/openapi.json', async (_request, reply) => reply.type('application/json').send(openapiText()));
  // For load balancers and orchestrators: 200 while the database answers, 503 while it does not.
  // Redis down is 200 "degraded": the instance still serves every call (rate limits unchecked),
  // and every instance shares the Redis, so taking this one out of rotation would help nothing.
  server.get('/health', async (_request, reply) => {
    try {
      await sql`select 1`.execute(store.db);
      const status = redis && !redis.up ? 'degraded' : 'up';
      return { ok: true, data: { status, database: store.dialect, ...(redis ? { redis: redis.up ? 'up' : 'down' } : {}), version: tollgateVersion() } };
    } catch (error) {
      server.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(errorCatalog.UNAVAILABLE).send(failure('UNAVAILABLE', 'The database is unreachable.'));
    }
  });
  const closeMetricsServer = metrics
    ? await serveMetrics(server, metrics, { adminToken: config.adminToken, metricsAddress: config.metricsAddress, failedAuthentications: failedAuthenticationLimiter }, server.log)
    : undefined;
  overrides.configure?.(server);
  registerDocsPage(server, openapi);
  await registerDashboard(server, { config, store, ledger, keys, webhookSecrets: media.webhookSecrets, authenticator, history, callLog, endpoints, linkBase, clock, ...(overrides.mailer ? { mailer: overrides.mailer } : {}) });

  // Reservations whose lease expired (a crash between a call's hold and its settlement) go back
  // to their accounts: at start, then every TOLLGATE_RECONCILE_INTERVAL_MS — each pass finds every
  // expired lease, however old, so none can be missed.
  const reconcile = async () => {
    try {
      const released = await ledger.releaseExpiredHolds();
      if (released > 0) server.log.warn({ released }, 'released reservations whose lease expired (interrupted calls)');
      const keyHolds = await ledger.keyBudgets.reconcile(clock());
      if (keyHolds > 0) server.log.warn({ keyHolds }, "settled key holds their calls left open, from the ledger's settlements");
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
    // Connections are closed by now, but a call cut short may still be releasing its hold.
    await calls.idle();
    clearInterval(reconciler);
    // Steps in flight stop where they are; their jobs resume at any worker once the claims expire.
    await media.workers.stop();
    await rateLimiter.close();
    await failedAuthenticationLimiter.close();
    await revocations?.close();
    await callLog.flush();
    await closeMetricsServer?.();
    // No Chromium outlives the server: the pool closes its browsers (killing any that hang), then its proxy.
    await browser.close();
    await pageReaders.close();
    await imageThreads.close();
    await net.close();
    if (!overrides.store) await store.close();
  });

  // The open connections, for close (below), which closes at once those with no request in
  // progress. Node keeps a connection's response in progress as `_httpMessage` (set when a
  // request's headers are in, cleared when its response has finished): read only at close, it
  // costs the requests nothing, where a listener on every response cost a bare route ~30% of its
  // requests per second.
  const connections = new Set<Socket>();
  server.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  const quietConnections = () => [...connections].filter((socket) => !(socket as Socket & { _httpMessage?: unknown })._httpMessage);

  await server.ready();
  media.workers.start();
  return {
    server,
    store,
    ledger,
    keys,
    authenticator,
    revocations,
    idempotency,
    media,
    reconcile: reconcileOnce,
    close: async () => {
      // Connections with no request in progress are closed while the server closes, also those that
      // go idle afterwards or opened just before and never sent one (Node's own idle sweep leaves
      // those to the headers timeout): otherwise close waits a minute for them.
      const reaper = setInterval(() => {
        server.server.closeIdleConnections();
        for (const socket of quietConnections()) socket.destroy();
      }, DRAIN_REAP_MS).unref();
      try {
        await server.close();
      } finally {
        clearInterval(reaper);
      }
    },
    shutdown: async (graceMs) => {
      shuttingDown = true;
      // Streams end now (they may run for minutes), each with an error event, charged for what it delivered.
      shutdownSignal.abort();
      server.log.info({ calls: calls.size, graceMs }, 'draining: no new connections; calls in flight finish, streams end');
      // Node closes connections idle when the server closes, not those that go idle afterwards.
      const reaper = setInterval(() => server.server.closeIdleConnections(), DRAIN_REAP_MS).unref();
      const cutOff = setTimeout(() => {
        connectionsCut = true;
        server.log.warn({ calls: calls.size }, 'grace period ending: closing the connections of calls still running; their holds are released');
        server.server.closeAllConnections();
      }, Math.max(0, Math.floor(graceMs - Math.max(graceMs * SHUTDOWN_SETTLE_SHARE, SHUTDOWN_SETTLE_MIN_MS)))).unref();
      try {
        await server.close();
      } finally {
        clearInterval(reaper);
        clearTimeout(cutOff);
      }
    },
  };
}

function listeningUrl(server: FastifyInstance): string | undefined {
  const address = server.addresses()[0];
  if (!address || typeof address === 'string') return undefined;
  return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
}

async function countOpenHolds(store: Store): Promise<number> {
  const row = await store.db.selectFrom('open_holds').select((eb) => eb.fn.countAll<number | string>().as('holds')).executeTakeFirst();
  return Number(row?.holds ?? 0);
}

/**
 * The endpoints this server will not serve because its vendors would charge the operator more than
 * the customer pays, unless the operator listed them in TOLLGATE_SERVE_BELOW_COST (an id there that
 * names no endpoint stops the start: a typo must not leave a loss running or an endpoint refused).
 * Each is said at start, in the operator's words.
 */
function endpointsNotOffered(
  belowCost: ReadonlyMap<string, string>,
  serveBelowCost: readonly string[],
  endpoints: readonly EndpointDefinition<any, any>[],
  log: FastifyBaseLogger,
): ReadonlyMap<string, string> {
  for (const id of serveBelowCost) {
    if (!endpoints.some((endpoint) => endpoint.id === id)) throw new Error(`TOLLGATE_SERVE_BELOW_COST: '${id}' is not an endpoint id (ids look like seo.domain_metrics; GET /openapi.json lists each as its operationId).`);
  }
  const notOffered = new Map<string, string>();
  for (const [id, reason] of belowCost) {
    if (serveBelowCost.includes(id)) {
      log.warn({ endpoint: id }, `${id} is served at a loss (TOLLGATE_SERVE_BELOW_COST): ${reason}`);
    } else {
      notOffered.set(id, reason);
      log.warn({ endpoint: id }, `${id} is not served (501 NOT_OFFERED): its vendor requests cost more than its price: ${reason}. List it in TOLLGATE_SERVE_BELOW_COST to serve it at a loss.`);
    }
  }
  return notOffered;
}
