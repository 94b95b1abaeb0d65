import type { ErrorCode } from './types';

/**
 * `INVALID_RESPONSE` is the client's own: the answer was not Tollgate's envelope (a proxy's error
 * page, a body cut short).
 */
export type TollgateErrorCode = ErrorCode | 'INVALID_RESPONSE';

/** A failure the API answered with: `{ok: false, error: {code, message}}`. Failed calls are never charged. */
export class TollgateError extends Error {
  override readonly name = 'TollgateError';
  readonly code: TollgateErrorCode;
  /** The HTTP status (for an error event inside a stream, the status its code has as a response). */
  readonly status: number;
  /** The request field or header at fault (`keyword`, `filters[2].op`, `Idempotency-Key`), when there is one. */
  readonly param: string | undefined;
  /** The call's `x-request-id`: quote it to support. */
  readonly requestId: string | undefined;

  constructor(fields: { code: TollgateErrorCode; message: string; status: number; param?: string | undefined; requestId?: string | undefined }) {
    super(fields.message);
    this.code = fields.code;
    this.status = fields.status;
    this.param = fields.param;
    this.requestId = fields.requestId;
  }
}

/** The error of a failed response's parsed body, whatever its shape. */
export function errorOf(body: unknown, status: number, requestId: string | undefined): TollgateError {
  const error = (body as { ok?: unknown; error?: { code?: unknown; message?: unknown; param?: unknown } } | null)?.error;
  if (typeof error?.code !== 'string' || typeof error.message !== 'string') {
    return new TollgateError({ code: 'INVALID_RESPONSE', message: `The server answered ${status} without an error envelope.`, status, requestId });
  }
  const param = typeof error.param === 'string' ? error.param : fieldNamedBy(error.message);
  return new TollgateError({ code: error.code as ErrorCode, message: error.message, status, param, requestId });
}

/**
 * Validation messages start with the field they are about (`depth: must be at most 100; …`); only
 * the chat-completions format also sends it as `param`.
 */
function fieldNamedBy(message: string): string | undefined {
  return /^([A-Za-z_][\w.[\]-]*): /.exec(message)?.[1];
}
