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

/**
 * A host name with no address (NXDOMAIN, or no A or AAAA record): the answer of the name's own
 * servers, which trying again minutes later only repeats (a resolver that timed out or answered
 * SERVFAIL is a plain FetchFailed).
 */
export class HostUnresolvable extends FetchFailed {
  constructor() {
    super('the host does not resolve to any address');
    this.name = 'HostUnresolvable';
  }
}

/**
 * A connection that failed, in the customer's words: a certificate that was refused says so and
 * why (its code along the causes: expired, self-signed, for another host…); anything else is
 * "could not be reached". `detail` is for the log.
 */
export function connectionFailure(error: unknown, rawDetail: string): FetchFailed {
  const detail = withUrlsRedacted(rawDetail);
  for (let current = error; current instanceof Error; current = current.cause) {
    const certificate = certificateRefusal((current as { code?: unknown }).code);
    if (certificate !== undefined) return new FetchFailed(`the site's certificate was refused (${certificate})`, { cause: error, detail });
  }
  return new FetchFailed('the site could not be reached', { cause: error, detail });
}

/** Node's codes for a certificate that does not verify (OpenSSL's names, and Node's own for the name check), in words. */
const CERTIFICATE_REFUSALS: Record<string, string> = {
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not valid yet',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'it is issued by a self-signed authority that is not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'it is not for this host name',
  CERT_REVOKED: 'it has been revoked',
  UNABLE_TO_GET_ISSUER_CERT: 'its issuer is not trusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its issuer is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its issuer is not trusted',
  CERT_UNTRUSTED: 'it is not trusted',
  CERT_SIGNATURE_FAILURE: 'its signature does not verify',
  CERT_CHAIN_TOO_LONG: 'its chain is too long',
  INVALID_CA: 'its chain holds an invalid authority',
};

function certificateRefusal(code: unknown): string | undefined {
  if (typeof code !== 'string') return undefined;
  return CERTIFICATE_REFUSALS[code] ?? (code.startsWith('CERT_') || code.startsWith('ERR_TLS_CERT') ? 'it does not verify' : undefined);
}

/**
 * `text` (an error's words, for the log) with every URL in it stripped of what can be a secret:
 * its userinfo (`user:password@`) and its query and fragment (tokens, signatures), which a
 * customer's URL can hold and a browser's or a library's error quotes whole.
 */
export function withUrlsRedacted(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)(?:[^\s/?#"'<>]*@)?([^\s?#"'<>]*)([?#][^\s"'<>]*)?/gi, (_url, scheme: string, rest: string, query?: string) =>
    `${scheme}${rest}${query === undefined ? '' : `${query[0]}…`}`,
  );
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
