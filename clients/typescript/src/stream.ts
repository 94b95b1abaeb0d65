import { EventSourceParserStream } from 'eventsource-parser/stream';
import { ERROR_STATUSES } from './generated/operations';
import { TollgateError } from './errors';
import type { ErrorCode } from './types';

// The OpenAPI document describes a stream only as `text/event-stream`, so its events are typed here.

/** One event of `POST /v1/ai/chat` with `stream: true`; the last, with an empty delta, carries the usage and what the stream cost. */
export interface ChatStreamEvent {
  delta: { content: string };
  model: string;
  index: number;
  usage?: { promptTokens: number; completionTokens: number; totalTokens: number; estimated?: boolean };
  costUsd?: number;
}

/** One event of `POST /v1/ai/chat/completions` with `stream: true` (the chat-completions wire format). */
export interface ChatCompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: {
    index: number;
    delta: {
      role?: 'assistant';
      content?: string | null;
      tool_calls?: { index: number; id?: string; type?: 'function'; function?: { name?: string; arguments?: string } }[];
      refusal?: string | null;
    };
    finish_reason: 'stop' | 'length' | 'tool_calls' | 'content_filter' | null;
  }[];
  /** In the last chunk when `stream_options.include_usage` is set; `cost` is what the stream was charged, USD. */
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number; cost?: number; estimated?: boolean } | null;
}

/**
 * The parsed `data:` of each event, until `[DONE]`. An error event (`{ok: false, error}`) throws
 * a TollgateError; so does a stream that ends without `[DONE]`. Leaving the loop early closes the
 * connection, and the call is charged for what was delivered.
 */
export async function* parsedEvents<Event>(response: Response): AsyncGenerator<Event, void, undefined> {
  const requestId = response.headers.get('x-request-id') ?? undefined;
  if (!response.body) throw new TollgateError({ code: 'INVALID_RESPONSE', message: 'The event stream has no body.', status: response.status, requestId });
  const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw new TollgateError({ code: 'STREAM_ERROR', message: 'The event stream ended before [DONE].', status: response.status, requestId });
      if (value.data === '[DONE]') {
        // Read to the end the server sends right after: a body cancelled instead costs the connection.
        while (!(await reader.read()).done);
        return;
      }
      const event = JSON.parse(value.data) as Event | { ok: false; error: { code: ErrorCode; message: string; param?: string | null } };
      if (isError(event)) {
        const { code, message, param } = event.error;
        throw new TollgateError({ code, message, status: ERROR_STATUSES[code] ?? response.status, param: param ?? undefined, requestId });
      }
      yield event;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function isError(event: unknown): event is { ok: false; error: { code: ErrorCode; message: string; param?: string | null } } {
  return typeof event === 'object' && event !== null && (event as { ok?: unknown }).ok === false;
}
