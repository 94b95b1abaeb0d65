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
export function documentKind(contentType: string | undefined, purpose: 'scrape' | 'audit' | 'capture' | 'render', field = 'url'): DocumentKind {
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

/**
 * The media type a document was served as, or for one served without any, what its first bytes
 * say it is, as a browser sniffs it (WHATWG MIME Sniffing, "rules for identifying an unknown MIME
 * type"): an image's, a PDF's or an archive's signature, or `application/octet-stream` for bytes
 * no text holds (NUL and the other binary control bytes). Anything else stays untyped (read as HTML).
 */
export function servedType(contentType: string | undefined, body: Buffer): string | undefined {
  if (mediaType(contentType) !== '') return contentType;
  const head = body.subarray(0, SNIFFED_BYTES);
  const signature = BINARY_SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => byte === undefined || head[index] === byte));
  if (signature) return signature.type;
  // A byte-order mark says text even when the bytes after it (UTF-16) hold NULs.
  if (TEXT_BOMS.some((bom) => bom.every((byte, index) => head[index] === byte))) return undefined;
  return head.some(isBinaryDataByte) ? 'application/octet-stream' : undefined;
}

/** As many bytes as the sniffing algorithm reads. */
const SNIFFED_BYTES = 1445;

/** WHATWG MIME Sniffing's image, PDF and archive patterns (`undefined`: any byte, a WebP's RIFF size). */
const BINARY_SIGNATURES: Array<{ type: string; bytes: Array<number | undefined> }> = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/gif', bytes: [...Buffer.from('GIF87a')] },
  { type: 'image/gif', bytes: [...Buffer.from('GIF89a')] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/webp', bytes: [...Buffer.from('RIFF'), undefined, undefined, undefined, undefined, ...Buffer.from('WEBPVP')] },
  { type: 'image/bmp', bytes: [...Buffer.from('BM')] },
  { type: 'image/x-icon', bytes: [0x00, 0x00, 0x01, 0x00] },
  { type: 'application/pdf', bytes: [...Buffer.from('%PDF-')] },
  { type: 'application/postscript', bytes: [...Buffer.from('%!PS-Adobe-')] },
  { type: 'application/zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { type: 'application/x-gzip', bytes: [0x1f, 0x8b, 0x08] },
  { type: 'application/x-rar-compressed', bytes: [...Buffer.from('Rar '), 0x1a, 0x07, 0x00] },
];

const TEXT_BOMS = [[0xfe, 0xff], [0xff, 0xfe], [0xef, 0xbb, 0xbf]];

/** WHATWG's binary data bytes: the control bytes text does not use (tab, line feed, form feed, carriage return and escape are text). */
function isBinaryDataByte(byte: number): boolean {
  return byte <= 0x08 || byte === 0x0b || (byte >= 0x0e && byte <= 0x1a) || (byte >= 0x1c && byte <= 0x1f);
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}
