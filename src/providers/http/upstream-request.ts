import type { Readable } from 'node:stream';
import { Agent, errors, request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { UpstreamError } from '../../core/errors';
import { readCappedBody } from '../../net/body-reader';
import { FetchFailed } from '../../net/errors';
import { retryAfterMs } from './retry-after';
import { askedIn, vendorWords, type AskedValues, type Quote } from './vendor-words';

/** One keep-alive connection pool for every vendor call. */
const agent = new Agent({ keepAliveTimeout: 30_000, connections: 64 });

/**
 * How customers read any vendor: never by name (which vendor serves an endpoint is the operator's
 * business), so every customer-facing message says this and the log says who.
 */
export const UPSTREAM = 'The upstream data provider';

/**
 * The most of a vendor's body read when the call sets no cap of its own: far above any answer a
 * vendor sends (700 search results are a few megabytes), and a bound on what one call can make
 * the server buffer and parse.
 */
export const VENDOR_BODY_MAX_BYTES = 32 * 1024 * 1024;

export interface UpstreamRequest {
  /** The vendor's name, for the log only (`detail`); customers never read it. */
  vendor: string;
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON when present. */
  json?: unknown;
  /** `text`: the body is handed back as it came (a vendor answering XML), not parsed as JSON. */
  responseType?: 'json' | 'text';
  timeoutMs: number;
  /** The caller's signal: aborted when the client goes away or the call's deadline passes. */
  signal: AbortSignal;
  /** Connections other than the vendors' shared pool (RDAP's: only to addresses the fetch policy allows). */
  dispatcher?: Dispatcher;
  /**
   * What a failure's `detail` (the log) may quote of this call: the URL's path and the start of
   * the vendor's body, both by default — the body always with the call's values (query, JSON,
   * headers) taken out (./vendor-words.ts). The path may itself be what the caller asked about
   * (an RDAP path is the domain), and a body may echo it changed (a contact vendor's error may
   * spell out the person), which the log never holds (README, *Personal data*): such a client
   * turns either off, and its failures are logged by vendor, method, status and length instead.
   */
  loggable?: { path: boolean; body: boolean };
  /** The most of the answer's body read (VENDOR_BODY_MAX_BYTES unless set); a longer one fails the call (502). */
  maxBodyBytes?: number;
}

export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /**
   * The parsed JSON body (the text itself with `responseType: 'text'`); undefined for an empty
   * body, or a non-JSON body on an error status.
   */
  body: unknown;
  /** Words of the vendor's (an error's message) as the log may quote them: without what the call carried. */
  quote: Quote;
}

/**
 * A failure that may pass if the same call is made again a moment later: the connection failed,
 * or the vendor answered 429 or 5xx (whatever its body), or said so in its own status codes.
 * Still a 502 when it persists; ./retry.ts decides whether another attempt fits.
 */
export class TransientUpstreamError extends UpstreamError {
  /** How long the vendor asked us to wait (Retry-After), when it did. */
  readonly retryAfterMs: number | undefined;
  /**
   * The vendor certainly did not act on the call (the connection was refused, or it turned the
   * call away unread as rate-limited), so even a call that is not idempotent may be repeated.
   */
  readonly unprocessed: boolean;

  constructor(message: string, options: { cause?: unknown; detail?: string; retryAfterMs?: number; unprocessed?: boolean } = {}) {
    super(message, options);
    this.retryAfterMs = options.retryAfterMs;
    this.unprocessed = options.unprocessed ?? false;
  }
}

/**
 * One HTTP call to a vendor, one attempt. The failures every adapter shares become 502
 * UPSTREAM_ERROR: unreachable, too slow, HTTP 429 or 5xx (transient, see `TransientUpstreamError`),
 * a body past the call's cap (`maxBodyBytes`), or a 2xx answer that is not JSON. Any other status
 * is left to the adapter, which knows what its vendor means by it. Customer messages name neither
 * the vendor nor its address; `detail` does.
 *
 * The caller's signal may live as long as a keep-alive connection, so it is only listened to for
 * the length of this call (a listener removed in `finally`), never combined into a longer-lived
 * signal.
 */
export async function upstreamRequest(call: UpstreamRequest): Promise<UpstreamAnswer> {
  if (!observer) return sendUpstreamRequest(call);
  const started = performance.now();
  try {
    const answer = await sendUpstreamRequest(call);
    observer(call.vendor, (performance.now() - started) / 1000, undefined, false);
    return answer;
  } catch (error) {
    observer(call.vendor, (performance.now() - started) / 1000, error, call.signal.aborted);
    throw error;
  }
}

/** Told of every upstream request as it ends: its vendor, seconds, error if it failed, whether the caller's signal had aborted. */
export type UpstreamObserver = (vendor: string, seconds: number, error: unknown, aborted: boolean) => void;
let observer: UpstreamObserver | undefined;

/** Reports every upstream request to `next` (the metrics); process-wide, one observer at a time. */
export function observeUpstreamRequests(next: UpstreamObserver | undefined): void {
  observer = next;
}

async function sendUpstreamRequest(call: UpstreamRequest): Promise<UpstreamAnswer> {
  // The client left or the call's deadline passed: nobody reads the answer, so no 502 is built.
  if (call.signal.aborted) throw call.signal.reason;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, call.timeoutMs);
  const forwardAbort = () => controller.abort(call.signal.reason);
  call.signal.addEventListener('abort', forwardAbort, { once: true });
  let status: number;
  let headers: UpstreamAnswer['headers'];
  let text: string;
  try {
    const response = await request(call.url, {
      method: call.method,
      dispatcher: call.dispatcher ?? agent,
      headers: {
        accept: 'application/json',
        ...(call.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...call.headers,
      },
      body: call.json !== undefined ? JSON.stringify(call.json) : undefined,
      signal: controller.signal,
    });
    status = response.statusCode;
    headers = response.headers;
    text = await bodyText(call, status, response.body);
  } catch (error) {
    if (call.signal.aborted) throw call.signal.reason ?? error;
    if (error instanceof UpstreamError) throw error;
    throw transportFailure(call, timedOut, error);
  } finally {
    clearTimeout(timer);
    call.signal.removeEventListener('abort', forwardAbort);
  }

  if (status === 429 || status >= 500) throw httpFailure(call, status, headers, text);
  const quote = (said: string) => vendorWords(said, askedOf(call));
  if (call.responseType === 'text') return { status, headers, body: text === '' ? undefined : text, quote };
  let body: unknown;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      // An error status with an HTML page is the adapter's to map by its status; only a success must be JSON.
      if (status < 200 || status >= 300) return { status, headers, body: undefined, quote };
      // Without the parser's error as cause: its message quotes the body where it choked, unmasked.
      throw new UpstreamError(`${UPSTREAM} sent a malformed answer (not JSON); try again shortly.`, {
        detail: `${where(call)}: HTTP ${status} with a body that is not JSON${quoted(call, text)}`,
      });
    }
  }
  return { status, headers, body, quote };
}

/**
 * The body as text (UTF-8, a byte-order mark dropped, as undici's `text()`), read no further than
 * the call's cap, as a fetched page is (../../net/body-reader.ts). Tollgate sends vendors no
 * Accept-Encoding, so the body is taken as it came, not decoded.
 */
async function bodyText(call: UpstreamRequest, status: number, body: Readable): Promise<string> {
  const maxBytes = call.maxBodyBytes ?? VENDOR_BODY_MAX_BYTES;
  let bytes: Buffer;
  try {
    bytes = await readCappedBody(body, undefined, maxBytes);
  } catch (error) {
    // Without a decoder, the reader's only failure of its own is the cap.
    if (!(error instanceof FetchFailed)) throw error;
    throw new UpstreamError(`${UPSTREAM} sent an answer too large to read; try again later.`, {
      detail: `${where(call)}: HTTP ${status} with a body over ${maxBytes} bytes, not read further`,
    });
  }
  return new TextDecoder().decode(bytes);
}

function httpFailure(call: UpstreamRequest, status: number, headers: UpstreamAnswer['headers'], text: string): TransientUpstreamError {
  const rateLimited = status === 429;
  const message = rateLimited
    ? `${UPSTREAM} is rate-limiting us (it answered HTTP 429); try again shortly.`
    : `${UPSTREAM} is failing right now (it answered HTTP ${status}); try again shortly.`;
  return new TransientUpstreamError(message, {
    detail: `${where(call)}: HTTP ${status}${quoted(call, text)}`,
    retryAfterMs: retryAfterMs(headers['retry-after']),
    // A 429 turns the call away before any work is done.
    unprocessed: rateLimited,
  });
}

/** Connection errors the request never left on: nothing reached the vendor. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

function transportFailure(call: UpstreamRequest, timedOut: boolean, error: unknown): Error {
  if (timedOut) {
    return new UpstreamError(`${UPSTREAM} did not answer in time; try again shortly.`, {
      cause: error,
      detail: `${where(call)}: no answer within ${call.timeoutMs} ms`,
    });
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? (error as { cause?: NodeJS.ErrnoException } | undefined)?.cause?.code;
  if (error instanceof errors.UndiciError || code !== undefined) {
    return new TransientUpstreamError(`${UPSTREAM} is unreachable right now; try again shortly.`, {
      cause: error,
      detail: `${where(call)}: ${code ?? (error as Error).name}: ${vendorWords((error as Error).message, askedOf(call))}`,
      unprocessed: code !== undefined && NEVER_SENT.has(code),
    });
  }
  return new UpstreamError(`${UPSTREAM} is failing right now; try again shortly.`, { cause: error, detail: `${where(call)}: ${vendorWords(String(error), askedOf(call))}` });
}

/**
 * Checks a vendor's answer against the wire shape the adapter relies on (a zod schema of only the
 * fields it reads, loose about the rest): a vendor changing its format is a 502, not a 500. Where
 * the answer went wrong is for the log; the vendor's field names are not the customer's business.
 */
export function readUpstream<Schema extends z.ZodType>(vendor: string, schema: Schema, value: unknown): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    // Without zod's error as cause: the detail says where, and a record's keys in its paths are the vendor's text.
    throw new UpstreamError(`${UPSTREAM} sent an answer in an unexpected shape; try again later.`, {
      detail: `${vendor} answer${where}: ${issue.message}`,
    });
  }
  return parsed.data;
}

/** Which call failed, for the log: the vendor, the method and the URL's path when the client lets it be logged. */
function where(call: UpstreamRequest): string {
  return `${call.vendor} ${call.method} ${call.loggable?.path === false ? '(path not logged)' : pathOf(call.url)}`;
}

/**
 * The start of the vendor's body after a `: `, with what the call carried taken out
 * (./vendor-words.ts), or only its length when the client keeps bodies out of the log.
 */
function quoted(call: UpstreamRequest, text: string): string {
  if (call.loggable?.body === false) return ` (${text.length} characters of body, not logged: it may echo what was asked)`;
  return `: ${vendorWords(text, askedOf(call))}`;
}

/** The values a call carried, which a vendor's words quoted in the log never repeat. */
export function askedOf(call: Pick<UpstreamRequest, 'url' | 'json' | 'headers' | 'loggable'>): AskedValues {
  return askedIn({ url: call.url, json: call.json, headers: call.headers, pathAsked: call.loggable?.path === false });
}

/** The path of a vendor URL, for the log: never the host or query (where a key could sit). */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '(unparsable URL)';
  }
}
