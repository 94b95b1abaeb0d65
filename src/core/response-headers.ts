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
