import { UpstreamError } from '../../core/errors';
import { UPSTREAM, type UpstreamAnswer } from '../http/upstream-request';
import { VendorError } from './wire';

export const VENDOR = 'Google Places API (New)';

/** The vendor's error (`{error: {code, message, status, details}}`), as far as it sent one. */
export function vendorErrorOf(answer: UpstreamAnswer): { status?: string; message?: string; reason?: string } {
  const parsed = VendorError.safeParse(answer.body);
  if (!parsed.success) return {};
  const { status, message, details } = parsed.data.error;
  return { status, message, reason: details?.find((detail) => detail.reason)?.reason };
}

/**
 * A vendor failure as our 502, keyed on the HTTP status and the vendor's `status`/`reason`, never
 * on its prose. 429 and 5xx never reach here (they are the shared transient failures of
 * ../http/upstream-request.ts). Customers read what failed in our words; the vendor's status,
 * reason and message (without what the call carried: ../http/vendor-words.ts), and what the
 * operator should check, go to `detail`, for the log.
 */
export function vendorFailure(answer: UpstreamAnswer): UpstreamError {
  const { status, message, reason } = vendorErrorOf(answer);
  const said = [status, reason].filter(Boolean).join(', ') || 'no error body';
  const detail = `${VENDOR} answered HTTP ${answer.status} (${said})${message ? `: ${answer.quote(message)}` : ''}`;
  if (answer.status === 401 || answer.status === 403) {
    return new UpstreamError('The data source for this endpoint is unavailable (configuration); try again later.', {
      detail: `${detail}. Check GOOGLE_PLACES_API_KEY, its API restrictions, and that the Places API (New) is enabled on a project with billing.`,
    });
  }
  if (answer.status === 400) return new UpstreamError(`${UPSTREAM} rejected the request.`, { detail });
  return new UpstreamError(`${UPSTREAM} refused the call (it answered HTTP ${answer.status}).`, { detail });
}

/**
 * Whether the vendor does not know the place asked for: 404 NOT_FOUND, or the 400 it gives for
 * an ID it cannot read ("Not a valid Place ID: …"; the one 400 told apart by its wording).
 */
export function isUnknownPlace(answer: UpstreamAnswer): boolean {
  if (answer.status === 404) return true;
  const { status, message } = vendorErrorOf(answer);
  return answer.status === 400 && status === 'INVALID_ARGUMENT' && /\bplace id\b/i.test(message ?? '');
}
