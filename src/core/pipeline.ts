import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { routerPath, type CallContext, type EndpointDefinition, type ResponseMode } from './define-endpoint';
import { ApiError } from './errors';
import { success } from './envelope';
import { formatUsd, type Micros } from './money';
import { callInput, describeIssues, formatPath } from './validation';
import { admit } from './admission';
import { CallScope, Deadlines } from './call-scope';
import { isEventStream } from './sse';
import { streamEvents } from './stream-response';
import { actualCost } from './settle-cost';
import { idempotencyKeyOf } from './idempotency-header';
import type { Authenticator } from '../auth/authenticator';
import type { KeyOwner } from '../auth/api-keys';
import type { Ledger, Reservation } from '../ledger/ledger';
import { IDEMPOTENCY_TTL_MS, requestFingerprint, type IdempotencyKeys } from '../ledger/idempotency';
import { LeaseExpiredError, type IdempotentRecord } from '../ledger/settlement';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import type { Providers } from '../providers/providers';

export interface PipelineDependencies {
  authenticator: Authenticator;
  rateLimiter: RateLimiter;
  failedAuthenticationLimiter?: RateLimiter;
  ledger: Ledger;
  idempotency: IdempotencyKeys;
  /** The providers; each tells the call it serves that it did (CallOptions.providerCalled). */
  providers: Providers;
  /** `x-tollgate-provider` for the providers a call used; undefined when it used none. */
  providerLabel(used: ReadonlySet<string>): string | undefined;
  /** A request/response call's server-side deadline. */
  callDeadlineMs: number;
  /** How long a stream may stay silent before a `: keep-alive` comment. */
  keepAliveMs: number;
  /** Milliseconds since the epoch. */
  clock: () => number;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: KeyOwner | null;
  }
}

/** A reservation outlives its call's deadline by this much, so only a crash leaves it to the reconciler. */
const LEASE_MARGIN_SECONDS = 60;

/**
 * The one paid-call pipeline, for every registered endpoint:
 * authenticate → rate limit → validate → reserve the maximum price (a lease) → handler within the
 * deadline → validate output → capture the actual price (or release the reservation on any
 * failure, or when the client has gone) → the response in the endpoint's mode.
 */
export function registerEndpoints(
  app: FastifyInstance,
  endpoints: readonly EndpointDefinition<any, any>[],
  dependencies: PipelineDependencies,
): void {
  app.decorateRequest('caller', null);
  const deadlines = new Deadlines(dependencies.callDeadlineMs);
  app.addHook('onClose', async () => deadlines.close());
  for (const endpoint of endpoints) {
    app.route({
      method: endpoint.method,
      url: routerPath(endpoint.path),
      // Failures of a wire endpoint carry that format's error fields too (error-handling.ts).
      config: { wire: endpoint.responseModes.some((mode) => mode !== 'envelope') },
      // Before the body is read: a caller without a valid key or over its rate gets nothing parsed.
      onRequest: (request, reply) => admit(request, reply, dependencies),
      handler: (request, reply) => runCall(endpoint, request, reply, dependencies, deadlines),
    });
  }
}

function validated<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const field = formatPath(parsed.error.issues[0]?.path ?? []);
    throw new ApiError('VALIDATION_ERROR', describeIssues(parsed.error.issues), field ? { param: field } : {});
  }
  return parsed.data;
}

async function runCall(
  endpoint: EndpointDefinition<any, any>,
  request: FastifyRequest,
  reply: FastifyReply,
  dependencies: PipelineDependencies,
  deadlines: Deadlines,
): Promise<unknown> {
  const { ledger, idempotency, clock } = dependencies;
  const caller = request.caller!;
  const params = endpoint.params ? validated(endpoint.params, request.params) : {};
  const input = validated(endpoint.input, callInput(endpoint.method, request));
  const mode: ResponseMode = endpoint.responseMode(input);
  const requestId = request.id;
  const maxMicros = endpoint.price.maxMicros(input);

  // A paid POST may be retried safely: the same key and body answer the stored response.
  const idempotencyKey = maxMicros > 0 && endpoint.method === 'POST' ? idempotencyKeyOf(request) : undefined;
  const leaseSeconds = Math.ceil(dependencies.callDeadlineMs / 1000) + LEASE_MARGIN_SECONDS;
  if (idempotencyKey !== undefined) {
    const claim = await idempotency.claim(caller.accountId, idempotencyKey, requestFingerprint(endpoint.method, endpoint.path, request.body), leaseSeconds * 1000);
    if (claim.outcome === 'mismatch') {
      throw new ApiError('IDEMPOTENCY_CONFLICT', 'Idempotency-Key: this key was already used with another request body; use a new key for a new request.', { param: 'Idempotency-Key' });
    }
    if (claim.outcome === 'running') {
      throw new ApiError('IDEMPOTENCY_CONFLICT', 'Idempotency-Key: a request with this key is still running; retry when it has finished.', {
        param: 'Idempotency-Key',
        headers: { 'retry-after': '1' },
      });
    }
    if (claim.outcome === 'replay') {
      return reply.code(claim.status).headers(claim.headers).header('idempotent-replayed', 'true').type('application/json').send(claim.body);
    }
  }

  const call = new CallScope(reply.raw, mode === 'sse' ? undefined : deadlines);
  let reservation: Reservation | undefined;
  let settled = false;
  let keyStored = false;
  try {
    if (maxMicros > 0) {
      reservation = await ledger.reserve(caller.accountId, maxMicros, { requestId, endpointId: endpoint.id, leaseSeconds });
      if (!reservation) {
        throw new ApiError('NO_CREDITS', `This call can cost up to $${formatUsd(maxMicros)} and the balance does not cover it. Add credits to continue.`);
      }
    }
    const result = await call.race(endpoint.handler({ input, params, ctx: callContext(caller, requestId, ledger, reservation), providers: dependencies.providers, call }));
    const used = call.providersUsed;

    if (isEventStream(result)) {
      call.endDeadline();
      settled = true; // the stream settles its own reservation, whatever happens
      return await streamEvents({ endpoint, input, stream: result, reply, call, reservation, dependencies });
    }

    // Vendors' answers are checked against the schema (an adapter parses the vendor's wire format,
    // but maps it by hand); the sandbox's, generated by our code, are checked by the test suite for
    // every endpoint instead of on every call.
    const data = servedBySandboxAlone(used) ? result : checkedOutput(endpoint, result, request);
    if (call.cause === 'client') throw call.reason;

    const label = dependencies.providerLabel(used);
    if (label) reply.header('x-tollgate-provider', label);
    const body = mode === 'envelope' ? success(data) : data;
    if (reservation) {
      const cost = actualCost(endpoint, input, data, maxMicros, request);
      const record = idempotencyKey !== undefined ? storedResponse(idempotencyKey, body, cost, label, requestId, clock()) : undefined;
      try {
        const balance = await reservation.capture(cost, record);
        settled = keyStored = true;
        reply.header('x-cost-usd', formatUsd(cost));
        reply.header('x-balance-usd', formatUsd(balance));
      } catch (error) {
        if (!(error instanceof LeaseExpiredError)) throw error;
        // The vendor has answered (and may have been paid): deliver it, uncharged, rather than fail.
        request.log.warn({ err: error, endpoint: endpoint.id, requestId }, 'late capture refused: the lease had expired; the answer is delivered uncharged');
        reply.header('x-cost-usd', formatUsd(0));
      }
    }
    return body;
  } catch (error) {
    const failure = callFailure(error, call, endpoint, request, dependencies.callDeadlineMs);
    if (failure === CLIENT_GONE) {
      reply.hijack(); // nobody reads an answer
      return reply;
    }
    throw failure;
  } finally {
    call.endDeadline();
    if (reservation && !settled) {
      await reservation.release().catch((error: unknown) => {
        request.log.error({ err: error, requestId, maxMicros }, 'could not release a hold; it stays reserved until its lease expires');
      });
    }
    if (idempotencyKey !== undefined && !keyStored) {
      await idempotency.abandon(caller.accountId, idempotencyKey).catch((error: unknown) => {
        request.log.error({ err: error, requestId }, 'could not free an idempotency key; it frees itself when its lease expires');
      });
    }
  }
}

function callContext(caller: KeyOwner, requestId: string, ledger: Ledger, reservation: Reservation | undefined): CallContext {
  return {
    requestId,
    accountId: caller.accountId,
    keyId: caller.keyId,
    account: async () => {
      const account = await ledger.findAccount(caller.accountId);
      if (!account) throw new ApiError('INVALID_API_KEY', 'The account of this API key no longer exists.');
      return { accountId: account.id, email: account.email, balanceMicros: account.balanceMicros, createdAt: account.createdAt };
    },
    extendLease: async (seconds) => {
      await reservation?.extend(seconds);
    },
  };
}

function servedBySandboxAlone(used: ReadonlySet<string>): boolean {
  if (used.size === 0) return false;
  for (const name of used) if (name !== 'sandbox') return false;
  return true;
}

function checkedOutput(endpoint: EndpointDefinition<any, any>, result: unknown, request: FastifyRequest): unknown {
  const checked = endpoint.output.safeParse(result);
  if (!checked.success) {
    request.log.error({ endpoint: endpoint.id, issues: checked.error.issues }, 'handler output failed its schema');
    throw new ApiError('INTERNAL_ERROR', `The response failed its own schema check and was withheld; nothing was charged (request ${request.id}).`);
  }
  return checked.data;
}

function storedResponse(key: string, body: unknown, cost: Micros, provider: string | undefined, requestId: string, now: number): IdempotentRecord {
  const headers: Record<string, string> = { 'x-cost-usd': formatUsd(cost), 'x-original-request-id': requestId };
  if (provider) headers['x-tollgate-provider'] = provider;
  return { key, status: 200, headers: JSON.stringify(headers), body: JSON.stringify(body), expiresAt: now + IDEMPOTENCY_TTL_MS };
}

/**
 * What a failed call answers. A client that has gone gets nothing (and is not charged: the
 * reservation is released); a call past its deadline is a 504; anything else that is not a
 * catalog error is a bug or an unmapped failure, logged whole and answered without its details
 * (they can hold URLs, tokens or stack frames).
 */
function callFailure(
  error: unknown,
  call: CallScope,
  endpoint: EndpointDefinition<any, any>,
  request: FastifyRequest,
  deadlineMs: number,
): ApiError | typeof CLIENT_GONE {
  if (call.cause === 'client') {
    request.log.info({ endpoint: endpoint.id }, 'client closed the connection before the answer; nothing was charged');
    return CLIENT_GONE;
  }
  if (call.cause === 'deadline') {
    request.log.warn({ endpoint: endpoint.id, err: error }, 'call deadline passed');
    return new ApiError('DEADLINE_EXCEEDED', `The call did not complete within ${deadlineMs / 1000} s; nothing was charged (request ${request.id}).`);
  }
  if (error instanceof ApiError) return error;
  request.log.error({ err: error, endpoint: endpoint.id }, 'unhandled error in endpoint');
  return new ApiError('INTERNAL_ERROR', `Internal error; nothing was charged (request ${request.id}).`, { cause: error });
}

const CLIENT_GONE = Symbol('client gone');
