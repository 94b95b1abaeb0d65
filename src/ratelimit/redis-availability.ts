/** Told when the limiters' Redis stops answering and when it answers again: once each, not per request. */
export interface RedisAvailabilityListener {
  onOutage(error: unknown): void;
  /** `unchecked`: the requests let through without a limit check while it was down. */
  onRecovery(unchecked: number): void;
}

/**
 * Whether the Redis the API's rate limiters share answers, on each limiter's connection. While one
 * does not, its requests pass unchecked (a limiter outage must not take the API down with it): the
 * outage is said once when the first connection fails and once when the last one answers again,
 * with how many requests passed meanwhile — at thousands of calls a second, one log line each
 * would bury everything else. /health and the metrics read it.
 */
export class RedisAvailability {
  /** The connections (any object standing for one) that have failed and not answered since. */
  private readonly failing = new Set<object>();
  private uncheckedDuringOutage = 0;

  constructor(private readonly listener?: RedisAvailabilityListener) {}

  get up(): boolean {
    return this.failing.size === 0;
  }

  /** A command on `connection` failed: its request passes unchecked. */
  failed(connection: object, error: unknown): void {
    this.uncheckedDuringOutage += 1;
    this.unreachable(connection, error);
  }

  /** `connection` failed (refused, dropped): /health says so before a request needs it. */
  unreachable(connection: object, error: unknown): void {
    if (this.failing.has(connection)) return;
    const wasUp = this.up;
    this.failing.add(connection);
    if (wasUp) this.listener?.onOutage(error);
  }

  /** A command on `connection` was answered, or it is ready again. */
  answered(connection: object): void {
    if (!this.failing.delete(connection) || !this.up) return;
    const unchecked = this.uncheckedDuringOutage;
    this.uncheckedDuringOutage = 0;
    this.listener?.onRecovery(unchecked);
  }
}
