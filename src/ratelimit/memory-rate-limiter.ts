import { decision, type RateLimitDecision, type RateLimiter, type RateLimiterOptions } from './rate-limiter';

/** The embedded default: one process, one log per key, swept once a window. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly logs = new Map<string, number[]>();
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
      log = [];
      this.logs.set(key, log);
    }
    while (log.length > 0 && log[0]! <= now - windowMs) log.shift();
    const allowed = log.length < limit;
    if (allowed) log.push(now);
    return decision(limit, log.length, log[0], now, windowMs, allowed);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const cutoff = this.clock() - this.options.windowMs;
    for (const [key, log] of this.logs) {
      if (log.length === 0 || log[log.length - 1]! <= cutoff) this.logs.delete(key);
    }
  }
}
