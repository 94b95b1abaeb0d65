import type { CallOptions } from '../providers';
import { withRetries } from '../http/retry';
import { upstreamRequest } from '../http/upstream-request';
import type { Quote } from '../http/vendor-words';
import { foreignUrl, VENDOR } from './errors';

export interface FalSettings {
  /** FAL_KEY: sent in every request's Authorization header, never logged. */
  key: string;
  /** FAL_QUEUE_URL, `https://queue.fal.run` in production; every URL fal returns must share its origin. */
  queueUrl: string;
  /** The most one of our calls may spend on one fal request, retries included. */
  timeoutMs: number;
}

/** An answer other than the shared failures (429, 5xx, unreachable, a 2xx that is not JSON). */
export interface FalAnswer {
  status: number;
  body: unknown;
  /** The request as the log names it: method and path, never the host, query or key. */
  where: string;
  /** fal's words as the log may quote them: without the input or key the request carried. */
  quote: Quote;
}

type Method = 'GET' | 'POST' | 'PUT';

/**
 * fal's queue API over the shared request helper and retry policy. Submitting enqueues a paid run,
 * so it is tried again only when the shared helper proves fal never took it (the connection
 * refused, or a 429 turning it away unread); polling and cancelling repeat safely, so every
 * transient failure is tried again. The URLs fal returns are followed only on the configured
 * queue's origin: the key goes with every request.
 */
export class FalClient {
  private readonly queueUrl: string;
  private readonly origin: string;

  constructor(private readonly settings: FalSettings) {
    this.queueUrl = settings.queueUrl.replace(/\/+$/, '');
    this.origin = new URL(this.queueUrl).origin;
  }

  /** POSTs `input` to the endpoint's queue (`fal-ai/flux/schnell`); `jobId` names our job in the log. */
  submit(endpoint: string, input: Record<string, unknown>, jobId: string, options: CallOptions): Promise<FalAnswer> {
    const segments = endpoint.split('/');
    // The endpoint comes from our model catalog: a malformed one is our bug, not fal's failure.
    if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) throw new Error(`Malformed fal endpoint in the media catalog: ${endpoint}`);
    const url = `${this.queueUrl}/${segments.map(encodeURIComponent).join('/')}`;
    return this.send('POST', url, { json: input, idempotent: false, note: ` (job ${jobId})` }, options);
  }

  /** GETs a status or response URL fal returned. */
  get(url: string, purpose: string, options: CallOptions): Promise<FalAnswer> {
    return this.send('GET', this.onQueue(url, purpose), { idempotent: true }, options);
  }

  /** PUTs to the cancel URL fal returned (cancelling twice asks the same thing). */
  put(url: string, purpose: string, options: CallOptions): Promise<FalAnswer> {
    return this.send('PUT', this.onQueue(url, purpose), { idempotent: true }, options);
  }

  /** A URL fal returned (or a stored handle holds), refused unless it is on the queue's origin. */
  onQueue(url: string, purpose: string): string {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw foreignUrl(url, this.origin, purpose);
    }
    if (parsed.origin !== this.origin) throw foreignUrl(url, this.origin, purpose);
    return parsed.href;
  }

  private async send(method: Method, url: string, call: { json?: unknown; idempotent: boolean; note?: string }, options: CallOptions): Promise<FalAnswer> {
    const answer = await withRetries({ signal: options.signal, budgetMs: this.settings.timeoutMs, idempotent: call.idempotent }, (timeoutMs) =>
      upstreamRequest({
        vendor: VENDOR,
        method,
        url,
        headers: { authorization: `Key ${this.settings.key}` },
        ...(call.json !== undefined ? { json: call.json } : {}),
        timeoutMs,
        signal: options.signal,
      }),
    );
    return { status: answer.status, body: answer.body, where: `${VENDOR} ${method} ${new URL(url).pathname}${call.note ?? ''}`, quote: answer.quote };
  }
}

/** Whether an answer is a 2xx. */
export function succeeded(answer: FalAnswer): boolean {
  return answer.status >= 200 && answer.status < 300;
}
