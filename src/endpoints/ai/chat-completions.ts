import { defineEndpoint } from '../../core/define-endpoint';
import { eventStream } from '../../core/sse';
import { ChatCompletion, ChatCompletionsRequest } from '../../schemas/chat-completions';
import { chatHoldAdvice } from '../../chat/hold-advice';
import { CHAT_MAX_BODY_BYTES, planChatAsync } from '../../chat/plan';
import { chatChargeMicros, chatPrice, completeChat, outcomeOf, streamChat, usdOf, wireUsage, type ChatOutcome } from '../../chat/call';
import { chatCompletionExample, chatCompletionRequestExample } from './examples';

/**
 * The chat-completions wire format, unchanged, so an SDK for it works with `{server}/v1/ai` as
 * its base URL. Plain answers are the completion object; with `stream: true`, its chunks as
 * server-sent events, the usage chunk when `stream_options.include_usage` asks for it, then
 * `[DONE]`. The charge is reported in `usage.cost` (USD) as well as the cost headers.
 */
export default defineEndpoint({
  id: 'ai.chat_completions',
  method: 'POST',
  path: '/v1/ai/chat/completions',
  summary: 'Chat completion (OpenAI-compatible)',
  description:
    'The chat-completions wire format over every catalog model (GET /v1/ai/models): messages with text and, for models that read them, images; tools; JSON output; streaming. ' +
    'Point an SDK for the format at `{server}/v1/ai` with your API key. Billed per token from the usage the model reports; the hold before the call is the prompt and the most completion tokens allowed. ' +
    'A client that leaves a stream pays for the prompt and the tokens it received; a stream that fails is not charged.',
  input: ChatCompletionsRequest,
  // SPEC.md: "The request body is declared optional." Without one the answer is a 400 naming `model` and `messages`.
  bodyDeclaredOptional: true,
  bodyLimitBytes: CHAT_MAX_BODY_BYTES,
  output: ChatCompletion,
  response: { modes: ['wire', 'sse'], choose: (input) => (input.stream ? 'sse' : 'wire') },
  prepare: ({ input, models, services }) => {
    // The upstream fetches an image given by URL: one at an address Tollgate never fetches (a self-hosted
    // model inside the operator's network would reach it) is refused before anything is held or sent.
    for (const [message, content] of input.messages.map((message) => message.content).entries()) {
      if (!Array.isArray(content)) continue;
      for (const [index, part] of content.entries()) {
        if (part.type === 'image_url' && /^https:/i.test(part.image_url.url)) services.checkDestination(`messages[${message}].content[${index}].image_url.url`, part.image_url.url);
      }
    }
    return planChatAsync(input, models);
  },
  price: chatPrice,
  holdAdvice: chatHoldAdvice,
  outcome: (output): ChatOutcome => outcomeOf(output),
  present: (output, { costMicros }) => ({
    body: { ...output, usage: { ...output.usage, cost: usdOf(costMicros) } },
    ...(output.usage.estimated ? { headers: { 'x-tollgate-usage': 'estimated' } } : {}),
  }),
  examples: { request: chatCompletionRequestExample, response: chatCompletionExample },
  async handler({ input, plan, providers, call }) {
    if (!input.stream) return completeChat(plan, providers, call);

    const { tally, chunks } = await streamChat(plan, providers, call);
    const includeUsage = input.stream_options?.include_usage === true;
    async function* events() {
      let last: { id: string; created: number } | undefined;
      for await (const chunk of chunks) {
        last = chunk;
        yield { data: chunk };
      }
      const outcome = tally.finalOutcome();
      if (includeUsage && last) {
        const usage = { ...wireUsage(outcome), cost: usdOf(chatChargeMicros(plan, outcome)) };
        yield { data: { id: last.id, object: 'chat.completion.chunk', created: last.created, model: tally.model.id, choices: [], usage } };
      }
      yield { data: '[DONE]' };
      return outcome;
    }
    return eventStream<ChatOutcome>(events(), { delivered: () => tally.deliveredOutcome() });
  },
});
