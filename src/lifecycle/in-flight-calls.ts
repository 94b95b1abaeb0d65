import type { FastifyInstance } from 'fastify';

/**
 * The calls whose handlers are still running, so that a shutdown can wait for them (and for the
 * settlement each does in its `finally`) before it closes the database. Streams, which may run
 * for minutes, are ended by the pipeline's shutdown signal (PipelineDependencies.shutdown).
 *
 * Installed as an `onRoute` hook, it wraps only handlers that return a promise (every API endpoint
 * does); synchronous ones answer within their turn and are left as they are. Per call it costs a
 * count and a `finally`.
 *
 * A count, not a set of the calls: a set with an entry added and deleted per call is rebuilt every
 * few calls, and V8 links each table it replaces to the next (for iterators still walking it).
 * Dead tables promoted to the old generation then kept every later table — and the responses each
 * held — alive through minor GCs until a full one. Measured on a bare Fastify route that awaits
 * one macrotask, with this wrapper: 2.2 MB promoted per minor GC and 4.5 ms per minor GC with the
 * set, 0.02 MB and 0.4 ms with the count.
 */
export class InFlightCalls {
  private running = 0;
  private waiters: Array<() => void> = [];

  /** Must run before the routes are registered. */
  install(server: FastifyInstance): void {
    const calls = this;
    server.addHook('onRoute', (route) => {
      const handler = route.handler;
      route.handler = function (request, reply) {
        const result = handler.call(this, request, reply) as unknown;
        if (!isPromise(result)) return result;
        calls.running += 1;
        return result.finally(() => calls.finished());
      };
    });
  }

  get size(): number {
    return this.running;
  }

  /** Resolves once no handler runs (at once when none does). */
  idle(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private finished(): void {
    this.running -= 1;
    if (this.running > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as Promise<unknown>).finally === 'function';
}
