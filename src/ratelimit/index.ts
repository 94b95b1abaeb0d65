import { Redis } from 'ioredis';
import type { Config } from '../config';
import { MemoryRateLimiter } from './memory-rate-limiter';
import type { RateLimiter } from './rate-limiter';
import { RedisRateLimiter } from './redis-rate-limiter';

const ONE_MINUTE_MS = 60_000;

/** In-process by default; shared by every instance through Redis when REDIS_URL is set. */
function createPerMinuteLimiter(redisUrl: string | undefined, limit: number, namespace: string, clock?: () => number): RateLimiter {
  const options = { limit, windowMs: ONE_MINUTE_MS, clock };
  if (redisUrl) {
    return new RedisRateLimiter(new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false }), { ...options, namespace });
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
    return new RedisRateLimiter(new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false }), { limit: options.limit, windowMs: options.windowMs, clock, namespace: options.namespace });
  }
  return new MemoryRateLimiter({ limit: options.limit, windowMs: options.windowMs, clock });
}

/** Requests per API key (keyed by key id). */
export function createRateLimiter(config: Config, clock?: () => number): RateLimiter {
  return createPerMinuteLimiter(config.redisUrl, config.rateLimitPerMinute, 'tollgate:ratelimit:', clock);
}

/** Failed authentications per client address (keyed by `clientAddressKey`). */
export function createFailedAuthenticationLimiter(config: Config, clock?: () => number): RateLimiter {
  return createPerMinuteLimiter(config.redisUrl, config.authFailuresPerMinute, 'tollgate:authfail:', clock);
}
