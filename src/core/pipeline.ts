import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EndpointDefinition, CallContext } from './define-endpoint';
import { ApiError } from './errors';
import { success } from './envelope';
import { formatUsd } from './money';
import { describeIssues } from './validation';
import type { Authenticator } from '../auth/authenticator';
import type { KeyOwner } from '../auth/api-keys';
import { admit } from './admission';
import type { Ledger } from '../ledger/ledger';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import type { Providers } from '../providers/providers';
import { trackProviders } from '../providers';

export interface PipelineDependencies {
  authenticator: Authenticator;
  rateLimiter: RateLimiter;
  failedAuthenticationLimiter?: RateLimiter;
  ledger: Ledger;
  providers: Providers;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: KeyOwner | null;
  }
}

/**
 * The one paid-call pipeline, for every registered endpoint:
 * authenticate → rate limit → validate → reserve the maximum price → handler → validate output →
 * capture the actual price (or release the hold on any failure) → envelope.
 */
export function registerEndpoints(
  app: FastifyInstance,
  endpoints: readonly EndpointDefinition<any, any>[],
  dependencies: PipelineDependencies,
): void {
  app.decorateRequest('caller', null);
  for (const endpoint of endpoints) {
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      // Before the body is read: a caller without a valid key or over its rate gets nothing parsed.
      onRequest: (request, reply) => admit(request, reply, dependencies),
      handler: (request, reply) => runCall(endpoint, request, reply, dependencies),
    });
  }
}

const connectionSignals = new WeakMap<Socket, AbortSignal>();

/**
 * Aborted when the client's connection closes: the signal handlers pass to every upstream call.
 * One per connection, not per call — an HTTP/1.1 connection carries one call at a time, and once
 * it is gone no call on it has anyone to answer — so a keep-alive client costs one controller.
 */
function connectionSignal(socket: Socket): AbortSignal {
  let signal = connectionSignals.get(socket);
  if (!signal) {
    const controller = new AbortController();
    socket.once('close', () => controller.abort(new Error('client closed the connection')));
    signal = controller.signal;
    connectionSignals.set(socket, signal);
  }
  return signal;
}

async function runCall(
  endpoint: EndpointDefinition<any, any>,
  request: FastifyRequest,
  reply: FastifyReply,
  { ledger, providers }: PipelineDependencies,
): Promise<unknown> {
  const caller = request.caller!;
  const parsed = endpoint.input.safeParse(endpoint.method === 'GET' ? request.query : (request.body ?? {}));
  if (!parsed.success) throw new ApiError('VALIDATION_ERROR', describeIssues(parsed.error.issues));
  const input = parsed.data;

  const requestId = request.id;
  const hold = endpoint.price.maxMicros(input);
  if (hold > 0 && !(await ledger.hold(caller.accountId, hold, requestId, endpoint.id))) {
    throw new ApiError('NO_CREDITS', `This call can cost up to $${formatUsd(hold)} and the balance does not cover it. Add credits to continue.`);
  }

  let settled = hold === 0;
  try {
    const used = new Set<string>();
    const ctx: CallContext = {
      requestId,
      accountId: caller.accountId,
      keyId: caller.keyId,
      account: async () => {
        const account = await ledger.findAccount(caller.accountId);
        if (!account) throw new ApiError('INVALID_API_KEY', 'The account of this API key no longer exists.');
        return { accountId: account.id, email: account.email, balanceMicros: account.balanceMicros, createdAt: account.createdAt };
      },
    };
    const result = await endpoint.handler({ input, ctx, providers: trackProviders(providers, used), signal: connectionSignal(request.raw.socket) });
    const checked = endpoint.output.safeParse(result);
    if (!checked.success) {
      request.log.error({ endpoint: endpoint.id, issues: checked.error.issues }, 'handler output failed its schema');
      throw new ApiError('INTERNAL_ERROR', `The response failed its own schema check and was withheld; nothing was charged (request ${requestId}).`);
    }
    if (used.size > 0) reply.header('x-tollgate-provider', [...used].join(', '));
    if (hold > 0) {
      let cost = endpoint.price.actualMicros(input, checked.data);
      if (cost > hold) {
        // A price rule whose actual exceeds its own maximum is a bug; the caller never pays more than held.
        request.log.error({ endpoint: endpoint.id, cost, hold }, 'actual price exceeded the hold; charging the hold');
        cost = hold;
      }
      const balance = await ledger.capture(caller.accountId, requestId, cost, endpoint.id);
      settled = true;
      reply.header('x-cost-usd', formatUsd(cost));
      reply.header('x-balance-usd', formatUsd(balance));
    }
    return success(checked.data);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // Whatever else a handler or adapter throws is a bug or an unmapped failure: log it whole,
    // answer without its details (they can hold URLs, tokens or stack frames).
    request.log.error({ err: error, endpoint: endpoint.id }, 'unhandled error in endpoint');
    throw new ApiError('INTERNAL_ERROR', `Internal error; nothing was charged (request ${requestId}).`, { cause: error });
  } finally {
    if (!settled) {
      await ledger.release(caller.accountId, requestId, endpoint.id).catch((error: unknown) => {
        request.log.error({ err: error, requestId, hold }, 'could not release a hold; it stays reserved until reconciled');
      });
    }
  }
}
