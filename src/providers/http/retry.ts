import { setTimeout as sleep } from 'node:timers/promises';
import { timeLeftMs } from '../../core/deadline';
import { TransientUpstreamError } from './upstream-request';

/** At most this many attempts of one vendor call. */
export const MOST_ATTEMPTS = 3;
/** The pause before the second attempt when the vendor named none; doubled before the third. */
export const FIRST_BACKOFF_MS = 200;
/** An attempt is not started with less time than this left: it could not finish. */
export const MIN_ATTEMPT_MS = 200;

export interface RetryOptions {
  /** The caller's signal, which may carry the call's deadline (core/deadline.ts). */
  signal: AbortSignal;
  /** The most all attempts and pauses may take together (TOLLGATE_UPSTREAM_TIMEOUT_MS). */
  budgetMs: number;
  /**
   * Whether repeating the call cannot double its effect (a live lookup, a GET). When false, only
   * failures that prove the vendor did not act on the call are tried again.
   */
  idempotent: boolean;
}

/**
 * The one retry policy every vendor adapter shares. `attempt` makes the call once with the time
 * it may take; a `TransientUpstreamError` (connection failure, 429, 5xx, a vendor's own
 * "try again" codes) is tried again, up to MOST_ATTEMPTS, after the pause the vendor asked for in
 * Retry-After or a short backoff, and only while the pause plus MIN_ATTEMPT_MS still fits before
 * the budget or the call's deadline, whichever comes first. Otherwise the last failure stands.
 */
export async function withRetries<Result>(options: RetryOptions, attempt: (timeoutMs: number) => Promise<Result>): Promise<Result> {
  const started = Date.now();
  const timeLeft = () => timeLeftMs(options.signal, options.budgetMs - (Date.now() - started));
  for (let attemptNumber = 1; ; attemptNumber += 1) {
    try {
      return await attempt(timeLeft());
    } catch (error) {
      if (options.signal.aborted || !(error instanceof TransientUpstreamError)) throw error;
      if (!options.idempotent && !error.unprocessed) throw error;
      if (attemptNumber >= MOST_ATTEMPTS) throw error;
      const pause = error.retryAfterMs ?? FIRST_BACKOFF_MS * 2 ** (attemptNumber - 1);
      if (pause + MIN_ATTEMPT_MS > timeLeft()) throw error;
      await sleep(pause, undefined, { signal: options.signal });
    }
  }
}
