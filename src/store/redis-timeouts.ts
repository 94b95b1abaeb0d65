/**
 * How long a Redis command may take before it counts as failed. Redis answers in well under a
 * millisecond; one that keeps its connection open without answering (hung, overloaded, cut off by
 * a partition) must not hold every request with it. A limiter's failed command lets its request
 * through, logged (core/admission.ts), as when Redis refuses connections; closing gives up and
 * drops the socket; the CLI's announcement of a key change gives up (the cache's expiry bounds it).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

/** How long the CLI waits to connect to Redis before giving up its announcement. */
export const REDIS_CONNECT_TIMEOUT_MS = 2_000;
