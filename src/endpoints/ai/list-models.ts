import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { builtinCatalog } from '../../catalog/model-catalog';
import { ModelEntry, modelEntry } from './model-entry';

/**
 * `data` is the array of entries; a chat-completions SDK's `models.list()` reads the same body
 * (it looks for `data`), so both kinds of client list the catalog.
 */
export default defineEndpoint({
  id: 'ai.list_models',
  method: 'GET',
  path: '/v1/ai/models',
  summary: 'Chat models, with prices and limits',
  description:
    'The catalog of chat models: id, category, input modalities, context window, output limit, per-million-token prices and the optional parameters each takes. Filter with `category`.',
  input: z.strictObject({
    category: z.enum(['text-to-text', 'text-to-image', 'text-to-video', 'text-to-music', 'image-to-text', 'video-to-text']).optional().meta({ description: 'Only models of this category.' }),
  }),
  output: z.array(ModelEntry),
  price: ({ free }) => free(),
  examples: { request: {}, response: builtinCatalog.models.slice(0, 2).map(modelEntry) },
  async handler({ input, models }) {
    return models.models.filter((model) => input.category === undefined || model.category === input.category).map(modelEntry);
  },
});
