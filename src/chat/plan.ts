import { ApiError } from '../core/errors';
import { neutralValue, OPTIONAL_PARAMETERS, takesParameter, type ChatModel, type ModelCatalog } from '../catalog/model-catalog';
import type { ChatRoute } from '../providers/families/chat';
import type { ChatCompletionsRequest } from '../schemas/chat-completions';
import { promptTokensAsync } from './token-threads';
import { imagePromptTokens, promptTokens } from './tokens';

/**
 * The largest chat request read (both chat endpoints): 32 MiB, above the server-wide limit (TOLLGATE_MAX_BODY_BYTES,
 * 1 MiB), which would refuse a prompt of ~250,000 tokens or one photo as a data URL. It holds the
 * largest catalog window as text (1,047,576 tokens at ~4 bytes each: ~4 MiB, twice that escaped)
 * beside one image at the format's own limit (20 MB, ~27 MB as base64).
 */
export const CHAT_MAX_BODY_BYTES = 32 * 1024 * 1024;

/** How the caller's format names the chat-completions fields (the native chat is camelCase). */
export type FieldNames = Partial<Record<string, string>>;

/**
 * Fields the gateway answers itself, left out of what the providers are given: no completion is
 * stored upstream (`store`, `metadata`), the standard tier is the one the catalog prices
 * (`service_tier`: validation lets only `auto` and `default` through), no log probabilities
 * are returned (`logprobs`, `top_logprobs`: only `false` and `null` get through), the upstreams
 * serve Tollgate's account, whose users and caching are not the customer's (`safety_identifier`,
 * `prompt_cache_key`), the answer is text (`modalities`: only `["text"]`), and the features
 * Tollgate does not offer come through only as `null` (`audio`, `prediction`, `web_search_options`).
 */
const ANSWERED_BY_THE_GATEWAY = [
  'store',
  'metadata',
  'service_tier',
  'logprobs',
  'top_logprobs',
  'safety_identifier',
  'prompt_cache_key',
  'modalities',
  'audio',
  'prediction',
  'web_search_options',
] as const;

/** The request as the providers get it. */
export type ForwardedChatRequest = Omit<ChatCompletionsRequest, (typeof ANSWERED_BY_THE_GATEWAY)[number]>;

/**
 * A chat call, prepared before anything is held: the model and its fallbacks that can take the
 * request, each with the most completion tokens the hold covers, and the prompt's tokens — the
 * most any model of the route may bill for it (its images are billed by each upstream's rule).
 */
export interface ChatPlan {
  body: ForwardedChatRequest;
  route: readonly ChatRoute[];
  promptTokens: number;
  /** The completion limit as the caller's format names it (`max_tokens`, the native `maxTokens`), and its value when given. */
  completionLimit: { field: string; requested: number | undefined };
}

/**
 * Checks the request against the catalog — the model exists (404 MODEL_NOT_FOUND), takes every
 * parameter given and every input part (400 naming the first it does not), and the prompt fits
 * its context window — and plans the call. Fallback models that cannot take the request as the
 * customer wrote it are left out of the route rather than refusing it. The prompt is counted on
 * this thread: `planChatAsync` counts a large one without holding up the event loop.
 */
export function planChat(body: ChatCompletionsRequest, models: ModelCatalog, fieldNames: FieldNames = {}): ChatPlan {
  const model = checkedModel(body, models, fieldNames);
  return planFor(body, models, fieldNames, model, promptTokens(body, model, 'most', model.contextWindow));
}

/** `planChat`, with a large prompt counted on a worker thread (`promptTokensAsync`): the same plan, or the same refusal. */
export async function planChatAsync(body: ChatCompletionsRequest, models: ModelCatalog, fieldNames: FieldNames = {}): Promise<ChatPlan> {
  const model = checkedModel(body, models, fieldNames);
  return planFor(body, models, fieldNames, model, await promptTokensAsync(body, model, model.contextWindow));
}

/** The request's model, once the checks that need no token count pass. */
function checkedModel(body: ChatCompletionsRequest, models: ModelCatalog, fieldNames: FieldNames): ChatModel {
  const model = models.find(body.model);
  if (!model) {
    throw new ApiError('MODEL_NOT_FOUND', `No model '${body.model}': GET /v1/ai/models lists the models served.`, { param: 'model' });
  }
  checkConsistency(body);
  const refusal = refusalOf(model, body, fieldOf(fieldNames));
  if (refusal) throw new ApiError('VALIDATION_ERROR', refusal.message, { param: refusal.param });
  return model;
}

/**
 * The plan, given the prompt's tokens for `model` as counted up to its window: at the window or
 * past it the count stopped early (it may be below the prompt's), hence "at least".
 */
function planFor(body: ChatCompletionsRequest, models: ModelCatalog, fieldNames: FieldNames, model: ChatModel, tokens: number): ChatPlan {
  const field = fieldOf(fieldNames);
  if (tokens >= model.contextWindow) {
    throw new ApiError(
      'VALIDATION_ERROR',
      `messages: the prompt is at least ${tokens} tokens and ${model.id}'s context window is ${model.contextWindow}; shorten it or choose a model with a larger window.`,
      { param: 'messages' },
    );
  }
  const requested = requestedLimit(body);
  const limitField = field(body.max_completion_tokens != null ? 'max_completion_tokens' : 'max_tokens');
  if (requested !== undefined && requested > model.maxOutputTokens) {
    throw new ApiError('VALIDATION_ERROR', `${limitField}: ${model.id} writes at most ${model.maxOutputTokens} tokens per call.`, { param: limitField });
  }

  const route: ChatRoute[] = [{ model, maxCompletionTokens: completionLimit(model, tokens, requested), promptTokens: tokens }];
  let most = tokens;
  // The text counts alike for every model; the images as each one's upstream bills them.
  const textTokens = tokens - imagePromptTokens(body, model);
  for (const id of model.fallbacks ?? []) {
    const fallback = models.find(id);
    if (!fallback || refusalOf(fallback, body, field)) continue;
    const fallbackTokens = textTokens + imagePromptTokens(body, fallback);
    if (fallbackTokens >= fallback.contextWindow) continue;
    route.push({ model: fallback, maxCompletionTokens: completionLimit(fallback, fallbackTokens, requested), promptTokens: fallbackTokens });
    most = Math.max(most, fallbackTokens);
  }
  return { body: forwarded(body), route, promptTokens: most, completionLimit: { field: limitField, requested } };
}

function fieldOf(fieldNames: FieldNames): (name: string) => string {
  return (name) => fieldNames[name] ?? name;
}

function forwarded(body: ChatCompletionsRequest): ForwardedChatRequest {
  const copy: Partial<ChatCompletionsRequest> = { ...body };
  for (const field of ANSWERED_BY_THE_GATEWAY) delete copy[field];
  return copy as ForwardedChatRequest;
}

/** The smaller of `max_tokens` and `max_completion_tokens`, when either is given. */
function requestedLimit(body: ChatCompletionsRequest): number | undefined {
  const limits = [body.max_tokens, body.max_completion_tokens].filter((limit): limit is number => typeof limit === 'number');
  return limits.length > 0 ? Math.min(...limits) : undefined;
}

/** The request's limit, else the model's output maximum, never past what the context window leaves. */
function completionLimit(model: ChatModel, prompt: number, requested: number | undefined): number {
  return Math.max(1, Math.min(requested ?? model.maxOutputTokens, model.maxOutputTokens, model.contextWindow - prompt));
}

/** Why `model` cannot take the request, naming the field; undefined when it can. */
function refusalOf(model: ChatModel, body: ChatCompletionsRequest, field: (name: string) => string): { param: string; message: string } | undefined {
  for (const parameter of OPTIONAL_PARAMETERS) {
    const value = body[parameter];
    if (value === undefined || value === null || takesParameter(model, parameter, value)) continue;
    const named = field(parameter);
    const neutral = neutralValue(parameter);
    const listed = named === parameter ? 'lists those it takes' : `lists those it takes, as ${parameter}`;
    return { param: named, message: `${named}: ${model.id} does not take this parameter${neutral === undefined ? '' : ` except at its default, ${neutral}`} (GET /v1/ai/models/${model.id} ${listed}).` };
  }
  if (!model.inputModalities.includes('image')) {
    for (const [index, message] of body.messages.entries()) {
      if (message.role !== 'user' || typeof message.content === 'string') continue;
      const part = message.content.findIndex((item) => item.type === 'image_url');
      if (part >= 0) {
        return { param: `messages[${index}].content[${part}]`, message: `messages[${index}].content[${part}]: ${model.id} reads text only; choose a model whose inputModalities include image.` };
      }
    }
  }
  return undefined;
}

/** Rules between fields of the request itself, whatever the model. */
function checkConsistency(body: ChatCompletionsRequest): void {
  const tools = body.tools ?? [];
  if (body.tool_choice !== undefined && tools.length === 0) {
    throw new ApiError('VALIDATION_ERROR', 'tool_choice: there are no tools to choose from; send `tools` too.', { param: 'tool_choice' });
  }
  if (body.parallel_tool_calls !== undefined && tools.length === 0) {
    throw new ApiError('VALIDATION_ERROR', 'parallel_tool_calls: there are no tools; send `tools` too.', { param: 'parallel_tool_calls' });
  }
  const names = new Set<string>();
  for (const [index, tool] of tools.entries()) {
    if (names.has(tool.function.name)) {
      throw new ApiError('VALIDATION_ERROR', `tools[${index}].function.name: '${tool.function.name}' is offered twice.`, { param: `tools[${index}].function.name` });
    }
    names.add(tool.function.name);
  }
  const choice = body.tool_choice;
  if (typeof choice === 'object' && !names.has(choice.function.name)) {
    throw new ApiError('VALIDATION_ERROR', `tool_choice.function.name: '${choice.function.name}' is not among the tools.`, { param: 'tool_choice.function.name' });
  }
  if (body.stream_options != null && body.stream !== true) {
    throw new ApiError('VALIDATION_ERROR', 'stream_options: only with `stream: true`.', { param: 'stream_options' });
  }
  const ids = new Set<string>();
  for (const message of body.messages) {
    if (message.role === 'assistant') for (const call of message.tool_calls ?? []) ids.add(call.id);
  }
  for (const [index, message] of body.messages.entries()) {
    if (message.role === 'tool' && !ids.has(message.tool_call_id)) {
      throw new ApiError('VALIDATION_ERROR', `messages[${index}].tool_call_id: no earlier assistant message made a tool call with this id.`, {
        param: `messages[${index}].tool_call_id`,
      });
    }
  }
}
