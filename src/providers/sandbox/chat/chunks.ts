import type { ChatCompletion, ChatCompletionChunk } from '../../../schemas/chat-completions';
import { toolCallTokens, type SandboxAnswer } from './answer';
import { tokenPieces } from './token-pieces';

/** A chunk and the completion tokens it carries (what the pace waits for before sending it). */
export interface PacedChunk {
  readonly chunk: ChatCompletionChunk;
  readonly tokens: number;
}

type Delta = ChatCompletionChunk['choices'][number]['delta'];

/** The answer as one completion object; the sandbox names itself in `system_fingerprint`. */
export function completionOf(answer: SandboxAnswer, model: string): ChatCompletion {
  return {
    id: answer.id,
    object: 'chat.completion',
    created: answer.created,
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: answer.content, ...(answer.toolCalls.length > 0 ? { tool_calls: [...answer.toolCalls] } : {}), refusal: null },
        finish_reason: answer.finishReason,
        logprobs: null,
      },
    ],
    usage: { ...answer.usage },
    system_fingerprint: SYSTEM_FINGERPRINT,
  };
}

const SYSTEM_FINGERPRINT = 'fp_tollgate_sandbox';

/**
 * The answer as the format streams it: the role, then one chunk per token of the content (a
 * character whose bytes span tokens comes whole, in one chunk), or per tool call its id and name
 * then its arguments token by token; the finish reason; and the usage chunk (`choices: []`).
 */
export function chunksOf(answer: SandboxAnswer, model: string): PacedChunk[] {
  const frame = (delta: Delta, finishReason: ChatCompletionChunk['choices'][number]['finish_reason'] = null): ChatCompletionChunk => ({
    id: answer.id,
    object: 'chat.completion.chunk',
    created: answer.created,
    model,
    system_fingerprint: SYSTEM_FINGERPRINT,
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
  });
  const chunks: PacedChunk[] = [];
  if (answer.toolCalls.length === 0) {
    chunks.push({ chunk: frame({ role: 'assistant', content: '' }), tokens: 0 });
    for (const piece of tokenPieces(answer.content ?? '')) chunks.push({ chunk: frame({ content: piece.text }), tokens: piece.tokens });
  } else {
    chunks.push({ chunk: frame({ role: 'assistant', content: null }), tokens: 0 });
    answer.toolCalls.forEach((call, index) => {
      const header = { index, id: call.id, type: 'function' as const, function: { name: call.function.name, arguments: '' } };
      chunks.push({ chunk: frame({ tool_calls: [header] }), tokens: toolCallTokens({ ...call, function: { ...call.function, arguments: '' } }) });
      for (const piece of tokenPieces(call.function.arguments)) chunks.push({ chunk: frame({ tool_calls: [{ index, function: { arguments: piece.text } }] }), tokens: piece.tokens });
    });
  }
  chunks.push({ chunk: frame({}, answer.finishReason), tokens: 0 });
  chunks.push({ chunk: { ...frame({}), choices: [], usage: { ...answer.usage } }, tokens: 0 });
  return chunks;
}
