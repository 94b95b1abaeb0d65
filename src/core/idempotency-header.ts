import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The request's `Idempotency-Key` header, checked: 1 to 255 visible ASCII characters. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (Array.isArray(header) && header.length > 1) {
    throw new ApiError('VALIDATION_ERROR', 'Idempotency-Key: send the header once.', { param: 'Idempotency-Key' });
  }
  if (value === undefined || !KEY_PATTERN.test(value)) {
    throw new ApiError('VALIDATION_ERROR', 'Idempotency-Key: must be 1 to 255 visible ASCII characters (a UUID is a good choice).', { param: 'Idempotency-Key' });
  }
  return value;
}
