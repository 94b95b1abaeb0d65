import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createRateLimiter } from '../../src/ratelimit';
import { RedisRateLimiter } from '../../src/ratelimit/redis-rate-limiter';
import { RedisAvailability } from '../../src/ratelimit/redis-availability';
import { redisFailedLogIns } from '../../src/dashboard/login-failures';
import { announceKeyChange } from '../../src/auth/revocations';
import { loadConfig } from '../../src/config';
import { startTcpForwarder, type TcpForwarder } from '../helpers/tcp-forwarder';
import { answerInTime, REDIS_COMMAND_BACKSTOP_MS, REDIS_COMMAND_TIMEOUT_MS, RedisCommandTimeoutError } from '../../src/store/redis-timeouts';

/**
 * A server busy for longer than the command timeout (parsing a burst of requests) must not take a
 * healthy Redis for a dead one: the answer that arrived meanwhile is read, and the limit checked.
 * A Redis that really does not answer still fails the command, and the API's limiter lets the
 * request through unchecked, as before.
 */
const redisUrl = process.env.REDIS_URL;
const BUSY_MS = REDIS_COMMAND_TIMEOUT_MS + 150;

function busyWait(milliseconds: number): void {
  const until = Date.now() + milliseconds;
  while (Date.now() < until);
}

/**
 * Until `undo()`, the next `name` command sent on any ioredis connection is followed by BUSY_MS of
 * synchronous work — queued as a microtask, so it starts once its sender has set its timers, before
 * the event loop can read the answer.
 */
function blockAfterNext(name: string): { undo(): void } {
  const original = Redis.prototype.sendCommand;
  let armed = true;
  Redis.prototype.sendCommand = function (this: Redis, ...parameters: Parameters<Redis['sendCommand']>) {
    const sent = original.apply(this, parameters);
    if (armed && parameters[0].name === name) {
      armed = false;
      queueMicrotask(() => busyWait(BUSY_MS));
    }
    return sent;
  };
  return { undo: () => void (Redis.prototype.sendCommand = original) };
}

/**
 * Runs `work`, blocked after its `name` command, from the check phase as an HTTP request's handler
 * would be, not from a Redis reply's callback (after which the socket is read again at once).
 */
async function blockedAfter<T>(name: string, work: () => Promise<T>): Promise<T> {
  await new Promise((resolve) => setImmediate(resolve));
  const block = blockAfterNext(name);
  try {
    return await work();
  } finally {
    block.undo();
  }
}

function outcomes() {
  const said: string[] = [];
  const errors: unknown[] = [];
  const availability = new RedisAvailability({
    onOutage: (error) => {
      errors.push(error);
      said.push('outage');
    },
    onRecovery: (unchecked) => said.push(`recovered after ${unchecked}`),
  });
  return { said, errors, availability };
}

test('answerInTime keeps ioredis’s own timeout a backstop well beyond its own', () => {
  assert.ok(REDIS_COMMAND_BACKSTOP_MS >= 10 * REDIS_COMMAND_TIMEOUT_MS);
});

describe('a healthy Redis while the event loop is blocked past the command timeout', { skip: redisUrl ? false : 'set REDIS_URL to run against Redis' }, () => {
  const key = `redis-timeout-test-${randomUUID()}`;
  let redis: Redis;
  before(() => {
    redis = new Redis(redisUrl!);
  });
  after(async () => {
    await redis.del(`tollgate:ratelimit:${key}`);
    await redis.quit();
  });

  test('a command answered during the block resolves; it is not timed out', async () => {
    await redis.ping();
    assert.equal(await blockedAfter('ping', () => answerInTime(redis.ping())), 'PONG');
  });

  test('the API limiter gives a real decision, nothing passes unchecked, no outage is said', async () => {
    const { said, availability } = outcomes();
    const limiter = createRateLimiter(loadConfig({ REDIS_URL: redisUrl!, TOLLGATE_RATE_LIMIT_PER_MINUTE: '2' }), undefined, availability);
    try {
      assert.deepEqual(await limiter.consume(key), { allowed: true, limit: 2, remaining: 1, resetSeconds: 0 });
      const last = await blockedAfter('evalsha', () => limiter.consume(key));
      assert.deepEqual([last.allowed, last.remaining, last.unchecked], [true, 0, undefined]);
      const refused = await blockedAfter('evalsha', () => limiter.consume(key));
      assert.equal(refused.allowed, false);
      assert.equal(refused.unchecked, undefined);
      assert.equal(availability.up, true);
      assert.deepEqual(said, []);
    } finally {
      await limiter.close();
    }
  });

  test('the dashboard’s failed log-ins are counted, not failed', async () => {
    const namespace = `tollgate-test:logins:${randomUUID()}:`;
    const failedLogIns = redisFailedLogIns(redisUrl!, { perPair: 1, perAccount: 10, windowMs: 60_000 }, namespace);
    try {
      await failedLogIns.succeeded('warm-up', '192.0.2.1');
      assert.deepEqual(await blockedAfter('evalsha', () => failedLogIns.attempt('account', '192.0.2.7')), { allowed: true });
      const second = await blockedAfter('evalsha', () => failedLogIns.attempt('account', '192.0.2.7'));
      assert.equal(second.allowed, false);
    } finally {
      const keys = await redis.keys(`${namespace}*`);
      if (keys.length > 0) await redis.del(...keys);
      await failedLogIns.close();
    }
  });

  test('a key change is announced', async () => {
    const announced = await blockedAfter('publish', () => announceKeyChange(redisUrl!, `key_${randomUUID()}`));
    assert.equal(typeof announced, 'number');
  });
});

describe('a Redis that stops answering, its connection left open', { skip: redisUrl ? false : 'set REDIS_URL to run against Redis' }, () => {
  let forwarder: TcpForwarder;
  let forwardedUrl: string;
  before(async () => {
    const target = new URL(redisUrl!);
    forwarder = await startTcpForwarder({ host: target.hostname, port: Number(target.port || 6379) });
    forwardedUrl = `redis://127.0.0.1:${forwarder.port}`;
  });
  after(async () => {
    forwarder.resume();
    await forwarder.close();
  });

  test('the API limiter’s command times out, the request passes unchecked and the outage is said once; answers end it', async () => {
    const { said, errors, availability } = outcomes();
    const connection = new Redis(forwardedUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: REDIS_COMMAND_BACKSTOP_MS });
    connection.on('error', () => undefined);
    const limiter = new RedisRateLimiter(connection, { limit: 10, windowMs: 60_000, namespace: `tollgate-test:ratelimit:${randomUUID()}:`, availability });
    try {
      assert.equal((await limiter.consume('key')).remaining, 9);

      forwarder.stall();
      assert.deepEqual(await limiter.consume('key'), { allowed: true, limit: 10, remaining: 10, resetSeconds: 0, unchecked: true });
      assert.equal((await limiter.consume('key')).unchecked, true);
      assert.equal(availability.up, false);
      assert.deepEqual(said, ['outage']);
      assert.ok(errors[0] instanceof RedisCommandTimeoutError, String(errors[0]));

      forwarder.resume();
      // The unanswered commands reached Redis and were counted there.
      assert.deepEqual(await limiter.consume('key'), { allowed: true, limit: 10, remaining: 6, resetSeconds: 0 });
      assert.equal(availability.up, true);
      assert.deepEqual(said, ['outage', 'recovered after 2']);
    } finally {
      await limiter.close();
    }
  });

  test('a dashboard log-in attempt fails with the timeout', async () => {
    const namespace = `tollgate-test:logins:${randomUUID()}:`;
    const failedLogIns = redisFailedLogIns(forwardedUrl, { perPair: 5, perAccount: 10, windowMs: 60_000 }, namespace);
    try {
      await failedLogIns.succeeded('warm-up', '192.0.2.1');
      forwarder.stall();
      await assert.rejects(failedLogIns.attempt('account', '192.0.2.7'), RedisCommandTimeoutError);
    } finally {
      forwarder.resume();
      await failedLogIns.close();
      const redis = new Redis(redisUrl!);
      const keys = await redis.keys(`${namespace}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });
});
