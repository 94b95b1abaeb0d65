import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { ApiError } from '../../core/errors';
import { builtinCatalog } from '../../catalog/model-catalog';
import { ModelEntry, modelEntry } from './model-entry';

/** What a chat-completions SDK's `models.retrieve(id)` asks for; the id's `/` may be sent encoded or not. */
export default defineEndpoint({
  id: 'ai.get_model',
  method: 'GET',
  path: '/v1/ai/models/{id}',
  summary: 'One chat model, with its prices and limits',
  description: 'A catalog entry by id (`openai/gpt-4o`; the `/` may be sent as is or as `%2F`). An unknown id is 404 MODEL_NOT_FOUND.',
  input: z.strictObject({}),
  params: z.strictObject({ id: z.string().min(1).max(200).meta({ description: 'Model id, `<vendor>/<model-name>`.', examples: ['openai/gpt-4o'] }) }),
  output: ModelEntry,
  response: 'wire',
  price: ({ free }) => free(),
  examples: { request: {}, params: { id: builtinCatalog.models[0]!.id }, response: modelEntry(builtinCatalog.models[0]!) },
  async handler({ params, models }) {
    const model = models.find(params.id);
    if (!model) throw new ApiError('MODEL_NOT_FOUND', `No model '${params.id}': GET /v1/ai/models lists the models served.`, { param: 'id' });
    return modelEntry(model);
  },
});
