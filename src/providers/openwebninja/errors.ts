import { UpstreamError } from '../../core/errors';
import { UPSTREAM } from '../http/upstream-request';
import type { Quote } from '../http/vendor-words';
import type { Channel } from './costs';
import { Envelope } from './wire';

export const VENDOR = 'OpenWeb Ninja';

/** The vendor, as the log names it: which channel the call went through. */
export function vendorLabel(channel: Channel): string {
  return channel === 'rapidapi' ? `${VENDOR} (RapidAPI)` : VENDOR;
}

interface Said {
  status?: string;
  code?: string;
  message?: string;
}

/** What an error body says, as far as it follows the vendor's (or a gateway's) envelope. */
export function vendorSaid(body: unknown): Said {
  const parsed = Envelope.safeParse(body);
  if (!parsed.success) return {};
  const { status, error, message } = parsed.data;
  const said: Said = {};
  if (status) said.status = status.slice(0, 20);
  if (typeof error === 'string') said.message = error;
  else if (error) {
    if (error.message) said.message = error.message;
    if (error.code !== null && error.code !== undefined) said.code = String(error.code).slice(0, 20);
  }
  if (!said.message && message) said.message = message;
  return said;
}

/** Whether a body says it failed: the vendor's `status: "ERROR"`, or an `error` of any form. */
export function isVendorError(body: unknown): boolean {
  const parsed = Envelope.safeParse(body);
  return parsed.success && (parsed.data.status?.toUpperCase() === 'ERROR' || (parsed.data.error !== null && parsed.data.error !== undefined));
}

/** Whether a body is the vendor's own error envelope (not a gateway's or a stray server's). */
function isVendorEnvelope(body: unknown): boolean {
  const parsed = Envelope.safeParse(body);
  return parsed.success && (parsed.data.status?.toUpperCase() === 'ERROR' || typeof parsed.data.error === 'object');
}

/**
 * Whether the vendor's error says the thing asked about does not exist (an ASIN, seller,
 * category or storefront it cannot find): a lookup that finds nothing, not a failure. Assumed
 * from the vendor's wording conventions; a 404 with its envelope says the same by status.
 */
const NOT_FOUND_WORDS = /\b(not found|no such|does ?n[o']t exist|not exist|no (?:product|seller|influencer|category|data|results?) (?:was |were )?found|invalid (?:asin|seller(?:[ _]id)?|influencer(?:[ _]name)?|category(?:[ _]id)?))\b/i;

export function saysNotFound(status: number, body: unknown): boolean {
  if (status === 401 || status === 403 || !isVendorEnvelope(body)) return false;
  if (status === 404) return true;
  return NOT_FOUND_WORDS.test(vendorSaid(body).message ?? '');
}

/**
 * A refusal other than the shared transient ones (429, 5xx: ../http/upstream-request.ts) as our
 * 502. What the vendor said goes to `detail`, without what the call carried (its query's values
 * and the key: ../http/vendor-words.ts); customers read neither the vendor's name nor its words.
 */
export function vendorFailure(status: number, body: unknown, path: string, quote: Quote, channel: Channel): UpstreamError {
  const said = vendorSaid(body);
  const parts = [said.status, said.code, said.message === undefined ? undefined : `"${quote(said.message).slice(0, 200)}"`].filter(Boolean);
  const detail = `${vendorLabel(channel)} GET /${path} answered HTTP ${status} (${parts.join(', ') || 'no error envelope'})`;
  if (status === 401 || status === 403) {
    const check = channel === 'rapidapi'
      ? 'Check RAPIDAPI_KEY and that it is subscribed to the API on RAPIDAPI_RETAIL_HOST (or use OPENWEBNINJA_API_KEY).'
      : 'Check OPENWEBNINJA_API_KEY and its subscription to the Real-Time Amazon Data API (or use RAPIDAPI_KEY).';
    return new UpstreamError('The data source for this endpoint is unavailable (configuration); try again later.', { detail: `${detail}. ${check}` });
  }
  if (status >= 200 && status < 300) return new UpstreamError(`${UPSTREAM} rejected the request.`, { detail: `${detail}: an error in a success status` });
  if (status === 400 || status === 422) return new UpstreamError(`${UPSTREAM} rejected the request.`, { detail });
  return new UpstreamError(`${UPSTREAM} refused the call (it answered HTTP ${status}).`, { detail });
}

/** A 2xx body that is not JSON. */
export function notJson(path: string, text: string, channel: Channel): UpstreamError {
  return new UpstreamError(`${UPSTREAM} sent a malformed answer (not JSON); try again shortly.`, {
    detail: `${vendorLabel(channel)} GET /${path}: a 2xx answer that is not JSON (${text.length} bytes)`,
  });
}
