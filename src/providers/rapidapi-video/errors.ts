import { UpstreamError } from '../../core/errors';
import { UPSTREAM } from '../http/upstream-request';
import type { RapidApi } from '../http/rapidapi';

/** The vendor's name in log lines and metrics (customers never read it). */
export const VENDOR = 'YT-API video-platform API (RapidAPI)';

/** The API, for the shared RapidAPI failures (../http/rapidapi.ts). */
export const API: RapidApi = { vendor: VENDOR, hostSetting: 'RAPIDAPI_VIDEO_HOST' };

/**
 * Whether the vendor's own error text (its `error` or `reason`, beside no data) says the platform
 * has no such video, channel, playlist or post. Public clients show it answering a missing video's
 * formats with `status` "ERROR" and the platform's own "Video unavailable"; its wording for a
 * missing channel, playlist or post is assumed (no public answer shows one). Anything else it
 * reports is a failure, not "nothing found".
 */
const NOT_FOUND_MESSAGE = /n[o']t found|not exist|does ?n[o']t exist|no such|unavailable|not available|private|deleted|removed|terminated|invalid (video |channel |playlist |post )?id/i;

export function saysNotFound(message: string | null | undefined): boolean {
  return typeof message === 'string' && NOT_FOUND_MESSAGE.test(message);
}

/**
 * The vendor's own error (a 2xx whose `error` is not "not found") as our 502. Its words go to the
 * log with what was asked about (ids, handles, queries) cut out of them.
 */
export function vendorRefused(path: string, message: string | null | undefined, asked: readonly string[]): UpstreamError {
  let said = (message ?? '').replace(/\s+/g, ' ').trim().slice(0, 160);
  for (const value of [...asked].sort((a, b) => b.length - a.length)) if (value !== '') said = said.split(value).join('<asked>');
  return new UpstreamError(`${UPSTREAM} could not serve this request; try again later.`, {
    detail: `${VENDOR} GET /${path}: the vendor's error (${said === '' ? 'no message' : JSON.stringify(said)})`,
  });
}

/** A video whose stream could not be read for a frame (the URL expired, the host refused): our 502, without the URL. */
export function streamFailed(reason: string): UpstreamError {
  return new UpstreamError(`${UPSTREAM} could not provide the video's picture right now; try again shortly.`, {
    detail: `${VENDOR}: reading a frame from the video's stream failed (${reason.replace(/https?:\/\/\S+/g, '<url>').slice(0, 200)})`,
  });
}
