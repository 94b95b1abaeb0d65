import { timingSafeEqual, createHash } from 'node:crypto';
import http from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { failure } from '../core/envelope';
import { errorCatalog } from '../core/errors';
import type { Ledger, Reservation } from '../ledger/ledger';
import { failedAuthentication } from '../core/admission';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import { observeUpstreamRequests, TransientUpstreamError } from '../providers/http/upstream-request';
import type { Metrics } from './metrics';
import { answeredRoute } from '../core/error-handling';

/**
 * Reports each reservation's settlement (money captured and released) and the reconciler's
 * releases, by wrapping the ledger instance's methods: the ledger's code stays as it is.
 */
export function instrumentLedger(ledger: Ledger, metrics: Metrics): void {
  const reserve = ledger.reserve.bind(ledger);
  ledger.reserve = async (...args) => {
    const reservation = await reserve(...args);
    return reservation && reported(reservation, metrics);
  };
  const releaseExpiredHolds = ledger.releaseExpiredHolds.bind(ledger);
  ledger.releaseExpiredHolds = async () => {
    const released = await releaseExpiredHolds();
    metrics.expiredHoldsReleased(released);
    return released;
  };
}

function reported(reservation: Reservation, metrics: Metrics): Reservation {
  return {
    requestId: reservation.requestId,
    maxMicros: reservation.maxMicros,
    capture: async (costMicros, idempotent) => {
      const balance = await reservation.capture(costMicros, idempotent);
      metrics.settled(reservation.maxMicros, costMicros);
      return balance;
    },
    release: async () => {
      const balance = await reservation.release();
      metrics.settled(reservation.maxMicros, 0);
      return balance;
    },
    extend: (seconds) => reservation.extend(seconds),
  };
}

/** Counts a limiter's refusals. */
export function instrumentRateLimiter(limiter: RateLimiter, metrics: Metrics, name: 'key' | 'auth_failures'): RateLimiter {
  return {
    consume: async (key) => {
      const decision = await limiter.consume(key);
      if (decision.unchecked) metrics.rateLimitUnchecked(name);
      else if (!decision.allowed) metrics.rateLimitRefusal(name);
      return decision;
    },
    close: () => limiter.close(),
  };
}

/** Upstream latency and failures by vendor (process-wide: the last app built reports them). */
export function instrumentUpstreams(metrics: Metrics): void {
  observeUpstreamRequests((vendor, seconds, error, aborted) => {
    const kind = error === undefined ? undefined : aborted ? 'aborted' : error instanceof TransientUpstreamError ? 'transient' : 'failed';
    metrics.upstream(vendor, seconds, kind);
  });
}

/**
 * Counts every answered request by route and status (an `onResponse` hook), and serves
 * `GET /metrics`: on the API's own address to a bearer of the admin token, and on
 * `metricsAddress` (for a private interface the scraper reaches) to anyone. Returns the separate
 * server's close, if there is one.
 */
export async function serveMetrics(
  server: FastifyInstance,
  metrics: Metrics,
  options: {
    adminToken: string | undefined;
    metricsAddress: { host: string; port: number } | undefined;
    /** The API's failed-authentication limit: a wrong token here is a failed authentication too. */
    failedAuthentications: RateLimiter;
  },
  log: FastifyBaseLogger,
): Promise<(() => Promise<void>) | undefined> {
  server.addHook('onResponse', (request, reply, done) => {
    metrics.request(answeredRoute(request) ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const { adminToken, metricsAddress } = options;
  if (adminToken !== undefined) {
    const expected = digest(adminToken);
    server.get('/metrics', async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const presented = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      // Digests of equal length, compared in constant time: the token's length leaks nothing either.
      if (!timingSafeEqual(digest(presented), expected)) {
        // Counted per address with the API's failed keys, so the token cannot be guessed here without limit.
        const limited = await failedAuthentication(request, options.failedAuthentications);
        if (limited) return reply.code(limited.status).headers(limited.headers).send(failure(limited.code, limited.message));
        return reply.code(errorCatalog.INVALID_API_KEY).header('www-authenticate', 'Bearer').send(failure('INVALID_API_KEY', 'GET /metrics needs the admin token: Authorization: Bearer <TOLLGATE_ADMIN_TOKEN>.'));
      }
      const { contentType, text } = await metrics.exposition();
      return reply.type(contentType).send(text);
    });
  }

  if (!metricsAddress) return undefined;
  const metricsServer = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: this address serves only GET /metrics.\n');
      return;
    }
    metrics.exposition().then(
      ({ contentType, text }) => response.writeHead(200, { 'content-type': contentType }).end(text),
      (error: unknown) => {
        log.error({ err: error }, 'could not collect the metrics');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('could not collect the metrics\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    metricsServer.once('error', reject);
    metricsServer.listen(metricsAddress.port, metricsAddress.host, resolve);
  });
  log.info(`metrics on http://${metricsAddress.host}:${(metricsServer.address() as import('node:net').AddressInfo).port}/metrics`);
  return () => new Promise<void>((resolve) => metricsServer.close(() => resolve()));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
