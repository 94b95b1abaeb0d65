import type { FetchedPage } from '../../net/fetcher';
import type { CallOptions, ProviderFamily } from '../providers';

export interface FetchPageOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Overrides TOLLGATE_FETCH_MAX_BYTES for this page. */
  maxBytes?: number;
  /** Follows an immediate meta refresh as a redirect (FetchOptions). */
  followMetaRefresh?: boolean;
}

/**
 * Web pages fetched on a customer's behalf, through the SSRF-safe fetcher (src/net). Throws
 * DestinationRefused (400 naming `url`) and FetchFailed (502); map them with
 * `fetchFailureToApiError` when the URL came in another field. A 404 or 500 page is a page.
 */
export interface WebProvider extends ProviderFamily {
  fetchPage(url: string, options: FetchPageOptions, call: CallOptions): Promise<FetchedPage>;
}
