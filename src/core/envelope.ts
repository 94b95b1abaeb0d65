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
      param: z.string().nullable().optional().meta({ description: 'Only on the OpenAI-compatible routes: the field at fault, or null.' }),
    }),
  })
  .meta({ id: 'ErrorResponse', description: 'Every failure. Failed calls are never charged.' });
