import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import { ApiError } from '../core/errors';
import type { ChatCompletionsRequest } from '../schemas/chat-completions';
import type { ImageBilling } from './image-tokens';
import type { TextsToCount } from './token-worker';
import { leastTextsTokens, promptTexts, textsTokens } from './tokens';

/**
 * Prompts of more characters than this are counted on a worker thread. Counting takes about a
 * second per 4 MB of text on a small machine (a prompt that fills a 1M-token window), which on the
 * event loop would hold up every call the process serves, /health included; a prompt of this size
 * takes a few milliseconds, less than a thread's round trip is worth, and the usual prompt (a few
 * hundred characters) never leaves the event loop.
 */
export const OFF_THREAD_CHARACTERS = 65_536;

/**
 * Worker threads that count large prompts' tokens (token-worker.ts). Started at the first large
 * prompt (a process that counts none starts none, nor loads Piscina: every CLI command loads this
 * module), idle ones unref'd by Piscina and stopped after a minute: an idle process neither keeps
 * them nor waits for them at exit. Each loads its own tokenizer (~0.4 s, on its own thread).
 *
 * The worker module sits beside this one: the .ts source when running from the sources, the .mjs
 * beside the bundle when running from one (scripts/bundle.mjs builds it).
 */
let threads: Promise<Piscina<TextsToCount, number>> | undefined;

/**
 * Large prompts waiting for a thread, at most: beyond them a call is refused at once (503, retry
 * shortly, nothing held) rather than queued behind minutes of counting, each waiting prompt's text
 * kept in memory meanwhile.
 */
const MAX_WAITING = 8;

function tokenThreads(): Promise<Piscina<TextsToCount, number>> {
  const worker = new URL(import.meta.url.endsWith('.ts') ? './token-worker.ts' : './token-worker.mjs', import.meta.url);
  return (threads ??= import('piscina').then(
    ({ Piscina }) => new Piscina<TextsToCount, number>({ filename: worker.href, minThreads: 0, maxThreads: Math.min(2, availableParallelism()), idleTimeout: 60_000, maxQueue: MAX_WAITING }),
  ));
}

/** `textsTokens`, on a worker thread: the same count, with the event loop free meanwhile. */
export async function textsTokensOffThread(texts: string[], stopAt = Infinity): Promise<number> {
  const pool = await tokenThreads();
  try {
    return await pool.run({ texts, stopAt });
  } catch (error) {
    if (pool.queueSize >= MAX_WAITING) {
      throw new ApiError('UNAVAILABLE', `messages: the server is counting ${MAX_WAITING} other large prompts; retry in a moment. Nothing was charged.`, { param: 'messages', headers: { 'retry-after': '1' } });
    }
    throw error;
  }
}

/**
 * `promptTokens`, without holding up the event loop: a prompt of more than OFF_THREAD_CHARACTERS
 * is counted on a worker thread (unless its length alone already puts it at `stopAt`), a smaller
 * one here and now. The count is the same either way.
 */
export async function promptTokensAsync(
  request: Pick<ChatCompletionsRequest, 'messages' | 'tools' | 'response_format'>,
  model?: ImageBilling,
  stopAt = Infinity,
): Promise<number> {
  const { texts, otherTokens } = promptTexts(request, model);
  const textsStopAt = stopAt - otherTokens;
  const characters = texts.reduce((sum, text) => sum + text.length, 0);
  const countHere = characters <= OFF_THREAD_CHARACTERS || leastTextsTokens(texts) >= textsStopAt;
  return otherTokens + (countHere ? textsTokens(texts, textsStopAt) : await textsTokensOffThread(texts, textsStopAt));
}

/**
 * Stops the threads (tests); the next large prompt starts new ones. A server leaves them: the pool
 * is the process's, idle threads are unref'd and stop after a minute, so they hold up no exit.
 */
export async function closeTokenThreads(): Promise<void> {
  const closing = threads;
  threads = undefined;
  await (await closing)?.close({ force: true });
}
