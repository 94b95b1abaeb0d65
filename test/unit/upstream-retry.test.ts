import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { UpstreamError } from '../../src/core/errors';
import { setDeadline } from '../../src/core/deadline';
import { MOST_ATTEMPTS, withRetries } from '../../src/providers/http/retry';
import { retryAfterMs } from '../../src/providers/http/retry-after';
import { TransientUpstreamError } from '../../src/providers/http/upstream-request';

/** The shared retry policy, on attempts that fail as told (no vendor, no network). */

function failing(...outcomes: Array<Error | 'ok'>) {
  const timeouts: number[] = [];
  const attempt = async (timeoutMs: number) => {
    timeouts.push(timeoutMs);
    const outcome = outcomes[Math.min(timeouts.length - 1, outcomes.length - 1)]!;
    if (outcome === 'ok') return 'done';
    throw outcome;
  };
  return { attempt, timeouts };
}

const transient = (options: { retryAfterMs?: number; unprocessed?: boolean } = {}) => new TransientUpstreamError('The upstream data provider is failing right now.', options);

describe('withRetries', () => {
  const signal = new AbortController().signal;

  test('a transient failure, then success: the result of the second attempt', async () => {
    const { attempt, timeouts } = failing(transient({ retryAfterMs: 0 }), 'ok');
    assert.equal(await withRetries({ signal, budgetMs: 5_000, idempotent: true }, attempt), 'done');
    assert.equal(timeouts.length, 2);
  });

  test('a failure that persists stops after the most attempts, with the last failure', async () => {
    const last = transient({ retryAfterMs: 0 });
    const { attempt, timeouts } = failing(transient({ retryAfterMs: 0 }), transient({ retryAfterMs: 0 }), last);
    await assert.rejects(withRetries({ signal, budgetMs: 5_000, idempotent: true }, attempt), (error) => error === last);
    assert.equal(timeouts.length, MOST_ATTEMPTS);
  });

  test('a failure that is not transient is not tried again', async () => {
    const { attempt, timeouts } = failing(new UpstreamError('The upstream data provider refused the request.'), 'ok');
    await assert.rejects(withRetries({ signal, budgetMs: 5_000, idempotent: true }, attempt), UpstreamError);
    assert.equal(timeouts.length, 1);
  });

  test('a call that is not idempotent is repeated only when the vendor certainly did not act on it', async () => {
    const processed = failing(transient({ retryAfterMs: 0 }), 'ok');
    await assert.rejects(withRetries({ signal, budgetMs: 5_000, idempotent: false }, processed.attempt), TransientUpstreamError);
    assert.equal(processed.timeouts.length, 1);
    const unprocessed = failing(transient({ retryAfterMs: 0, unprocessed: true }), 'ok');
    assert.equal(await withRetries({ signal, budgetMs: 5_000, idempotent: false }, unprocessed.attempt), 'done');
  });

  test('no wait that would not leave time for another attempt: the failure at once', async () => {
    const { attempt, timeouts } = failing(transient({ retryAfterMs: 60_000 }), 'ok');
    await assert.rejects(withRetries({ signal, budgetMs: 5_000, idempotent: true }, attempt), TransientUpstreamError);
    assert.equal(timeouts.length, 1);
  });

  test("each attempt gets the time left, never past the call's deadline", async () => {
    const controller = new AbortController();
    setDeadline(controller.signal, Date.now() + 1_000);
    const { attempt, timeouts } = failing('ok');
    await withRetries({ signal: controller.signal, budgetMs: 5_000, idempotent: true }, attempt);
    assert.ok(timeouts[0]! <= 1_000, `attempt given ${timeouts[0]} ms`);
  });

  test('the client gone: no further attempt', async () => {
    const controller = new AbortController();
    const { attempt, timeouts } = failing(transient({ retryAfterMs: 0 }), 'ok');
    controller.abort();
    await assert.rejects(withRetries({ signal: controller.signal, budgetMs: 5_000, idempotent: true }, attempt), TransientUpstreamError);
    assert.equal(timeouts.length, 1);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-10-21T07:28:00Z');

  test('delay-seconds', () => {
    assert.equal(retryAfterMs('2', now), 2_000);
    assert.equal(retryAfterMs(['0'], now), 0);
  });

  test('an HTTP date, never negative', () => {
    assert.equal(retryAfterMs('Wed, 21 Oct 2026 07:28:30 GMT', now), 30_000);
    assert.equal(retryAfterMs('Wed, 21 Oct 2026 07:27:00 GMT', now), 0);
  });

  test('absent or unreadable: undefined', () => {
    assert.equal(retryAfterMs(undefined, now), undefined);
    assert.equal(retryAfterMs('soon', now), undefined);
    assert.equal(retryAfterMs('-5', now), undefined);
  });
});
