import { z } from 'zod';
import { errorCatalog, type ErrorCode } from './errors';

export interface SuccessEnvelope<T> {
  ok: true;
  data: T;
}

export interface ErrorEnvelope {
  ok: false;
  /** `param`: the request field or header at fault, when the failure names one. */
  error: { code: ErrorCode; message: string; param?: string | null };
}

export function success<T>(data: T): SuccessEnvelope<T> {
  return { ok: true, data };
}

/** A failure in our envelope; `param` only when the failure names a field or header (as Stripe's errors do). */
export function failure(code: ErrorCode, message: string, param?: string): ErrorEnvelope {
  return { ok: false, error: param === undefined ? { code, message } : { code, message, param } };
}

/**
 * A failure of a `wire` endpoint (chat completions): our envelope and that format's error fields
 * together, so both our clients and the format's SDKs read it.
 */
export function wireFailure(code: ErrorCode, message: string, param: string | undefined): ErrorEnvelope & { error: { type: string; param: string | null } } {
  return { ok: false, error: { code, message, type: wireErrorType(code), param: param ?? null } };
}

function wireErrorType(code: ErrorCode): string {
  switch (code) {
    case 'VALIDATION_ERROR':
    case 'MODEL_NOT_FOUND':
    case 'IDEMPOTENCY_CONFLICT':
    case 'PAYLOAD_TOO_LARGE':
    case 'UNSUPPORTED_MEDIA_TYPE':
    case 'METHOD_NOT_ALLOWED':
      return 'invalid_request_error';
    case 'INVALID_API_KEY':
    case 'REVOKED_API_KEY':
      return 'authentication_error';
    case 'NO_CREDITS':
      return 'insufficient_quota';
    case 'RATE_LIMITED':
      return 'rate_limit_error';
    case 'NOT_FOUND':
      return 'not_found_error';
    default:
      return 'api_error';
  }
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
      type: z.string().optional().meta({ description: "Only on the OpenAI-compatible routes (`/v1/ai/chat/completions`, `/v1/ai/models/{id}`): the format's error type, e.g. `invalid_request_error`." }),
      param: z
        .string()
        .nullable()
        .optional()
        .meta({
          description:
            'The request field (a path such as `messages[0].content`) or header (`Idempotency-Key`) at fault, when the failure names one; the message begins with it. Absent otherwise; on the OpenAI-compatible routes always present, null when no field is at fault.',
          examples: ['limit'],
        }),
    }),
  })
  .meta({ id: 'ErrorResponse', description: 'Every failure. Failed calls are never charged.' });
