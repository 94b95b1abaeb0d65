import { UpstreamError } from '../core/errors';

/**
 * How a page's document is read: HTML parsed and its main content found; XML and text returned as
 * they are (XML read as HTML would lose its tags and run its fields together), though XML's
 * elements can still be selected by extraction rules.
 */
export type DocumentKind = 'html' | 'xml' | 'text';

/**
 * How a document of this media type (a `Content-Type`, or a rendered page's `document.contentType`)
 * is read, fetched or rendered alike. What is neither markup nor text (an image, a PDF, an archive:
 * a browser shows it in a document with nothing in it to read) is a 502 naming `field` (the
 * request field the page's address came from), uncharged.
 */
export function documentKind(contentType: string | undefined, purpose: 'scrape' | 'audit' | 'capture', field = 'url'): DocumentKind {
  const type = mediaType(contentType);
  if (type === '' || type.includes('html')) return 'html';
  if (type.endsWith('/xml') || type.endsWith('+xml')) return 'xml';
  if (type.startsWith('text/') || type === 'application/json' || type.endsWith('+json') || type === 'application/javascript') return 'text';
  throw new UpstreamError(`${field}: the page is ${type}, not HTML or text: there is nothing to ${purpose}.`);
}

/**
 * Refuses what a screenshot or a PDF cannot be made of. An image can (Chromium draws it); a PDF
 * cannot (headless, its viewer draws nothing: an empty grey picture); the rest as `documentKind`.
 */
export function checkDrawable(contentType: string): void {
  if (!mediaType(contentType).startsWith('image/')) documentKind(contentType, 'capture');
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}
