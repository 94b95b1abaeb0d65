import { DestinationRefused } from './errors';
import { canonicalAddress } from './address-policy';

/** A URL Tollgate may fetch, as the WHATWG URL parser understands it (the way browsers do). */
export interface FetchTarget {
  url: URL;
  /** The host without IPv6 brackets or a trailing dot: a name to resolve, or an address. */
  host: string;
  /** Set when the host is an IP address literal: its canonical text, which is what gets checked. */
  address: string | undefined;
  port: number;
}

/**
 * Parses `text` with WHATWG `new URL()` and takes the host from the result, never the raw string:
 * the parser has already turned `2130706433`, `0x7f.1`, `0177.0.0.1` and `127.1` into `127.0.0.1`,
 * dropped userinfo (`http://evil@127.0.0.1`) and lower-cased the name, exactly as a browser would.
 */
export function parseFetchTarget(text: string | URL): FetchTarget {
  let url: URL;
  try {
    url = typeof text === 'string' ? new URL(text) : text;
  } catch {
    throw new DestinationRefused('not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DestinationRefused(`the ${url.protocol.replace(/:$/, '')} scheme (only http and https are fetched)`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (host === '') throw new DestinationRefused('no host');
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  return { url, host, address: canonicalAddress(host), port };
}
