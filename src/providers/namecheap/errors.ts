import { UpstreamError } from '../../core/errors';
import type { Quote } from '../http/vendor-words';
import { UPSTREAM } from '../http/upstream-request';

export const VENDOR = 'Namecheap API';

/**
 * Error numbers of the API's own (`<Error Number="…">`) that mean the operator's set-up is at fault,
 * from the vendor's list of global errors: API user, key, user name or client address missing,
 * invalid, not whitelisted, disabled or locked. Any other number is the generic 502.
 */
const CONFIGURATION_ERRORS = new Set([
  '1010101', '1010102', '1011102', '1010104', '1010105', '1011105', '1011150', '1017150', '1017105',
  '1017101', '1019103', '1016103', '1017103', '1050900', '1030408',
]);
/** Throttling ("too many requests"). */
const RATE_LIMITED = new Set(['500000']);

/**
 * An API-level error (`Status="ERROR"`, whatever the HTTP status) as our 502, keyed on the
 * vendor's error numbers, never on its prose; the numbers and text (without what the call carried:
 * ../http/vendor-words.ts) go to `detail`, for the log.
 */
export function apiFailure(errors: Array<{ number: string | undefined; text: string | undefined }>, quote: Quote): UpstreamError {
  const said = errors.map((error) => `${error.number ?? '?'}: ${quote(error.text ?? '').slice(0, 200)}`).join('; ') || 'no error listed';
  const detail = `${VENDOR} answered Status="ERROR" (${said})`;
  if (errors.some((error) => error.number !== undefined && CONFIGURATION_ERRORS.has(error.number))) {
    return new UpstreamError('The data source for this endpoint is unavailable (configuration); try again later.', {
      detail: `${detail}. Check NAMECHEAP_API_USER, NAMECHEAP_API_KEY, NAMECHEAP_USERNAME, that API access is enabled and that NAMECHEAP_CLIENT_IP is whitelisted.`,
    });
  }
  if (errors.some((error) => error.number !== undefined && RATE_LIMITED.has(error.number))) {
    return new UpstreamError(`${UPSTREAM} is rate-limiting us; try again shortly.`, { detail });
  }
  return new UpstreamError(`${UPSTREAM} could not check the domains; try again later.`, { detail });
}

/** A non-2xx HTTP status other than the shared transient ones (429, 5xx). */
export function httpFailure(status: number): UpstreamError {
  return new UpstreamError(`${UPSTREAM} refused the call (it answered HTTP ${status}).`, { detail: `${VENDOR} answered HTTP ${status}` });
}

/** A per-domain failure, in our words (the vendor's description goes nowhere near the customer). */
export function domainCheckError(errorNumber: string | undefined): string {
  return `could not be checked (the registrar reported error ${errorNumber ?? 'without a number'}; an unsupported TLD, for instance)`;
}
