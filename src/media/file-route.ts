import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorCatalog, type ErrorCode } from '../core/errors';
import { failure } from '../core/envelope';
import type { MediaFileUrls } from './file-urls';
import type { MediaStorage } from './storage';

export interface MediaFileRouteOptions {
  urls: MediaFileUrls;
  storage: MediaStorage;
  /** The file's record: where storage keeps it, its type, and whether its job's retention has passed. */
  findFile(fileId: string): Promise<{ storageKey: string; mimeType: string; expired: boolean } | undefined>;
  nowSeconds: () => number;
}

/** An inclusive byte range of a file, as HTTP counts them. */
interface ByteRange {
  start: number;
  end: number;
}

/**
 * `GET /v1/media/files/:fileId` (and HEAD): a media result, to anyone holding a signed URL for it
 * that has not expired. No API key: the signature is the authorisation, and it is checked before
 * anything is looked up, so a forged URL costs no database read.
 */
export function registerMediaFileRoute(server: FastifyInstance, options: MediaFileRouteOptions): void {
  const { urls, storage, findFile, nowSeconds } = options;
  server.route<{ Params: { fileId: string }; Querystring: Record<string, unknown> }>({
    // HEAD declared here rather than left to Fastify's automatic one, which would read the whole file to discard it.
    method: ['GET', 'HEAD'],
    url: '/v1/media/files/:fileId',
    handler: async (request, reply) => {
      const { fileId } = request.params;
      const expires = singleValue(request.query.expires);
      const now = nowSeconds();
      const verdict = urls.check(fileId, expires, singleValue(request.query.signature), now);
      if (verdict === 'invalid') return refuse(reply, 'FORBIDDEN', 'This file URL is not valid: its signature or expiry is missing or does not match.');
      // A link is signed to expire with its file's retention (its job's, for a job's file): no fresh link can be had.
      if (verdict === 'expired') return refuse(reply, 'JOB_EXPIRED', 'This file link expired: a link lasts as long as its file is kept, and the retention period has passed.');
      // A valid signature means we issued this URL: a file we no longer know has gone with its job.
      const file = await findFile(fileId);
      if (!file || file.expired) return refuse(reply, 'JOB_EXPIRED', "This file is no longer available: its job's retention period has passed.");
      const stored = await storage.open(file.storageKey);
      if (!stored) return refuse(reply, 'NOT_FOUND', 'This file could not be found.');

      // An If-Range can never match: we send no validators. RFC 9110 then asks for the whole file.
      const range = request.headers['if-range'] === undefined ? requestedRange(request.headers.range, stored.size) : undefined;
      if (range === 'unsatisfiable') return refuseRange(reply, stored.size);
      if (range) void reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${stored.size}`);
      void reply
        .header('content-type', file.mimeType)
        .header('content-length', String(range ? range.end - range.start + 1 : stored.size))
        .header('accept-ranges', 'bytes')
        .header('cache-control', `private, max-age=${Math.max(0, Number(expires) - now)}`)
        .header('x-content-type-options', 'nosniff')
        // Whatever a vendor labels a file, it never runs as a page of ours.
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('content-disposition', 'inline');
      return reply.send(request.method === 'HEAD' ? undefined : stored.stream(range));
    },
  });
}

function refuse(reply: FastifyReply, code: ErrorCode, message: string): FastifyReply {
  return reply.code(errorCatalog[code]).send(failure(code, message));
}

/** 416 with the size in Content-Range, as HTTP asks, and our envelope, as every answer has. */
function refuseRange(reply: FastifyReply, size: number): FastifyReply {
  const message = `Range: this file has ${size} bytes; ask for a range that starts before its end, or send no Range header for the whole file.`;
  return refuse(reply.header('accept-ranges', 'bytes').header('content-range', `bytes */${size}`), 'RANGE_NOT_SATISFIABLE', message);
}

/** A query parameter given once; repeated or absent is no value. */
function singleValue(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * The one byte range a `Range` header asks for of a file of `size` bytes: undefined to send the
 * whole file (no header, or one we do not serve: several ranges, another unit, malformed), or
 * `unsatisfiable` when it starts past the end.
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined || size === 0) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '') {
    if (last === '') return undefined;
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.POSITIVE_INFINITY : Number(last);
  // A last position before the first makes the range invalid (RFC 9110 §14.1.1); we ignore it and send the whole file.
  if (end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
