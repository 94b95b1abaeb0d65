import { isUtf8 } from 'node:buffer';

/** How many bytes of the page are searched for a <meta> charset (the HTML standard's prescan looks at 1024). */
const PRESCAN_BYTES = 1024;

const BOMS: Array<[number[], string]> = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xfe, 0xff], 'utf-16be'],
  [[0xff, 0xfe], 'utf-16le'],
];

/**
 * The page's character encoding: a byte-order mark first (browsers let it win over everything),
 * then the Content-Type's charset. Then, for XML (`application/xml`, `text/xml`, any `+xml` type),
 * the `<?xml … encoding="…"?>` declaration (RFC 7303, XML 1.0 §4.3.3); for anything else a
 * <meta charset> or <meta http-equiv="Content-Type"> in the first 1024 bytes (the HTML standard's
 * prescan) or, in a page that is not valid UTF-8, later (where a browser's parser meets it and
 * changes the encoding). Else UTF-8. Only labels the WHATWG Encoding standard knows count.
 */
export function detectCharset(body: Buffer, contentType: string | undefined): string {
  for (const [mark, encoding] of BOMS) {
    if (mark.every((byte, index) => body[index] === byte)) return encoding;
  }
  const declared = charsetParameter(contentType);
  if (declared !== undefined && isKnownEncoding(declared)) return declared;
  if (isXmlType(contentType)) return xmlDeclaredEncoding(body.subarray(0, PRESCAN_BYTES).toString('latin1')) ?? 'utf-8';
  const prescanned = metaCharset(body.subarray(0, PRESCAN_BYTES).toString('latin1'));
  if (prescanned !== undefined) return prescanned;
  // A page in UTF-8 (or plain ASCII) reads the same whatever a late <meta> says; one that is not is
  // read in what it declares, however far in (a long <head> of scripts and styles puts it past 1024 bytes).
  if (body.length > PRESCAN_BYTES && !isUtf8(body)) return metaCharset(body.toString('latin1')) ?? 'utf-8';
  return 'utf-8';
}

/** The encoding the first <meta> that declares a known one names (`charset=` or http-equiv's `content="…; charset=…"`). */
function metaCharset(markup: string): string | undefined {
  const metas = /<meta\b[^>]*>/gi;
  for (let meta = metas.exec(markup); meta !== null; meta = metas.exec(markup)) {
    const direct = /\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(meta[0])?.[1];
    if (direct !== undefined && isKnownEncoding(direct)) return asciiCompatible(direct);
  }
  return undefined;
}

/** The encoding an XML declaration at the document's start names, if it names a known one. */
function xmlDeclaredEncoding(head: string): string | undefined {
  const label = /^<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z][\w.:-]*)["']/.exec(head)?.[1];
  return label !== undefined && isKnownEncoding(label) ? asciiCompatible(label) : undefined;
}

/** A document that could declare its encoding in ASCII is not UTF-16: the HTML standard (and the XML one, without a BOM) reads it as UTF-8. */
function asciiCompatible(label: string): string {
  return new TextDecoder(normalise(label)).encoding.startsWith('utf-16') ? 'utf-8' : normalise(label);
}

function isXmlType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type.endsWith('/xml') || type.endsWith('+xml');
}

/** The body as text in its charset (the BOM, if any, left out). */
export function decodeBody(body: Buffer, contentType: string | undefined): string {
  const decoder = new TextDecoder(detectCharset(body, contentType));
  if (decoder.encoding === 'windows-1252') return decodeWindows1252(body);
  return decoder.decode(body);
}

/** What windows-1252 has at 0x80–0x9F, where ISO-8859-1 has control characters. */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Node 20's TextDecoder decodes windows-1252 (the encoding behind `latin1`, `iso-8859-1` and
 * `ascii` labels too) as ISO-8859-1, turning curly quotes, dashes and € into control characters.
 */
function decodeWindows1252(body: Buffer): string {
  return body.toString('latin1').replace(/[\x80-\x9f]/g, (character) => String.fromCharCode(WINDOWS_1252_HIGH[character.charCodeAt(0) - 0x80]!));
}

function charsetParameter(contentType: string | undefined): string | undefined {
  const match = contentType === undefined ? null : /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType);
  return match?.[1] === undefined ? undefined : normalise(match[1]);
}

function normalise(label: string): string {
  return label.trim().toLowerCase();
}

function isKnownEncoding(label: string): boolean {
  try {
    new TextDecoder(normalise(label));
    return true;
  } catch {
    return false;
  }
}
