/**
 * An image's width and height, read from the first bytes of a `data:` URL (PNG, JPEG, GIF, WebP
 * headers), so that the hold for it is what its upstream bills for an image of that size. The
 * header read is the one the upstream's decoder reads, so a customer cannot state a size other
 * than the image's own. Undefined for an https URL (not fetched) or a header not found: the hold is
 * then the model's most for any image.
 */

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * How much of the base64 text is decoded looking for the size: PNG, GIF and WebP state it in their
 * first bytes, and so do most JPEGs; a JPEG's frame header may also follow an EXIF block and a
 * colour profile (each at most 64 KiB), so a JPEG not sized in the first read is read further.
 */
const FIRST_READ_BASE64_CHARS = 4 * 1024;
const JPEG_READ_BASE64_CHARS = 512 * 1024;

const DATA_URL_BASE64 = /^data:[^,]*;base64,/i;

export function dataUrlImageSize(url: string): ImageSize | undefined {
  const prefix = DATA_URL_BASE64.exec(url);
  if (!prefix) return undefined;
  const start = prefix[0].length;
  const first = Buffer.from(url.slice(start, start + FIRST_READ_BASE64_CHARS), 'base64');
  let size = pngSize(first) ?? gifSize(first) ?? webpSize(first) ?? jpegSize(first);
  if (size === undefined && isJpeg(first) && url.length - start > FIRST_READ_BASE64_CHARS) {
    size = jpegSize(Buffer.from(url.slice(start, start + JPEG_READ_BASE64_CHARS), 'base64'));
  }
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}

function startsWith(bytes: Buffer, signature: string, at = 0): boolean {
  return bytes.length >= at + signature.length && bytes.toString('latin1', at, at + signature.length) === signature;
}

/** PNG: the IHDR chunk comes first, width and height big-endian. */
function pngSize(bytes: Buffer): ImageSize | undefined {
  if (!startsWith(bytes, '\x89PNG\r\n\x1a\n') || !startsWith(bytes, 'IHDR', 12) || bytes.length < 24) return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** GIF: the logical screen's size, little-endian. */
function gifSize(bytes: Buffer): ImageSize | undefined {
  if (!(startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) || bytes.length < 10) return undefined;
  return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

/** WebP: the first chunk is a lossy frame (VP8), a lossless one (VP8L) or the extended header's canvas (VP8X). */
function webpSize(bytes: Buffer): ImageSize | undefined {
  if (!startsWith(bytes, 'RIFF') || !startsWith(bytes, 'WEBP', 8) || bytes.length < 30) return undefined;
  if (startsWith(bytes, 'VP8 ', 12) && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (startsWith(bytes, 'VP8L', 12) && bytes[20] === 0x2f) {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (startsWith(bytes, 'VP8X', 12)) return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  return undefined;
}

/** JPEG start-of-frame markers (SOF0–SOF15 but DHT, JPG and DAC, which share the range). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * JPEG: the segments are walked by their lengths (an EXIF thumbnail's own frame header sits inside
 * one and is skipped) to the first frame header; height then width, big-endian.
 */
function isJpeg(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8;
}

function jpegSize(bytes: Buffer): ImageSize | undefined {
  if (!isJpeg(bytes)) return undefined;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // a marker without a segment
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // the image ends, or its data starts, before any frame header
    const length = bytes.readUInt16BE(at + 2);
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return undefined;
      return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
    }
    at += 2 + length;
  }
  return undefined;
}
