import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { chatModels } from '../../catalog/chat-models';

/** Shaped so that chat-completions SDKs can list models too: `data` is an array of `{id, object}`. */
const ModelEntry = z.object({
  id: z.string().meta({ description: 'Model id, `<vendor>/<model-name>`.', examples: ['z-ai/glm-5'] }),
  object: z.literal('model'),
  owned_by: z.string().meta({ description: 'Vendor id.' }),
  name: z.string(),
  vendor: z.string(),
  category: z.enum(['text-to-text', 'text-to-image', 'text-to-video', 'text-to-music', 'image-to-text', 'video-to-text']),
  contextWindow: z.number().int().positive().meta({ description: 'Context window, tokens.' }),
  maxOutputTokens: z.number().int().positive().meta({ description: 'Most output tokens per call.' }),
  inputUsdPerMillion: z.number().nonnegative().meta({ description: 'USD per 1M input tokens.' }),
  outputUsdPerMillion: z.number().nonnegative().meta({ description: 'USD per 1M output tokens.' }),
  description: z.string(),
});

const entries = chatModels.map((model) => ({
  id: model.id,
  object: 'model' as const,
  owned_by: model.id.split('/')[0]!,
  name: model.name,
  vendor: model.vendor,
  category: model.category,
  contextWindow: model.contextWindow,
  maxOutputTokens: model.maxOutputTokens,
  inputUsdPerMillion: model.inputUsdPerMillion,
  outputUsdPerMillion: model.outputUsdPerMillion,
  description: model.description,
}));

export default defineEndpoint({
  id: 'ai.list_models',
  method: 'GET',
  path: '/v1/ai/models',
  summary: 'Chat models, with prices and limits',
  description: 'The catalog of chat models: id, category, context window, output limit and per-million-token prices. Free.',
  input: z.strictObject({}),
  output: z.array(ModelEntry),
  price: ({ free }) => free(),
  examples: { request: {}, response: entries.slice(0, 2) },
  async handler() {
    return entries;
  },
});
