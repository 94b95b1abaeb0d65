import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The request's `Idempotency-Key` header, checked: sent once, 1 to 255 visible ASCII characters. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  // Node joins a repeated header into one value ("a, b"): only the headers as sent tell a repeat
  // (an in-process request made with `inject` has no such list).
  if ((request.raw.headersDistinct?.['idempotency-key']?.length ?? 1) > 1) {
    throw new ApiError('VALIDATION_ERROR', 'Idempotency-Key: send the header once.', { param: 'Idempotency-Key' });
  }
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw new ApiError('VALIDATION_ERROR', 'Idempotency-Key: must be 1 to 255 visible ASCII characters (a UUID is a good choice).', { param: 'Idempotency-Key' });
  }
  return value;
}
