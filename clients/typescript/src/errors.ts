import type { ErrorCode } from './types';

/**
 * The client's own codes, which no response carries: `INVALID_RESPONSE`, the answer was not
 * Tollgate's envelope (a proxy's error page, a body cut short); `TIMEOUT`, no answer in time;
 * `JOB_FAILED` and `JOB_CANCELED`, a media job waited for ended without its result.
 */
export type TollgateErrorCode = ErrorCode | 'INVALID_RESPONSE' | 'TIMEOUT' | 'JOB_FAILED' | 'JOB_CANCELED';

/** A failure the API answered with: `{ok: false, error: {code, message}}`. Failed calls are never charged. */
export class TollgateError extends Error {
  override readonly name: string = 'TollgateError';
  readonly code: TollgateErrorCode;
  /**
   * The HTTP status (for an error event inside a stream, the status its code has as a response);
   * 0 for `TIMEOUT`, `JOB_FAILED` and `JOB_CANCELED`, which no response carries.
   */
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

/** No answer within the call's `timeoutMs` (each attempt), or a media job still unfinished at the wait's `timeoutMs`. */
export class TollgateTimeoutError extends TollgateError {
  override readonly name = 'TollgateTimeoutError';

  constructor(message: string) {
    super({ code: 'TIMEOUT', message, status: 0 });
  }
}

/** A media job waited for that failed or was canceled: `job` is its final state, with its `error`; it was not charged. */
export class TollgateJobError<Job extends { jobId: string; status: string; error: { code: string; message: string } | null }> extends TollgateError {
  override readonly name = 'TollgateJobError';
  readonly job: Job;

  constructor(job: Job) {
    const code = job.status === 'canceled' ? 'JOB_CANCELED' : 'JOB_FAILED';
    super({ code, message: `${job.jobId} ${job.status}${job.error ? ` (${job.error.code}): ${job.error.message}` : '.'}`, status: 0 });
    this.job = job;
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
