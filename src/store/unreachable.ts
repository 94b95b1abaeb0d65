import type pg from 'pg';

/**
 * Whether an error says the database could not be reached (refused, dropped, timed out, shutting
 * down) rather than that a statement failed: such a call is answered 503 UNAVAILABLE — the
 * client may retry — instead of as an internal error. Nothing of it was charged: a charge is
 * answered only after its commit.
 *
 * Only a failure the database driver reported counts (see `noteDriverFailures`): a network code
 * alone says nothing of where it came from — a client hanging up mid-body is ECONNRESET too, and
 * must not be logged as an outage.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  let fromDriver = false;
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    fromDriver ||= driverFailures.has(cause);
    if (fromDriver && saysUnreachable(cause)) return true;
  }
  return false;
}

function saysUnreachable(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code))) return true;
  // node-postgres says so in words only.
  return /^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error/.test(error.message);
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// admin_shutdown, crash_shutdown, cannot_connect_now (SQLSTATE class 08 is connection exceptions).
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);

/** Errors the PostgreSQL driver reported (its socket's, its pool's, the server's). */
const driverFailures = new WeakSet<Error>();

/**
 * Notes every failure of the pool's connections and queries as the driver's: `connect` (which the
 * pool's own `query` uses too) and each new connection's `query`, in callback and promise form. Kysely
 * and the ledger's turns both go through these two. (SQLite is a file in the process: nothing of it
 * is ever unreachable.)
 */
export function noteDriverFailures(pool: pg.Pool): void {
  pool.connect = noting(pool.connect);
  pool.on('connect', (client) => {
    // The client's class's `query` as it is when called, so what instruments the class (a tracer
    // patching pg.Client.prototype) still sees every statement.
    const classQuery = function (this: pg.PoolClient, ...args: unknown[]) {
      return (Object.getPrototypeOf(client) as { query: (...rest: unknown[]) => unknown }).query.apply(this, args);
    };
    client.query = noting(classQuery as typeof client.query);
  });
}

function noted(error: unknown): unknown {
  if (error instanceof Error) driverFailures.add(error);
  return error;
}

/** `method`, its failures noted: those it passes to a callback (its last argument) or rejects with. */
function noting<Method extends (...args: any[]) => any>(method: Method): Method {
  return function (this: unknown, ...args: unknown[]) {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, ...results: unknown[]) => callback(error && noted(error), ...results);
      return method.apply(this, args);
    }
    const result = method.apply(this, args);
    // A query object (a cursor) is returned as it is: its failures are its own events.
    return typeof result?.then === 'function' ? result.then(undefined, (error: unknown) => Promise.reject(noted(error))) : result;
  } as Method;
}
