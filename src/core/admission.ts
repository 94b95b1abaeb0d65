import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import type { PipelineDependencies } from './pipeline';

/**
 * The first step of every API call, before its body is read: who is calling (the API key) and
 * whether their key is within its rate limit.
 */
function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.length > 0) return header.trim();
  // Chat-completions SDKs send the key as a bearer token; accept it on the AI area only.
  const authorization = request.headers.authorization;
  if (authorization && request.url.startsWith('/v1/ai/')) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (match) return match[1];
  }
  return undefined;
}

export async function admit(request: FastifyRequest, reply: FastifyReply, dependencies: PipelineDependencies): Promise<void> {
  const caller = await dependencies.authenticator.authenticate(presentedKey(request));
  request.caller = caller;
  let decision;
  try {
    decision = await dependencies.rateLimiter.consume(caller.keyId);
  } catch (error) {
    // A limiter outage must not take the API down with it: let the request through, loudly.
    request.log.error({ err: error }, 'rate limiter unavailable; request admitted without a limit check');
    return;
  }
  reply.header('x-ratelimit-limit', String(decision.limit));
  reply.header('x-ratelimit-remaining', String(decision.remaining));
  reply.header('x-ratelimit-reset', String(decision.resetSeconds));
  if (!decision.allowed) {
    const retryAfter = String(Math.max(1, decision.resetSeconds));
    throw new ApiError('RATE_LIMITED', `Rate limit of ${decision.limit} requests per minute exceeded; retry in ${retryAfter} s.`, {
      headers: { 'retry-after': retryAfter },
    });
  }
}

