import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { z } from 'zod';
import { jsonNodes, type JsonNode } from '../core/validation';

/**
 * The chat-completions wire format, as customers send and receive it on
 * `POST /v1/ai/chat/completions` (the format's own snake_case names), and as the providers
 * answer. Requests are strict (an unknown field is a 400 naming it); answers are plain objects.
 */

const Text = z.string().max(4_000_000);

export const TextPart = z.strictObject({ type: z.literal('text'), text: Text });
export const ImagePart = z.strictObject({
  type: z.literal('image_url'),
  image_url: z.strictObject({
    url: z
      .string()
      .min(1)
      .regex(/^(https:\/\/|data:image\/[\w.+-]+;base64,)/i, 'must be an https URL or a data:image/…;base64, URL')
      .meta({ description: 'An https URL or a `data:image/…;base64,` URL.' }),
    detail: z.enum(['auto', 'low', 'high']).optional(),
  }),
});
export type ImagePart = z.output<typeof ImagePart>;

const Name = z.string().min(1).max(64).optional();
const FunctionName = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, `_` and `-`, 1 to 64 of them');

export const ToolCall = z.strictObject({
  id: z.string().min(1).max(256),
  type: z.literal('function'),
  function: z.strictObject({ name: FunctionName, arguments: z.string().max(1_000_000) }),
});
export type ToolCall = z.output<typeof ToolCall>;

export const ChatMessage = z.discriminatedUnion('role', [
  z.strictObject({ role: z.literal('system'), content: z.union([Text, z.array(TextPart).min(1)]), name: Name }),
  z.strictObject({ role: z.literal('developer'), content: z.union([Text, z.array(TextPart).min(1)]), name: Name }),
  z.strictObject({ role: z.literal('user'), content: z.union([Text, z.array(z.union([TextPart, ImagePart])).min(1)]), name: Name }),
  z.strictObject({
    role: z.literal('assistant'),
    content: z.union([Text, z.array(TextPart)]).nullish(),
    tool_calls: z.array(ToolCall).optional(),
    refusal: z.string().nullish(),
    name: Name,
  }),
  z.strictObject({ role: z.literal('tool'), content: z.union([Text, z.array(TextPart).min(1)]), tool_call_id: z.string().min(1).max(256) }),
]);
export type ChatMessage = z.output<typeof ChatMessage>;

/**
 * How deep a tool's `parameters` or a response's `schema` may nest objects and arrays (the object
 * itself is level 1). Generous: a real schema nests two levels per property, and OpenAI's structured
 * outputs take 10 levels of properties; a document nested a few thousand deep would overflow the
 * recursive walks after validation (counting its tokens, serialising it for the upstream): a 500.
 */
export const JSON_SCHEMA_MAX_DEPTH = 64;

/** Whether `document` nests objects and arrays at most `levels` deep; walks no deeper than that. */
function nestsWithin(document: unknown, levels: number): boolean {
  const depths = new Map<JsonNode | undefined, number>([[undefined, 0]]);
  for (const node of jsonNodes(document)) {
    if (typeof node.value !== 'object' || node.value === null) continue;
    const depth = depths.get(node.parent)! + 1;
    if (depth > levels) return false;
    depths.set(node, depth);
  }
  return true;
}

/**
 * The meta-schemas a customer's schema is checked against, each compiled once: draft-07 when its
 * `$schema` names draft-06 or -07, else 2020-12 (the format's default). No logger: ajv would warn
 * on the console quoting the customer's schema.
 */
const META_SCHEMA_OPTIONS = { strict: false, allErrors: false, logger: false as const };
const metaSchemas = {
  draft07: new Ajv(META_SCHEMA_OPTIONS).getSchema('http://json-schema.org/draft-07/schema')!,
  draft2020: new Ajv2020(META_SCHEMA_OPTIONS).getSchema('https://json-schema.org/draft/2020-12/schema')!,
};

/**
 * Why `schema` is not a valid JSON Schema, or undefined when it is. An invalid one (`"type":
 * "objekt"`) would be refused by the upstream after the hold, or worse, taken and ignored: the
 * customer paid for output that follows no schema.
 */
function jsonSchemaProblem(schema: Record<string, unknown>): string | undefined {
  const draft07 = typeof schema.$schema === 'string' && /draft-0[67]/.test(schema.$schema);
  const validate = draft07 ? metaSchemas.draft07 : metaSchemas.draft2020;
  if (validate(schema)) return undefined;
  const error = validate.errors?.[0];
  if (!error) return 'not a valid JSON Schema';
  const where = error.instancePath === '' ? '' : ` at ${error.instancePath}`;
  const allowed = error.keyword === 'enum' ? ` (${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')})` : '';
  return `not a valid JSON Schema${draft07 ? ' (draft-07)' : ' (draft 2020-12)'}: the value${where} ${error.message}${allowed}`;
}

/**
 * A JSON Schema object: nested within bounds (checked first: the meta-schema's walk recurses), and
 * valid against its draft's meta-schema. What it asks of the answer is the model's business.
 */
export const JsonSchemaObject = z
  .record(z.string(), z.unknown())
  .superRefine((schema, context) => {
    if (!nestsWithin(schema, JSON_SCHEMA_MAX_DEPTH)) {
      context.addIssue({ code: 'custom', message: `must nest objects and arrays at most ${JSON_SCHEMA_MAX_DEPTH} levels deep` });
      return;
    }
    const problem = jsonSchemaProblem(schema);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .meta({ description: `A JSON Schema object (draft 2020-12, or draft-07 when its \`$schema\` says so), nesting objects and arrays at most ${JSON_SCHEMA_MAX_DEPTH} levels deep.` });

export const FunctionTool = z.strictObject({
  type: z.literal('function'),
  function: z.strictObject({
    name: FunctionName,
    description: z.string().max(100_000).optional(),
    parameters: JsonSchemaObject.optional(),
    strict: z.boolean().nullish(),
  }),
});
export type FunctionTool = z.output<typeof FunctionTool>;

export const ToolChoice = z.union([
  z.enum(['none', 'auto', 'required']),
  z.strictObject({ type: z.literal('function'), function: z.strictObject({ name: FunctionName }) }),
]);
export type ToolChoice = z.output<typeof ToolChoice>;

export const ResponseFormat = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text') }),
  z.strictObject({ type: z.literal('json_object') }),
  z.strictObject({
    type: z.literal('json_schema'),
    json_schema: z.strictObject({
      name: FunctionName,
      description: z.string().optional(),
      schema: JsonSchemaObject.optional(),
      strict: z.boolean().nullish(),
    }),
  }),
]);
export type ResponseFormat = z.output<typeof ResponseFormat>;

const TokenLimit = z.number().int().min(1).max(10_000_000);

/** The format's reasoning efforts (the `openai` SDK's `ReasoningEffort`); which ones a model takes is its upstream's business. */
export const REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const;

/** Most token ids one `logit_bias` may bias (the body limit would allow a million). */
const MOST_BIASED_TOKENS = 1024;
const TOKEN_ID = /^(0|[1-9][0-9]{0,8})$/;

const LogitBias = z
  .record(z.string(), z.number().min(-100).max(100))
  .superRefine((bias, context) => {
    // Checked here rather than by a key schema, whose refusal would read "Invalid key in record".
    for (const key of Object.keys(bias)) {
      if (!TOKEN_ID.test(key)) context.addIssue({ code: 'custom', path: [key], message: 'must be a token id (a whole number, as a string)' });
    }
    if (Object.keys(bias).length > MOST_BIASED_TOKENS) context.addIssue({ code: 'custom', message: `at most ${MOST_BIASED_TOKENS} tokens` });
  })
  .meta({ description: `Token id (a whole number, as a string, in the model’s tokenizer) → bias, -100 to 100; at most ${MOST_BIASED_TOKENS} tokens. Passed on to the model as sent.` });

/** The format's own limits: 16 keys of at most 64 characters, values of at most 512. */
const CompletionMetadata = z
  .record(z.string(), z.string().max(512))
  .refine((metadata) => Object.keys(metadata).length <= 16, 'at most 16 keys')
  .refine((metadata) => Object.keys(metadata).every((key) => key.length <= 64), 'keys of at most 64 characters')
  .meta({ description: 'At most 16 keys of at most 64 characters. Accepted and not passed on: Tollgate stores no completions.' });

const NO_LOGPROBS = 'Tollgate does not return log probabilities';

/** A field of the format for a feature Tollgate does not offer: only `null` (as an SDK may send it), refused saying so. */
function unsupported(feature: string) {
  return z
    .null({ error: `Tollgate does not support ${feature}; leave it out` })
    .optional()
    .meta({ description: `Not supported: Tollgate does not support ${feature} (only \`null\` is taken).` });
}

/** The output modalities Tollgate returns: text. */
const Modalities = z
  .array(z.string())
  .refine((modalities) => modalities.every((modality) => modality === 'text'), 'audio output is not supported: Tollgate returns text only; send ["text"] or leave it out');

/** The tiers that leave the upstream's price as the catalog states it; `flex`, `scale` and `priority` change it. */
const SAME_PRICE_TIERS = ['auto', 'default'] as const;

/** Whether a field may be left out (it takes `undefined`: optional, or with a default). */
const isOptional = (field: z.ZodType) => field.safeParse(undefined).success;

/**
 * An optional field that reads `null` too, its document saying so: `nullable` goes inside the
 * field's `optional` or `default`, which stays outermost with the field's description and
 * default, where the document publishes them.
 */
function readingNull(field: z.ZodType): z.ZodType {
  if (!isOptional(field) || field.safeParse(null).success) return field;
  const meta = z.globalRegistry.get(field) ?? {};
  if (field instanceof z.ZodDefault) return (field.unwrap() as z.ZodType).nullable().default(field.def.defaultValue as never).meta(meta);
  if (field instanceof z.ZodOptional) return (field.unwrap() as z.ZodType).nullish().meta(meta);
  return field.nullable();
}

/**
 * A chat request's strict schema, one rule for every optional top-level field: `null` means left
 * out, as in the format's own API (LangChain, LiteLLM and other SDKs send explicit nulls). The
 * field reads `null` (so the document shows it), and the parsed request has the field as if it
 * were absent (its default, when it has one), so no check, hold or upstream body sees the null.
 * A required field sent as `null` is still refused, naming it. The parsed request has the
 * declared shape's types: no optional field in it holds a null the shape does not declare.
 */
export function nullMeansAbsent<Shape extends Record<string, z.ZodType>>(shape: Shape): z.ZodObject<Shape, z.core.$strict> {
  const reading = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, readingNull(field)]));
  const request = z.strictObject(reading).overwrite((parsed) => {
    const taken: Record<string, unknown> = { ...parsed };
    for (const [key, value] of Object.entries(parsed)) {
      if (value !== null || !isOptional(shape[key]!)) continue;
      const absent = shape[key]!.parse(undefined);
      if (absent === undefined) delete taken[key];
      else taken[key] = absent;
    }
    return taken;
  });
  return request as unknown as z.ZodObject<Shape, z.core.$strict>;
}

export const ChatCompletionsRequest = nullMeansAbsent({
  model: z.string().min(1).max(200).meta({ description: 'Model id, `<vendor>/<model-name>` (GET /v1/ai/models).', examples: ['openai/gpt-4o-mini'] }),
  messages: z.array(ChatMessage).min(1).max(10_000),
  max_tokens: TokenLimit.nullish().meta({ description: 'Most completion tokens (default: the model’s maximum output, within its context window).' }),
  max_completion_tokens: TokenLimit.nullish().meta({ description: 'Same as `max_tokens` (the newer name); the smaller wins when both are set.' }),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  frequency_penalty: z.number().min(-2).max(2).nullish(),
  presence_penalty: z.number().min(-2).max(2).nullish(),
  stop: z.union([z.string().min(1), z.array(z.string().min(1)).min(1).max(4)]).nullish(),
  seed: z.number().int().nullish(),
  n: z.literal(1).nullish().meta({ description: 'One choice per call (the only value accepted).' }),
  tools: z.array(FunctionTool).min(1).max(128).optional(),
  tool_choice: ToolChoice.optional(),
  parallel_tool_calls: z.boolean().optional(),
  response_format: ResponseFormat.optional(),
  stream: z.boolean().nullish(),
  stream_options: z
    .strictObject({
      include_usage: z.boolean().optional(),
      include_obfuscation: z.boolean().optional().meta({ description: 'Accepted and ignored: Tollgate adds no obfuscation padding to its events.' }),
    })
    .nullish(),
  user: z.string().max(256).optional(),
  safety_identifier: z.string().max(256).nullish().meta({ description: 'Accepted and not passed on: the upstreams see Tollgate’s account, not your users.' }),
  prompt_cache_key: z.string().max(1024).nullish().meta({ description: 'Accepted and not passed on: Tollgate prices every prompt token alike, cached or not.' }),
  verbosity: z.enum(['low', 'medium', 'high']).nullish().meta({ description: 'Passed on to the model as sent: which models heed it is its provider’s business (the sandbox ignores it).' }),
  modalities: Modalities.nullish().meta({ description: 'Only `["text"]`: audio output is not supported. Not passed on.' }),
  audio: unsupported('audio output'),
  prediction: unsupported('predicted outputs'),
  web_search_options: unsupported('web search'),
  reasoning_effort: z.enum(REASONING_EFFORTS).nullish().meta({ description: 'Passed on to the model as sent: which efforts a model takes, and what one that does not reason makes of it, is its provider’s business (the sandbox ignores it).' }),
  logit_bias: LogitBias.nullish(),
  logprobs: z
    .literal(false, { error: `${NO_LOGPROBS}; send false or leave it out` })
    .nullish()
    .meta({ description: `Only \`false\`: ${NO_LOGPROBS}.` }),
  top_logprobs: z
    .null({ error: `${NO_LOGPROBS} (it needs \`logprobs: true\`); leave it out` })
    .optional()
    .meta({ description: `Only \`null\`: ${NO_LOGPROBS}.` }),
  store: z.boolean().nullish().meta({ description: 'Accepted and not passed on: Tollgate stores no completions.' }),
  metadata: CompletionMetadata.nullish(),
  service_tier: z
    .enum(SAME_PRICE_TIERS, { error: `only ${SAME_PRICE_TIERS.map((tier) => `"${tier}"`).join(' or ')}: every call is billed at the catalog's prices, which "flex", "scale" and "priority" would change` })
    .nullish()
    .meta({ description: 'Only `auto` or `default` (the upstream’s standard processing, which the catalog prices); not passed on.' }),
});
export type ChatCompletionsRequest = z.output<typeof ChatCompletionsRequest>;

export const FINISH_REASONS = ['stop', 'length', 'tool_calls', 'content_filter'] as const;
export const FinishReason = z.enum(FINISH_REASONS);
export type FinishReason = z.output<typeof FinishReason>;

/** Token counts in the format's names; `cost` (USD) and `estimated` are Tollgate's additions. */
export const CompletionUsage = z.object({
  prompt_tokens: z.number().int().nonnegative(),
  completion_tokens: z.number().int().nonnegative(),
  total_tokens: z.number().int().nonnegative(),
  cost: z.number().nonnegative().optional().meta({ description: 'What the call was charged, USD.' }),
  estimated: z.boolean().optional().meta({ description: 'True when the upstream reported no usage and Tollgate counted the tokens itself.' }),
});
export type CompletionUsage = z.output<typeof CompletionUsage>;

export const AssistantMessage = z.object({
  role: z.literal('assistant'),
  content: z.string().nullable(),
  tool_calls: z.array(ToolCall).optional(),
  refusal: z.string().nullable().optional(),
});
export type AssistantMessage = z.output<typeof AssistantMessage>;

export const ChatCompletion = z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int().nonnegative(),
      message: AssistantMessage,
      finish_reason: FinishReason,
      logprobs: z.null().optional(),
    }),
  ),
  usage: CompletionUsage,
  system_fingerprint: z.string().nullable().optional(),
});
export type ChatCompletion = z.output<typeof ChatCompletion>;

export const ToolCallDelta = z.object({
  index: z.number().int().nonnegative(),
  id: z.string().optional(),
  type: z.literal('function').optional(),
  function: z.object({ name: z.string().optional(), arguments: z.string().optional() }).optional(),
});
export type ToolCallDelta = z.output<typeof ToolCallDelta>;

export const ChatCompletionChunk = z.object({
  id: z.string(),
  object: z.literal('chat.completion.chunk'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int().nonnegative(),
      delta: z.object({
        role: z.literal('assistant').optional(),
        content: z.string().nullable().optional(),
        tool_calls: z.array(ToolCallDelta).optional(),
        refusal: z.string().nullable().optional(),
      }),
      finish_reason: FinishReason.nullable(),
      logprobs: z.null().optional(),
    }),
  ),
  usage: CompletionUsage.nullable().optional(),
  system_fingerprint: z.string().nullable().optional(),
});
export type ChatCompletionChunk = z.output<typeof ChatCompletionChunk>;
