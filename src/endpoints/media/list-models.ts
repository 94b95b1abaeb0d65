import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { MEDIA_CATEGORIES, MEDIA_MODELS, type MediaModel } from '../../media/models';
import { describeRate, MEDIA_UNITS } from '../../media/rates';

/** A media model as customers see it: what it takes and what it costs (not what it costs the operator). */
const MediaModelEntry = z.object({
  id: z.string().meta({ description: 'Model id, `<maker>/<model>`: the `model` of /v1/media/queue.', examples: ['bytedance/seedance-2-0'] }),
  aliases: z.array(z.string()).meta({ description: 'Other names `model` accepts.', examples: [['seedance']] }),
  name: z.string(),
  maker: z.string(),
  category: z.enum(MEDIA_CATEGORIES),
  description: z.string(),
  prompt: z.enum(['required', 'optional']),
  imageData: z.enum(['refused', 'optional', 'required']).meta({ description: 'Whether the model takes `imageData` (an image in the request).' }),
  options: z.record(z.string(), z.unknown()).meta({ description: 'JSON Schema of the `options` object the model takes (defaults included); any other option is a 400 naming it.' }),
  price: z.object({
    unit: z.enum(MEDIA_UNITS),
    usd: z.number().nonnegative(),
    byOption: z.object({ option: z.string(), usd: z.record(z.string(), z.number()) }).optional(),
    description: z.string(),
  }),
});

function entryOf(model: MediaModel): z.input<typeof MediaModelEntry> {
  return {
    id: model.id,
    aliases: [...model.aliases],
    name: model.name,
    maker: model.maker,
    category: model.category,
    description: model.description,
    prompt: model.prompt,
    imageData: model.image,
    options: z.toJSONSchema(model.options, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
    price: { unit: model.price.unit, usd: model.price.usd, ...(model.price.byOption ? { byOption: { ...model.price.byOption, usd: { ...model.price.byOption.usd } } } : {}), description: describeRate(model.price) },
  };
}

export default defineEndpoint({
  id: 'media.list_models',
  method: 'GET',
  path: '/v1/media/models',
  summary: 'Media models, with their options and prices',
  description:
    'The nine media generation and analysis models: id and aliases, category, whether a prompt and an image are taken, the options each takes (as JSON Schema) and its price rule — per image, per second of media made, per job, per started 5 seconds of video analysed or per started 1,000 characters of answer. A job is held at its most expensive outcome when queued and billed on completion. Filter with `category`.',
  input: z.strictObject({
    category: z.enum(MEDIA_CATEGORIES).optional().meta({ description: 'Only models of this category.' }),
  }),
  output: z.array(MediaModelEntry),
  price: ({ free }) => free(),
  examples: { request: {}, response: MEDIA_MODELS.slice(0, 1).map(entryOf) },
  async handler({ input }) {
    return MEDIA_MODELS.filter((model) => input.category === undefined || model.category === input.category).map(entryOf);
  },
});
