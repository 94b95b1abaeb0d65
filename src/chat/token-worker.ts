/**
 * A token counter's worker thread (src/chat/token-threads.ts): one prompt's texts per task,
 * counted exactly as `textsTokens` counts them on the main thread.
 */
import { textsTokens } from './tokens';

/** A task: the texts, and where counting may stop (`textsTokens`). */
export interface TextsToCount {
  texts: string[];
  stopAt: number;
}

export default function countTextsTask({ texts, stopAt }: TextsToCount): number {
  return textsTokens(texts, stopAt);
}
