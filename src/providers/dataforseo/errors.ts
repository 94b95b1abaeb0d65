import { UpstreamError } from '../../core/errors';
import { TransientUpstreamError, UPSTREAM } from '../http/upstream-request';
import type { Quote } from '../http/vendor-words';

/**
 * The vendor's failures as our 502. The vendor reports outcomes as status codes at two levels (the
 * call's and the task's) inside a 200 answer; its HTTP statuses matter only for credentials and
 * billing (429 and 5xx are shared transient failures, see ../http/upstream-request.ts). Customers
 * read what failed in our words; the code, the vendor's message (with the task's values taken out:
 * ../http/vendor-words.ts) and what the operator should check go to `detail`, for the log.
 */

export const VENDOR = 'DataForSEO';

/** Statuses a second try a moment later usually gets past: rate limiting, internal errors. */
const TRANSIENT = new Set([40202, 50000, 50301, 50303, 50304]);
/** Rate limited: the vendor turned the call away unread, so even a task_post may be repeated. */
const RATE_LIMITED = 40202;

/** The HTTP statuses the vendor uses about our account rather than the call. */
export function accountFailure(status: number, body: unknown, quote: Quote): UpstreamError | undefined {
  const said = quote(JSON.stringify(body ?? ''));
  if (status === 401 || status === 403) {
    return new UpstreamError('The data source for this endpoint is unavailable (configuration); try again later.', {
      detail: `${VENDOR} answered HTTP ${status} (credentials refused): check DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD (the API password, not the account's). ${said}`,
    });
  }
  if (status === 402) {
    return new UpstreamError('The data source for this endpoint is unavailable (operator account); try again later.', {
      detail: `${VENDOR} answered HTTP 402: the operator's ${VENDOR} balance is exhausted or the API is not enabled for the account. ${said}`,
    });
  }
  return undefined;
}

/** An answer with no body on an error status the shared layer left to us (a 3xx or 4xx). */
export function httpStatusFailure(status: number): UpstreamError {
  return new UpstreamError(`${UPSTREAM} refused the call (it answered HTTP ${status}).`, { detail: `${VENDOR} answered HTTP ${status} without an envelope` });
}

/** A call- or task-level status code other than success. */
export function vendorStatusFailure(code: number, message: string | null | undefined, quote: Quote): UpstreamError {
  const detail = `${VENDOR} status ${code}: ${quote(message ?? '')}`;
  if (!TRANSIENT.has(code)) return new UpstreamError(`${UPSTREAM} refused the request.`, { detail });
  if (code === RATE_LIMITED) {
    return new TransientUpstreamError(`${UPSTREAM} is rate-limiting us; try again shortly.`, { detail, unprocessed: true });
  }
  return new TransientUpstreamError(`${UPSTREAM} is failing right now; try again shortly.`, { detail });
}

/** A queued task accepted without an id to fetch it by. */
export function taskWithoutId(): UpstreamError {
  return new UpstreamError(`${UPSTREAM} accepted the task without a way to fetch it; try again later.`, { detail: `${VENDOR} task_post answered without tasks[0].id` });
}

/** A queued task not finished when the time for the call ran out. */
export function taskNotFinished(waitedMs: number): UpstreamError {
  return new UpstreamError(`${UPSTREAM} did not finish the task in time; try again shortly.`, { detail: `${VENDOR} task still queued after ${waitedMs} ms` });
}

/** An envelope with no task result in it. */
export function missingTask(): UpstreamError {
  return new UpstreamError(`${UPSTREAM} answered without a result; try again later.`, { detail: `${VENDOR} envelope without tasks[0]` });
}
