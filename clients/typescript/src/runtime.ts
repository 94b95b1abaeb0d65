import { TollgateError, TollgateTimeoutError, errorOf } from './errors';

export interface ClientOptions {
  /** Where Tollgate is served, e.g. `https://tollgate.example.com` (the paths start with `/v1`). */
  baseUrl: string;
  apiKey: string;
  /** The fetch to send with (default: the global one): for proxies, tests, instrumentation. */
  fetch?: typeof fetch;
  /** How many times a transient failure is retried (default 2; 0 turns retries off). */
  retries?: number;
  /** The wait before the first retry, doubled for each next one, in ms (default 500); a Retry-After header takes precedence. */
  retryDelayMs?: number;
  /**
   * How long each attempt may wait for its answer, in ms (default 600000, ten minutes, as OpenAI's
   * SDK; 0 for none); then it fails with a TollgateTimeoutError, retried as a network failure is.
   * A stream's limit ends once its response starts.
   */
  timeoutMs?: number;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** The Idempotency-Key of a paid POST (default: a random UUID per call, the same on each of its retries). */
  idempotencyKey?: string;
  /** The client's `timeoutMs`, for this call. */
  timeoutMs?: number;
}

/** An operation as the generated functions describe it. */
export interface OperationSpec {
  id: string;
  method: 'GET' | 'POST';
  /** With `{name}` for each path parameter. */
  path: string;
  /** The answer is `{ok, data}` (false for a wire format's own body: chat completions, a model). */
  envelope: boolean;
  /** A paid POST: sent with an Idempotency-Key, so that a retry is never charged twice. */
  idempotent: boolean;
  free: boolean;
}

export interface OperationInput {
  body?: unknown;
  query?: object;
  path?: object;
}

/** A call's data with what the response's headers say about it. */
export interface ApiResponse<Data> {
  data: Data;
  /** What the call cost, USD (`x-cost-usd`); null where the endpoint reports none (free ones). */
  costUsd: number | null;
  /** The balance after the call, USD (`x-balance-usd`); null where not reported (free calls, a replay). */
  balanceUsd: number | null;
  requestId: string | null;
  /** `live` or `sandbox` (`x-tollgate-provider`). */
  provider: string | null;
  /** The stored answer of an earlier attempt with the same Idempotency-Key: charged once, then. */
  replayed: boolean;
  status: number;
  headers: Headers;
}

/** What every generated operation delegates to. */
export type Call = <Data>(operation: OperationSpec, input: OperationInput, options?: CallOptions) => Promise<ApiResponse<Data>>;

const DEFAULT_RETRIES = 2;
const DEFAULT_RETRY_DELAY_MS = 500;
const DEFAULT_TIMEOUT_MS = 600_000;
/** A Retry-After longer than this is an answer to give back, not a wait to sit through. */
const LONGEST_RETRY_AFTER_MS = 60_000;

/** Sends requests: the key, retries of transient failures, the envelope unwrapped or thrown. */
export class Runtime {
  readonly #options: Required<Omit<ClientOptions, 'baseUrl'>> & { baseUrl: string };

  constructor(options: ClientOptions) {
    this.#options = {
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      apiKey: options.apiKey,
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      retries: options.retries ?? DEFAULT_RETRIES,
      retryDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    };
  }

  readonly call: Call = async <Data>(operation: OperationSpec, input: OperationInput, options: CallOptions = {}) => {
    const idempotencyKey = operation.idempotent ? (options.idempotencyKey ?? crypto.randomUUID()) : undefined;
    // Without a key, a call cut off after it was sent may have been charged: only free ones are sent again.
    const resendable = idempotencyKey !== undefined || operation.free;
    const request = this.#request(operation, input, { accept: 'application/json', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) });
    const timeoutMs = options.timeoutMs ?? this.#options.timeoutMs;
    for (let attempt = 0; ; attempt += 1) {
      const deadline = deadlineSignal(options.signal, timeoutMs);
      let response: Response;
      let text: string;
      try {
        response = await this.#options.fetch(request.url, { ...request.init, ...(deadline.signal ? { signal: deadline.signal } : {}) });
        text = await response.text();
      } catch (error) {
        if (options.signal?.aborted) throw error;
        const failure = deadline.timedOut() ? new TollgateTimeoutError(`${operation.id}: no answer within ${timeoutMs} ms.`) : error;
        if (!resendable || attempt >= this.#options.retries) throw failure;
        await sleep(this.#backoff(attempt), options.signal);
        continue;
      } finally {
        deadline.clear();
      }
      const wait = this.#retryWait(response, attempt, idempotencyKey !== undefined, text);
      if (wait !== undefined) {
        await sleep(wait, options.signal);
        continue;
      }
      return answerOf<Data>(operation, response, text);
    }
  };

  /**
   * Opens an event stream (a POST whose body asks for one). A stream is never sent again once the
   * server may have started it: it is charged for what it delivered, and no stored answer replays it.
   */
  async openStream(operation: OperationSpec, body: unknown, options: CallOptions = {}): Promise<Response> {
    const request = this.#request(operation, { body }, { accept: 'text/event-stream' });
    const timeoutMs = options.timeoutMs ?? this.#options.timeoutMs;
    for (let attempt = 0; ; attempt += 1) {
      // Only until the response starts, as OpenAI's SDK: a stream then runs as long as the model writes.
      const deadline = deadlineSignal(options.signal, timeoutMs);
      let response: Response;
      try {
        response = await this.#options.fetch(request.url, { ...request.init, ...(deadline.signal ? { signal: deadline.signal } : {}) });
      } catch (error) {
        throw !options.signal?.aborted && deadline.timedOut() ? new TollgateTimeoutError(`${operation.id}: the stream did not start within ${timeoutMs} ms.`) : error;
      } finally {
        deadline.clear();
      }
      const wait = this.#retryWait(response, attempt, false);
      if (wait !== undefined) {
        await response.body?.cancel();
        await sleep(wait, options.signal);
        continue;
      }
      if (!response.ok) throw errorOf(await parsedBody(response), response.status, response.headers.get('x-request-id') ?? undefined);
      return response;
    }
  }

  #request(operation: OperationSpec, input: OperationInput, headers: Record<string, string>) {
    const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(String((input.path as Record<string, unknown>)[name])));
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(input.query ?? {})) {
      for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined && item !== null) query.append(name, String(item));
    }
    const search = query.toString();
    const url = `${this.#options.baseUrl}${path}${search ? `?${search}` : ''}`;
    const init: RequestInit = {
      method: operation.method,
      headers: {
        'x-api-key': this.#options.apiKey,
        ...(operation.method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(operation.method === 'POST' ? { body: JSON.stringify(input.body ?? {}) } : {}),
    };
    return { url, init };
  }

  /**
   * How long to wait before sending again, or undefined to keep this answer. Transient: 429 with
   * Retry-After, 502 and 503 (never charged), and the 409 a retry gets while its first attempt
   * still runs on the server. A 502 whose error names a request field (`url: the site could not be
   * reached`) is the caller's own destination failing: sent again at once, it fails the same way.
   */
  #retryWait(response: Response, attempt: number, idempotent: boolean, text?: string): number | undefined {
    if (attempt >= this.#options.retries) return undefined;
    const retryAfter = retryAfterMs(response.headers.get('retry-after'));
    if (response.status === 429 || (response.status === 409 && idempotent)) {
      return retryAfter !== undefined && retryAfter <= LONGEST_RETRY_AFTER_MS ? retryAfter : undefined;
    }
    if (response.status === 502 && text !== undefined && namesRequestField(text)) return undefined;
    if (response.status === 502 || response.status === 503) return Math.min(retryAfter ?? this.#backoff(attempt), LONGEST_RETRY_AFTER_MS);
    return undefined;
  }

  #backoff(attempt: number): number {
    // Jittered, so that clients failed together do not come back together.
    return this.#options.retryDelayMs * 2 ** attempt * (0.5 + Math.random() / 2);
  }
}

function answerOf<Data>(operation: OperationSpec, response: Response, text: string): ApiResponse<Data> {
  const requestId = response.headers.get('x-request-id');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) throw errorOf(body, response.status, requestId ?? undefined);
  const envelope = body as { ok?: unknown; data?: unknown } | undefined;
  if (body === undefined || (operation.envelope && (envelope?.ok !== true || !('data' in envelope)))) {
    throw new TollgateError({ code: 'INVALID_RESPONSE', message: `${operation.id}: the answer is not the JSON the operation documents.`, status: response.status, requestId: requestId ?? undefined });
  }
  return {
    data: (operation.envelope ? envelope!.data : body) as Data,
    costUsd: usdHeader(response.headers.get('x-cost-usd')),
    balanceUsd: usdHeader(response.headers.get('x-balance-usd')),
    requestId,
    provider: response.headers.get('x-tollgate-provider'),
    replayed: response.headers.get('idempotent-replayed') === 'true',
    status: response.status,
    headers: response.headers,
  };
}

async function parsedBody(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text());
  } catch {
    return undefined;
  }
}

function namesRequestField(text: string): boolean {
  try {
    return errorOf(JSON.parse(text), 502, undefined).param !== undefined;
  } catch {
    return false;
  }
}

/** The largest delay Node's timers take; a longer `timeoutMs` is no limit at all. */
const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * A signal that aborts with the caller's, or `timeoutMs` from now (none when 0); `timedOut` tells
 * which. `clear` stops the clock (the caller's signal still aborts what was started with it).
 */
export function deadlineSignal(signal: AbortSignal | undefined, timeoutMs: number) {
  if (!(timeoutMs > 0 && timeoutMs <= LONGEST_TIMER_MS)) return { signal, timedOut: () => false, clear: () => undefined };
  const clock = new AbortController();
  const timer = setTimeout(() => clock.abort(new DOMException('The time allowed ran out.', 'TimeoutError')), timeoutMs);
  return {
    signal: signal ? AbortSignal.any([signal, clock.signal]) : clock.signal,
    timedOut: () => clock.signal.aborted,
    clear: () => clearTimeout(timer),
  };
}

function usdHeader(value: string | null): number | null {
  return value === null || value.trim() === '' || !Number.isFinite(Number(value)) ? null : Number(value);
}

/** A Retry-After header's wait, in ms (seconds or an HTTP date). */
export function retryAfterMs(value: string | null): number | undefined {
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Waits, or rejects with the signal's reason once it aborts. */
export function sleep(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
