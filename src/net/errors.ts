import { ApiError, DestinationFailed } from '../core/errors';

/**
 * A destination Tollgate will not connect to (a non-public address, a scheme other than http(s),
 * a URL that does not parse). The customer's input is at fault: 400 naming the field, uncharged.
 * `reason` is short ('loopback', 'private network', 'the file scheme …').
 */
export class DestinationRefused extends ApiError {
  constructor(
    readonly reason: string,
    options: { field?: string; cause?: unknown } = {},
  ) {
    const field = options.field ?? 'url';
    super('VALIDATION_ERROR', refusalMessage(field, reason), { param: field, cause: options.cause });
    this.name = 'DestinationRefused';
  }
}

/**
 * A fetch that could not complete: the name does not resolve, the site cannot be reached, the
 * fetch took too long, the body is too large. 502, uncharged; `message` is for the customer and
 * never names the host (it is logged: DestinationFailed).
 */
export class FetchFailed extends DestinationFailed {
  constructor(message: string, options: { cause?: unknown; detail?: string } = {}) {
    super(message, options);
    this.name = 'FetchFailed';
  }
}

function refusalMessage(field: string, reason: string): string {
  return `${field}: Tollgate does not fetch this destination (${reason}); only public http(s) addresses are fetched`;
}

/**
 * The API error a fetch failure answers with, naming `field` (the request field that held the
 * URL). Other errors (an abort, a bug) pass through unchanged for the pipeline to handle.
 */
export function fetchFailureToApiError(error: unknown, field = 'url'): unknown {
  if (error instanceof DestinationRefused) return field === error.param ? error : new DestinationRefused(error.reason, { field, cause: error.cause });
  if (error instanceof FetchFailed) return new FetchFailed(`${field}: ${error.message}`, { cause: error.cause, detail: error.detail });
  return error;
}
