/**
 * A call's server-side deadline, carried by the signal the pipeline hands its handler: the signal
 * aborts when the deadline passes (or the client leaves), and adapters ask how much time is left
 * before they retry or poll. Keyed weakly, so a finished call's entry goes with its signal.
 */
const deadlines = new WeakMap<AbortSignal, number>();

/** Records that `signal` aborts at `at` (milliseconds since the epoch). */
export function setDeadline(signal: AbortSignal, at: number): void {
  deadlines.set(signal, at);
}

/** Milliseconds left before the call's deadline, never more than `budgetMs`; `budgetMs` when the signal carries none. */
export function timeLeftMs(signal: AbortSignal, budgetMs: number, now: number = Date.now()): number {
  const at = deadlines.get(signal);
  return at === undefined ? budgetMs : Math.max(0, Math.min(budgetMs, at - now));
}
