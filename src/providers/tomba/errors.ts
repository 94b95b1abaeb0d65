import { UpstreamError } from '../../core/errors';
import { UPSTREAM } from '../http/upstream-request';
import { VendorError } from './wire';

export const VENDOR = 'Tomba API';

/** The error envelope's type and code, as far as the vendor sent one (never its message: it may echo a name or an address). */
export function vendorErrorOf(body: unknown): { type?: string; code?: string } {
  const parsed = VendorError.safeParse(body);
  if (!parsed.success) return {};
  const { type, code } = parsed.data.errors;
  return { ...(type ? { type: type.slice(0, 60) } : {}), ...(code !== undefined ? { code: String(code).slice(0, 20) } : {}) };
}

/**
 * Whether a 404 is Tomba saying it has no record of what was asked (`errors.type` of
 * `unknown_record` or `not_found`): a lookup that finds nothing, answered with nulls. Any other
 * 404 (no envelope: a wrong TOMBA_BASE_URL, say) is a failure.
 */
export function isUnknownRecord(status: number, body: unknown): boolean {
  if (status !== 404) return false;
  const { type } = vendorErrorOf(body);
  return type === 'unknown_record' || type === 'not_found';
}

/**
 * A non-2xx answer other than the shared transient ones (429, 5xx: ../http/upstream-request.ts)
 * as our 502, keyed on the HTTP status; what the vendor said (status, error type and code) and
 * what the operator should check go to `detail`, for the log. Customers read neither the vendor's
 * name nor its words.
 */
export function tombaFailure(status: number, body: unknown, path: string): UpstreamError {
  const { type, code } = vendorErrorOf(body);
  const said = [type, code].filter(Boolean).join(', ') || 'no error envelope';
  const detail = `${VENDOR} GET /${path} answered HTTP ${status} (${said})`;
  if (status === 401) {
    return new UpstreamError('The data source for this endpoint is unavailable (configuration); try again later.', {
      detail: `${detail}. Check TOMBA_KEY and TOMBA_SECRET (the key starts ta_, the secret ts_).`,
    });
  }
  if (status === 402 || status === 403) {
    return new UpstreamError('The data source for this endpoint is unavailable (quota or configuration); try again later.', {
      detail: `${detail}. The plan's monthly quota for this request type may be spent, or the key may not be allowed to call it.`,
    });
  }
  if (status === 400 || status === 422) return new UpstreamError(`${UPSTREAM} rejected the request.`, { detail });
  return new UpstreamError(`${UPSTREAM} refused the call (it answered HTTP ${status}).`, { detail });
}

/** A 2xx body that is not JSON; its text is not logged (it may hold the person asked about). */
export function notJson(path: string, length: number, cause: unknown): UpstreamError {
  return new UpstreamError(`${UPSTREAM} sent a malformed answer (not JSON); try again shortly.`, {
    cause,
    detail: `${VENDOR} GET /${path}: a 2xx answer that is not JSON (${length} bytes; not logged, it may hold personal data)`,
  });
}
