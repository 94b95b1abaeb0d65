import { z } from 'zod';
import type { ChatModel } from '../../catalog/model-catalog';
import type { ChatCompletion, ChatCompletionChunk, CompletionUsage, FinishReason, ToolCall, ToolCallDelta } from '../../schemas/chat-completions';
import { lookupTable } from '../../core/lookup-table';

/**
 * The chat-completions format as OpenAI-compatible upstreams send it (OpenRouter, vendors' own
 * APIs, vLLM, Ollama): lenient where real upstreams differ (null for absent, missing ids, extra
 * fields such as `reasoning` or `provider`, which are stripped), and mapped onto our own types with
 * the catalog's model id, so nothing of the upstream's naming reaches the customer.
 */

const Count = z.number().int().nonnegative();

/** `cost` and the `*_details` breakdowns some upstreams add are theirs, not ours: stripped. */
export const UpstreamUsage = z.object({
  prompt_tokens: Count,
  completion_tokens: Count,
  total_tokens: Count.nullish(),
});

const UpstreamToolCall = z.object({
  id: z.string().nullish(),
  type: z.string().nullish(),
  function: z.object({
    name: z.string().min(1),
    // A few servers send the arguments as an object rather than its JSON text.
    arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  }),
});

export const UpstreamCompletion = z.object({
  id: z.string().nullish(),
  created: z.number().nullish(),
  choices: z
    .array(
      z.object({
        index: z.number().int().nonnegative().nullish(),
        message: z.object({
          content: z.string().nullish(),
          tool_calls: z.array(UpstreamToolCall).nullish(),
          refusal: z.string().nullish(),
        }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  usage: UpstreamUsage.nullish(),
  system_fingerprint: z.string().nullish(),
});
export type UpstreamCompletion = z.output<typeof UpstreamCompletion>;

const UpstreamToolCallDelta = z.object({
  index: z.number().int().nonnegative().nullish(),
  id: z.string().nullish(),
  type: z.string().nullish(),
  function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
});

export const UpstreamChunk = z.object({
  id: z.string().nullish(),
  created: z.number().nullish(),
  choices: z
    .array(
      z.object({
        index: z.number().int().nonnegative().nullish(),
        delta: z
          .object({
            role: z.string().nullish(),
            content: z.string().nullish(),
            tool_calls: z.array(UpstreamToolCallDelta).nullish(),
            refusal: z.string().nullish(),
            // A thinking model's reasoning, as OpenRouter (`reasoning`) and DeepSeek-style servers
            // (`reasoning_content`) stream it: never relayed, but it shows the answer is under way.
            reasoning: z.string().nullish(),
            reasoning_content: z.string().nullish(),
          })
          .nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
  usage: UpstreamUsage.nullish(),
  system_fingerprint: z.string().nullish(),
});
export type UpstreamChunk = z.output<typeof UpstreamChunk>;

/** The format's error object: as an error status's body, or (OpenRouter) as an event mid-stream. */
export const UpstreamErrorBody = z.object({
  error: z.object({
    message: z.string().nullish(),
    type: z.string().nullish(),
    code: z.union([z.string(), z.number()]).nullish(),
  }),
});

/** Finish reasons outside the format's four, as upstreams spell them; anything else ends as `stop`. */
const FINISH_ALIASES = lookupTable<FinishReason>({
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool_calls',
  content_filter: 'content_filter',
  function_call: 'tool_calls',
  max_tokens: 'length',
  end_turn: 'stop',
  eos: 'stop',
  stop_sequence: 'stop',
  tool_use: 'tool_calls',
});

/** `error` (OpenRouter: the generation failed) is a failure, reported by the caller, not a finish. */
export function finishReasonOf(reason: string | null | undefined): FinishReason | null {
  if (reason === null || reason === undefined) return null;
  return FINISH_ALIASES[reason] ?? 'stop';
}

export function usageOf(usage: z.output<typeof UpstreamUsage>): CompletionUsage {
  return {
    prompt_tokens: usage.prompt_tokens,
    completion_tokens: usage.completion_tokens,
    total_tokens: usage.total_tokens ?? usage.prompt_tokens + usage.completion_tokens,
  };
}

function argumentsText(value: string | Record<string, unknown> | null | undefined): string {
  if (value === null || value === undefined) return '{}';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A completion under the catalog's id; `usage` absent when the upstream reported none. */
export function completionOf(upstream: UpstreamCompletion, model: ChatModel, fallbackId: string): Omit<ChatCompletion, 'usage'> & { usage?: CompletionUsage } {
  return {
    id: upstream.id || fallbackId,
    object: 'chat.completion',
    created: Math.floor(upstream.created ?? Date.now() / 1000),
    model: model.id,
    choices: upstream.choices.map((choice, position) => {
      const toolCalls: ToolCall[] | undefined = choice.message.tool_calls?.map((call, index) => ({
        id: call.id || `call_${position}_${index}`,
        type: 'function',
        function: { name: call.function.name, arguments: argumentsText(call.function.arguments) },
      }));
      return {
        index: choice.index ?? position,
        message: {
          role: 'assistant',
          content: choice.message.content ?? null,
          ...(toolCalls?.length ? { tool_calls: toolCalls } : {}),
          ...(choice.message.refusal ? { refusal: choice.message.refusal } : {}),
        },
        finish_reason: finishReasonOf(choice.finish_reason) ?? (toolCalls?.length ? 'tool_calls' : 'stop'),
      };
    }),
    ...(upstream.usage ? { usage: usageOf(upstream.usage) } : {}),
    ...(upstream.system_fingerprint ? { system_fingerprint: upstream.system_fingerprint } : {}),
  };
}

/** A chunk's choices under the catalog's id; its usage is the caller's (it comes last, on its own). */
export function chunkOf(upstream: UpstreamChunk, model: ChatModel, id: string, created: number): ChatCompletionChunk {
  return {
    id,
    object: 'chat.completion.chunk',
    created,
    model: model.id,
    choices: (upstream.choices ?? []).map((choice, position) => {
      const delta = choice.delta ?? {};
      const toolCalls: ToolCallDelta[] | undefined = delta.tool_calls?.map((call, index) => ({
        index: call.index ?? index,
        ...(call.id ? { id: call.id } : {}),
        ...(call.type || call.function?.name ? { type: 'function' as const } : {}),
        ...(call.function
          ? { function: { ...(call.function.name ? { name: call.function.name } : {}), ...(call.function.arguments != null ? { arguments: call.function.arguments } : {}) } }
          : {}),
      }));
      return {
        index: choice.index ?? position,
        delta: {
          ...(delta.role ? { role: 'assistant' as const } : {}),
          ...(delta.content != null ? { content: delta.content } : {}),
          ...(toolCalls?.length ? { tool_calls: toolCalls } : {}),
          ...(delta.refusal ? { refusal: delta.refusal } : {}),
        },
        finish_reason: finishReasonOf(choice.finish_reason),
      };
    }),
    ...(upstream.system_fingerprint ? { system_fingerprint: upstream.system_fingerprint } : {}),
  };
}
