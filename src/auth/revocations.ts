import { answerInTime, REDIS_COMMAND_BACKSTOP_MS, REDIS_CONNECT_TIMEOUT_MS } from '../store/redis-timeouts';

/** The Redis pub/sub channel on which revocations are announced to every instance. */
export const REVOCATIONS_CHANNEL = 'tollgate:revocations';

/**
 * Tells every running instance that a key changed (revoked, or its limits), so each drops its
 * cached lookup at once instead of when it expires. The change is already committed in the
 * database: this only hurries it, and a message that is lost (Redis down, an instance
 * reconnecting) costs at most the auth cache's lifetime. Returns how many instances received it.
 */
export async function announceKeyChange(redisUrl: string, keyId: string): Promise<number> {
  // Loaded here, not with the module: a CLI command with nothing to announce never loads the client.
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true, commandTimeout: REDIS_COMMAND_BACKSTOP_MS, connectTimeout: REDIS_CONNECT_TIMEOUT_MS });
  try {
    await redis.connect();
    return await answerInTime(redis.publish(REVOCATIONS_CHANNEL, keyId));
  } finally {
    redis.disconnect();
  }
}
