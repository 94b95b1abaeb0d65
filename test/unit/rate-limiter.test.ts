import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';
import { MemoryRateLimiter } from '../../src/ratelimit/memory-rate-limiter';
import { RedisRateLimiter } from '../../src/ratelimit/redis-rate-limiter';
import type { RateLimitDecision, RateLimiter, RateLimiterOptions } from '../../src/ratelimit/rate-limiter';
import { createFailedAuthenticationLimiter, createRateLimiter } from '../../src/ratelimit';
import { loadConfig } from '../../src/config';

const WINDOW_MS = 60_000;
/** A realistic epoch, so Redis scores look like the ones production writes. */
const START_MS = 1_767_225_600_000;

interface Subject {
  limiter: RateLimiter;
  /** Releases what the limiter holds without touching anything other tests share. */
  dispose(): Promise<void>;
}
type LimiterFactory = (options: RateLimiterOptions) => Subject;

/** Time that moves only when the test says so. */
class ManualClock {
  constructor(public nowMs: number = START_MS) {}
  readonly read = () => this.nowMs;
  advance(milliseconds: number): void {
    this.nowMs += milliseconds;
  }
  set(milliseconds: number): void {
    this.nowMs = milliseconds;
  }
}

/** mulberry32: a small seeded generator, so a failing schedule can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The sliding-log contract, run against every implementation. */
function rateLimiterBehaviour(createSubject: LimiterFactory): void {
  async function withLimiter(limit: number, run: (limiter: RateLimiter, clock: ManualClock) => Promise<void>): Promise<void> {
    const clock = new ManualClock();
    const subject = createSubject({ limit, windowMs: WINDOW_MS, clock: clock.read });
    try {
      await run(subject.limiter, clock);
    } finally {
      await subject.dispose();
    }
  }

  async function burst(limiter: RateLimiter, key: string, count: number): Promise<RateLimitDecision[]> {
    const decisions: RateLimitDecision[] = [];
    for (let i = 0; i < count; i++) decisions.push(await limiter.consume(key));
    return decisions;
  }

  test('a high limit keeps an exact count while its long log turns over (an even sender at the limit, two windows long)', async () => {
    const limit = 3_000;
    const spacing = WINDOW_MS / limit;
    await withLimiter(limit, async (limiter, clock) => {
      for (let index = 0; index < 2 * limit; index += 1) {
        const decision = await limiter.consume('key');
        assert.equal(decision.allowed, true, `request ${index} refused`);
        assert.equal(decision.remaining, Math.max(0, limit - (index + 1)), `remaining after request ${index}`);
        clock.advance(spacing);
      }
      assert.equal((await limiter.consume('key')).allowed, true, 'the next on schedule');
      assert.equal((await limiter.consume('key')).allowed, false, 'one more at the same moment is over the limit');
    });
  });

  for (const limit of [60, 5]) {
    describe(`limit ${limit} per minute`, () => {
      test('a burst: the first `limit` pass, the next is refused until the oldest leaves the window', async () => {
        await withLimiter(limit, async (limiter, clock) => {
          const accepted = await burst(limiter, 'key', limit);
          assert.ok(accepted.every((decision) => decision.allowed));

          const refusedAtOnce = await limiter.consume('key');
          assert.deepEqual(refusedAtOnce, { allowed: false, limit, remaining: 0, resetSeconds: 60 });

          clock.advance(1_500);
          const refusedLater = await limiter.consume('key');
          assert.deepEqual(refusedLater, { allowed: false, limit, remaining: 0, resetSeconds: 59 }, 'ceil(58.5 s)');

          clock.advance(58_499);
          const refusedAtTheLastMillisecond = await limiter.consume('key');
          assert.deepEqual(refusedAtTheLastMillisecond, { allowed: false, limit, remaining: 0, resetSeconds: 1 }, 'ceil(0.001 s)');
        });
      });

      test('resetSeconds counts from the oldest accepted request, and waiting that long is enough', async () => {
        await withLimiter(limit, async (limiter, clock) => {
          const firstAt = clock.nowMs;
          for (let i = 0; i < limit; i++) {
            assert.equal((await limiter.consume('key')).allowed, true);
            clock.advance(700);
          }
          const refused = await limiter.consume('key');
          assert.equal(refused.allowed, false);
          assert.equal(refused.resetSeconds, Math.ceil((firstAt + WINDOW_MS - clock.nowMs) / 1000));

          clock.advance(refused.resetSeconds * 1000);
          assert.equal((await limiter.consume('key')).allowed, true);
        });
      });

      test('refused requests are not logged: after the window a full `limit` is available again', async () => {
        await withLimiter(limit, async (limiter, clock) => {
          const burstAt = clock.nowMs;
          assert.ok((await burst(limiter, 'key', limit)).every((decision) => decision.allowed));
          for (let i = 0; i < 200; i++) {
            clock.set(burstAt + 1 + i * 250);
            assert.equal((await limiter.consume('key')).allowed, false, `hammering at +${clock.nowMs - burstAt} ms`);
          }

          clock.set(burstAt + WINDOW_MS);
          const again = await burst(limiter, 'key', limit);
          assert.deepEqual(again.map((decision) => decision.allowed), new Array(limit).fill(true));
          assert.equal((await limiter.consume('key')).allowed, false);
        });
      });

      test('the window is (now − 60 000, now]: a slot frees exactly at oldest + 60 000 ms', async () => {
        await withLimiter(limit, async (limiter, clock) => {
          const oldestAt = clock.nowMs;
          assert.equal((await limiter.consume('key')).allowed, true);
          clock.set(oldestAt + 10_000);
          assert.ok((await burst(limiter, 'key', limit - 1)).every((decision) => decision.allowed));

          clock.set(oldestAt + WINDOW_MS - 1);
          assert.deepEqual(await limiter.consume('key'), { allowed: false, limit, remaining: 0, resetSeconds: 1 });

          clock.set(oldestAt + WINDOW_MS);
          assert.equal((await limiter.consume('key')).allowed, true, 'the oldest left the window');
          // Only that one slot freed; the next ones free 10 s later, when the rest of the burst leaves.
          assert.deepEqual(await limiter.consume('key'), { allowed: false, limit, remaining: 0, resetSeconds: 10 });
        });
      });

      test('a client sending evenly at `limit` per minute for 5 minutes is never refused', async () => {
        await withLimiter(limit, async (limiter, clock) => {
          const intervalMs = WINDOW_MS / limit;
          for (let i = 0; i < 5 * limit; i++) {
            clock.set(START_MS + i * intervalMs);
            const decision = await limiter.consume('steady');
            assert.equal(decision.allowed, true, `request ${i} at +${i * intervalMs} ms`);
            if (i >= limit - 1) assert.equal(decision.remaining, 0, 'a steady client uses the whole allowance');
          }
          clock.advance(intervalMs - 1);
          assert.equal((await limiter.consume('steady')).allowed, false, 'one request early is one too many');
        });
      });

      for (const seed of [1, 42, 20_260_101]) {
        test(`a bursty client (seed ${seed}) over 10 minutes never gets more than ${limit} in any 60-second window`, async () => {
          await withLimiter(limit, async (limiter, clock) => {
            const random = seededRandom(seed * 1_000 + limit);
            const requests: { atMs: number; decision: RateLimitDecision }[] = [];
            const send = async () => requests.push({ atMs: clock.nowMs, decision: await limiter.consume('bursty') });

            while (clock.nowMs < START_MS + 10 * WINDOW_MS) {
              if (random() < 0.15) {
                const size = 1 + Math.floor(random() * limit * 1.5);
                for (let i = 0; i < size; i++) {
                  await send();
                  clock.advance(Math.floor(random() * 40));
                }
              } else {
                await send();
              }
              clock.advance(Math.floor(random() * (random() < 0.1 ? 30_000 : 4 * (WINDOW_MS / limit))));
            }

            const acceptedAt = requests.filter((request) => request.decision.allowed).map((request) => request.atMs);
            const refusedCount = requests.length - acceptedAt.length;
            assert.ok(refusedCount > 0 && acceptedAt.length > limit, `the schedule must exercise the limit (${acceptedAt.length} accepted, ${refusedCount} refused)`);

            for (const windowStart of acceptedAt) {
              const inWindow = acceptedAt.filter((at) => at >= windowStart && at < windowStart + WINDOW_MS).length;
              assert.ok(inWindow <= limit, `${inWindow} accepted in [${windowStart - START_MS}, +60 000) ms`);
            }

            // And never stricter than it must be: each answer is exactly what the log allowed then.
            const acceptedSoFar: number[] = [];
            for (const { atMs, decision } of requests) {
              const inWindow = acceptedSoFar.filter((at) => at > atMs - WINDOW_MS);
              assert.equal(decision.allowed, inWindow.length < limit, `request at +${atMs - START_MS} ms`);
              if (decision.allowed) acceptedSoFar.push(atMs);
              else assert.equal(decision.resetSeconds, Math.ceil((inWindow[0]! + WINDOW_MS - atMs) / 1000));
            }
          });
        });
      }

      test('keys are independent', async () => {
        await withLimiter(limit, async (limiter) => {
          assert.ok((await burst(limiter, 'key-a', limit)).every((decision) => decision.allowed));
          assert.equal((await limiter.consume('key-a')).allowed, false);

          const other = await burst(limiter, 'key-b', limit);
          assert.deepEqual(other.map((decision) => decision.remaining), Array.from({ length: limit }, (_, i) => limit - 1 - i));
          assert.equal((await limiter.consume('key-b')).allowed, false);
          assert.equal((await limiter.consume('key-a')).allowed, false);
        });
      });

      test('header values: the limit, and remaining down by one per request', async () => {
        await withLimiter(limit, async (limiter, clock) => {
          const decisions: RateLimitDecision[] = [];
          for (let i = 0; i < limit; i++) {
            decisions.push(await limiter.consume('key'));
            clock.advance(100);
          }
          decisions.forEach((decision, i) => {
            assert.equal(decision.allowed, true);
            assert.equal(decision.limit, limit);
            assert.equal(decision.remaining, limit - 1 - i, `remaining after request ${i + 1}`);
            if (decision.remaining > 0) assert.equal(decision.resetSeconds, 0, 'no wait while a slot is free');
          });
          const last = decisions.at(-1)!;
          assert.equal(last.resetSeconds, Math.ceil((WINDOW_MS - (limit - 1) * 100) / 1000), 'the request that takes the last slot says when the next frees');

          // Once the first request leaves the window, one slot is back.
          clock.set(START_MS + WINDOW_MS);
          assert.deepEqual(await limiter.consume('key'), { allowed: true, limit, remaining: 0, resetSeconds: 1 });
        });
      });
    });
  }
}

describe('MemoryRateLimiter', () => {
  rateLimiterBehaviour((options) => {
    const limiter = new MemoryRateLimiter(options);
    return { limiter, dispose: () => limiter.close() };
  });
});

const redisUrl = process.env.REDIS_URL;

describe('RedisRateLimiter', { skip: redisUrl ? false : 'set REDIS_URL to run against Redis' }, () => {
  let redis: Redis;
  before(() => {
    redis = new Redis(redisUrl!);
  });
  after(async () => {
    await redis.quit();
  });

  rateLimiterBehaviour((options) => {
    // A namespace per test: parallel runs and earlier runs never share a log.
    const namespace = `tollgate-test:ratelimit:${randomUUID()}:`;
    const limiter = new RedisRateLimiter(redis, { ...options, namespace });
    return {
      limiter,
      // limiter.close() would quit the shared connection; remove this test's keys instead.
      dispose: async () => {
        const keys = await redis.keys(`${namespace}*`);
        if (keys.length > 0) await redis.del(...keys);
      },
    };
  });
});

describe('RedisRateLimiter on a connection still being made', { skip: redisUrl ? false : 'set REDIS_URL to run against Redis' }, () => {
  test('requests made at once wait for the first connection and are counted, not let through unchecked', async () => {
    const namespace = `tollgate-test:ratelimit:${randomUUID()}:`;
    const redis = new Redis(redisUrl!, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    const limiter = new RedisRateLimiter(redis, { limit: 2, windowMs: WINDOW_MS, namespace });
    try {
      const decisions = await Promise.all([limiter.consume('key'), limiter.consume('key'), limiter.consume('key')]);
      assert.deepEqual(decisions.map((decision) => decision.allowed).sort(), [false, true, true]);
      await redis.del(`${namespace}key`);
    } finally {
      redis.disconnect();
    }
  });
});

describe('the failed-authentication limiter built from the configuration', () => {
  const clock = new ManualClock();
  const config = loadConfig({ TOLLGATE_AUTH_FAILURES_PER_MINUTE: '3', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) });
  let limiter: RateLimiter;
  before(() => {
    limiter = createFailedAuthenticationLimiter(config, clock.read);
  });
  after(() => limiter.close());

  test(`counts per address at TOLLGATE_AUTH_FAILURES_PER_MINUTE over a sliding minute (${redisUrl ? 'Redis' : 'in memory'})`, async () => {
    // Addresses of this run only: a Redis limiter's counts outlive the test by a minute.
    const prefix = `2001:db8:${randomUUID().slice(0, 4)}`;
    const address = `${prefix}:0::/64`;
    const neighbour = `${prefix}:1::/64`;
    for (let index = 0; index < 3; index += 1) {
      assert.equal((await limiter.consume(address)).allowed, true);
      clock.advance(1_000);
    }
    assert.deepEqual(await limiter.consume(address), { allowed: false, limit: 3, remaining: 0, resetSeconds: 57 });
    assert.equal((await limiter.consume(neighbour)).allowed, true);
    clock.advance(57_000);
    assert.equal((await limiter.consume(address)).allowed, true);
    assert.equal((await limiter.consume(address)).allowed, false);
  });

  test('in Redis, under its own namespace', { skip: redisUrl ? false : 'set REDIS_URL to run against Redis' }, async () => {
    const redis = new Redis(redisUrl!);
    try {
      const address = `198.18.${randomUUID().slice(0, 4)}`;
      await limiter.consume(address);
      assert.equal(await redis.zcard(`tollgate:authfail:${address}`), 1);
      assert.equal(await redis.exists(`tollgate:ratelimit:${address}`), 0);
    } finally {
      await redis.quit();
    }
  });
});

describe('a Redis that stops answering (its connection open, nothing said)', () => {
  test('a limiter’s command fails (the request is let through, logged) instead of waiting, and closing does not wait either', { timeout: 60_000 }, async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    // A Redis of this test's own, so that pausing it stops nobody else.
    const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const limiter = createRateLimiter(loadConfig({ REDIS_URL: `redis://127.0.0.1:${port}`, TOLLGATE_RATE_LIMIT_PER_MINUTE: '10' }));
    // Hang guards, not measurements: what is checked is that each ends on its own.
    const settled = (work: Promise<unknown>) =>
      Promise.race([work.then(() => 'answered', () => 'failed'), new Promise<string>((resolve) => setTimeout(() => resolve('still waiting'), 10_000))]);
    try {
      for (let attempt = 0; attempt < 100 && (await settled(limiter.consume('key'))) !== 'answered'; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(await settled(limiter.consume('key')), 'answered', 'Redis answers before it is paused');
      server.kill('SIGSTOP');
      assert.equal(await settled(limiter.consume('key')), 'failed');
      assert.equal(await settled(limiter.close()), 'answered');
    } finally {
      server.kill('SIGCONT');
      server.kill('SIGKILL');
    }
  });
});
