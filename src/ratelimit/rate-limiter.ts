/** What a rate limiter answers for one request; the pipeline turns it into x-ratelimit-* headers. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until a slot frees up (0 when one is free now). */
  resetSeconds: number;
  /** Let through without a check: the limiter's store (Redis) did not answer. */
  unchecked?: true;
}

/**
 * A sliding-log limiter: at most `limit` accepted requests in any window of `windowMs`. Unlike a
 * fixed window it never lets 2×limit through around a window boundary, and unlike a token bucket
 * with burst it never exceeds the limit in any window; a client sending evenly at limit/window is
 * never refused. Refused requests are not logged, so Retry-After is truthful.
 */
export interface RateLimiter {
  consume(key: string): Promise<RateLimitDecision>;
  close(): Promise<void>;
}

export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  /** Milliseconds since the epoch; injectable so tests control time. */
  clock?: () => number;
}

export function decision(limit: number, accepted: number, oldestMs: number | undefined, nowMs: number, windowMs: number, allowed: boolean): RateLimitDecision {
  const remaining = Math.max(0, limit - accepted);
  const resetMs = remaining > 0 || oldestMs === undefined ? 0 : oldestMs + windowMs - nowMs;
  return { allowed, limit, remaining, resetSeconds: Math.max(0, Math.ceil(resetMs / 1000)) };
}
