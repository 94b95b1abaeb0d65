import type { ChatModel } from '../../catalog/model-catalog';
import type { ChatCompletion, ChatCompletionChunk, ChatCompletionsRequest } from '../../schemas/chat-completions';
import type { CallOptions, ProviderFamily } from '../providers';

/** One model the call may be answered by, and the most completion tokens its hold covers there. */
export interface ChatRoute {
  model: ChatModel;
  /** Sent upstream as the completion limit: never more than the hold covers. */
  maxCompletionTokens: number;
  /**
   * The prompt's tokens for this model as the plan counted them (its images at the most this
   * model's upstream may bill): a provider that reports usage itself (the sandbox) need not count
   * the prompt again on the event loop. Absent where a route is made without a plan.
   */
  promptTokens?: number;
}

/**
 * A chat call as a provider receives it: the customer's request (validated; `model` is the
 * catalog id, `stream` and `stream_options` are the provider's to set) and the models that may
 * answer it, in order — the requested model first, then its catalog fallbacks.
 */
export interface ChatRequest {
  body: ChatCompletionsRequest;
  route: readonly ChatRoute[];
}

export interface ChatAnswer {
  /** The catalog model that answered (billed at its prices). */
  model: ChatModel;
  /** `model` is the catalog id; `usage` as the upstream reported it, or absent when it reported none. */
  completion: Omit<ChatCompletion, 'usage'> & { usage?: ChatCompletion['usage'] };
}

export interface ChatStream {
  /** The catalog model that answers. */
  model: ChatModel;
  /**
   * The chunks, the first already received (so a failure before it moved the call on to the next
   * upstream or model). Usage, when the upstream reports it, comes in a chunk with `choices: []`.
   * Ending the iteration early (`return()`) aborts the upstream request at once.
   */
  chunks: AsyncIterable<ChatCompletionChunk>;
}

/**
 * Chat completions, served by an OpenAI-compatible upstream (with routing and fallback) or by
 * the sandbox. Failures before the answer are `UpstreamError`s (or `ApiError`s such as
 * RATE_LIMITED when every upstream refused for rate); a failure mid-stream throws from the chunks.
 */
export interface ChatProvider extends ProviderFamily {
  complete(request: ChatRequest, call: CallOptions): Promise<ChatAnswer>;
  stream(request: ChatRequest, call: CallOptions): Promise<ChatStream>;
}
