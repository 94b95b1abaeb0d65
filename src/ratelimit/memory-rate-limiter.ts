import { decision, type RateLimitDecision, type RateLimiter, type RateLimiterOptions } from './rate-limiter';

/**
 * One key's admitted requests of the last window, oldest first: `times[head…]` (the entries
 * before `head` have left the window). Dropping from the front moves `head`, and the array is
 * compacted only once most of it is dead, so each request costs O(1) however high the limit.
 */
interface SlidingLog {
  times: number[];
  head: number;
}

/** The embedded default: one process, one log per key, swept once a window. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly logs = new Map<string, SlidingLog>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly clock: () => number;

  constructor(private readonly options: RateLimiterOptions) {
    this.clock = options.clock ?? Date.now;
    this.sweeper = setInterval(() => this.sweep(), options.windowMs).unref();
  }

  async consume(key: string): Promise<RateLimitDecision> {
    const { limit, windowMs } = this.options;
    const now = this.clock();
    let log = this.logs.get(key);
    if (!log) {
      log = { times: [], head: 0 };
      this.logs.set(key, log);
    }
    const { times } = log;
    while (log.head < times.length && times[log.head]! <= now - windowMs) log.head += 1;
    if (log.head >= 1024 && log.head * 2 >= times.length) {
      log.times = times.slice(log.head);
      log.head = 0;
    }
    const count = log.times.length - log.head;
    const allowed = count < limit;
    if (allowed) log.times.push(now);
    return decision(limit, allowed ? count + 1 : count, log.times[log.head], now, windowMs, allowed);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const cutoff = this.clock() - this.options.windowMs;
    for (const [key, log] of this.logs) {
      if (log.times.length === log.head || log.times[log.times.length - 1]! <= cutoff) this.logs.delete(key);
    }
  }
}
