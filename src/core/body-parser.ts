import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import { formatPath, jsonNodes, noteParsedFrom, pathOf } from './validation';

type JsonParser = (request: FastifyRequest, body: string, done: (error: Error | null, document?: unknown) => void) => void;

/**
 * The one body parser: JSON only, in UTF-8 (and declared so, if a charset is given), uncompressed,
 * parsed by Fastify's own secure parser (a `__proto__` key or a `constructor.prototype` is refused:
 * merged into an object, either would change its prototype). An empty body parses to `undefined`,
 * which the pipeline reads as `{}`: Fastify's parser alone refuses it, and a body whose every field
 * has a default may be left out.
 */
export function installJsonBodyParser(server: FastifyInstance): void {
  // Fastify's default parser is the synchronous, callback form.
  const parseSecurely = server.getDefaultJsonParser('error', 'error') as JsonParser;
  server.removeAllContentTypeParsers();
  server.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    refuseCompressedBody(request.headers['content-encoding']);
    refuseOtherCharset(request.headers['content-type']);
    const text = decodeUtf8(body as Buffer);
    if (text.trim() === '') return done(null, undefined);
    parseSecurely(request, text, (error, document) => {
      if (error) return done(describeJsonFailure(text), undefined);
      noteParsedFrom(document, text);
      done(null, document);
    });
  });
}

function refuseCompressedBody(contentEncoding: string | undefined): void {
  if (contentEncoding === undefined) return;
  const codings = contentEncoding.split(',').map((coding) => coding.trim().toLowerCase());
  if (codings.every((coding) => coding === 'identity' || coding === '')) return;
  throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Compressed request bodies are not accepted: send the JSON without Content-Encoding (or with identity).');
}

/**
 * Node's parser undoes the chunked framing and nothing else: a body sent with another transfer
 * coding (`gzip, chunked`) would reach the JSON parser still coded — refused as not UTF-8, or, sent
 * plain under that header, read and charged. Refused before it is read, naming the coding, as a
 * Content-Encoding is (415; RFC 9112, section 6.1 suggests 501, which this API's codes keep for an
 * endpoint it does not offer).
 */
export function refuseTransferCodings(transferEncoding: string | undefined): void {
  if (transferEncoding === undefined) return;
  const others = transferEncoding.split(',').map((coding) => coding.trim().toLowerCase()).filter((coding) => coding !== 'chunked');
  if (others.length === 0) return;
  throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `Transfer-Encoding: ${others.join(', ').slice(0, 60)} is not supported; send the body with Content-Length, or with Transfer-Encoding: chunked alone.`, {
    param: 'Transfer-Encoding',
    // The body is left unread, and a coding not understood cannot be trusted to frame it.
    headers: { connection: 'close' },
  });
}

/**
 * JSON is UTF-8 (RFC 8259, section 8.1). A body declared in another charset is refused rather
 * than read as UTF-8: its text would be misread whenever its bytes happen to be valid UTF-8
 * (Latin-1 `Ã©` is UTF-8 `é`), and charged.
 */
function refuseOtherCharset(contentType: string | undefined): void {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
  if (charset === undefined || charset === 'utf-8' || charset === 'utf8') return;
  throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `Send the JSON in UTF-8: charset=${charset.slice(0, 40)} is not accepted (send charset=utf-8, or no charset).`);
}

/**
 * Fatal, so a stray Latin-1 byte is refused rather than read as U+FFFD and sent on (and charged).
 * A leading byte-order mark is dropped (the decoder's default): RFC 8259 lets a parser ignore it,
 * some Windows tools write one, and it carries no meaning.
 */
const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeUtf8(body: Buffer): string {
  try {
    return utf8.decode(body);
  } catch {
    throw new UnreadableBody('The request body is not valid UTF-8.');
  }
}

/**
 * A body that cannot be read as JSON at all (not UTF-8, not JSON): a 400 like any invalid field,
 * which a JSON-RPC route answers as its protocol's parse error instead (error-handling.ts).
 */
export class UnreadableBody extends ApiError {
  constructor(message: string) {
    super('VALIDATION_ERROR', message);
    this.name = 'UnreadableBody';
  }
}

/** Fastify's parser says only that it refused; this says why, in words the caller can act on. */
function describeJsonFailure(text: string): ApiError {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return new UnreadableBody(`The request body is not valid JSON: ${visible((error as Error).message)}`);
  }
  for (const node of jsonNodes(document)) {
    if (node.key === '__proto__' || (node.key === 'prototype' && node.parent?.key === 'constructor')) {
      const field = formatPath(pathOf(node));
      return new ApiError('VALIDATION_ERROR', `${field}: this field name is not accepted (it could alter object prototypes)`, { param: field });
    }
  }
  return new UnreadableBody('The request body is not valid JSON.');
}

/** JSON.parse quotes the text it stopped at; invisible characters there are written as escapes. */
function visible(message: string): string {
  return message.replace(/[\p{C}\p{Z}]/gu, (character) =>
    character === ' ' ? character : `\\u${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
  );
}
