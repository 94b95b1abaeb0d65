import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KeyOwner } from '../auth/api-keys';
import { clientAddressKey } from '../ratelimit/client-address';
import type { RateLimitDecision, RateLimiter } from '../ratelimit/rate-limiter';
import { ApiError } from './errors';
import type { PipelineDependencies } from './pipeline';

/** Where a key may also come as `Authorization: Bearer`: what chat-completions SDKs and MCP clients send. */
const BEARER_PATHS = ['/v1/ai/', '/mcp'];

/** The API key a request presents: `x-api-key`, or a bearer token on the AI area and the MCP endpoint. */
export function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.length > 0) return header.trim();
  const authorization = request.headers.authorization;
  if (authorization && readsBearer(request)) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (match) return match[1];
  }
  return undefined;
}

/** No key was read: where to send one (an Authorization header this path does not read is told so). */
function missingKey(request: FastifyRequest): string {
  if (readsBearer(request)) return 'Missing API key: send it in the x-api-key header, or as Authorization: Bearer <key>.';
  if (request.headers.authorization !== undefined) return `Missing API key: send it in the x-api-key header (Authorization: Bearer is read only on ${BEARER_PATHS.join(' and ')}).`;
  return 'Missing API key: send it in the x-api-key header.';
}

function readsBearer(request: FastifyRequest): boolean {
  return takesBearerKey(request.url);
}

/** Whether a path reads the key from `Authorization: Bearer` too (the OpenAPI document says so per operation). */
export function takesBearerKey(path: string): boolean {
  return BEARER_PATHS.some((prefix) => path.startsWith(prefix));
}

/**
 * The first step of every API call, before its body is read: who is calling (the API key) and
 * whether their key is within its rate limit — or, for a request without a valid key, whether its
 * address has failed to authenticate too often.
 */
export async function admit(request: FastifyRequest, reply: FastifyReply, dependencies: PipelineDependencies): Promise<void> {
  request.caller = await authenticate(request, dependencies);
  const decision = await consumeOrAdmit(request, dependencies.rateLimiter, request.caller.keyId);
  if (!decision || decision.unchecked) return;
  reply.header('x-ratelimit-limit', String(decision.limit));
  reply.header('x-ratelimit-remaining', String(decision.remaining));
  reply.header('x-ratelimit-reset', String(decision.resetSeconds));
  if (!decision.allowed) {
    const retryAfter = retryAfterSeconds(decision);
    throw new ApiError('RATE_LIMITED', `Rate limit of ${decision.limit} requests per minute exceeded; retry in ${retryAfter} s.`, {
      headers: { 'retry-after': retryAfter },
    });
  }
}

/**
 * Only failures are counted against the client's address, and only after the key was looked up:
 * a valid key is never refused for what others behind the same address did. An address over its
 * limit gets 429 instead of 401 until its failures of the last minute fall below it.
 */
export async function authenticate(
  request: FastifyRequest,
  { authenticator, failedAuthenticationLimiter }: Pick<PipelineDependencies, 'authenticator' | 'failedAuthenticationLimiter'>,
): Promise<KeyOwner> {
  try {
    const key = presentedKey(request);
    if (key === undefined) throw new ApiError('INVALID_API_KEY', missingKey(request));
    return await authenticator.authenticate(key);
  } catch (error) {
    if (!(error instanceof ApiError) || !failedAuthenticationLimiter) throw error;
    throw (await failedAuthentication(request, failedAuthenticationLimiter)) ?? error;
  }
}

/**
 * Counts a failed authentication of the client's address (a wrong API key, or the admin token on
 * /metrics); past the limit, the 429 to answer instead of the refusal.
 */
export async function failedAuthentication(request: FastifyRequest, limiter: RateLimiter): Promise<ApiError | undefined> {
  const decision = await consumeOrAdmit(request, limiter, clientAddressKey(request.ip));
  if (!decision || decision.allowed) return undefined;
  const retryAfter = retryAfterSeconds(decision);
  return new ApiError('RATE_LIMITED', `Too many failed authentications from this address (at most ${decision.limit} a minute); retry in ${retryAfter} s.`, {
    headers: { 'retry-after': retryAfter },
  });
}

/** A limiter's decision, or undefined when the limiter is unreachable. */
async function consumeOrAdmit(request: FastifyRequest, limiter: RateLimiter, key: string): Promise<RateLimitDecision | undefined> {
  try {
    return await limiter.consume(key);
  } catch (error) {
    // A limiter outage must not take the API down with it: let the request through, loudly.
    request.log.error({ err: error }, 'rate limiter unavailable; request admitted without a limit check');
    return undefined;
  }
}

function retryAfterSeconds(decision: RateLimitDecision): string {
  return String(Math.max(1, decision.resetSeconds));
}
