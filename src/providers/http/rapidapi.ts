import { z } from 'zod';
import { UpstreamError } from '../../core/errors';
import { readOnlyGet, type TextAnswer } from './read-only-get';
import { UPSTREAM } from './upstream-request';

/**
 * What every API Tollgate calls through RapidAPI shares: the key and host headers, RapidAPI's own
 * failures (a key not subscribed, a quota spent, a rate limit) and how they read in the log. Each
 * adapter keeps what is its vendor's own: its paths, its "not found", its answers.
 */
export interface RapidApiSettings {
  /** RAPIDAPI_KEY: sent as `x-rapidapi-key`. */
  apiKey: string;
  /** The API's RapidAPI host, sent as `x-rapidapi-host`. */
  host: string;
  /** Without a trailing slash; `https://<host>` in production. */
  baseUrl: string;
  /** The most one of our calls may spend on one vendor request, retries included. */
  timeoutMs: number;
}

/** Which API: its name in log lines, and the setting naming its host (what the operator checks). */
export interface RapidApi {
  vendor: string;
  hostSetting: string;
}

/** One read-only GET through RapidAPI, retried under the shared policy, except for a quota spent (no retry can pass). */
export function rapidApiGet(api: RapidApi, settings: RapidApiSettings, path: string, query: Record<string, string>, signal: AbortSignal): Promise<TextAnswer> {
  return readOnlyGet({
    vendor: api.vendor,
    url: `${settings.baseUrl}/${path}?${new URLSearchParams(query)}`,
    headers: { 'x-rapidapi-key': settings.apiKey, 'x-rapidapi-host': settings.host },
    budgetMs: settings.timeoutMs,
    signal,
    attemptFailure: (error) => quotaSpent(error) ?? error,
    finalFailure: transientFailure,
  });
}

const GatewaySaid = z.looseObject({ message: z.unknown().optional() });

/**
 * RapidAPI's own words (`message`: "You are not subscribed to this API.", "Invalid API key…"), for
 * the log. A vendor's own error text is never kept here: it may echo what was asked about.
 */
function gatewaySaid(body: unknown): string {
  const parsed = GatewaySaid.safeParse(body);
  const message = parsed.success && typeof parsed.data.message === 'string' ? parsed.data.message.replace(/\s+/g, ' ').trim().slice(0, 120) : '';
  return message === '' ? 'no gateway message' : JSON.stringify(message);
}

/**
 * A non-2xx answer other than the shared transient ones (429, 5xx) and the vendor's own "not
 * found", as our 502 keyed on the status; what the operator should check goes to `detail`.
 */
export function gatewayFailure(api: RapidApi, status: number, body: unknown, path: string): UpstreamError {
  const detail = `${api.vendor} GET /${path} answered HTTP ${status} (${gatewaySaid(body)})`;
  if (status === 401 || status === 403) {
    return new UpstreamError('The data source for this endpoint is unavailable (quota or configuration); try again later.', {
      detail: `${detail}. Check RAPIDAPI_KEY, and that its RapidAPI account is subscribed to the API at ${api.hostSetting} (a plan that is active and not over its quota).`,
    });
  }
  if (status === 400 || status === 422) return new UpstreamError(`${UPSTREAM} rejected the request.`, { detail });
  return new UpstreamError(`${UPSTREAM} refused the call (it answered HTTP ${status}).`, { detail });
}

/**
 * The shared failure (429, 5xx) with the vendor's body cut from its detail (it may echo what was
 * asked about), and for a 429 what RapidAPI meant: the plan's quota spent, or its rate limit.
 */
export function transientFailure(error: UpstreamError): UpstreamError {
  const quota = /exceeded the (MONTHLY|DAILY) quota/i.test(error.detail ?? '');
  const rateLimited = /: HTTP 429: /.test(error.detail ?? '');
  const hint = quota
    ? " (RapidAPI: the plan's quota is spent; upgrade the RAPIDAPI_KEY account's plan or wait for it to renew)"
    : rateLimited
      ? " (RapidAPI: the plan's rate limit)"
      : ' (body not logged: it may name what was asked about)';
  return new UpstreamError(error.message, { detail: error.detail?.replace(/(: HTTP \d{3}): .*$/s, `$1${hint}`) });
}

/** A 429 for a spent monthly or daily quota: trying again a moment later cannot pass, so it is no longer transient. */
export function quotaSpent(error: unknown): UpstreamError | undefined {
  return error instanceof UpstreamError && /: HTTP 429: .*exceeded the (MONTHLY|DAILY) quota/is.test(error.detail ?? '') ? transientFailure(error) : undefined;
}

/** A 2xx body that is not JSON; its text is not logged. */
export function notJson(api: RapidApi, path: string, length: number): UpstreamError {
  return new UpstreamError(`${UPSTREAM} sent a malformed answer (not JSON); try again shortly.`, {
    detail: `${api.vendor} GET /${path}: a 2xx answer that is not JSON (${length} bytes; not logged)`,
  });
}
