import { randomUUID } from 'node:crypto';
import { timeLeftMs } from '../../core/deadline';
import { ApiError, UpstreamError } from '../../core/errors';
import type { ChatProvider, ChatRequest, ChatRoute } from '../families/chat';
import type { CallOptions } from '../providers';
import { readUpstream } from '../http/upstream-request';
import { postChatCompletions, type ChatUpstream } from './client';
import { MODEL_PROVIDER, movesOn, streamedFailure, UpstreamRateLimited } from './errors';
import { UpstreamChunks } from './stream';
import { completionOf, UpstreamCompletion, UpstreamErrorBody } from './wire';
import { upstreamCostMicros } from './costs';
import { OPTIONAL_PARAMETERS, type ChatModel } from '../../catalog/model-catalog';
import type { CompletionUsage } from '../../schemas/chat-completions';
import type { CompletionLimitField } from '../../config';

export type { ChatUpstream } from './client';

export interface OpenAiCompatibleOptions {
  /**
   * How long a streaming upstream may stay silent, before its first byte or mid-stream
   * (TOLLGATE_CHAT_FIRST_BYTE_TIMEOUT_MS). A plain call is bounded by the call's deadline alone.
   */
  firstByteTimeoutMs: number;
  /** Told each failure the call moved on from (for the operator's log: `detail` names the upstream). */
  onFailover?(failure: { upstream: string; model: string; error: UpstreamError }): void;
}

/** When every candidate refused for rate and none said for how long. */
const DEFAULT_RETRY_AFTER_SECONDS = 1;
/** The longest an upstream's Retry-After keeps calls away from it (a bogus day-long one must not). */
const MOST_REST_MS = 60_000;

/**
 * Retry-After honoured: an upstream that answered 429 for a model with a Retry-After is not sent
 * that model again until then (the call moves straight on, or gets the rest of the wait as its own
 * Retry-After). Per upstream and model, as upstreams limit per model (OpenRouter's free models).
 */
class RateLimitRests {
  private readonly until = new Map<string, number>();

  rest(upstream: ChatUpstream, route: ChatRoute, error: UpstreamRateLimited): void {
    if (error.retryAfterMs === undefined || error.retryAfterMs <= 0) return;
    this.until.set(`${upstream.name} ${route.model.upstream.model}`, Date.now() + Math.min(error.retryAfterMs, MOST_REST_MS));
  }

  /** The refusal the upstream would give now, if it is resting. */
  refusal(upstream: ChatUpstream, route: ChatRoute): UpstreamRateLimited | undefined {
    const key = `${upstream.name} ${route.model.upstream.model}`;
    const until = this.until.get(key);
    if (until === undefined) return undefined;
    const left = until - Date.now();
    if (left <= 0) {
      this.until.delete(key);
      return undefined;
    }
    return new UpstreamRateLimited(`${MODEL_PROVIDER} is rate-limiting us; try again shortly.`, {
      detail: `chat upstream ${upstream.name}: resting ${left} ms more after a 429 for ${route.model.upstream.model}`,
      retryAfterMs: left,
      unprocessed: true,
    });
  }
}

/** Whether an upstream serves a catalog model: its prefixes, or every model when it lists none. */
export function serves(upstream: ChatUpstream, modelId: string): boolean {
  return upstream.modelPrefixes === undefined || upstream.modelPrefixes.some((prefix) => modelId.startsWith(prefix));
}

/** OpenAI's own API: it takes the completion limit only as `max_completion_tokens` for its reasoning models (o1, o3, o4-mini, gpt-5). */
const OPENAI_API_HOST = 'api.openai.com';

/**
 * The field an upstream takes the completion limit in: as configured (`<NAME>_MAX_TOKENS_FIELD`),
 * else `max_completion_tokens` for OpenAI's own API and `max_tokens` for the rest (OpenRouter,
 * vLLM, Ollama and most compatible servers, some of which know only that name).
 */
export function completionLimitField(upstream: ChatUpstream): CompletionLimitField {
  return upstream.completionLimitField ?? (new URL(upstream.baseUrl).hostname === OPENAI_API_HOST ? 'max_completion_tokens' : 'max_tokens');
}

/**
 * The customer's body as the upstream gets it: the model's id there, the completion limit the
 * hold covers (the customer's own limits are already inside it) in the field the upstream takes,
 * usage always asked for on streams, a parameter the model does not take left out (the plan let
 * through only those at their neutral default); every other field as the customer sent it.
 */
export function upstreamBody(body: ChatRequest['body'], route: ChatRoute, stream: boolean, limitField: CompletionLimitField = 'max_tokens'): Record<string, unknown> {
  const { max_tokens: _maxTokens, max_completion_tokens: _maxCompletionTokens, stream: _stream, stream_options: _streamOptions, ...rest } = body;
  for (const parameter of OPTIONAL_PARAMETERS) if (!route.model.supportedParameters.includes(parameter)) delete (rest as Record<string, unknown>)[parameter];
  return {
    ...rest,
    model: route.model.upstream.model,
    [limitField]: route.maxCompletionTokens,
    stream,
    ...(stream ? { stream_options: { include_usage: true } } : {}),
  };
}

/**
 * Chat over OpenAI-compatible upstreams (OpenRouter, a vendor's own API, a self-hosted vLLM or
 * Ollama). For each model that may answer (the requested one, then its fallbacks) each upstream
 * serving it is tried in the configured order; a failure worth another upstream (./errors.ts
 * `movesOn`) before the first chunk moves the call on, and the answer names the model that
 * answered, which is the one billed.
 */
export function openAiCompatibleChat(upstreams: readonly ChatUpstream[], options: OpenAiCompatibleOptions): ChatProvider {
  const resting = new RateLimitRests();

  async function firstAnswer<Answer>(request: ChatRequest, call: CallOptions, attempt: (upstream: ChatUpstream, route: ChatRoute) => Promise<Answer>): Promise<Answer> {
    const failures: UpstreamError[] = [];
    for (const route of request.route) {
      for (const upstream of upstreams) {
        if (!serves(upstream, route.model.id)) continue;
        if (call.signal.aborted) throw call.signal.reason;
        const rest = resting.refusal(upstream, route);
        if (rest) {
          failures.push(rest);
          continue;
        }
        try {
          return await attempt(upstream, route);
        } catch (error) {
          if (call.signal.aborted || !movesOn(error)) throw error;
          if (error instanceof UpstreamRateLimited) resting.rest(upstream, route, error);
          failures.push(error);
          options.onFailover?.({ upstream: upstream.name, model: route.model.id, error });
        }
      }
    }
    throw exhausted(request, failures);
  }

  return {
    name: 'openai-compatible',

    complete(request, call) {
      return firstAnswer(request, call, async (upstream, route) => {
        // No first-byte timeout: a plain answer's head comes only once the whole completion is
        // written (a long one takes minutes), and giving up on it would pay for it twice.
        const { exchange, body } = await postChatCompletions(upstream, upstreamBody(request.body, route, false, completionLimitField(upstream)), {
          signal: call.signal,
          silenceMs: undefined,
          stream: false,
        });
        let data: unknown;
        try {
          data = await body.json();
        } catch (error) {
          // A JSON parser's error quotes the body where it stopped — the model's answer, about anyone: not kept.
          throw exchange.failureOf(error instanceof SyntaxError ? new SyntaxError('the answer is not JSON') : error, 'stream');
        }
        exchange.release();
        // OpenRouter may answer 200 and then an error object, once its keep-alive whitespace has committed the status.
        if (UpstreamErrorBody.safeParse(data).success) throw streamedFailure(upstream.name, data, exchange.quote);
        const completion = readUpstream(`chat upstream ${upstream.name}`, UpstreamCompletion, data);
        if (completion.choices.some((choice) => choice.finish_reason === 'error')) throw streamedFailure(upstream.name, data, exchange.quote);
        const answer = completionOf(completion, route.model, `chatcmpl-${randomUUID()}`);
        if (answer.usage) reportUpstreamCost(call, route.model, answer.usage);
        return { model: route.model, completion: answer };
      });
    },

    stream(request, call) {
      return firstAnswer(request, call, async (upstream, route) => {
        const { exchange, body } = await postChatCompletions(upstream, upstreamBody(request.body, route, true, completionLimitField(upstream)), {
          signal: call.signal,
          silenceMs: timeLeftMs(call.signal, options.firstByteTimeoutMs),
          stream: true,
        });
        const chunks = new UpstreamChunks(body, exchange, route.model, (usage) => reportUpstreamCost(call, route.model, usage));
        await chunks.ready();
        return { model: route.model, chunks };
      });
    },
  };
}

/** What the upstream's reported tokens cost the operator, told to the call (the operator's margin per endpoint). */
function reportUpstreamCost(call: CallOptions, model: ChatModel, usage: CompletionUsage): void {
  call.upstreamCost?.(upstreamCostMicros(model, { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens }));
}

/** Every candidate failed: 429 with the soonest Retry-After if all refused for rate, else the last failure as a 502. */
function exhausted(request: ChatRequest, failures: readonly UpstreamError[]): ApiError {
  const last = failures.at(-1);
  if (last === undefined) {
    return new UpstreamError(`${MODEL_PROVIDER} for this model is not configured; try another model.`, {
      detail: `no chat upstream serves ${request.route.map((route) => route.model.id).join(', ')}: check TOLLGATE_CHAT_UPSTREAMS and each upstream's _MODELS prefixes`,
    });
  }
  if (failures.every((failure) => failure instanceof UpstreamRateLimited)) {
    const waits = failures.map((failure) => (failure as UpstreamRateLimited).retryAfterMs).filter((wait): wait is number => wait !== undefined);
    const seconds = waits.length > 0 ? Math.max(1, Math.ceil(Math.min(...waits) / 1000)) : DEFAULT_RETRY_AFTER_SECONDS;
    return new ApiError('RATE_LIMITED', `The model is rate-limited upstream right now; retry after ${seconds} s.`, { headers: { 'retry-after': String(seconds) }, cause: last });
  }
  return new UpstreamError(last.message, { cause: last, detail: failures.map((failure) => failure.detail).join('; ') });
}
