/**
 * The one error catalog: every failure the API can answer with, and its HTTP status.
 * Handlers and adapters throw `ApiError`; the pipeline and the app's error handler turn it into
 * the `{ok:false, error:{code, message}}` envelope. Nothing else decides a status code.
 */
export const errorCatalog = {
  VALIDATION_ERROR: 400,
  MODEL_NOT_FOUND: 404,
  MEDIA_MODEL_NOT_FOUND: 400,
  INVALID_API_KEY: 401,
  REVOKED_API_KEY: 401,
  NO_CREDITS: 402,
  KEY_LIMIT_REACHED: 402,
  ACCOUNT_SUSPENDED: 403,
  FORBIDDEN: 403,
  KEY_AREA_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  JOB_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  IDEMPOTENCY_CONFLICT: 409,
  JOB_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  RATE_LIMITED: 429,
  REQUEST_HEADER_FIELDS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  NOT_OFFERED: 501,
  UNAVAILABLE: 503,
  UPSTREAM_ERROR: 502,
  STREAM_ERROR: 502,
  DEADLINE_EXCEEDED: 504,
} as const;

export type ErrorCode = keyof typeof errorCatalog;

export class ApiError extends Error {
  readonly status: number;
  /** Extra response headers this error must carry (e.g. Retry-After). */
  readonly headers: Record<string, string>;
  /** The request field or header at fault, when there is one (chat-completions errors carry it as `param`). */
  readonly param: string | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { headers?: Record<string, string>; cause?: unknown; param?: string } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.status = errorCatalog[code];
    this.headers = options.headers ?? {};
    this.param = options.param;
  }
}

/**
 * A failure of a third-party provider: always 502 UPSTREAM_ERROR to the caller, never charged.
 * `message` is what the customer reads, in our words (no vendor names, vendor prose or operator
 * settings); `detail` is what the operator needs, and goes to the log only. It is an expected
 * failure, not a bug: the error handler logs it at warn, by `logged()`, without a stack.
 */
export class UpstreamError extends ApiError {
  readonly detail: string | undefined;

  constructor(message: string, options: { cause?: unknown; detail?: string } = {}) {
    super('UPSTREAM_ERROR', message, options);
    this.name = 'UpstreamError';
    this.detail = options.detail;
  }

  /**
   * What the log may say of it: the message, the detail (written for the log: a vendor's words
   * in it are masked) and the code of what failed underneath — never its cause's message, which
   * can quote what the vendor sent (a JSON parser's error quotes the text it stopped at).
   */
  logged(): { failure: string; detail?: string; code?: string } {
    const code = causeCode(this);
    return { failure: this.message, ...(this.detail !== undefined ? { detail: this.detail } : {}), ...(code !== undefined ? { code } : {}) };
  }
}

/**
 * A destination the caller chose — a page's URL, a domain's web or mail hosts — could not be
 * fetched: 502 UPSTREAM_ERROR, uncharged, as a vendor's failure. Unlike a vendor's, it is nothing
 * the operator can mend, and what it failed on can name a person (a host like jane-doe.blog, the
 * text of a certificate error): the error handler logs it at info, by its message — which never
 * names the destination — and its cause's code, never its detail, cause or stack.
 */
export class DestinationFailed extends UpstreamError {
  constructor(message: string, options: { cause?: unknown; detail?: string } = {}) {
    super(message, options);
    this.name = 'DestinationFailed';
  }

  /** What the log may say of it: the message and the code of what failed underneath ('ECONNREFUSED', 'CERT_HAS_EXPIRED'). */
  override logged(): { failure: string; code?: string } {
    const code = causeCode(this);
    return code !== undefined ? { failure: this.message, code } : { failure: this.message };
  }
}

/** The first code ('ECONNREFUSED', 'UND_ERR_SOCKET') along an error's causes. */
function causeCode(error: Error): string | undefined {
  for (let cause = error.cause; cause instanceof Error; cause = cause.cause) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** A lookup's answer, or the 404 NOT_FOUND naming the field whose value nothing matched, in its message and as `param` (a failure, so not charged). */
export function found<Data>(data: Data | null, field: string, message: string): Data {
  if (data === null) throw new ApiError('NOT_FOUND', `${field}: ${message}`, { param: field });
  return data;
}
