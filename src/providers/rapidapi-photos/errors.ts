import { UpstreamError } from '../../core/errors';
import { UPSTREAM } from '../http/upstream-request';
import { VendorError } from './wire';

/** The vendor's name in log lines and metrics (customers never read it). */
export const VENDOR = 'Social API photos (RapidAPI)';

/**
 * Whether a 404 is the vendor saying it has no such user, post or hashtag: its error envelope
 * (`{"detail": "…"}`). A 404 without it is RapidAPI's gateway turning away a path or host it does
 * not know (`{"message": "…"}`): a failure, not "nothing found".
 */
export function isNotFound(status: number, body: unknown): boolean {
  if (status !== 404) return false;
  const parsed = VendorError.safeParse(body);
  return parsed.success && typeof parsed.data.detail === 'string';
}

/**
 * RapidAPI's own words (`message`: "You are not subscribed to this API.", "Invalid API key…"), for
 * the log. The vendor's `detail` is never kept: it may echo the account asked about.
 */
function gatewaySaid(body: unknown): string {
  const parsed = VendorError.safeParse(body);
  const message = parsed.success && typeof parsed.data.message === 'string' ? parsed.data.message.replace(/\s+/g, ' ').trim().slice(0, 120) : '';
  return message === '' ? 'no gateway message' : JSON.stringify(message);
}

/**
 * A non-2xx answer other than the shared transient ones (429, 5xx) and the vendor's "not found"
 * as our 502, keyed on the status; what the operator should check goes to `detail`.
 */
export function photosFailure(status: number, body: unknown, path: string): UpstreamError {
  const detail = `${VENDOR} GET /${path} answered HTTP ${status} (${gatewaySaid(body)})`;
  if (status === 401 || status === 403) {
    return new UpstreamError('The data source for this endpoint is unavailable (quota or configuration); try again later.', {
      detail: `${detail}. Check RAPIDAPI_KEY, and that its RapidAPI account is subscribed to the API at RAPIDAPI_PHOTOS_HOST (a plan that is active and not over its quota).`,
    });
  }
  if (status === 400 || status === 422) return new UpstreamError(`${UPSTREAM} rejected the request.`, { detail });
  return new UpstreamError(`${UPSTREAM} refused the call (it answered HTTP ${status}).`, { detail });
}

/**
 * The shared failure (429, 5xx) with the vendor's body cut from its detail (it may echo the account
 * asked about), and for a 429 what RapidAPI meant: the plan's quota spent, or its rate limit.
 */
export function transientFailure(error: UpstreamError): UpstreamError {
  const quota = /exceeded the (MONTHLY|DAILY) quota/i.test(error.detail ?? '');
  const rateLimited = /: HTTP 429: /.test(error.detail ?? '');
  const hint = quota
    ? ' (RapidAPI: the plan\'s quota is spent; upgrade the RAPIDAPI_KEY account\'s plan or wait for it to renew)'
    : rateLimited
      ? ' (RapidAPI: the plan\'s rate limit)'
      : ' (body not logged: it may name the account asked about)';
  return new UpstreamError(error.message, { detail: error.detail?.replace(/(: HTTP \d{3}): .*$/s, `$1${hint}`) });
}

/**
 * A 429 for a spent monthly or daily quota: trying again a moment later cannot pass, so it is no
 * longer transient (the shared policy would try it twice more).
 */
export function quotaSpent(error: unknown): UpstreamError | undefined {
  return error instanceof UpstreamError && /: HTTP 429: .*exceeded the (MONTHLY|DAILY) quota/is.test(error.detail ?? '') ? transientFailure(error) : undefined;
}

/** A 2xx body that is not JSON; its text is not logged. */
export function notJson(path: string, length: number): UpstreamError {
  return new UpstreamError(`${UPSTREAM} sent a malformed answer (not JSON); try again shortly.`, {
    detail: `${VENDOR} GET /${path}: a 2xx answer that is not JSON (${length} bytes; not logged)`,
  });
}
