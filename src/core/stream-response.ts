import type { FastifyReply } from 'fastify';
import type { EndpointDefinition } from './define-endpoint';
import { ApiError } from './errors';
import { wireFailure } from './envelope';
import { formatUsd } from './money';
import { formatEvent, KEEP_ALIVE, type EventStream, type ServerSentEvent } from './sse';
import type { CallScope } from './call-scope';
import type { PipelineDependencies } from './pipeline';
import { boundedCost } from './settle-cost';
import { LeaseExpiredError } from '../ledger/settlement';
import type { Reservation } from '../ledger/ledger';

/** A running stream keeps its reservation this far ahead of now (renewed as it runs). */
const STREAM_LEASE_SECONDS = 120;
/** Renew the lease at most this often. */
const LEASE_RENEWAL_MS = 30_000;

interface StreamCall {
  endpoint: EndpointDefinition<any, any>;
  input: unknown;
  stream: EventStream<unknown>;
  reply: FastifyReply;
  call: CallScope;
  reservation: Reservation | undefined;
  dependencies: PipelineDependencies;
}

/**
 * Writes a handler's event stream as `text/event-stream` and settles its reservation from the
 * outcome the stream ends with. A failure before the first event is an ordinary error response;
 * after it, one error event ends the stream. Either way, and when the client leaves, the
 * reservation is released. While the stream runs its lease is renewed (a heartbeat), and an idle
 * stream gets `: keep-alive` comments.
 */
export async function streamEvents({ endpoint, input, stream, reply, call, reservation, dependencies }: StreamCall): Promise<FastifyReply> {
  const { events } = stream;
  const request = reply.request;
  let settled = false;
  const release = async () => {
    if (!reservation || settled) return;
    settled = true;
    await reservation.release().catch((error: unknown) => request.log.error({ err: error }, 'could not release a stream’s hold; it stays reserved until its lease expires'));
  };
  let first: IteratorResult<ServerSentEvent, unknown>;
  try {
    first = await call.race(events.next());
  } catch (error) {
    await release();
    if (call.cause === 'client') {
      request.log.info({ endpoint: endpoint.id }, 'client closed the connection before the stream began; nothing was charged');
      reply.hijack();
      return reply;
    }
    throw error;
  }

  reply.hijack();
  const raw = reply.raw;
  const label = dependencies.providerLabel(call.providersUsed);
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
    ...(label ? { 'x-tollgate-provider': label } : {}),
  });
  raw.flushHeaders();

  let lastWrite = Date.now();
  let lastRenewal = Date.now();
  const write = (text: string) => {
    lastWrite = Date.now();
    raw.write(text);
  };
  const renewLease = () => {
    if (!reservation || Date.now() - lastRenewal < LEASE_RENEWAL_MS) return;
    lastRenewal = Date.now();
    reservation.extend(STREAM_LEASE_SECONDS).catch((error: unknown) => request.log.warn({ err: error }, 'could not renew a stream’s lease'));
  };
  const keepAlive = setInterval(() => {
    renewLease();
    if (Date.now() - lastWrite >= dependencies.keepAliveMs) write(KEEP_ALIVE);
  }, Math.max(100, Math.floor(dependencies.keepAliveMs / 2)));

  try {
    let next = first;
    while (!next.done) {
      write(formatEvent(next.value));
      renewLease();
      next = await call.race(events.next());
    }
    if (reservation) {
      const cost = boundedCost(endpoint.price.actualMicros(input, next.value), reservation.maxMicros, endpoint, request);
      settled = true;
      await reservation.capture(cost).then(
        () => request.log.info({ endpoint: endpoint.id, costUsd: formatUsd(cost) }, 'stream settled'),
        (error: unknown) => {
          if (!(error instanceof LeaseExpiredError)) throw error;
          request.log.warn({ err: error, endpoint: endpoint.id }, 'late capture refused: the stream’s lease had expired; it is uncharged');
        },
      );
    }
  } catch (error) {
    await release();
    if (call.cause === 'client') {
      request.log.info({ endpoint: endpoint.id }, 'client closed the connection during the stream; nothing was charged');
      await events.return(undefined).catch(() => undefined);
    } else {
      const failure = error instanceof ApiError ? error : new ApiError('STREAM_ERROR', `The stream failed; nothing was charged (request ${request.id}).`, { cause: error });
      if (!(error instanceof ApiError)) request.log.error({ err: error, endpoint: endpoint.id }, 'stream failed after its first event');
      if (!raw.destroyed) write(formatEvent({ data: wireFailure(failure.code, failure.message, failure.param) }));
    }
  } finally {
    clearInterval(keepAlive);
    if (!raw.destroyed) raw.end();
  }
  return reply;
}
