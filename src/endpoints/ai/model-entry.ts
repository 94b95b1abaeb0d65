import { z } from 'zod';
import { MODEL_CATEGORIES, OPTIONAL_PARAMETERS, type ChatModel } from '../../catalog/model-catalog';

/**
 * A catalog entry as customers see it, shaped so chat-completions SDKs read it too (`id`,
 * `object: "model"`, `owned_by`). What the model costs the operator upstream is not shown.
 */
export const ModelEntry = z.object({
  id: z.string().meta({ description: 'Model id, `<vendor>/<model-name>`.', examples: ['z-ai/glm-5'] }),
  object: z.literal('model'),
  created: z.number().int().meta({ description: 'Unix time the catalog was built (the format requires it).' }),
  owned_by: z.string().meta({ description: 'Vendor id.' }),
  name: z.string(),
  vendor: z.string(),
  category: z.enum(MODEL_CATEGORIES),
  inputModalities: z.array(z.enum(['text', 'image'])).meta({ description: 'What the model reads: `text`, and `image` for `image_url` parts.' }),
  contextWindow: z.number().int().positive().meta({ description: 'Context window, tokens.' }),
  maxOutputTokens: z.number().int().positive().meta({ description: 'Most output tokens per call.' }),
  inputUsdPerMillion: z.number().nonnegative().meta({ description: 'USD per 1M input tokens.' }),
  outputUsdPerMillion: z.number().nonnegative().meta({ description: 'USD per 1M output tokens.' }),
  requestUsd: z.number().nonnegative().meta({ description: 'USD per call on top of the tokens (a web-search model\u2019s search fee); 0 for most models.' }),
  supportedParameters: z.array(z.enum(OPTIONAL_PARAMETERS)).meta({ description: 'Optional request parameters the model takes; any other is a 400 naming it.' }),
  description: z.string(),
});

/** The catalog's release, as `created` (a fixed date: entries are data, not events). */
const CATALOG_CREATED = Date.UTC(2026, 0, 1) / 1000;

export function modelEntry(model: ChatModel): z.output<typeof ModelEntry> {
  return {
    id: model.id,
    object: 'model',
    created: CATALOG_CREATED,
    owned_by: model.id.slice(0, model.id.indexOf('/')),
    name: model.name,
    vendor: model.vendor,
    category: model.category,
    inputModalities: model.inputModalities,
    contextWindow: model.contextWindow,
    maxOutputTokens: model.maxOutputTokens,
    inputUsdPerMillion: model.inputUsdPerMillion,
    outputUsdPerMillion: model.outputUsdPerMillion,
    requestUsd: model.requestUsd ?? 0,
    supportedParameters: model.supportedParameters,
    description: model.description,
  };
}
