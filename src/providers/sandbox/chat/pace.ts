import { setTimeout as sleep } from 'node:timers/promises';
import type { ChatCompletionChunk } from '../../../schemas/chat-completions';
import type { PacedChunk } from './chunks';

/** Time as the pace reads and waits for it: the real clock, or a test's. */
export interface PaceClock {
  /** Milliseconds, monotonic. */
  now(): number;
  /** Resolves after `milliseconds`; rejects with the signal's reason as soon as it aborts. */
  sleep(milliseconds: number, signal: AbortSignal): Promise<void>;
}

export const realClock: PaceClock = {
  now: () => performance.now(),
  async sleep(milliseconds, signal) {
    try {
      await sleep(milliseconds, undefined, { signal });
    } catch (error) {
      throw signal.aborted ? signal.reason : error;
    }
  },
};

/**
 * The chunks, each sent when the tokens before it and its own would have been generated at
 * `tokensPerSecond` (0: at once). The schedule runs from the start, so time lost in one wait is
 * made up at the next rather than piling up. An abort ends the stream at once with its reason;
 * `return()` ends it after the chunk being sent.
 */
export async function* paced(chunks: readonly PacedChunk[], tokensPerSecond: number, clock: PaceClock, signal: AbortSignal): AsyncGenerator<ChatCompletionChunk> {
  const millisecondsPerToken = tokensPerSecond > 0 ? 1000 / tokensPerSecond : 0;
  const start = clock.now();
  let tokens = 0;
  for (const { chunk, tokens: carried } of chunks) {
    if (signal.aborted) throw signal.reason;
    tokens += carried;
    const wait = start + tokens * millisecondsPerToken - clock.now();
    if (wait > 0) await clock.sleep(wait, signal);
    yield chunk;
  }
}
