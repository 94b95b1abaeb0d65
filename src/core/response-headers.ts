/**
 * Headers set once per response, each a constant (a paid call's CPU is benchmarked: nothing here
 * is computed per request).
 */

/**
 * On every response: a browser takes a body as the type it is sent as and never sniffs another,
 * so a JSON error quoting what the caller sent is never run as HTML.
 */
export const NO_SNIFF = { name: 'x-content-type-options', value: 'nosniff' } as const;

/**
 * On every answer to a call with an API key, and on every failure: balances, emails and paid
 * data are no shared cache's to keep, and a failure is never to be replayed from one.
 */
export const NO_STORE = { name: 'cache-control', value: 'no-store' } as const;

/**
 * On every HTML page (the dashboard's, /docs): never framed (clickjacking), no Referer leaving the
 * site (reset and verification links carry their token in the URL), no window opened from another
 * site keeping a handle on it. Each page sends its own Content-Security-Policy beside these.
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  [NO_SNIFF.name]: NO_SNIFF.value,
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
};
