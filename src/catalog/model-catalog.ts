import fs from 'node:fs';
import { z } from 'zod';
import builtin from './models.json' with { type: 'json' };

export const MODEL_CATEGORIES = ['text-to-text', 'text-to-image', 'text-to-video', 'text-to-music', 'image-to-text', 'video-to-text'] as const;

/**
 * Request parameters a model may or may not take (chat-completions names). A request using one
 * its model does not list is refused with a 400 naming it; `model`, `messages`, `max_tokens`,
 * `max_completion_tokens`, `stream`, `stream_options` and `user` are taken by every model.
 */
export const OPTIONAL_PARAMETERS = [
  'temperature',
  'top_p',
  'frequency_penalty',
  'presence_penalty',
  'stop',
  'seed',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'response_format',
] as const;
export type OptionalParameter = (typeof OPTIONAL_PARAMETERS)[number];

/**
 * Sampling parameters at the value that asks for nothing beyond the default (the spec's defaults:
 * temperature and top_p 1, the penalties 0). A model that does not take one is sent the request
 * without it instead of refusing it, so a client that always sends the defaults works with every model.
 */
const NEUTRAL_VALUES: Partial<Record<OptionalParameter, number>> = { temperature: 1, top_p: 1, frequency_penalty: 0, presence_penalty: 0 };

/** Whether `model` can be sent `parameter` at `value`: it takes the parameter, or the value is its neutral default. */
export function takesParameter(model: ChatModel, parameter: OptionalParameter, value: unknown): boolean {
  return model.supportedParameters.includes(parameter) || (parameter in NEUTRAL_VALUES && value === NEUTRAL_VALUES[parameter]);
}

/** The neutral default of a sampling parameter, when it has one. */
export function neutralValue(parameter: OptionalParameter): number | undefined {
  return NEUTRAL_VALUES[parameter];
}

/** Six decimals at most: prices become integer micro-USD per million tokens. */
const UsdPerMillion = z
  .number()
  .nonnegative()
  .max(10_000)
  .refine((usd) => Number(usd.toFixed(6)) === usd, 'at most 6 decimals');

/** USD per call, whole micro-USD. */
const RequestUsd = z
  .number()
  .nonnegative()
  .max(10)
  .refine((usd) => Number(usd.toFixed(6)) === usd, 'at most 6 decimals');

/**
 * What the model's upstream bills for one image, in prompt tokens: the image (after the optional
 * downscaling) is cut in squares of `tilePx` pixels, each `tileTokens`, plus `baseTokens`, at most
 * `mostTokens`. `mostTokens` is also the hold for an image whose size is not known (an https URL),
 * so it must be the most the upstream bills for any image. OpenAI's tiles: 512 px squares after the
 * image is fitted within 2048 × 2048 (`fitWithinPx`) and its short side within 768
 * (`shortSideMaxPx`), and a flat price at `detail: low` (`lowDetailTokens`); its patch models:
 * 32 px squares of a multiplier's tokens, at most 1,536; Anthropic's: a token per 750 pixels.
 * A vision model without it is held at its family's most (../chat/image-tokens.ts).
 */
export const ImageTokensSchema = z.strictObject({
  tilePx: z.number().int().positive(),
  tileTokens: z.number().positive(),
  baseTokens: z.number().int().nonnegative().optional(),
  mostTokens: z.number().int().positive(),
  fitWithinPx: z.number().int().positive().optional(),
  shortSideMaxPx: z.number().int().positive().optional(),
  lowDetailTokens: z.number().int().nonnegative().optional(),
});
export type ImageTokens = z.output<typeof ImageTokensSchema>;

const ChatModelSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._:-]*$/, '`<vendor>/<model-name>`, lower case'),
    name: z.string().min(1),
    vendor: z.string().min(1),
    category: z.enum(MODEL_CATEGORIES),
    inputModalities: z.array(z.enum(['text', 'image'])).min(1).refine((modalities) => modalities.includes('text'), 'every chat model takes text'),
    contextWindow: z.number().int().positive(),
    maxOutputTokens: z.number().int().positive(),
    inputUsdPerMillion: UsdPerMillion,
    outputUsdPerMillion: UsdPerMillion,
    /** A price per call on top of the tokens', where the upstream bills one (Perplexity's search fee). */
    requestUsd: RequestUsd.optional(),
    supportedParameters: z.array(z.enum(OPTIONAL_PARAMETERS)),
    /**
     * The model at the upstream: its id there (OpenRouter's ids are ours) and what it costs the
     * operator per million tokens (the upstream's list price), never more than the prices above.
     */
    upstream: z.strictObject({ model: z.string().min(1), inputUsdPerMillion: UsdPerMillion, outputUsdPerMillion: UsdPerMillion, requestUsd: RequestUsd.optional() }),
    /** What the upstream bills for an image (a vision model's), in prompt tokens; see ImageTokensSchema. */
    imageTokens: ImageTokensSchema.optional(),
    /** Models to try, in order, when every upstream of this one fails before answering. */
    fallbacks: z.array(z.string()).optional(),
    description: z.string(),
  })
  .refine((model) => model.maxOutputTokens <= model.contextWindow, { message: 'maxOutputTokens exceeds contextWindow', path: ['maxOutputTokens'] })
  .refine((model) => model.upstream.inputUsdPerMillion <= model.inputUsdPerMillion, {
    message: 'the upstream costs more than the price: a call would cost the operator more than the customer pays',
    path: ['upstream', 'inputUsdPerMillion'],
  })
  .refine((model) => model.upstream.outputUsdPerMillion <= model.outputUsdPerMillion, {
    message: 'the upstream costs more than the price: a call would cost the operator more than the customer pays',
    path: ['upstream', 'outputUsdPerMillion'],
  })
  .refine((model) => (model.upstream.requestUsd ?? 0) <= (model.requestUsd ?? 0), {
    message: 'the upstream bills more per request than the price: a call would cost the operator more than the customer pays',
    path: ['upstream', 'requestUsd'],
  });

export type ChatModel = z.output<typeof ChatModelSchema>;

/**
 * An operator's catalog file: its models replace the built-in catalog, or, with
 * `"extends": "builtin"`, are added to it (an entry with a built-in id replaces that entry).
 */
const CatalogFileSchema = z.object({
  $comment: z.string().optional(),
  extends: z.literal('builtin').optional(),
  models: z.array(ChatModelSchema).min(1),
});

/** The chat models this server serves, and their prices. */
export interface ModelCatalog {
  readonly models: readonly ChatModel[];
  find(id: string): ChatModel | undefined;
}

export function catalogOf(models: readonly ChatModel[]): ModelCatalog {
  const byId = new Map<string, ChatModel>();
  for (const model of models) {
    if (byId.has(model.id)) throw new Error(`model ${model.id} is listed twice`);
    byId.set(model.id, model);
  }
  for (const model of models) {
    for (const fallback of model.fallbacks ?? []) {
      if (!byId.has(fallback)) throw new Error(`model ${model.id}: fallback ${fallback} is not in the catalog`);
      if (fallback === model.id) throw new Error(`model ${model.id} lists itself as its fallback`);
    }
  }
  return { models, find: (id) => byId.get(id) };
}

/** Validates a catalog file's contents; a problem names the entry and field. */
export function parseCatalog(contents: unknown, source: string, base: readonly ChatModel[] = []): ModelCatalog {
  const parsed = CatalogFileSchema.safeParse(contents);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const [first, index, ...rest] = issue.path;
      const where = first === 'models' && typeof index === 'number' ? `models[${index}]${describeEntry(contents, index)}${rest.length ? `.${rest.join('.')}` : ''}` : issue.path.join('.');
      return `${where || '(file)'}: ${issue.message}`;
    });
    throw new Error(`Invalid model catalog ${source}:\n  ${problems.join('\n  ')}`);
  }
  const { models } = parsed.data;
  if (parsed.data.extends !== 'builtin') return wrap(() => catalogOf(models), source);
  const own = new Set(models.map((model) => model.id));
  return wrap(() => catalogOf([...base.filter((model) => !own.has(model.id)), ...models]), source);
}

function describeEntry(contents: unknown, index: number): string {
  const id = (contents as { models?: Array<{ id?: unknown }> })?.models?.[index]?.id;
  return typeof id === 'string' ? ` (${id})` : '';
}

function wrap(make: () => ModelCatalog, source: string): ModelCatalog {
  try {
    return make();
  } catch (error) {
    throw new Error(`Invalid model catalog ${source}: ${(error as Error).message}`);
  }
}

/** The catalog shipped with Tollgate (src/catalog/models.json). */
export const builtinCatalog: ModelCatalog = parseCatalog(builtin, 'src/catalog/models.json');

/** The catalog to serve: the operator's file (`TOLLGATE_MODEL_CATALOG`) when set, else the built-in one. */
export function loadModelCatalog(file: string | undefined): ModelCatalog {
  if (file === undefined) return builtinCatalog;
  let contents: unknown;
  try {
    contents = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read the model catalog ${file}: ${(error as Error).message}`);
  }
  return parseCatalog(contents, file, builtinCatalog.models);
}
