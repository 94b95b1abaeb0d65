import { z } from 'zod';
import { errorCatalog, type ErrorCode } from './errors';

export interface SuccessEnvelope<T> {
  ok: true;
  data: T;
}

export interface ErrorEnvelope {
  ok: false;
  error: { code: ErrorCode; message: string };
}

export function success<T>(data: T): SuccessEnvelope<T> {
  return { ok: true, data };
}

export function failure(code: ErrorCode, message: string): ErrorEnvelope {
  return { ok: false, error: { code, message } };
}

/** The shared error schema every operation documents. */
export const ErrorResponse = z
  .object({
    ok: z.literal(false),
    error: z.object({
      code: z.enum(Object.keys(errorCatalog) as [ErrorCode, ...ErrorCode[]]).meta({
        description: 'Machine-readable error code.',
      }),
      message: z.string().meta({ description: 'Human-readable explanation; names the field on validation errors.' }),
    }),
  })
  .meta({ id: 'ErrorResponse', description: 'Every failure. Failed calls are never charged.' });
