/**
 * How long a Redis command may take before it counts as failed (`answerInTime`). Redis answers in
 * well under a millisecond; one that keeps its connection open without answering (hung,
 * overloaded, cut off by a partition) must not hold every request with it. A limiter's failed
 * command lets its request through, logged (core/admission.ts), as when Redis refuses connections;
 * closing gives up and drops the socket; the CLI's announcement of a key change gives up (the
 * cache's expiry bounds it).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

/**
 * ioredis's own `commandTimeout`, a backstop behind `answerInTime` for what does not go through it
 * (the client's ready check). Far longer, because ioredis's timer fires before a reply already
 * waiting in the socket is read (see `answerInTime`): only an event loop blocked this long turns a
 * healthy Redis's answer into a failure.
 */
export const REDIS_COMMAND_BACKSTOP_MS = 5_000;

/** How long the CLI waits to connect to Redis before giving up its announcement. */
export const REDIS_CONNECT_TIMEOUT_MS = 2_000;

/** Redis did not answer a command within REDIS_COMMAND_TIMEOUT_MS. */
export class RedisCommandTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`Command timed out: Redis did not answer within ${timeoutMs} ms`);
    this.name = 'RedisCommandTimeoutError';
  }
}

/**
 * A Redis command's answer, or a RedisCommandTimeoutError once REDIS_COMMAND_TIMEOUT_MS have
 * passed without one. Every Redis command of ours goes through this, not ioredis's commandTimeout:
 * the event loop runs due timers before it reads sockets, so after the process was busy longer
 * than the timeout (parsing a burst of requests) a plain timer fires while Redis's answer sits
 * unread, and a healthy Redis looks down. The verdict waits one turn (setImmediate runs after the
 * loop's read phase): an answer that has arrived settles the command first.
 */
export function answerInTime<T>(command: Promise<T>, timeoutMs: number = REDIS_COMMAND_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => setImmediate(() => reject(new RedisCommandTimeoutError(timeoutMs))), timeoutMs);
    command.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
