import { Redis } from 'ioredis';
import type { Config } from '../config';
import { MemoryRateLimiter } from './memory-rate-limiter';
import type { RateLimiter } from './rate-limiter';
import { RedisRateLimiter } from './redis-rate-limiter';

const ONE_MINUTE_MS = 60_000;

/** In-process by default; shared by every instance through Redis when REDIS_URL is set. */
export function createRateLimiter(config: Config, clock?: () => number): RateLimiter {
  const options = { limit: config.rateLimitPerMinute, windowMs: ONE_MINUTE_MS, clock };
  if (config.redisUrl) {
    return new RedisRateLimiter(new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false }), options);
  }
  return new MemoryRateLimiter(options);
}
