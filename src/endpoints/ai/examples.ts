import type { z } from 'zod';
import type { ChatCompletion, ChatCompletionsRequest } from '../../schemas/chat-completions';

/** Published in the OpenAPI document; the registry test checks them against the schemas. */
export const chatCompletionRequestExample: z.input<typeof ChatCompletionsRequest> = {
  model: 'openai/gpt-4o-mini',
  messages: [
    { role: 'system', content: 'You answer in one short paragraph.' },
    { role: 'user', content: 'What makes a good running shoe?' },
  ],
  max_tokens: 200,
  temperature: 0.7,
};

export const chatCompletionExample: z.input<typeof ChatCompletion> = {
  id: 'chatcmpl-3f9a1c2e7b',
  object: 'chat.completion',
  created: 1795000000,
  model: 'openai/gpt-4o-mini',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: 'A good running shoe fits your foot and stride: enough room in the toe box, a secure heel, and cushioning suited to your distance.' },
      finish_reason: 'stop',
    },
  ],
  usage: { prompt_tokens: 27, completion_tokens: 29, total_tokens: 56, cost: 0.000022 },
};
