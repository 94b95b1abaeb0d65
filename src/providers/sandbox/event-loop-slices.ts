import { setImmediate } from 'node:timers/promises';

/** The longest a sandbox computation holds the event loop before it lets other work run. */
export const SLICE_MS = 10;

/**
 * Slices of a long sandbox computation (thousands of mentions or results pages read for one call),
 * so that the event loop answers other calls between them: in its loop, `if (slices.due) await
 * slices.next();` — a clock read while the slice has time left.
 */
export function eventLoopSlices(sliceMs = SLICE_MS) {
  let sliceStarted = performance.now();
  return {
    /** Whether the current slice has run its time. */
    get due(): boolean {
      return performance.now() - sliceStarted > sliceMs;
    },
    /** Lets other work run, then starts the next slice. */
    async next(): Promise<void> {
      await setImmediate();
      sliceStarted = performance.now();
    },
  };
}
