import { Agent } from 'undici';
import { CookieJar } from 'tough-cookie';
import type { AddressPolicy } from './address-policy';
import { readCappedBody } from './body-reader';
import { decodeBody } from './charset';
import { connectionFailure, DestinationRefused, FetchFailed } from './errors';
import { pinnedConnector } from './pinned-connector';
import type { Resolver } from './resolver';
import { parseFetchTarget, type FetchTarget } from './target-url';

export interface FetchedPage {
  /** The final URL, after redirects. */
  url: string;
  statusCode: number;
  /** Lower-case names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  contentType: string | undefined;
  /** Decompressed. */
  body: Buffer;
  /** The body decoded with the page's charset. */
  text: string;
  /** Every URL redirected to, in order (the last is `url`). */
  redirects: string[];
}

export interface FetchOptions {
  signal: AbortSignal;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Overrides the fetcher's cap for this fetch. */
  maxBytes?: number;
  /** `false`: a redirect is answered as it is (a signed webhook must not be replayed elsewhere). */
  followRedirects?: boolean;
  /**
   * Follows an HTML page's immediate refresh (`<meta http-equiv="refresh" content="0; url=…">` in
   * its head, or a `Refresh` header, of at most 1 s) as one more redirect hop, as a browser does.
   */
  followMetaRefresh?: boolean;
}

export interface Fetcher {
  /**
   * Fetches a customer-chosen URL safely. Throws DestinationRefused (400) for a destination
   * refused at any hop, FetchFailed (502) when the page cannot be had; an answer with any status
   * (404, 500) is a page. An abort of `options.signal` rejects with its reason.
   */
  fetch(url: string, options: FetchOptions): Promise<FetchedPage>;
  close(): Promise<void>;
}

export interface FetcherOptions {
  resolver: Resolver;
  policy: AddressPolicy;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  userAgent?: string;
  /** Certificate authorities trusted instead of Node's bundle (tests' self-signed sites). */
  ca?: string | Buffer;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Credentials that must not follow a redirect to another origin. */
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
/** Headers the connection owns; a caller's value would confuse the request framing. */
const CONNECTION_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade', 'te', 'trailer', 'proxy-connection']);
const DEFAULT_USER_AGENT = 'Mozilla/5.0 (compatible; Tollgate/1.0)';

export function createFetcher(options: FetcherOptions): Fetcher {
  const agent = new Agent({
    connect: pinnedConnector({ resolver: options.resolver, policy: options.policy, connectTimeoutMs: options.timeoutMs, ca: options.ca }),
    // Response sizes and times are bounded by the fetch itself (below), not per socket event.
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });

  const literalCheck = (target: FetchTarget) => {
    const reason = target.address === undefined ? undefined : options.policy.refusal(target.address);
    if (reason !== undefined) throw new DestinationRefused(reason);
  };

  /** `progress.reading`: the final answer's headers have come and its body is being read. */
  async function fetchOnce(url: string, fetchOptions: FetchOptions, signal: AbortSignal, progress: { reading: boolean }): Promise<FetchedPage> {
    let target = parseFetchTarget(url);
    literalCheck(target);
    let method = (fetchOptions.method ?? 'GET').toUpperCase();
    let body = fetchOptions.body;
    const headers: Record<string, string> = { 'user-agent': options.userAgent ?? DEFAULT_USER_AGENT, accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    for (const [name, value] of Object.entries(fetchOptions.headers ?? {})) {
      if (!CONNECTION_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
    }
    headers['accept-encoding'] = 'gzip, deflate, br';
    const redirects: string[] = [];
    // The cookies the site sets along this fetch's redirects, as a browser keeps them, and no longer:
    // a site that sets a session cookie and sends the browser back to the page it asked for
    // redirected Tollgate, cookie-less, to the same place until the redirect limit.
    const jar = new CookieJar();
    /** Moves the fetch on to `location` (a redirect's or an immediate refresh's): one more hop, held to the same limit and checks as the first. */
    const hopTo = (location: string, setCookie: string | string[] | undefined) => {
      if (redirects.length >= options.maxRedirects) throw new FetchFailed(`the site redirected more than ${options.maxRedirects} times`);
      keepCookies(jar, setCookie, target.url);
      let next: URL;
      try {
        next = new URL(location, target.url);
      } catch {
        throw new FetchFailed('the site redirected to an invalid URL');
      }
      try {
        const nextTarget = parseFetchTarget(next);
        literalCheck(nextTarget);
        if (nextTarget.url.origin !== target.url.origin) for (const name of ORIGIN_BOUND_HEADERS) delete headers[name];
        target = nextTarget;
      } catch (error) {
        if (error instanceof DestinationRefused) throw new DestinationRefused(`redirected to ${next.href}: ${error.reason}`);
        throw error;
      }
      redirects.push(target.url.href);
    };
    const continueWithGet = () => {
      method = 'GET';
      body = undefined;
      delete headers['content-type'];
    };
    for (;;) {
      const response = await send(target, method, withCookies(headers, jar, target.url), body, signal);
      const location = locationOf(response.headers.location);
      if (REDIRECT_STATUSES.has(response.statusCode) && location !== undefined && fetchOptions.followRedirects !== false) {
        // Drained (a small redirect body) so the connection can be reused; a large one is cut off.
        await response.body.dump({ limit: 65_536 }).catch(() => undefined);
        hopTo(location, response.headers['set-cookie']);
        // 303 always, and 301/302 after a POST (as browsers do), continue with a GET without a body.
        if (response.statusCode === 303 ? method !== 'HEAD' : (response.statusCode === 301 || response.statusCode === 302) && method === 'POST') continueWithGet();
        continue;
      }
      const responseHeaders = flattenHeaders(response.headers);
      progress.reading = true;
      const raw = await readCappedBody(response.body, responseHeaders['content-encoding'], fetchOptions.maxBytes ?? options.maxBytes);
      const contentType = responseHeaders['content-type'];
      const text = decodeBody(raw, contentType);
      const refresh = fetchOptions.followMetaRefresh && fetchOptions.followRedirects !== false ? immediateRefresh(responseHeaders.refresh, text, contentType) : undefined;
      if (refresh !== undefined) {
        // What a browser does at once with the page (a stub saying "Redirecting"), as a redirect.
        hopTo(refresh, response.headers['set-cookie']);
        continueWithGet();
        progress.reading = false;
        continue;
      }
      return { url: target.url.href, statusCode: response.statusCode, headers: responseHeaders, contentType, body: raw, text, redirects };
    }
  }

  async function send(target: FetchTarget, method: string, headers: Record<string, string>, body: string | Buffer | undefined, signal: AbortSignal) {
    return agent.request({ origin: target.url.origin, path: `${target.url.pathname}${target.url.search}`, method: method as 'GET', headers, body, signal });
  }

  return {
    async fetch(url, fetchOptions) {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const signal = AbortSignal.any([fetchOptions.signal, timeout]);
      const progress = { reading: false };
      try {
        return await fetchOnce(url, fetchOptions, signal, progress);
      } catch (error) {
        if (fetchOptions.signal.aborted) throw fetchOptions.signal.reason;
        const seconds = Math.round(options.timeoutMs / 1000);
        if (timeout.aborted && progress.reading) throw new FetchFailed(`the site answered but did not finish sending the page within ${seconds} s`, { cause: error });
        if (timeout.aborted) throw new FetchFailed(`the site did not answer within ${seconds} s`, { cause: error });
        throw asFetchFailure(error);
      }
    },
    close: () => agent.close(),
  };
}

/** Our own errors as they are (they may come wrapped by undici); anything else: a connection that failed. */
function asFetchFailure(error: unknown): Error {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof DestinationRefused || current instanceof FetchFailed) return current;
  }
  const detail = error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : String(error);
  return connectionFailure(error, detail);
}

/** The longest refresh followed at once: a page that shows itself longer before moving on is a page. */
const IMMEDIATE_REFRESH_SECONDS = 1;

/**
 * Where an HTML (or untyped) page sends its reader at once: its `Refresh` header, else the first
 * `<meta http-equiv="refresh">` of its head (before `<body>`, outside comments), when its delay is
 * at most IMMEDIATE_REFRESH_SECONDS and it names a URL (one without a URL only reloads the page).
 */
function immediateRefresh(header: string | undefined, text: string, contentType: string | undefined): string | undefined {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== '' && !type.includes('html')) return undefined;
  if (header !== undefined) return refreshTarget(header);
  const head = text.slice(0, 65_536).replace(/<!--[\s\S]*?-->/g, '').split(/<body[\s>]/i)[0]!;
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const attributes = tagAttributes(tag);
    if (attributes['http-equiv']?.trim().toLowerCase() === 'refresh' && attributes.content !== undefined) return refreshTarget(attributes.content);
  }
  return undefined;
}

/** The URL of a refresh's `content` ("0; url=/next", HTML's declarative refresh steps), if it is immediate. */
function refreshTarget(content: string): string | undefined {
  const parsed = /^\s*(\d*)(?:\.[\d.]*)?\s*[;,]?\s*(?:url\s*=\s*)?(.*)$/is.exec(content);
  if (!parsed || parsed[1] === '' || Number(parsed[1]) > IMMEDIATE_REFRESH_SECONDS) return undefined;
  let url = parsed[2]!.trim();
  const quote = url[0];
  if (quote === '"' || quote === "'") url = url.slice(1, url.includes(quote, 1) ? url.indexOf(quote, 1) : undefined);
  return url === '' ? undefined : url;
}

/** A start tag's attributes, names lower-cased, entity-free values as written. */
function tagAttributes(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, ...values] of tag.replace(/^<meta\b/i, '').matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attributes[name!.toLowerCase()] ??= (values.find((value) => value !== undefined) ?? '').replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  }
  return attributes;
}

/**
 * The Location header as a browser reads it: undici hands over header bytes as Latin-1, but a
 * browser reads them as UTF-8 (Latin-1 only when they are not valid UTF-8): `Location: /café`
 * sent as UTF-8 went to `/caf%C3%83%C2%A9` instead of `/caf%C3%A9`. (`new URL` percent-encodes what is left.)
 */
function locationOf(value: string | string[] | undefined): string | undefined {
  const location = Array.isArray(value) ? value[0] : value;
  if (location === undefined || !/[\x80-\xff]/.test(location) || /[^\x00-\xff]/.test(location)) return location;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(location, 'latin1'));
  } catch {
    return location;
  }
}

/** The cookies a hop set, kept for the next hops (RFC 6265: domain, path, secure, expiry); a malformed one is ignored, as a browser ignores it. */
function keepCookies(jar: CookieJar, setCookie: string | string[] | undefined, url: URL): void {
  for (const cookie of setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]) {
    jar.setCookieSync(cookie, url.href, { ignoreError: true });
  }
}

/** The request's headers with the cookies the jar holds for `url`, after the caller's own (which are dropped at another origin). */
function withCookies(headers: Record<string, string>, jar: CookieJar, url: URL): Record<string, string> {
  const kept = jar.getCookieStringSync(url.href);
  if (kept === '') return headers;
  return { ...headers, cookie: headers.cookie === undefined ? kept : `${headers.cookie}; ${kept}` };
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
