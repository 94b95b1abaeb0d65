import { createOperations, type Operations } from './generated/operations';
import { waitForMediaJob, type FinishedMediaJob, type MediaWaitOptions } from './media-jobs';
import { PAGINATION, pages, type PageLink, type PageOptions, type Pages } from './pagination';
import { Runtime, type ApiResponse, type CallOptions, type ClientOptions, type OperationSpec } from './runtime';
import { parsedEvents, type ChatCompletionChunk, type ChatStreamEvent } from './stream';
import type { RequestBody } from './types';

export { TollgateError, TollgateJobError, TollgateTimeoutError, type TollgateErrorCode } from './errors';
export type { FinishedMediaJob, MediaJob, MediaWaitOptions } from './media-jobs';
export type { PageOptions, PagedOperation, Pages } from './pagination';
export type { ApiResponse, CallOptions, ClientOptions } from './runtime';
export type { ChatCompletionChunk, ChatStreamEvent } from './stream';
export type { ErrorCode, OperationId, PathParams, QueryParams, RequestBody, ResponseBody, ResponseData } from './types';
export type { Operations };

/** Each operation, answering its data alone. */
export type DataOperations = {
  [Name in keyof Operations]: Operations[Name] extends (...args: infer Args) => Promise<ApiResponse<infer Data>> ? (...args: Args) => Promise<Data> : never;
};

export type TollgateClient = DataOperations & {
  /** The same operations, answering the data with its cost, balance, request id and provider. */
  withResponse: Operations;
  /**
   * The list operations as async iterators of their pages' data, each next page asked for with the
   * continuation the last one answered, until the last: `for await (const page of tollgate.pages.clipsSearch({ keywords }))`.
   * Each page is a call of its own, charged as one.
   */
  pages: Pages;
  /** `POST /v1/media/queue`, then `mediaWait` for the job. */
  mediaQueueAndWait(body: RequestBody<'media.queue'>, options?: MediaWaitOptions & Pick<CallOptions, 'idempotencyKey'>): Promise<FinishedMediaJob>;
  /** Polls `GET /v1/media/status/{jobId}` until the job ends: the succeeded job, with its files' links; a failed or canceled one throws a TollgateJobError. */
  mediaWait(jobId: string, options?: MediaWaitOptions): Promise<FinishedMediaJob>;
  /** `POST /v1/ai/chat` with `stream: true`: each `{delta: {content}, model, index}` event. */
  chatStream(body: Omit<RequestBody<'ai.chat'>, 'stream'>, options?: Pick<CallOptions, 'signal' | 'timeoutMs'>): AsyncGenerator<ChatStreamEvent, void, undefined>;
  /** `POST /v1/ai/chat/completions` with `stream: true`: each chunk of the chat-completions format. */
  chatCompletionsStream(
    body: Omit<RequestBody<'ai.chat_completions'>, 'stream'>,
    options?: Pick<CallOptions, 'signal' | 'timeoutMs'>,
  ): AsyncGenerator<ChatCompletionChunk, void, undefined>;
};

const CHAT: OperationSpec = { id: 'ai.chat', method: 'POST', path: '/v1/ai/chat', envelope: true, idempotent: false, free: false };
const CHAT_COMPLETIONS: OperationSpec = { id: 'ai.chat_completions', method: 'POST', path: '/v1/ai/chat/completions', envelope: false, idempotent: false, free: false };

/**
 * A client for every operation of the API: `await tollgate.seoKeywordIdeas({ keyword })` is the
 * call's `data`, or throws a TollgateError.
 */
export function createClient(options: ClientOptions): TollgateClient {
  const runtime = new Runtime(options);
  const withResponse = createOperations(runtime.call);
  const dataOnly = Object.fromEntries(
    Object.entries(withResponse).map(([name, operation]) => [
      name,
      async (...args: unknown[]) => ((await (operation as (...args: unknown[]) => Promise<ApiResponse<unknown>>)(...args)).data),
    ]),
  ) as DataOperations;
  const paged = Object.fromEntries(
    Object.entries(PAGINATION).map(([name, link]) => [
      name,
      (input?: Record<string, unknown>, callOptions?: PageOptions) => pages(link as PageLink, withResponse[name as keyof Operations] as never, input, callOptions),
    ]),
  ) as unknown as Pages;
  const mediaWait = (jobId: string, waitOptions?: MediaWaitOptions) => waitForMediaJob(withResponse, jobId, waitOptions);
  return {
    ...dataOnly,
    withResponse,
    pages: paged,
    mediaWait,
    async mediaQueueAndWait(body, { idempotencyKey, ...waitOptions } = {}) {
      const { jobId } = await dataOnly.mediaQueue(body, { ...(waitOptions.signal ? { signal: waitOptions.signal } : {}), ...(idempotencyKey ? { idempotencyKey } : {}) });
      return mediaWait(jobId, waitOptions);
    },
    async *chatStream(body, streamOptions) {
      yield* parsedEvents<ChatStreamEvent>(await runtime.openStream(CHAT, { ...body, stream: true }, streamOptions));
    },
    async *chatCompletionsStream(body, streamOptions) {
      yield* parsedEvents<ChatCompletionChunk>(await runtime.openStream(CHAT_COMPLETIONS, { ...body, stream: true }, streamOptions));
    },
  };
}
