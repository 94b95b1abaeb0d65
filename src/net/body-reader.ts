import { Readable, pipeline, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { FetchFailed } from './errors';

/** A decoder per Content-Encoding Tollgate asks for (`Accept-Encoding: gzip, deflate, br`). */
function decoderFor(encoding: string, rawDeflate: boolean): Transform {
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      // HTTP's deflate is zlib-wrapped (RFC 9110); a few servers send it raw, which inflate refuses.
      return rawDeflate ? zlib.createInflateRaw() : zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      throw new FetchFailed(`the site answered in a content encoding Tollgate does not read (${encoding})`);
  }
}

/**
 * Reads a response body, decompressing it, and stops reading as soon as either the bytes received
 * or the bytes decompressed pass `maxBytes`: a decompression bomb is never inflated past the cap,
 * because the decoders only produce what is read from them.
 */
export async function readCappedBody(body: Readable, contentEncoding: string | undefined, maxBytes: number): Promise<Buffer> {
  const encodings = (contentEncoding ?? '').split(',').map((value) => value.trim().toLowerCase()).filter((value) => value !== '' && value !== 'identity');
  let source = body;
  let rawDeflate = false;
  if (encodings.at(-1) === 'deflate') {
    // The first bytes tell zlib-wrapped deflate (method 8, header check bits a multiple of 31) from raw.
    const { head, rest } = await peek(body);
    rawDeflate = head.length >= 2 && !((head[0]! & 0x0f) === 8 && ((head[0]! << 8) | head[1]!) % 31 === 0);
    source = rest;
  }
  let decoders: Transform[];
  try {
    decoders = encodings.reverse().map((encoding, index) => decoderFor(encoding, index === 0 && rawDeflate));
  } catch (error) {
    source.destroy();
    throw error;
  }
  let undecodable = false;
  for (const decoder of decoders) decoder.once('error', () => (undecodable = true));
  // Compressed bytes are counted too; without a decoder the loop below counts the same bytes.
  let received = 0;
  if (decoders.length > 0) {
    source.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
  }
  const decoded: Readable = decoders.length === 0 ? source : (pipeline([source, ...decoders], () => {}) as unknown as Readable);
  const chunks: Buffer[] = [];
  let size = 0;
  const tooLarge = () => new FetchFailed(`the page is larger than ${maxBytes} bytes`);
  try {
    for await (const chunk of decoded) {
      size += (chunk as Buffer).length;
      if (size > maxBytes || received > maxBytes) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    source.destroy();
    decoded.destroy();
    if (error instanceof FetchFailed) throw error;
    // No body at all (HEAD, 204, 304) under a Content-Encoding header: nothing to decode.
    if (undecodable && received === 0) return Buffer.alloc(0);
    if (undecodable) throw new FetchFailed('the site sent a body that does not decompress', { cause: error });
    throw error;
  }
  return Buffer.concat(chunks, size);
}

/** The stream's first chunk, and a stream that replays it followed by the rest. */
async function peek(stream: Readable): Promise<{ head: Buffer; rest: Readable }> {
  const iterator = stream[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head: Buffer = first.done ? Buffer.alloc(0) : (first.value as Buffer);
  const replay = async function* () {
    if (!first.done) yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value as Buffer;
  };
  const rest = Readable.from(replay(), { objectMode: false });
  rest.on('close', () => stream.destroy());
  return { head, rest };
}
