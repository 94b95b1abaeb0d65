import type { FastifyReply } from 'fastify';
import type { EndpointDefinition } from './define-endpoint';
import { ApiError, errorCatalog } from './errors';
import { wireFailure } from './envelope';
import { formatUsd } from './money';
import { formatEvent, KEEP_ALIVE, type EventStream, type ServerSentEvent } from './sse';
import type { CallScope } from './call-scope';
import type { PipelineDependencies } from './pipeline';
import { boundedCost } from './settle-cost';
import { LeaseExpiredError, type IdempotentRecord } from '../ledger/settlement';
import type { Reservation } from '../ledger/ledger';
import type { Micros } from './money';
import { NO_STORE } from './response-headers';

/** A running stream keeps its reservation this far ahead of now (renewed as it runs). */
const STREAM_LEASE_SECONDS = 120;
/** Renew the lease at most this often. */
const LEASE_RENEWAL_MS = 30_000;
/** A stream's events kept for its idempotency key up to this size; a longer one frees the key. */
const MOST_STORED_STREAM_CHARACTERS = 8 * 1024 * 1024;
/**
 * A client that takes nothing of what was written for this long is treated as gone: its stream
 * ends, charged for what was written (a client that never reads must not hold a stream, and its
 * upstream, open without end).
 */
const STALLED_CLIENT_MS = 60_000;

export const EVENT_STREAM_CONTENT_TYPE = 'text/event-stream; charset=utf-8';

interface StreamCall {
  endpoint: EndpointDefinition<any, any>;
  /** What the price settles from with the outcome (the endpoint's plan). */
  plan: unknown;
  stream: EventStream<unknown>;
  reply: FastifyReply;
  call: CallScope;
  reservation: Reservation | undefined;
  dependencies: PipelineDependencies;
  /**
   * With an Idempotency-Key: the record of the stream's events at its cost, stored with its
   * capture when it ends whole, so that a retry replays them and is not charged again.
   */
  stored?: (events: string, costMicros: Micros) => IdempotentRecord;
}

/** How a stream ended. */
interface StreamEnd {
  reply: FastifyReply;
  /** Whether its events were stored under its idempotency key. */
  stored: boolean;
  /**
   * The status the call log records: 200 for a stream delivered (or charged for what was), the
   * status of its error for one that failed after its head; undefined when its client received
   * nothing and nothing was charged (as for any call whose client left before its answer).
   */
  status: number | undefined;
}

/**
 * Writes a handler's event stream as `text/event-stream` and settles its reservation from the
 * outcome the stream ends with. A failure before the first event is an ordinary error response;
 * after it, one error event ends the stream. Either way, and when the client leaves, the
 * reservation is released. While the stream runs its lease is renewed (a heartbeat), and an idle
 * stream gets `: keep-alive` comments. `stored`: whether its events were stored under its key.
 */
export async function streamEvents({ endpoint, plan, stream, reply, call, reservation, dependencies, stored: recordOf }: StreamCall): Promise<StreamEnd> {
  const { events } = stream;
  const request = reply.request;
  let settled = false;
  const release = async () => {
    if (!reservation || settled) return;
    settled = true;
    await reservation.release().catch((error: unknown) => request.log.error({ err: error }, 'could not release a stream’s hold; it stays reserved until its lease expires'));
  };
  // The events as written, for an idempotency key (none kept without one, or past the cap).
  let transcript: string[] | undefined = recordOf ? [] : undefined;
  let transcribed = 0;
  let stored = false;
  let status: number | undefined;
  const capture = async (outcome: unknown, what: string, whole = false) => {
    status = 200; // delivered: charged, or uncharged where it could not be (a late capture)
    if (!reservation || settled) return;
    const cost = boundedCost(endpoint.price.actualMicros(plan, outcome), reservation.maxMicros, endpoint, request);
    settled = true;
    const record = whole && transcript && recordOf ? recordOf(transcript.join(''), cost) : undefined;
    await reservation.capture(cost, record).then(
      () => {
        stored = record !== undefined;
        request.log.info({ endpoint: endpoint.id, costUsd: formatUsd(cost) }, what);
      },
      (error: unknown) => {
        if (!(error instanceof LeaseExpiredError)) throw error;
        request.log.warn({ err: error, endpoint: endpoint.id }, 'late capture refused: the stream’s lease had expired; it is uncharged');
      },
    );
  };
  // The first event decides the head: a failure before it is an ordinary error response. One
  // slower than a keep-alive's interval (a thinking model, a queue) gets the head and a keep-alive
  // meanwhile, so that the client and proxies see a live stream; a failure after that is an event.
  const firstEvent = call.race(events.next());
  let first: IteratorResult<ServerSentEvent, unknown> | undefined;
  try {
    first = await settledWithin(firstEvent, dependencies.keepAliveMs);
  } catch (error) {
    await release();
    if (call.cause === 'client') {
      request.log.info({ endpoint: endpoint.id }, 'client closed the connection before the stream began; nothing was charged');
      request.recordedByPipeline = true;
      reply.hijack();
      return { reply, stored, status };
    }
    throw error;
  }

  request.recordedByPipeline = true;
  reply.hijack();
  const raw = reply.raw;
  const label = dependencies.providerLabel(call.providersUsed);
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': EVENT_STREAM_CONTENT_TYPE,
    'cache-control': NO_STORE.value,
    'x-accel-buffering': 'no',
    ...(label ? { 'x-tollgate-provider': label } : {}),
  });
  // No flushHeaders(): the head goes out with the first event, written next, in one packet. Sent
  // on its own it delayed the first event's arrival by ~1.5 ms on loopback (bench/chat-streams.ts).

  // A shutdown ends the stream as a client leaving does, and tells the client why.
  const onShutdown = () => call.abort('shutdown');
  if (dependencies.shutdown.aborted) onShutdown();
  else dependencies.shutdown.addEventListener('abort', onShutdown, { once: true });

  let lastWrite = Date.now();
  let lastRenewal = Date.now();
  /** False when the client has not taken what was written before (its socket's buffer is full). */
  const write = (text: string): boolean => {
    lastWrite = Date.now();
    return raw.write(text);
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
    if (!first) write(KEEP_ALIVE);
    let next = first ?? (await firstEvent);
    while (!next.done) {
      const event = formatEvent(next.value);
      const flowing = write(event);
      if (transcript) {
        transcribed += event.length;
        if (transcribed > MOST_STORED_STREAM_CHARACTERS) transcript = undefined;
        else transcript.push(event);
      }
      renewLease();
      // Nothing more is made (nor counted as delivered) until the client has taken what was
      // written: a client that reads slowly is sent its stream at its pace, not buffered here.
      if (!flowing) await call.race(clientReady(raw, call));
      next = await call.race(events.next());
    }
    await capture(next.value, 'stream settled', true);
  } catch (error) {
    if (call.cause === 'client' || call.cause === 'shutdown') {
      const why = call.cause === 'client' ? 'client closed the connection during the stream' : 'the server is shutting down: stream ended early';
      // Stopped first, so nothing more counts as delivered; then charged for what was.
      await events.return(undefined).catch(() => undefined);
      const delivered = stream.delivered?.();
      if (delivered === undefined) {
        await release();
        request.log.info({ endpoint: endpoint.id }, `${why}; nothing was charged`);
      } else {
        await capture(delivered, `${why}; charged for what was delivered`).catch(async (failure: unknown) => {
          request.log.error({ err: failure, endpoint: endpoint.id }, `${why}; could not charge for what was delivered`);
          settled = false;
          status = undefined;
          await release();
        });
      }
      if (call.cause === 'shutdown' && !raw.destroyed) {
        status ??= errorCatalog.UNAVAILABLE;
        write(formatEvent({ data: wireFailure('UNAVAILABLE', 'The server is restarting: the stream ended early and is charged only for what was delivered. Retry the request.', undefined) }));
      }
    } else {
      await release();
      const failure = error instanceof ApiError ? error : new ApiError('STREAM_ERROR', `The stream failed; nothing was charged (request ${request.id}).`, { cause: error });
      if (!(error instanceof ApiError)) request.log.error({ err: error, endpoint: endpoint.id }, 'stream failed after its first event');
      status = failure.status;
      if (!raw.destroyed) write(formatEvent({ data: wireFailure(failure.code, failure.message, failure.param) }));
    }
  } finally {
    dependencies.shutdown.removeEventListener('abort', onShutdown);
    clearInterval(keepAlive);
    if (!raw.destroyed) raw.end();
  }
  return { reply, stored, status };
}

/** `work`'s result, or undefined if it is still running after `ms` (its rejection, if sooner, rejects). */
async function settledWithin<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const later = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([work, later]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves when the client has taken what was written; past STALLED_CLIENT_MS the call ends as if it had left. */
function clientReady(raw: FastifyReply['raw'], call: CallScope): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      raw.off('drain', done);
      raw.off('close', done);
      resolve();
    };
    const timer = setTimeout(() => {
      call.abort('client');
      done();
    }, STALLED_CLIENT_MS);
    raw.once('drain', done);
    raw.once('close', done);
  });
}
