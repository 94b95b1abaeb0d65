import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Authenticator } from './authenticator';
import { REVOCATIONS_CHANNEL } from './revocations';

/**
 * Listens for announced revocations and forgets the revoked key's cached lookup. A subscription
 * lost while Redis is away is renewed when it reconnects; what was announced meanwhile
 * is lost, and the cache's expiry covers it.
 */
export class RevocationListener {
  private readonly redis: Redis;

  constructor(redisUrl: string, authenticator: Pick<Authenticator, 'forgetKey'>, log: FastifyBaseLogger) {
    // Subscribed here on every (re)connection, with its failure handled: ioredis's own
    // resubscription leaves a rejection unhandled when the connection closes as it renews.
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: null, autoResubscribe: false });
    // Errors are retried by ioredis; one line per outage, not one per attempt.
    let failing = false;
    this.redis.on('error', (error) => {
      if (!failing) log.error({ err: error }, 'revocation listener: Redis unreachable; revocations are seen when the auth cache expires (< 1 s)');
      failing = true;
    });
    this.redis.on('ready', () => {
      failing = false;
      this.redis.subscribe(REVOCATIONS_CHANNEL).catch(() => undefined);
    });
    this.redis.on('message', (_channel: string, keyId: string) => authenticator.forgetKey(keyId));
  }

  /** Resolves once subscribed (tests wait for it before revoking). */
  async ready(): Promise<void> {
    if (this.redis.status !== 'ready') await new Promise((resolve) => this.redis.once('ready', resolve));
    await this.redis.subscribe(REVOCATIONS_CHANNEL);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
