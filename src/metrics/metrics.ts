import type { Counter, Histogram, Registry } from 'prom-client';
import type { Micros } from '../core/money';
import { tollgateVersion } from '../lifecycle/version';

type PromClient = typeof import('prom-client');

/**
 * The metrics, with `prom-client` loaded only now: a server that keeps no metrics (neither
 * TOLLGATE_ADMIN_TOKEN nor TOLLGATE_METRICS_ADDRESS set) never loads it.
 */
export async function createMetrics(openHolds: () => Promise<number>): Promise<Metrics> {
  return new Metrics(await import('prom-client'), openHolds);
}

/** Seconds: from a fast local call to a slow vendor. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** What happened to an upstream request that did not answer usably. */
export type UpstreamFailureKind = 'transient' | 'failed' | 'aborted';

/**
 * Tollgate's Prometheus metrics, in a registry of their own (`prom-client`): requests by endpoint
 * and status, money captured and released, open holds, upstream latency and failures by vendor,
 * rate-limit refusals and requests let through unchecked (Redis down), Redis's state, the running
 * version (`tollgate_build_info`), event-loop lag (with the process's default metrics), and the ledger's
 * batches for a batching ledger to report through `observeLedgerCommit`.
 *
 * The per-request path is one `inc()` on a label child looked up in two small maps (route, then
 * status), created once per pair; prom-client's own `labels()` would hash the label values on
 * every call.
 */
export class Metrics {
  readonly registry: Registry;
  private readonly requests: Counter<'endpoint' | 'status'>;
  private readonly requestChildren = new Map<string, Map<number, Counter.Internal>>();
  private readonly requestSeconds: Histogram<'endpoint'>;
  private readonly requestSecondsChildren = new Map<string, Histogram.Internal<'endpoint'>>();
  private readonly captured: Counter;
  private readonly released: Counter;
  private readonly expiredReleased: Counter;
  private readonly upstreamSeconds: Histogram<'vendor'>;
  private readonly upstreamFailures: Counter<'vendor' | 'kind'>;
  private readonly refusals: Counter<'limiter'>;
  private readonly unchecked: Counter<'limiter'>;
  private readonly promClient: PromClient;
  private readonly ledgerBatchSize: Histogram;
  private readonly ledgerCommitSeconds: Histogram;

  /** `openHolds`: read at each scrape (the open_holds table's row count). */
  constructor(promClient: PromClient, openHolds: () => Promise<number>) {
    const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = promClient;
    this.promClient = promClient;
    this.registry = new Registry();
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'tollgate_' });
    new Gauge({ name: 'tollgate_build_info', help: 'Always 1; `version` is the running Tollgate version (package.json).', labelNames: ['version'], registers }).labels(tollgateVersion()).set(1);
    this.requests = new Counter({ name: 'tollgate_http_requests_total', help: 'HTTP requests answered, by route and status.', labelNames: ['endpoint', 'status'], registers });
    this.requestSeconds = new Histogram({
      name: 'tollgate_http_request_duration_seconds',
      help: "Time from a request's arrival to its answer's end, by route (a stream: to its last event).",
      labelNames: ['endpoint'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.captured = new Counter({ name: 'tollgate_captured_micros_total', help: 'Money charged (captured), in micro-USD.', registers });
    this.released = new Counter({
      name: 'tollgate_released_micros_total',
      help: 'Money reserved and given back, in micro-USD: holds released whole, and the unspent part of captured holds.',
      registers,
    });
    this.expiredReleased = new Counter({ name: 'tollgate_expired_holds_released_total', help: 'Holds released by the reconciler because their lease expired (interrupted calls).', registers });
    new Gauge({
      name: 'tollgate_open_holds',
      help: 'Holds not settled yet, on every instance sharing the database (the last count read while the database does not answer).',
      registers,
      async collect() {
        // The one metric read from the database: while it is down the scrape still answers, with
        // everything an operator watches an outage by (the 503s, the event loop), this gauge at its last count.
        const count = await openHolds().catch(() => undefined);
        if (count !== undefined) this.set(count);
      },
    });
    this.upstreamSeconds = new Histogram({ name: 'tollgate_upstream_request_seconds', help: 'Upstream (vendor) HTTP requests, by vendor.', labelNames: ['vendor'], buckets: LATENCY_BUCKETS, registers });
    this.upstreamFailures = new Counter({
      name: 'tollgate_upstream_failures_total',
      help: 'Upstream requests that failed: transient (connection, 429, 5xx), failed (timeout, malformed answer), aborted (client left or deadline).',
      labelNames: ['vendor', 'kind'],
      registers,
    });
    this.refusals = new Counter({ name: 'tollgate_rate_limit_refusals_total', help: 'Requests refused by a rate limiter: per key, or failed authentications per address.', labelNames: ['limiter'], registers });
    this.unchecked = new Counter({
      name: 'tollgate_rate_limit_unchecked_total',
      help: 'Requests let through without a rate-limit check because Redis did not answer: per key, or failed authentications per address.',
      labelNames: ['limiter'],
      registers,
    });
    this.ledgerBatchSize = new Histogram({ name: 'tollgate_ledger_batch_entries', help: 'Ledger entries written per commit.', buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512], registers });
    this.ledgerCommitSeconds = new Histogram({ name: 'tollgate_ledger_commit_seconds', help: 'Time to write and commit one ledger batch.', buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25], registers });
  }

  /** One answered request, `seconds` after it arrived. `endpoint`: the route's URL pattern (bounded), never the raw URL. */
  request(endpoint: string, status: number, seconds: number): void {
    let byStatus = this.requestChildren.get(endpoint);
    if (!byStatus) this.requestChildren.set(endpoint, (byStatus = new Map()));
    let child = byStatus.get(status);
    if (!child) byStatus.set(status, (child = this.requests.labels(endpoint, String(status))));
    child.inc();
    let timing = this.requestSecondsChildren.get(endpoint);
    if (!timing) this.requestSecondsChildren.set(endpoint, (timing = this.requestSeconds.labels(endpoint)));
    timing.observe(seconds);
  }

  /** A reservation settled: `costMicros` charged of the `heldMicros` reserved. */
  settled(heldMicros: Micros, costMicros: Micros): void {
    if (costMicros > 0) this.captured.inc(costMicros);
    if (heldMicros > costMicros) this.released.inc(heldMicros - costMicros);
  }

  expiredHoldsReleased(count: number): void {
    if (count > 0) this.expiredReleased.inc(count);
  }

  upstream(vendor: string, seconds: number, failure: UpstreamFailureKind | undefined): void {
    this.upstreamSeconds.labels(vendor).observe(seconds);
    if (failure) this.upstreamFailures.labels(vendor, failure).inc();
  }

  rateLimitRefusal(limiter: 'key' | 'auth_failures'): void {
    this.refusals.labels(limiter).inc();
  }

  rateLimitUnchecked(limiter: 'key' | 'auth_failures'): void {
    this.unchecked.labels(limiter).inc();
  }

  /** With REDIS_URL set: `tollgate_redis_up`, read at each scrape from whether the limiters' Redis answers. */
  watchRedis(up: () => boolean): void {
    new this.promClient.Gauge({
      name: 'tollgate_redis_up',
      help: "1 while the rate limiters' Redis answers, 0 while it does not (requests then pass unchecked: tollgate_rate_limit_unchecked_total).",
      registers: [this.registry],
      collect() {
        this.set(up() ? 1 : 0);
      },
    });
  }

  /** For the ledger: one commit of `entries` entries that took `seconds`. */
  observeLedgerCommit(entries: number, seconds: number): void {
    this.ledgerBatchSize.observe(entries);
    this.ledgerCommitSeconds.observe(seconds);
  }

  /** The exposition text and its content type. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
