import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { RedisRateLimiter } from '../../src/ratelimit/redis-rate-limiter';
import { RedisAvailability } from '../../src/ratelimit/redis-availability';

/**
 * A command that times out leaves ioredis's connection up: no 'ready' follows when Redis answers
 * again. The limiter asks the connection itself (PING) until it answers, so a limiter used rarely
 * does not leave /health "degraded" until its next request.
 */
test('after a timed-out command, the outage ends when a PING is answered, without another request', async (t) => {
  t.mock.timers.enable({ apis: ['setInterval'] });
  let answering = false;
  const connection = Object.assign(new EventEmitter(), {
    status: 'ready',
    defineCommand: () => undefined,
    tollgateSlidingLog: async () => {
      throw new Error('Command timed out');
    },
    quit: async () => 'OK',
    ping: async () => {
      if (!answering) throw new Error('Command timed out');
      return 'PONG';
    },
  });
  const said: string[] = [];
  const availability = new RedisAvailability({ onOutage: () => said.push('outage'), onRecovery: (unchecked) => said.push(`recovered after ${unchecked}`) });
  const limiter = new RedisRateLimiter(connection as unknown as Redis, { limit: 5, windowMs: 60_000, availability });

  const decision = await limiter.consume('key_1');
  assert.equal(decision.unchecked, true);
  assert.equal(availability.up, false);

  t.mock.timers.tick(2_000);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(availability.up, false, 'a PING that times out ends nothing');

  answering = true;
  t.mock.timers.tick(2_000);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(availability.up, true);
  assert.deepEqual(said, ['outage', 'recovered after 1']);
  await limiter.close();
});
