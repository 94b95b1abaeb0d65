import { UpstreamError } from '../../core/errors';
import { withRetries } from './retry';
import { upstreamRequest, type UpstreamRequest } from './upstream-request';
import type { Quote } from './vendor-words';

/** What a read-only GET came back with: its status, its body as text, and that text parsed (`NOT_JSON` when it is not JSON). */
export interface TextAnswer {
  status: number;
  text: string;
  json: unknown;
  /** The vendor's words as the log may quote them (./upstream-request.ts). */
  quote: Quote;
}

export const NOT_JSON = Symbol('not JSON');

export interface ReadOnlyGet {
  vendor: string;
  url: string;
  headers: Record<string, string>;
  /** The most the call may spend, retries included. */
  budgetMs: number;
  signal: AbortSignal;
  /** Each attempt's failure, as the vendor's adapter reads it (a quota spent for the month is not worth a retry). */
  attemptFailure?: (error: unknown) => unknown;
  /** What a failure's log detail may quote of the call (./upstream-request.ts); its path and body by default. */
  loggable?: UpstreamRequest['loggable'];
  /** The failure that ends the call (429, 5xx, connection, after the retries), with what must not reach a log taken out of its detail. */
  finalFailure?: (error: UpstreamError) => UpstreamError;
}

/**
 * A GET that only reads, so transient failures (429, 5xx, connection) are tried again under the
 * shared policy. The body is taken as text and parsed here, so a malformed one (which may hold
 * what was asked about) never reaches a log line; the adapter judges the status and the JSON.
 */
export async function readOnlyGet(request: ReadOnlyGet): Promise<TextAnswer> {
  const answer = await withRetries({ signal: request.signal, budgetMs: request.budgetMs, idempotent: true }, (timeoutMs) =>
    upstreamRequest({ vendor: request.vendor, method: 'GET', url: request.url, headers: request.headers, responseType: 'text', timeoutMs, signal: request.signal, loggable: request.loggable }).catch((error: unknown) => {
      throw request.attemptFailure ? request.attemptFailure(error) : error;
    }),
  ).catch((error: unknown) => {
    throw request.signal.aborted || !(error instanceof UpstreamError) || !request.finalFailure ? error : request.finalFailure(error);
  });
  const text = typeof answer.body === 'string' ? answer.body : '';
  return { status: answer.status, text, json: parseJson(text), quote: answer.quote };
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return NOT_JSON;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}
