import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { decision, type RateLimitDecision, type RateLimiter, type RateLimiterOptions } from './rate-limiter';
import type { RedisAvailability } from './redis-availability';
import { answerInTime } from '../store/redis-timeouts';

/**
 * Trim, count and (if below the limit) log the request in one atomic script, so every instance
 * sharing the Redis sees one log per key. Scores are the caller's clock in milliseconds.
 */
const SLIDING_LOG_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < limit then
  redis.call('ZADD', key, now, ARGV[4])
  count = count + 1
  allowed = 1
end
redis.call('PEXPIRE', key, window)
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return { allowed, count, oldest[2] or now }
`;

/** How long requests made right after start wait for the first connection to Redis. */
const FIRST_CONNECTION_WAIT_MS = 1_000;

/** How often a connection that failed a command is asked (PING) whether Redis answers again. */
const RECOVERY_PROBE_MS = 2_000;

export class RedisRateLimiter implements RateLimiter {
  private readonly clock: () => number;
  private readonly firstConnection: Promise<void>;
  /** Set while the connection has failed a command and not answered since. */
  private recoveryProbe: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly options: RateLimiterOptions & {
      namespace?: string;
      /**
       * Given, a command that fails lets its request through unchecked (`unchecked`) and tells it
       * (the API's limiters); without, the failure is thrown to the caller (the dashboard's).
       */
      availability?: RedisAvailability;
    },
  ) {
    this.clock = options.clock ?? Date.now;
    redis.defineCommand('tollgateSlidingLog', { numberOfKeys: 1, lua: SLIDING_LOG_SCRIPT });
    if (options.availability) {
      const { availability } = options;
      redis.on('error', (error) => availability.unreachable(redis, error));
      redis.on('ready', () => availability.answered(redis));
    }
    // Without an offline queue a command fails at once while Redis is unreachable — and so in the
    // moment after start, before the connection is up, when requests would pass unchecked. Those
    // wait for the first connection instead (a second at most); later outages still fail fast.
    this.firstConnection =
      redis.status === 'ready'
        ? Promise.resolve()
        : new Promise((resolve) => {
            const timer = setTimeout(resolve, FIRST_CONNECTION_WAIT_MS).unref();
            redis.once('ready', () => {
              clearTimeout(timer);
              resolve();
            });
          });
  }

  async consume(key: string): Promise<RateLimitDecision> {
    await this.firstConnection;
    const { limit, windowMs } = this.options;
    const now = this.clock();
    const member = `${now}:${randomBytes(6).toString('base64url')}`;
    const { availability } = this.options;
    let answer: [number, number, string | number];
    try {
      answer = await answerInTime((this.redis as any).tollgateSlidingLog(`${this.options.namespace ?? 'tollgate:ratelimit:'}${key}`, now, windowMs, limit, member));
    } catch (error) {
      if (!availability) throw error;
      availability.failed(this.redis, error);
      this.probeUntilAnswered(availability);
      return { allowed: true, limit, remaining: limit, resetSeconds: 0, unchecked: true };
    }
    if (availability) {
      if (this.recoveryProbe) this.stopProbing();
      availability.answered(this.redis);
    }
    const [allowed, count, oldest] = answer;
    return decision(limit, count, Number(oldest), now, windowMs, allowed === 1);
  }

  /**
   * A command that timed out leaves the connection up, so no 'ready' follows when Redis answers
   * again, and a limiter used rarely (failed authentications) may send nothing for hours: until
   * one is answered, the connection is asked every RECOVERY_PROBE_MS, so the outage ends when Redis
   * answers, not at the next request.
   */
  private probeUntilAnswered(availability: RedisAvailability): void {
    if (this.recoveryProbe) return;
    this.recoveryProbe = setInterval(() => {
      answerInTime(this.redis.ping()).then(
        () => {
          this.stopProbing();
          availability.answered(this.redis);
        },
        () => undefined,
      );
    }, RECOVERY_PROBE_MS).unref();
  }

  private stopProbing(): void {
    clearInterval(this.recoveryProbe);
    this.recoveryProbe = undefined;
  }

  async close(): Promise<void> {
    this.stopProbing();
    // QUIT needs a connection to say it on: while Redis is unreachable, just drop the socket.
    if (this.redis.status !== 'ready') {
      this.redis.disconnect();
      return;
    }
    await answerInTime(this.redis.quit()).catch(() => this.redis.disconnect());
  }
}
