import type { FetchedPage } from '../../net/fetcher';
import { absoluteUrl, descendantElements, MEDIA_PROTOCOLS, parsePage, type Element } from '../dom';
import { readHead } from '../metadata';

/**
 * What a fetched page shows of the software behind it, lower-cased for the fingerprints'
 * case-insensitive patterns and bounded, so that the work of matching them is too.
 */
export interface PageSignals {
  url: string;
  headers: Map<string, string>;
  cookies: Map<string, string>;
  /** `<meta name|property>` → contents. */
  meta: Map<string, string[]>;
  /** `<script src>` made absolute. */
  scripts: string[];
  /** The start of the HTML (see MAX_HTML_CHARS). */
  html: string;
  /** Every element of the page, in document order. */
  elements: Element[];
  hostname: string;
}

/** HTML patterns run on this much of the page: ample for the head and the markup that identifies a site's software. */
export const MAX_HTML_CHARS = 512 * 1024;
/** A header, cookie, meta content or script URL is matched on this much of itself. */
export const MAX_VALUE_CHARS = 4_096;
const MAX_SCRIPTS = 300;
const MAX_META = 300;

export function readPageSignals(page: FetchedPage): PageSignals {
  const html = page.text.length > MAX_HTML_CHARS ? page.text.slice(0, MAX_HTML_CHARS) : page.text;
  const document = parsePage(html);
  const { baseUrl } = readHead(document, page.url);
  const meta = new Map<string, string[]>();
  const scripts: string[] = [];
  let metaCount = 0;
  const elements = descendantElements(document);
  for (const element of elements) {
    if (element.name === 'script' && scripts.length < MAX_SCRIPTS) {
      const src = absoluteUrl(element.attribs.src, baseUrl, MEDIA_PROTOCOLS);
      if (src !== undefined) scripts.push(bounded(src));
    } else if (element.name === 'meta' && metaCount < MAX_META) {
      const name = (element.attribs.name ?? element.attribs.property ?? element.attribs['http-equiv'] ?? '').trim().toLowerCase();
      const content = element.attribs.content;
      if (name === '' || content === undefined) continue;
      metaCount += 1;
      meta.set(name, [...(meta.get(name) ?? []), bounded(content)]);
    }
  }
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(page.headers)) headers.set(name.toLowerCase(), bounded(value));
  return {
    url: bounded(page.url),
    headers,
    cookies: readCookies(page.headers['set-cookie']),
    meta,
    scripts,
    html: html.toLowerCase(),
    elements,
    hostname: hostnameOf(page.url),
  };
}

function bounded(value: string): string {
  return (value.length > MAX_VALUE_CHARS ? value.slice(0, MAX_VALUE_CHARS) : value).toLowerCase();
}

/**
 * Cookie names and values from `Set-Cookie`. The fetcher joins repeated headers with ", ", which
 * also occurs inside `Expires=Wed, 21 Oct …`: a new cookie starts only where a comma is followed
 * by `name=`.
 */
export function readCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (header === undefined) return cookies;
  for (const cookie of header.split(/,\s*(?=[^;,=\s]+=)/)) {
    const [pair = ''] = cookie.split(';');
    const equals = pair.indexOf('=');
    if (equals <= 0) continue;
    const name = pair.slice(0, equals).trim().toLowerCase();
    // Expires' own "=" sits after a ";", so a date fragment never reaches here as a name.
    if (name !== '' && !cookies.has(name)) cookies.set(name, bounded(pair.slice(equals + 1).trim()));
  }
  return cookies;
}

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}
