import { Redis } from 'ioredis';
import type { Config } from '../config';
import { MemoryRateLimiter } from './memory-rate-limiter';
import type { RateLimiter } from './rate-limiter';
import { RedisRateLimiter } from './redis-rate-limiter';
import type { RedisAvailability } from './redis-availability';
import { REDIS_COMMAND_BACKSTOP_MS } from '../store/redis-timeouts';

const ONE_MINUTE_MS = 60_000;

/**
 * A Redis connection for a limiter. While Redis is unreachable each command fails at once, and
 * while it does not answer each fails after REDIS_COMMAND_TIMEOUT_MS (the limiter's `answerInTime`;
 * ioredis's commandTimeout is only the longer backstop); either way an API request that needed it
 * is let through unchecked, told to the RedisAvailability (said once per outage), and a dashboard
 * form's fails. The connection's own errors (one per reconnection attempt) are handled here, or
 * ioredis prints each with its stack to stderr, outside the structured log.
 */
function limiterConnection(redisUrl: string): Redis {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: REDIS_COMMAND_BACKSTOP_MS });
  redis.on('error', () => undefined);
  return redis;
}

/** In-process by default; shared by every instance through Redis when REDIS_URL is set. */
function createPerMinuteLimiter(redisUrl: string | undefined, limit: number, namespace: string, clock: (() => number) | undefined, availability: RedisAvailability | undefined): RateLimiter {
  const options = { limit, windowMs: ONE_MINUTE_MS, clock };
  if (redisUrl) {
    return new RedisRateLimiter(limiterConnection(redisUrl), { ...options, namespace, ...(availability ? { availability } : {}) });
  }
  return new MemoryRateLimiter(options);
}

/** A limit over any window (the dashboard's sign-ups and log-ins), in-process or through Redis. */
export function createWindowLimiter(
  redisUrl: string | undefined,
  options: { limit: number; windowMs: number; namespace: string },
  clock?: () => number,
): RateLimiter {
  if (redisUrl) {
    return new RedisRateLimiter(limiterConnection(redisUrl), { limit: options.limit, windowMs: options.windowMs, clock, namespace: options.namespace });
  }
  return new MemoryRateLimiter({ limit: options.limit, windowMs: options.windowMs, clock });
}

/**
 * Requests per API key (keyed by key id). `availability`: told of each command that Redis does
 * not answer (its request passes unchecked) and of each it does; without it such a failure is thrown.
 */
export function createRateLimiter(config: Config, clock?: () => number, availability?: RedisAvailability): RateLimiter {
  return createPerMinuteLimiter(config.redisUrl, config.rateLimitPerMinute, 'tollgate:ratelimit:', clock, availability);
}

/** Failed authentications per client address (keyed by `clientAddressKey`); `availability` as for `createRateLimiter`. */
export function createFailedAuthenticationLimiter(config: Config, clock?: () => number, availability?: RedisAvailability): RateLimiter {
  return createPerMinuteLimiter(config.redisUrl, config.authFailuresPerMinute, 'tollgate:authfail:', clock, availability);
}
