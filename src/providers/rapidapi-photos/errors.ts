import type { RapidApi } from '../http/rapidapi';
import { VendorError } from './wire';

/** The vendor's name in log lines and metrics (customers never read it). */
export const VENDOR = 'Social API photos (RapidAPI)';

/** The API, for the shared RapidAPI failures (../http/rapidapi.ts). */
export const API: RapidApi = { vendor: VENDOR, hostSetting: 'RAPIDAPI_PHOTOS_HOST' };

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
