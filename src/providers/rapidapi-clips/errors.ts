import { UpstreamError } from '../../core/errors';
import { UPSTREAM } from '../http/upstream-request';
import type { RapidApi } from '../http/rapidapi';

/** The vendor's name in log lines and metrics (customers never read it). */
export const VENDOR = 'TikWM short-video API (RapidAPI)';

/** The API, for the shared RapidAPI failures (../http/rapidapi.ts). */
export const API: RapidApi = { vendor: VENDOR, hostSetting: 'RAPIDAPI_CLIPS_HOST' };

/**
 * Whether the vendor's `msg` beside a `code` other than 0 says it has no such video, sound,
 * challenge, comment or user. "Url parsing is failed! Please check url." is what it answers for
 * a video or sound it cannot find (seen in public clients); the other wordings are assumed (no
 * public answer shows how it words a missing user or challenge). Anything else it reports is a
 * failure, not "nothing found".
 */
const NOT_FOUND_MESSAGE = /parsing is failed|not exists?\b|n[o']t found|does ?n[o']t exist|no such|deleted|removed/i;

export function saysNotFound(message: string | null | undefined): boolean {
  return typeof message === 'string' && NOT_FOUND_MESSAGE.test(message);
}

/**
 * The vendor's own error (a 2xx with `code` other than 0 and no "not found" in it) as our 502.
 * Its `msg` goes to the log with what was asked about (handles, keywords, ids) cut out of it.
 */
export function vendorRefused(path: string, code: number, message: string | null | undefined, asked: readonly string[]): UpstreamError {
  let said = (message ?? '').replace(/\s+/g, ' ').trim().slice(0, 160);
  for (const value of asked) if (value !== '') said = said.split(value).join('<asked>');
  return new UpstreamError(`${UPSTREAM} could not serve this request; try again later.`, {
    detail: `${VENDOR} GET /${path}: code ${code} (${said === '' ? 'no message' : JSON.stringify(said)})`,
  });
}
