import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { eventStream } from '../../core/sse';
import { FinishReason, nullMeansAbsent, type ChatCompletionsRequest } from '../../schemas/chat-completions';
import { chatHoldAdvice } from '../../chat/hold-advice';
import { neutralValue } from '../../catalog/model-catalog';
import { CHAT_MAX_BODY_BYTES, planChatAsync, type FieldNames } from '../../chat/plan';
import { chatChargeMicros, chatPrice, completeChat, streamChat, usdOf, type ChatOutcome } from '../../chat/call';

/** SPEC.md's native chat: camelCase fields, the result in the envelope. */
const ChatRequest = nullMeansAbsent({
  model: z.string().min(1).max(200).meta({ description: 'Model id, `<vendor>/<model-name>` (GET /v1/ai/models).', examples: ['z-ai/glm-5'] }),
  messages: z
    .array(z.strictObject({ role: z.enum(['system', 'user', 'assistant']), content: z.string().max(4_000_000) }))
    .min(1)
    .max(10_000)
    .meta({ description: 'The conversation, oldest first.' }),
  maxTokens: z.number().int().min(1).max(10_000_000).optional().meta({ description: 'Most response tokens (default: the model’s maximum output).' }),
  // SPEC.md's defaults, published as `default`, are the neutral values every model takes: left out (or null), the
  // field is not sent and the model applies its own default, which is that value.
  temperature: z.number().min(0).max(2).optional().meta({ description: 'Sampling temperature (the model’s default 1.0 when absent).', default: neutralValue('temperature') }),
  topP: z.number().min(0).max(1).optional().meta({ description: 'Nucleus sampling (the model’s default 1.0 when absent).', default: neutralValue('top_p') }),
  frequencyPenalty: z.number().min(-2).max(2).optional().meta({ description: 'Penalise repeated tokens (the model’s default 0 when absent).', default: neutralValue('frequency_penalty') }),
  presencePenalty: z.number().min(-2).max(2).optional().meta({ description: 'Penalise tokens already present (the model’s default 0 when absent).', default: neutralValue('presence_penalty') }),
  stream: z
    .boolean()
    .default(false)
    .meta({ description: 'Server-sent events: `{delta: {content}, model, index}` chunks, a last one with an empty delta, `finishReason`, `usage` and `costUsd`, then `[DONE]`.' }),
});
type ChatRequest = z.output<typeof ChatRequest>;

/** Why the model stopped, as the chat-completions format's `finish_reason` says it. */
const NativeFinishReason = FinishReason.meta({
  description: 'Why the answer ended: `stop` (the model finished, or met a stop sequence), `length` (it reached `maxTokens` or the model’s maximum output), `content_filter` (the provider withheld the rest), `tool_calls` (it called a tool).',
});

const ChatResult = z.object({
  id: z.string(),
  model: z.string(),
  message: z.object({ role: z.literal('assistant'), content: z.string() }),
  finishReason: NativeFinishReason,
  usage: z.object({
    promptTokens: z.number().int().nonnegative(),
    completionTokens: z.number().int().nonnegative(),
    totalTokens: z.number().int().nonnegative(),
    estimated: z.boolean().optional().meta({ description: 'True when the model reported no usage and Tollgate counted the tokens.' }),
  }),
  costUsd: z.number().nonnegative().meta({ description: 'What the call was charged, USD.' }),
});

/** The native request in the chat-completions format the providers take (only the fields given). */
function wireRequest(input: ChatRequest): ChatCompletionsRequest {
  return {
    model: input.model,
    messages: input.messages,
    ...(input.maxTokens !== undefined ? { max_tokens: input.maxTokens } : {}),
    ...(input.temperature !== undefined ? { temperature: input.temperature } : {}),
    ...(input.topP !== undefined ? { top_p: input.topP } : {}),
    ...(input.frequencyPenalty !== undefined ? { frequency_penalty: input.frequencyPenalty } : {}),
    ...(input.presencePenalty !== undefined ? { presence_penalty: input.presencePenalty } : {}),
    ...(input.stream ? { stream: true } : {}),
  };
}

/** An outcome's usage in SPEC.md's names. */
function nativeUsage({ usage, estimated }: ChatOutcome) {
  return {
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    totalTokens: usage.promptTokens + usage.completionTokens,
    ...(estimated ? { estimated: true } : {}),
  };
}

/** Chat-completions names → SPEC.md's names, in the messages the plan refuses with. */
const NATIVE_NAMES: FieldNames = { max_tokens: 'maxTokens', top_p: 'topP', frequency_penalty: 'frequencyPenalty', presence_penalty: 'presencePenalty' };

export default defineEndpoint({
  id: 'ai.chat',
  method: 'POST',
  path: '/v1/ai/chat',
  summary: 'Chat with a model',
  description:
    'A conversation with any catalog model (GET /v1/ai/models), in the native format: `data` is the answer, why it ended (`finishReason`), its usage and cost. With `stream: true`, server-sent events `{delta: {content}, model, index}`, a last chunk with an empty delta carrying `finishReason`, `usage` and `costUsd`, then `[DONE]`. ' +
    'Billed per token at the model’s prices; a client that leaves a stream pays for the prompt and the tokens it received.',
  input: ChatRequest,
  bodyLimitBytes: CHAT_MAX_BODY_BYTES,
  output: ChatResult,
  response: { modes: ['envelope', 'sse'], choose: (input) => (input.stream ? 'sse' : 'envelope') },
  prepare: ({ input, models }) => planChatAsync(wireRequest(input), models, NATIVE_NAMES),
  price: chatPrice,
  holdAdvice: chatHoldAdvice,
  outcome: (output): ChatOutcome => ({
    modelId: output.model,
    usage: { promptTokens: output.usage.promptTokens, completionTokens: output.usage.completionTokens },
    estimated: output.usage.estimated === true,
  }),
  present: (output, { costMicros }) => ({
    body: { ...output, costUsd: usdOf(costMicros) },
    ...(output.usage.estimated ? { headers: { 'x-tollgate-usage': 'estimated' } } : {}),
  }),
  examples: {
    request: { model: 'z-ai/glm-5', messages: [{ role: 'user', content: 'Name three uses of a sitemap.' }], maxTokens: 300 },
    response: {
      id: 'chatcmpl-8c41d0a9e2',
      model: 'z-ai/glm-5',
      message: { role: 'assistant', content: 'A sitemap lists the pages you want crawled, tells search engines when they changed, and surfaces pages that few links reach.' },
      finishReason: 'stop',
      usage: { promptTokens: 14, completionTokens: 27, totalTokens: 41 },
      costUsd: 0.000101,
    },
  },
  async handler({ input, plan, providers, call }) {
    if (!input.stream) {
      const completion = await completeChat(plan, providers, call);
      const usage = completion.usage;
      return {
        id: completion.id,
        model: completion.model,
        message: { role: 'assistant' as const, content: completion.choices[0]?.message.content ?? '' },
        finishReason: completion.choices[0]?.finish_reason ?? 'stop',
        usage: {
          promptTokens: usage.prompt_tokens,
          completionTokens: usage.completion_tokens,
          totalTokens: usage.total_tokens,
          ...(usage.estimated ? { estimated: true } : {}),
        },
        costUsd: 0,
      };
    }
    const { tally, chunks } = await streamChat(plan, providers, call);
    async function* events() {
      let finishReason: FinishReason | undefined;
      for await (const chunk of chunks) {
        for (const choice of chunk.choices) {
          finishReason = choice.finish_reason ?? finishReason;
          if (choice.delta.content) yield { data: { delta: { content: choice.delta.content }, model: tally.model.id, index: choice.index } };
        }
      }
      // A stream's head leaves before its cost is known: the last chunk says it, as the envelope's `costUsd` does.
      const outcome = tally.finalOutcome();
      yield {
        data: { delta: { content: '' }, model: tally.model.id, index: 0, finishReason: finishReason ?? 'stop', usage: nativeUsage(outcome), costUsd: usdOf(chatChargeMicros(plan, outcome)) },
      };
      yield { data: '[DONE]' };
      return outcome;
    }
    return eventStream<ChatOutcome>(events(), { delivered: () => tally.deliveredOutcome() });
  },
});
