import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * The calls whose handlers are still running, so that a shutdown can wait for them (and for the
 * settlement each does in its `finally`) before it closes the database. Streams, which may run
 * for minutes, are ended by the pipeline's shutdown signal (PipelineDependencies.shutdown).
 *
 * Installed as an `onRoute` hook, it wraps only handlers that return a promise (every API endpoint
 * does); synchronous ones answer within their turn and are left as they are. Per call it costs a
 * set insertion and a `finally`.
 */
export class InFlightCalls {
  private readonly running = new Set<ServerResponse>();
  private waiters: Array<() => void> = [];

  /** Must run before the routes are registered. */
  install(server: FastifyInstance): void {
    const calls = this;
    server.addHook('onRoute', (route) => {
      const handler = route.handler;
      route.handler = function (request, reply) {
        const result = handler.call(this, request, reply) as unknown;
        if (!isPromise(result)) return result;
        const raw = reply.raw;
        calls.running.add(raw);
        return result.finally(() => calls.finished(raw));
      };
    });
  }

  get size(): number {
    return this.running.size;
  }

  /** Resolves once no handler runs (at once when none does). */
  idle(): Promise<void> {
    if (this.running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private finished(raw: ServerResponse): void {
    this.running.delete(raw);
    if (this.running.size > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as Promise<unknown>).finally === 'function';
}
