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
 * The ports browsers never fetch from (WHATWG Fetch, "bad port"): mail, shell, file, directory and
 * chat services that an HTTP request could talk to across protocols. Chromium refuses them too
 * (ERR_UNSAFE_PORT), so no page a browser can show is on one.
 */
const BAD_PORTS = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115,
  117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601,
  636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697,
  10080,
]);

/** Why a destination port is refused (a browser's bad port), or undefined. */
export function portRefusal(port: number): string | undefined {
  return BAD_PORTS.has(port) ? `port ${port}, a non-web service's port that browsers refuse too` : undefined;
}

/**
 * Parses `text` with WHATWG `new URL()` and takes the host from the result, never the raw string:
 * the parser has already turned `2130706433`, `0x7f.1`, `0177.0.0.1` and `127.1` into `127.0.0.1`,
 * dropped userinfo (`http://evil@127.0.0.1`) and lower-cased the name, exactly as a browser would.
 * A bad port is refused here, before any name is resolved.
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
  const refusedPort = portRefusal(port);
  if (refusedPort !== undefined) throw new DestinationRefused(refusedPort);
  return { url, host, address: canonicalAddress(host), port };
}
