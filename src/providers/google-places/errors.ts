import { UpstreamError } from '../../core/errors';
import type { UpstreamAnswer } from '../http/upstream-request';
import { VendorError } from './wire';

export const VENDOR = 'the places provider';

/** The vendor's error (`{error: {code, message, status, details}}`), as far as it sent one. */
export function vendorErrorOf(answer: UpstreamAnswer): { status?: string; message?: string; reason?: string } {
  const parsed = VendorError.safeParse(answer.body);
  if (!parsed.success) return {};
  const { status, message, details } = parsed.data.error;
  return { status, message, reason: details?.find((detail) => detail.reason)?.reason };
}

/**
 * A vendor failure as our 502: keyed on the HTTP status and the vendor's `status`/`reason`, never
 * on its prose, except for a 400 (about our request), whose message helps whoever reads the logs.
 */
export function vendorFailure(answer: UpstreamAnswer): UpstreamError {
  const { status, message, reason } = vendorErrorOf(answer);
  const label = [status, reason].filter(Boolean).join(', ') || `HTTP ${answer.status}`;
  if (answer.status === 401 || answer.status === 403) {
    return new UpstreamError(`The places provider refused the call (${label}); the operator must check GOOGLE_PLACES_API_KEY and that the Places API (New) is enabled with billing.`);
  }
  if (answer.status === 429) return new UpstreamError(`The places provider's quota is exhausted (${label}); try again later.`);
  if (answer.status === 400) {
    return new UpstreamError(`The places provider rejected the request (${label}${message ? `: ${message.slice(0, 200)}` : ''}).`);
  }
  return new UpstreamError(`The places provider is failing right now (HTTP ${answer.status}${status ? ` ${status}` : ''}); try again shortly.`);
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
