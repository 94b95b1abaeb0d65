import { UpstreamError } from '../../core/errors';
import type { MediaVendorState } from '../families/media';
import { UPSTREAM } from '../http/upstream-request';
import type { FalAnswer } from './client';
import { ErrorAnswer } from './wire';

export const VENDOR = 'fal queue API';

/**
 * What fal said about a refusal, on one line for the log: a validation error's locations and
 * types (`body.prompt (missing)`), or a request error's type and text (with what the request
 * carried taken out: ../http/vendor-words.ts). Never for the customer.
 */
export function falSaid({ body, quote }: Pick<FalAnswer, 'body' | 'quote'>): string {
  const parsed = ErrorAnswer.safeParse(body);
  if (!parsed.success) return typeof body === 'string' ? quote(body) : 'no error body';
  const { detail, error_type: errorType } = parsed.data;
  const parts: string[] = [];
  if (errorType) parts.push(`error_type ${errorType.slice(0, 60)}`);
  if (Array.isArray(detail)) {
    const places = detail.map((issue) => `${(issue.loc ?? []).join('.') || '(no location)'}${issue.type ? ` (${issue.type.slice(0, 60)})` : ''}`);
    parts.push(`invalid input at ${places.slice(0, 10).join(', ') || '(no location)'}`);
  } else if (typeof detail === 'string') {
    parts.push(quote(detail));
  }
  return parts.join('; ') || 'no error detail';
}

/**
 * A non-2xx answer other than the shared transient ones (429, 5xx: ../http/upstream-request.ts)
 * as our 502, keyed on the HTTP status. `where` names the request for the log (method and path,
 * never the host or the key); the customer reads neither fal's name nor its words.
 */
export function falFailure(answer: FalAnswer): UpstreamError {
  const { status, where } = answer;
  const detail = `${where} answered HTTP ${status}: ${falSaid(answer)}`;
  if (status === 401 || status === 403) {
    return new UpstreamError(`${UPSTREAM} is unavailable (configuration); try again later.`, {
      detail: `${detail}. Check FAL_KEY (a key id and secret joined by a colon) and the account's balance.`,
    });
  }
  if (status === 404) return new UpstreamError(`${UPSTREAM} does not know this job; try again later.`, { detail: `${detail} (unknown endpoint or request id)` });
  if (status === 400 || status === 422) return new UpstreamError(`${UPSTREAM} rejected the request.`, { detail });
  return new UpstreamError(`${UPSTREAM} refused the call (it answered HTTP ${status}).`, { detail });
}

/**
 * A URL fal handed back that does not point at the configured queue: it is never called, since
 * the key travels with every request. The origin is logged, the rest of the URL is not.
 */
export function foreignUrl(url: string, expectedOrigin: string, purpose: string): UpstreamError {
  let origin = '(unparsable URL)';
  try {
    origin = new URL(url).origin;
  } catch {
    // Left as unparsable: the detail says so.
  }
  return new UpstreamError(`${UPSTREAM} sent an answer we cannot use; try again later.`, {
    detail: `${VENDOR}: the ${purpose} URL points at ${origin}, not at FAL_QUEUE_URL's ${expectedOrigin}; not called (the key would go with it)`,
  });
}

/** fal's request error types that mean the run ran out of time (its "Request Error Types"). */
const TIMEOUTS = new Set(['request_timeout', 'startup_timeout']);

/**
 * A run fal finished without a result, as the job's failed state, in our words and codes; only
 * fal's error type and status go to `detail`, for the log (its text may echo the prompt).
 */
export function failedRun(options: { errorType?: string | null; status?: number; cancelled?: boolean }): Extract<MediaVendorState, { status: 'failed' }> {
  return { ...failedRunState(options), detail: `${VENDOR}: run failed (error type ${options.errorType ?? 'none'}${options.status ? `, HTTP ${options.status}` : ''})` };
}

function failedRunState(options: { errorType?: string | null; status?: number; cancelled?: boolean }): Extract<MediaVendorState, { status: 'failed' }> {
  if (options.cancelled || options.errorType === 'client_cancelled') {
    return { status: 'failed', code: 'CANCELLED', message: 'The job was cancelled before it finished.' };
  }
  if (options.errorType && TIMEOUTS.has(options.errorType)) {
    return { status: 'failed', code: 'TIMED_OUT', message: 'The model took too long to produce a result.' };
  }
  if (options.status === 422) {
    return { status: 'failed', code: 'INPUT_REJECTED', message: 'The model refused this input (for example an image it cannot read, or content it does not allow).' };
  }
  return { status: 'failed', code: 'GENERATION_FAILED', message: 'The model could not produce a result for this request.' };
}
