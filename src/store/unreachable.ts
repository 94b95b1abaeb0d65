/**
 * Whether an error says the database could not be reached (refused, dropped, timed out, shutting
 * down) rather than that a statement failed: such a call is answered 503 UNAVAILABLE — the
 * client may retry — instead of as an internal error. Nothing of it was charged: a charge is
 * answered only after its commit.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code))) return true;
    // node-postgres says so in words only.
    if (/^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error/.test(cause.message)) return true;
  }
  return false;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// admin_shutdown, crash_shutdown, cannot_connect_now (SQLSTATE class 08 is connection exceptions).
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
