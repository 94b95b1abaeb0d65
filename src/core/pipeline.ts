import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { areaOf, routerPath, type CallContext, type EndpointDefinition, type ResponseMode } from './define-endpoint';
import { ApiError } from './errors';
import { success } from './envelope';
import { formatUsd, type Micros } from './money';
import { callInput, describeIssues, issueField } from './validation';
import { admit } from './admission';
import { CallScope, Deadlines } from './call-scope';
import { isEventStream } from './sse';
import { EVENT_STREAM_CONTENT_TYPE, streamEvents } from './stream-response';
import { actualCost } from './settle-cost';
import { idempotencyKeyOf } from './idempotency-header';
import { NO_STORE } from './response-headers';
import { CLIENT_GONE_MESSAGE, databaseUnavailable } from './error-handling';
import { isDatabaseUnreachable } from '../store/unreachable';
import type { Authenticator } from '../auth/authenticator';
import type { KeyOwner } from '../auth/api-keys';
import { areaAllowed, hasSpendCap } from '../auth/key-limits';
import { KeyLimitReachedError } from '../ledger/key-budgets';
import type { Ledger, Reservation } from '../ledger/ledger';
import { IDEMPOTENCY_TTL_MS, requestFingerprint, type IdempotencyKeys } from '../ledger/idempotency';
import { LeaseExpiredError, type IdempotentRecord } from '../ledger/settlement';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import type { Providers } from '../providers/providers';
import type { ModelCatalog } from '../catalog/model-catalog';
import type { AccountHistory } from '../ledger/history';
import type { EndpointSettings } from '../config';
import type { EndpointServices, HeldReservation } from './define-endpoint';

export interface PipelineDependencies {
  authenticator: Authenticator;
  rateLimiter: RateLimiter;
  failedAuthenticationLimiter?: RateLimiter;
  ledger: Ledger;
  /** Read by the account endpoints (usage, ledger entries), always for the caller's own account. */
  history: AccountHistory;
  idempotency: IdempotencyKeys;
  /** The providers; each tells the call it serves that it did (CallOptions.providerCalled). */
  providers: Providers;
  /** The chat models served (handed to `prepare` and handlers). */
  models: ModelCatalog;
  /** The operator's choices that endpoints read (handed to handlers). */
  settings: EndpointSettings;
  /** The server's own services handlers use (the media job queue). */
  services: EndpointServices;
  /** `x-tollgate-provider` for the providers a call used; undefined when it used none. */
  providerLabel(used: ReadonlySet<string>): string | undefined;
  /**
   * Endpoints this server does not serve, by id, with the operator's reason: their vendor's
   * requests would cost more than their price (see providers' `belowCostEndpoints`). Refused after
   * validation, before anything is reserved or fetched.
   */
  notOffered: ReadonlyMap<string, string>;
  /** A request/response call's server-side deadline. */
  callDeadlineMs: number;
  /** How long a stream may stay silent before a `: keep-alive` comment. */
  keepAliveMs: number;
  /**
   * Aborted when the server begins to shut down: request/response calls run on (within the grace
   * period), while streams, which may run for minutes, end at once — one error event, charged for
   * what was delivered.
   */
  shutdown: AbortSignal;
  /**
   * True once the shutdown's grace period has ended and the server closed the connections of the
   * calls still running: a call cut then was not left by its client.
   */
  connectionsCut(): boolean;
  /** Milliseconds since the epoch. */
  clock: () => number;
  /**
   * Writes an answered call to the call log with the status it ended with: on its response for
   * most calls, by the pipeline for a stream (which may end after its 200 head, or with its client gone).
   */
  recordCall(request: FastifyRequest, status: number): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: KeyOwner | null;
    /** The endpoint a call was routed to (the call log's label for it), set before authentication. */
    endpointId: string | undefined;
    /** What the call's vendor requests cost the operator (set when the call ends; for the call log). */
    upstreamCostMicros: number;
    /**
     * The pipeline records this call in the call log itself: a stream when it ends (its head's 200
     * does not say how it ended), a charged answer when it is charged (its charge is usage even if
     * the answer never leaves: a client gone in that instant gets no 'finish', and no onResponse).
     */
    recordedByPipeline: boolean;
  }
}

/** What Fastify sends with a JSON answer it serialised itself. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

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
  app.decorateRequest('endpointId', undefined);
  app.decorateRequest('upstreamCostMicros', 0);
  app.decorateRequest('recordedByPipeline', false);
  const deadlines = new Deadlines(dependencies.callDeadlineMs);
  app.addHook('onClose', async () => deadlines.close());
  for (const endpoint of endpoints) {
    const path = routerPath(endpoint.path);
    const area = areaOf(endpoint);
    app.route({
      method: endpoint.method,
      url: path.url,
      // Failures of a wire endpoint carry that format's error fields too (error-handling.ts).
      config: { wire: endpoint.responseModes.includes('wire') },
      ...(endpoint.bodyLimitBytes !== undefined ? { bodyLimit: Math.max(endpoint.bodyLimitBytes, app.initialConfig.bodyLimit ?? 0) } : {}),
      // Before the body is read: a caller without a valid key, over its rate or outside its key's
      // areas gets nothing parsed.
      onRequest: async (request, reply) => {
        // Read per request from the decoration: Fastify's `routeOptions` builds an object each time.
        request.endpointId = endpoint.id;
        reply.header(NO_STORE.name, NO_STORE.value);
        await admit(request, reply, dependencies);
        refuseOutsideKeyAreas(request.caller!, area);
      },
      handler: (request, reply) => runCall(endpoint, path.params, request, reply, dependencies, deadlines),
    });
  }
}

function validated<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const field = first ? issueField(first) : '';
    throw new ApiError('VALIDATION_ERROR', describeIssues(parsed.error.issues), field ? { param: field } : {});
  }
  return parsed.data;
}

async function runCall(
  endpoint: EndpointDefinition<any, any>,
  pathParams: (matched: Record<string, string>) => Record<string, string>,
  request: FastifyRequest,
  reply: FastifyReply,
  dependencies: PipelineDependencies,
  deadlines: Deadlines,
): Promise<unknown> {
  const { ledger, idempotency, clock } = dependencies;
  const caller = request.caller!;
  const params = endpoint.params ? validated(endpoint.params, pathParams(request.params as Record<string, string>)) : {};
  const input = validated(endpoint.input, callInput(endpoint.method, request));
  if (dependencies.notOffered.has(endpoint.id)) {
    throw new ApiError('NOT_OFFERED', `${endpoint.method} ${endpoint.path} is not offered by this server: its data provider would charge more for it than its price. Nothing was charged.`);
  }
  const mode: ResponseMode = endpoint.responseMode(input);
  const requestId = request.id;
  const { models } = dependencies;
  const prepared = endpoint.prepare({ input, params, models, services: dependencies.services });
  const plan = prepared instanceof Promise ? await prepared : prepared;
  const maxMicros = endpoint.price.maxMicros(plan);

  // A paid POST may be retried safely: the same key and body answer the stored response.
  const idempotencyKey = maxMicros > 0 && endpoint.method === 'POST' ? idempotencyKeyOf(request) : undefined;
  const leaseSeconds = Math.ceil(dependencies.callDeadlineMs / 1000) + LEASE_MARGIN_SECONDS;
  if (idempotencyKey !== undefined) {
    const claim = await idempotency.claim(caller.accountId, idempotencyKey, requestFingerprint(endpoint.method, endpoint.path, request.body), leaseSeconds * 1000);
    if (claim.outcome === 'mismatch') {
      throw new ApiError('IDEMPOTENCY_CONFLICT', 'Idempotency-Key: this key was already used for another request (another body or another endpoint); use a new key for a new request.', { param: 'Idempotency-Key' });
    }
    if (claim.outcome === 'running') {
      throw new ApiError('IDEMPOTENCY_CONFLICT', 'Idempotency-Key: a request with this key is still running; retry when it has finished.', {
        param: 'Idempotency-Key',
        headers: { 'retry-after': '1' },
      });
    }
    if (claim.outcome === 'replay') {
      // A stream is replayed whole, as the events it sent (their content type stored with them).
      return reply.code(claim.status).headers(claim.headers).header('idempotent-replayed', 'true').type(claim.headers['content-type'] ?? 'application/json').send(claim.body);
    }
  }

  const call = new CallScope(reply.raw, mode === 'sse' ? undefined : deadlines);
  let reservation: Reservation | undefined;
  let settled = false;
  let keyStored = false;
  // Set when the handler hands the reservation to work that settles it later (a queued job).
  const handOver = { done: false };
  // How a stream ended, for the call log (undefined: no stream, or one nobody received anything of).
  let streamStatus: number | undefined;
  try {
    // A client that left while the call was admitted or its body read: nothing is held or run.
    if (call.clientGone) throw call.reason;
    if (maxMicros > 0) {
      reservation = await reserveOrRefuse(ledger, caller, maxMicros, { requestId, endpointId: endpoint.id, leaseSeconds });
      if (!reservation) {
        const advice = endpoint.holdAdvice ? ` ${endpoint.holdAdvice(plan, await ledger.balance(caller.accountId))}` : '';
        throw new ApiError('NO_CREDITS', `This call can cost up to $${formatUsd(maxMicros)} and the balance does not cover it.${advice} Add credits to continue.`);
      }
    }
    const ctx = callContext(caller, requestId, ledger, dependencies.history, reservation, handOver);
    const result = await call.race(endpoint.handler({ input, plan, models, params, settings: dependencies.settings, services: dependencies.services, ctx, providers: dependencies.providers, call }));
    const used = call.providersUsed;

    if (isEventStream(result)) {
      call.endDeadline();
      settled = true; // the stream settles its own reservation, whatever happens
      // A stream that ends whole is stored under its key with its capture, as its events.
      const stored =
        idempotencyKey === undefined
          ? undefined
          : (events: string, cost: Micros) =>
              storedResponse(idempotencyKey, { text: events, headers: { 'content-type': EVENT_STREAM_CONTENT_TYPE } }, cost, dependencies.providerLabel(call.providersUsed), requestId, clock());
      const streamed = await streamEvents({ endpoint, plan, stream: result, reply, call, reservation, dependencies, stored });
      keyStored = streamed.stored;
      streamStatus = streamed.status;
      return streamed.reply;
    }

    // Vendors' answers are checked against the schema (an adapter parses the vendor's wire format,
    // but maps it by hand); the sandbox's, generated by our code, are checked by the test suite for
    // every endpoint instead of on every call.
    const data = servedBySandboxAlone(used) ? result : checkedOutput(endpoint, result, request);
    if (call.clientGone) throw call.reason;

    const label = dependencies.providerLabel(used);
    if (label) reply.header('x-tollgate-provider', label);
    // Serialised here, once, before the capture waits for the ledger's commit: the answer's objects
    // need not outlive that wait, and an idempotency record stores this very text.
    const answer = (costMicros: Micros): Answer => {
      const presented: { body: unknown; headers?: Record<string, string> } = endpoint.present ? endpoint.present(data, { costMicros }) : { body: data };
      return { text: JSON.stringify(mode === 'envelope' ? success(presented.body) : presented.body), headers: presented.headers };
    };
    if (!reservation) return sent(reply, answer(0));
    if (handOver.done) {
      // Nothing is charged yet: the hold stays taken until the work settles it.
      const pending = answer(0);
      if (idempotencyKey !== undefined) {
        await idempotency.complete(caller.accountId, storedResponse(idempotencyKey, pending, 0, label, requestId, clock()));
        keyStored = true;
      }
      reply.header('x-cost-usd', formatUsd(0));
      reply.header('x-balance-usd', formatUsd(await ledger.balance(caller.accountId)));
      return sent(reply, pending);
    }
    const cost = actualCost(endpoint, plan, data, maxMicros, request);
    const charged = answer(cost);
    const record = idempotencyKey !== undefined ? storedResponse(idempotencyKey, charged, cost, label, requestId, clock()) : undefined;
    try {
      const balance = await reservation.capture(cost, record);
      settled = keyStored = true;
      request.upstreamCostMicros = call.upstreamCostMicros;
      dependencies.recordCall(request, 200);
      request.recordedByPipeline = true;
      reply.header('x-cost-usd', formatUsd(cost));
      reply.header('x-balance-usd', formatUsd(balance));
      return sent(reply, charged);
    } catch (error) {
      if (!(error instanceof LeaseExpiredError)) throw error;
      // The vendor has answered (and may have been paid): deliver it, uncharged, rather than fail.
      request.log.warn({ err: error, endpoint: endpoint.id, requestId }, 'late capture refused: the lease had expired; the answer is delivered uncharged');
      reply.header('x-cost-usd', formatUsd(0));
      return sent(reply, answer(0));
    }
  } catch (error) {
    const failure = callFailure(error, call, endpoint, request, dependencies);
    if (failure === CLIENT_GONE) {
      reply.hijack(); // nobody reads an answer
      return reply;
    }
    throw failure;
  } finally {
    call.endDeadline();
    request.upstreamCostMicros = call.upstreamCostMicros;
    if (streamStatus !== undefined) dependencies.recordCall(request, streamStatus);
    if (reservation && !settled && !handOver.done) {
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

/** A key limited to some areas may call only their endpoints (and always its own account's). */
function refuseOutsideKeyAreas(caller: KeyOwner, area: string): void {
  if (areaAllowed(caller.limits.areas, area)) return;
  throw new ApiError('KEY_AREA_NOT_ALLOWED', `This API key may call only these areas: ${caller.limits.areas!.join(', ')}; '${area}' is not one of them. Use another key, or ask for the key's areas to be changed.`);
}

/** The call's reservation, counted against the key's spending caps; undefined when the balance cannot cover it. */
function reserveOrRefuse(
  ledger: Ledger,
  caller: KeyOwner,
  maxMicros: Micros,
  options: { requestId: string; endpointId: string; leaseSeconds: number },
): Promise<Reservation | undefined> {
  const reserving = ledger.reserve(caller.accountId, maxMicros, options, caller);
  if (!hasSpendCap(caller.limits)) return reserving;
  return reserving.catch((error: unknown) => {
    if (!(error instanceof KeyLimitReachedError)) throw error;
    const period = error.limit === 'daily' ? 'today (UTC)' : 'this month (UTC)';
    throw new ApiError(
      'KEY_LIMIT_REACHED',
      `This call would take the API key past its ${error.limit} spending limit of $${formatUsd(error.capMicros)}: $${formatUsd(error.spentMicros)} spent ${period}, and this call can cost up to $${formatUsd(maxMicros)}. The limit resets at ${error.resetsAt.toISOString()}.`,
      { headers: { 'x-key-limit-resets-at': error.resetsAt.toISOString() } },
    );
  });
}

function callContext(
  caller: KeyOwner,
  requestId: string,
  ledger: Ledger,
  history: AccountHistory,
  reservation: Reservation | undefined,
  handOver: { done: boolean },
): CallContext {
  return {
    requestId,
    accountId: caller.accountId,
    keyId: caller.keyId,
    account: async () => {
      const account = await ledger.findAccount(caller.accountId);
      if (!account) throw new ApiError('INVALID_API_KEY', 'The account of this API key no longer exists.');
      return { accountId: account.id, email: account.email, balanceMicros: account.balanceMicros, createdAt: account.createdAt };
    },
    key: async () => ({ keyId: caller.keyId, limits: caller.limits, caps: await ledger.keyBudgets.status(caller.keyId, caller.limits, ledger.now()) }),
    extendLease: async (seconds) => {
      await reservation?.extend(seconds);
    },
    handOverReservation: async (leaseSeconds): Promise<HeldReservation> => {
      if (!reservation) throw new Error(`request ${requestId} holds no reservation to hand over`);
      if (handOver.done) throw new Error(`request ${requestId} has already handed its reservation over`);
      await reservation.extend(leaseSeconds);
      handOver.done = true;
      return { requestId: reservation.requestId, maxMicros: reservation.maxMicros };
    },
    history: {
      usage: (query) => history.usage(caller.accountId, query),
      entries: (page) => history.entries(caller.accountId, page),
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

interface Answer {
  /** The body, serialised. */
  text: string;
  /** Headers of the endpoint's own (`present`). */
  headers: Record<string, string> | undefined;
}

function sent(reply: FastifyReply, answer: Answer): FastifyReply {
  if (answer.headers) reply.headers(answer.headers);
  return reply.header('content-type', JSON_CONTENT_TYPE).send(answer.text);
}

function storedResponse(key: string, answer: Answer, cost: Micros, provider: string | undefined, requestId: string, now: number): IdempotentRecord {
  const headers: Record<string, string> = { ...answer.headers, 'x-cost-usd': formatUsd(cost), 'x-original-request-id': requestId };
  if (provider) headers['x-tollgate-provider'] = provider;
  return { key, status: 200, headers: JSON.stringify(headers), body: answer.text, expiresAt: now + IDEMPOTENCY_TTL_MS };
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
  { callDeadlineMs: deadlineMs, connectionsCut }: Pick<PipelineDependencies, 'callDeadlineMs' | 'connectionsCut'>,
): ApiError | typeof CLIENT_GONE {
  if (call.cause === 'client') {
    if (connectionsCut()) request.log.warn({ endpoint: endpoint.id }, SHUTDOWN_CUT_MESSAGE);
    else request.log.info({ endpoint: endpoint.id }, CLIENT_GONE_MESSAGE);
    return CLIENT_GONE;
  }
  if (call.cause === 'deadline') {
    request.log.warn({ endpoint: endpoint.id, err: error }, 'call deadline passed');
    return new ApiError('DEADLINE_EXCEEDED', `The call did not complete within ${deadlineMs / 1000} s; nothing was charged (request ${request.id}).`);
  }
  if (error instanceof ApiError) return error;
  if (isDatabaseUnreachable(error)) return databaseUnavailable(error);
  request.log.error({ err: error, endpoint: endpoint.id }, 'unhandled error in endpoint');
  return new ApiError('INTERNAL_ERROR', `Internal error; nothing was charged (request ${request.id}).`, { cause: error });
}

const CLIENT_GONE = Symbol('client gone');
/** A call whose connection the shutdown closed when its grace period ended (not its client's doing). */
const SHUTDOWN_CUT_MESSAGE = "the shutdown's grace period ended and the server closed the call's connection before the answer; nothing was charged";
