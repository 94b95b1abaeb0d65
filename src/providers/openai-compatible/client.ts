import { Agent, errors, request, type Dispatcher } from 'undici';
import type { ChatUpstreamSettings } from '../../config';
import { ApiError } from '../../core/errors';
import { TransientUpstreamError } from '../http/upstream-request';
import { askedIn, vendorWords, type Quote } from '../http/vendor-words';
import { MODEL_PROVIDER, statusFailure } from './errors';

export type ChatUpstream = ChatUpstreamSettings;

/**
 * The chat upstreams' own pool: streams hold their connection for as long as they run, so the
 * shared vendor pool's per-origin cap (64) would queue the 65th concurrent stream.
 */
const agent = new Agent({ keepAliveTimeout: 30_000, connections: 1024 });

/** Body of a 2xx answer, read by the caller (whole, or as a stream). */
export type UpstreamBody = Dispatcher.ResponseData['body'];

/**
 * One request to one upstream, with its own abort: the call's signal (client gone, deadline
 * passed) reaches it, and so does silence — no byte for `silenceMs`, before the answer's first
 * byte or between two of a stream's. A plain (not streamed) answer has no `silenceMs`: its
 * upstream sends nothing, not even its head, until the whole completion is written, so only the
 * call's deadline bounds it. The call's signal may outlive many exchanges (keep-alive), so it is
 * listened to only while the exchange lasts.
 */
export class Exchange {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout | undefined;
  private silent = false;
  private released = false;
  /** Waiting on the upstream: for its answer's head, or (while streaming) for its next bytes. */
  private awaiting = true;
  /** Set once the answer is whole: how long the call's end leaves the upstream to finish (see `answered`). */
  private graceMs: number | undefined;
  private graceTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly upstream: ChatUpstream,
    private readonly callSignal: AbortSignal,
    readonly silenceMs: number | undefined,
    /** The body sent, which the upstream's words in the log never repeat. */
    private readonly sent: Record<string, unknown>,
  ) {
    this.timer =
      silenceMs === undefined
        ? undefined
        : setTimeout(() => {
            // Time the reader spent elsewhere (writing to a slow client) is not the upstream's silence.
            if (!this.awaiting) return;
            this.silent = true;
            this.abort();
          }, silenceMs);
    callSignal.addEventListener('abort', this.forwardAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The upstream's text as the log may quote it: without the messages, parameters or key sent (../http/vendor-words.ts). */
  readonly quote: Quote = (text) =>
    vendorWords(text, askedIn({ json: this.sent, headers: this.upstream.apiKey !== undefined ? { authorization: `Bearer ${this.upstream.apiKey}` } : {} }));

  /** A byte arrived: the silence starts again. */
  heard(): void {
    if (!this.released) this.timer?.refresh();
  }

  /**
   * The stream's reader asks for more (heard, for a stream, says the bytes were taken): only the
   * time from here until they come counts as the upstream's silence, not the time the stream
   * waited on its own client between two reads.
   */
  awaitingBytes(): void {
    this.awaiting = true;
    if (!this.released) this.timer?.refresh();
  }

  /** The stream's reader has taken what came; it may now wait on its client for a while (its next `awaitingBytes` restarts the silence). */
  bytesTaken(): void {
    this.awaiting = false;
  }

  /**
   * The answer is whole (its finish has been read): what follows is its usage, which bills it. A
   * client that leaves now (typically on the finish chunk) no longer cuts the upstream at once:
   * it has `graceMs` more to send the usage, so that the call is charged what the upstream
   * reports (reasoning tokens included) rather than only the visible text counted.
   */
  answered(graceMs: number): void {
    this.graceMs = graceMs;
  }

  /** Done with the exchange, its answer read to the end (the connection stays reusable). */
  release(): void {
    if (this.released) return;
    this.released = true;
    clearTimeout(this.timer);
    clearTimeout(this.graceTimer);
    this.callSignal.removeEventListener('abort', this.forwardAbort);
  }

  /** Ends the request at once (its connection closed), and releases it. */
  abort(): void {
    this.release();
    if (!this.controller.signal.aborted) this.controller.abort();
  }

  /**
   * What a thrown error means for the caller: the call's own abort as it is (nobody reads a 502),
   * silence and cut connections as failures worth another upstream (before the first chunk).
   */
  failureOf(error: unknown, during: 'request' | 'stream'): unknown {
    this.abort();
    if (this.callSignal.aborted) return this.callSignal.reason ?? error;
    if (error instanceof ApiError) return error;
    const where = `chat upstream ${this.upstream.name} POST /chat/completions`;
    if (this.silent) {
      return new TransientUpstreamError(`${MODEL_PROVIDER} did not answer in time; try again shortly.`, {
        cause: error,
        detail: `${where}: silent for ${this.silenceMs} ms ${during === 'request' ? 'before answering' : 'mid-stream'}`,
      });
    }
    const code = (error as NodeJS.ErrnoException | undefined)?.code ?? (error as { cause?: NodeJS.ErrnoException } | undefined)?.cause?.code;
    const message = during === 'request' ? `${MODEL_PROVIDER} is unreachable right now; try again shortly.` : `${MODEL_PROVIDER} cut the answer short; try again.`;
    return new TransientUpstreamError(message, {
      cause: error,
      detail: `${where}: ${code ?? (error instanceof errors.UndiciError ? error.name : String(error))}${error instanceof Error ? `: ${error.message}` : ''}`,
    });
  }

  private readonly forwardAbort = () => {
    if (this.graceMs === undefined) return this.abort();
    this.graceTimer = setTimeout(() => this.abort(), this.graceMs);
  };
}

/**
 * POSTs a chat-completions body to one upstream and waits for the answer's status and headers;
 * an error status is read and mapped (./errors.ts). The caller reads the body and releases or
 * aborts the exchange.
 */
export async function postChatCompletions(
  upstream: ChatUpstream,
  json: Record<string, unknown>,
  call: { signal: AbortSignal; silenceMs: number | undefined; stream: boolean },
): Promise<{ exchange: Exchange; body: UpstreamBody }> {
  if (call.signal.aborted) throw call.signal.reason;
  const exchange = new Exchange(upstream, call.signal, call.silenceMs, json);
  let response: Dispatcher.ResponseData;
  try {
    response = await request(`${upstream.baseUrl}/chat/completions`, {
      method: 'POST',
      dispatcher: agent,
      headers: {
        accept: call.stream ? 'text/event-stream' : 'application/json',
        'content-type': 'application/json',
        ...(upstream.apiKey !== undefined ? { authorization: `Bearer ${upstream.apiKey}` } : {}),
      },
      body: JSON.stringify(json),
      signal: exchange.signal,
    });
  } catch (error) {
    throw exchange.failureOf(error, 'request');
  }
  exchange.heard();
  if (response.statusCode >= 200 && response.statusCode < 300) return { exchange, body: response.body };
  let text = '';
  try {
    text = await response.body.text();
  } catch (error) {
    throw exchange.failureOf(error, 'request');
  }
  exchange.release();
  throw statusFailure(upstream.name, response.statusCode, response.headers, jsonOrText(text), exchange.quote);
}

/** A body as JSON when it is JSON, else its text (an HTML error page, say), for the log. */
export function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
