import { randomUUID } from 'node:crypto';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { ChatModel } from '../../catalog/model-catalog';
import type { ChatCompletionChunk, CompletionUsage } from '../../schemas/chat-completions';
import { readUpstream, TransientUpstreamError } from '../http/upstream-request';
import type { Exchange, UpstreamBody } from './client';
import { MODEL_PROVIDER, streamedFailure } from './errors';
import { chunkOf, UpstreamChunk, UpstreamErrorBody, usageOf } from './wire';

const MOST_EVENT_CHARACTERS = 8 * 1024 * 1024;
/** How long an upstream whose answer is whole may take to send its usage once the client has gone. */
const USAGE_GRACE_MS = 5_000;

/**
 * An upstream's event stream as our chunks: `data: [DONE]` ends it, comments (`: OPENROUTER
 * PROCESSING` keep-alives) only prove the upstream is alive, an error object sent as an event
 * (OpenRouter does so mid-stream) and a cut connection throw. Usage, however the upstream sends
 * it (on its own chunk, on the last content chunk, or on every chunk), comes once, last, on a
 * chunk of its own with `choices: []`. Not an async generator: `return()` must abort the request
 * at once, even while a read is pending.
 */
export class UpstreamChunks implements AsyncIterableIterator<ChatCompletionChunk> {
  private readonly pending: ChatCompletionChunk[] = [];
  private readonly source: AsyncIterator<Buffer>;
  private readonly decoder = new TextDecoder();
  private readonly parser = createParser({
    onEvent: (event) => this.onEvent(event),
    // A chunk is a few hundred bytes; an upstream sending megabytes without a line end is broken, not slow.
    maxBufferSize: MOST_EVENT_CHARACTERS,
    onError: (error) => {
      if (error.type !== 'max-buffer-size-exceeded') return;
      this.failure ??= new TransientUpstreamError(`${MODEL_PROVIDER} sent a malformed answer; try again.`, {
        detail: `chat upstream ${this.exchange.upstream.name}: an event longer than ${MOST_EVENT_CHARACTERS} characters`,
      });
    },
  });
  private id: string | undefined;
  private created: number | undefined;
  private usage: CompletionUsage | undefined;
  private finished = false;
  /** A chunk that says something is pending or delivered. */
  private substantive = false;
  /** `[DONE]` seen, or the stream ended cleanly after its last chunk. */
  private ended = false;
  /** The consumer stopped reading. */
  private closed = false;
  private failure: Error | undefined;
  private draining: Promise<void> | undefined;

  constructor(
    body: UpstreamBody,
    private readonly exchange: Exchange,
    private readonly model: ChatModel,
    /** Told the upstream's reported usage (for what the call cost the operator). */
    private readonly onUsage?: (usage: CompletionUsage) => void,
  ) {
    this.source = body[Symbol.asyncIterator]();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /**
   * Waits for the first chunk that says something (text, a tool call, a finish, usage; the empty
   * `role` chunk upstreams open with does not count): a failure before it is the caller's to move
   * on from, nothing having reached the client.
   */
  async ready(): Promise<void> {
    while (!this.substantive && (await this.pull()));
    if (this.pending.length > 0) return;
    this.exchange.abort();
    throw new TransientUpstreamError(`${MODEL_PROVIDER} sent no answer; try again.`, {
      detail: `chat upstream ${this.exchange.upstream.name}: the stream ended without a chunk`,
    });
  }

  async next(): Promise<IteratorResult<ChatCompletionChunk>> {
    for (;;) {
      if (this.closed) return { value: undefined, done: true };
      if (this.pending.length > 0) return { value: this.pending.shift()!, done: false };
      if (this.ended && !this.failure) {
        await this.drain();
        return { value: undefined, done: true };
      }
      await this.pull();
    }
  }

  async return(): Promise<IteratorResult<ChatCompletionChunk>> {
    this.closed = true;
    if (this.ended) void this.drain();
    else this.exchange.abort();
    return { value: undefined, done: true };
  }

  /** Reads and parses the next piece of the body; false once nothing more can come. Throws the stream's failure. */
  private async pull(): Promise<boolean> {
    if (this.failure) {
      this.exchange.abort();
      this.closed = true;
      throw this.failure;
    }
    if (this.closed || this.ended) return false;
    let read: IteratorResult<Buffer>;
    try {
      this.exchange.awaitingBytes();
      read = await this.source.next();
    } catch (error) {
      if (this.closed) return false;
      this.closed = true;
      throw this.exchange.failureOf(error, 'stream');
    }
    if (read.done) this.onEnd();
    else {
      this.exchange.bytesTaken();
      this.parser.feed(this.decoder.decode(read.value, { stream: true }));
    }
    return true;
  }

  /** After `[DONE]`, the rest of the body (its terminating bytes) is read, so the connection is reused. */
  private drain(): Promise<void> {
    this.draining ??= (async () => {
      try {
        for (;;) {
          this.exchange.awaitingBytes();
          if ((await this.source.next()).done) break;
        }
      } catch {
        // Nothing was left to lose.
      }
      this.exchange.release();
    })();
    return this.draining;
  }

  private onEvent(event: EventSourceMessage): void {
    if (this.ended || this.failure) return;
    if (event.data.trim() === '[DONE]') return this.end();
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      this.failure = new TransientUpstreamError(`${MODEL_PROVIDER} sent a malformed answer; try again.`, {
        // Not quoted: a stream's events carry what the model wrote, which can be about anyone.
        detail: `chat upstream ${this.exchange.upstream.name}: an event that is not JSON (${event.data.length} characters, not logged)`,
      });
      return;
    }
    // Checked by key first: this runs on every chunk, and almost none carries an error.
    if (typeof data === 'object' && data !== null && 'error' in data && UpstreamErrorBody.safeParse(data).success) {
      this.failure = streamedFailure(this.exchange.upstream.name, data, this.exchange.quote);
      return;
    }
    let chunk: UpstreamChunk;
    try {
      chunk = readUpstream(`chat upstream ${this.exchange.upstream.name}`, UpstreamChunk, data);
    } catch (error) {
      this.failure = error as Error;
      return;
    }
    if (chunk.choices?.some((choice) => choice.finish_reason === 'error')) {
      this.failure = streamedFailure(this.exchange.upstream.name, data, this.exchange.quote);
      return;
    }
    this.id ??= chunk.id || `chatcmpl-${randomUUID()}`;
    this.created ??= Math.floor(chunk.created ?? Date.now() / 1000);
    if (chunk.usage) {
      this.usage = usageOf(chunk.usage);
      this.onUsage?.(this.usage);
    }
    if (chunk.choices?.length && !(chunk.usage && chunk.choices.every(isEmptyChoice))) {
      this.pending.push(chunkOf(chunk, this.model, this.id, this.created));
      if (chunk.choices.some((choice) => choice.finish_reason) && !this.finished) {
        this.finished = true;
        this.exchange.answered(USAGE_GRACE_MS);
      }
      if (!chunk.choices.every(isEmptyChoice)) this.substantive = true;
    }
  }

  /** The body ended without `[DONE]`: a complete answer if it got as far as its finish or usage, else cut short. */
  private onEnd(): void {
    this.parser.feed(this.decoder.decode());
    this.parser.reset({ consume: true });
    if (this.ended || this.failure) return;
    if (this.finished || this.usage) return this.end();
    this.failure = new TransientUpstreamError(`${MODEL_PROVIDER} cut the answer short; try again.`, {
      detail: `chat upstream ${this.exchange.upstream.name}: the stream ended before its last chunk`,
    });
  }

  private end(): void {
    this.ended = true;
    if (!this.usage) return;
    this.substantive = true;
    this.pending.push({
      id: this.id ?? `chatcmpl-${randomUUID()}`,
      object: 'chat.completion.chunk',
      created: this.created ?? Math.floor(Date.now() / 1000),
      model: this.model.id,
      choices: [],
      usage: this.usage,
    });
  }
}

/**
 * OpenRouter sends its usage on a chunk with one empty choice: that choice carries nothing. A
 * chunk of reasoning carries nothing the client sees, but it is the answer under way: the stream
 * starts with it (its chunk relayed with an empty delta), so that a client waiting through minutes
 * of thinking gets its head and a chunk now and then, not silence a proxy would cut.
 */
function isEmptyChoice(choice: NonNullable<UpstreamChunk['choices']>[number]): boolean {
  const delta = choice.delta;
  return !choice.finish_reason && !delta?.content && !delta?.tool_calls?.length && !delta?.refusal && !delta?.reasoning && !delta?.reasoning_content;
}
