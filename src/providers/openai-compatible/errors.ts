import { ApiError, UpstreamError } from '../../core/errors';
import { retryAfterMs } from '../http/retry-after';
import { TransientUpstreamError } from '../http/upstream-request';
import type { Quote } from '../http/vendor-words';
import { UpstreamErrorBody } from './wire';

/**
 * How customers read any chat upstream: never by name or address (which upstream serves a model
 * is the operator's business), never in the upstream's words. Those go to `detail`, for the log.
 */
export const MODEL_PROVIDER = 'The model provider';

/** An upstream turned the call away as rate-limited (429); if every candidate did, the customer gets 429. */
export class UpstreamRateLimited extends TransientUpstreamError {}

/**
 * This upstream cannot serve the call for a reason of its own (the operator's key refused, its
 * account out of credit, the model unknown or not allowed there): another upstream may, so the
 * call moves on; if none can, it is a 502 the operator must look at.
 */
export class UpstreamCannotServe extends UpstreamError {}

/** Whether a failure before the first chunk moves the call on to the next upstream or model. */
export function movesOn(error: unknown): error is UpstreamError {
  return error instanceof TransientUpstreamError || error instanceof UpstreamCannotServe;
}

/** The upstream's error object, as far as it sent one, on one line for the log. */
export function upstreamSaid(body: unknown, quote: Quote): string {
  const parsed = UpstreamErrorBody.safeParse(body);
  if (!parsed.success) return typeof body === 'string' ? quote(body) : '(no error object)';
  const { type, code, message } = parsed.data.error;
  const kind = [type, code].filter((part) => part !== null && part !== undefined).join(', ');
  return `${kind ? `(${kind}) ` : ''}${quote(message ?? '')}`;
}

/**
 * An error status from an upstream, mapped by status alone (never by its prose): 429, 5xx and 408
 * are worth another upstream; 401, 402, 403 and 404 are this upstream's own refusal (another may
 * serve); 400, 413 and 422 refuse the request itself, so no other upstream would take it either.
 */
export function statusFailure(upstream: string, status: number, headers: Record<string, string | string[] | undefined>, body: unknown, quote: Quote): ApiError {
  const detail = `chat upstream ${upstream}: HTTP ${status} ${upstreamSaid(body, quote)}`;
  if (status === 429) {
    return new UpstreamRateLimited(`${MODEL_PROVIDER} is rate-limiting us; try again shortly.`, {
      detail,
      retryAfterMs: retryAfterMs(headers['retry-after']),
      unprocessed: true,
    });
  }
  if (status >= 500 || status === 408) return new TransientUpstreamError(`${MODEL_PROVIDER} is failing right now; try again shortly.`, { detail });
  if (status === 401 || status === 402 || status === 403) {
    const check = `check ${upstream.toUpperCase()}_API_KEY, and the account's credit and model permissions`;
    return new UpstreamCannotServe(`${MODEL_PROVIDER} is unavailable (configuration); try again later.`, { detail: `${detail}; ${check}` });
  }
  if (status === 404) {
    return new UpstreamCannotServe(`${MODEL_PROVIDER} does not serve this model right now; try again later.`, {
      detail: `${detail}; check the catalog's upstream model id and ${upstream.toUpperCase()}_MODELS`,
    });
  }
  if (status === 400 || status === 413 || status === 422) {
    return new ApiError(
      'VALIDATION_ERROR',
      'The model cannot take this request (for example a prompt longer than its context window, an image it cannot read, or a tool or response schema it does not accept).',
      { cause: new Error(detail) },
    );
  }
  return new UpstreamError(`${MODEL_PROVIDER} refused the call; try again later.`, { detail });
}

/** An error object sent as an event of a stream: the generation failed after it started. */
export function streamedFailure(upstream: string, body: unknown, quote: Quote): TransientUpstreamError {
  return new TransientUpstreamError(`${MODEL_PROVIDER} failed while answering; try again.`, { detail: `chat upstream ${upstream}: error event ${upstreamSaid(body, quote)}` });
}
