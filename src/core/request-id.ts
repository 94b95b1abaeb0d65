import { randomFillSync } from 'node:crypto';

const PREFIX = 'req_';

// Random bytes are drawn 4 KiB at a time: one system call per ~400 ids.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomHex(bytes: number): string {
  if (poolOffset + bytes > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += bytes;
  return pool.toString('hex', poolOffset - bytes, poolOffset);
}

// The time's digits of the last id, for the next ones in the same millisecond.
let idMs = Number.NaN;
let idTime = '';

/**
 * `req_` + 32 hex digits: the time in milliseconds (12 digits), then 80 random bits. Ids sort by
 * time, so the ledger's request index appends at its right edge and doubles as a time index (see
 * `requestIdFloor`).
 */
export function newRequestId(nowMs: number = Date.now()): string {
  if (nowMs !== idMs) {
    // A number's base-16 text costs a dozen fmod calls; a busy server issues several ids a millisecond.
    idTime = nowMs.toString(16).padStart(12, '0');
    idMs = nowMs;
  }
  return `${PREFIX}${idTime}${randomHex(10)}`;
}

/** The smallest request id issued at or after `ms`: a bound for range scans by time. */
export function requestIdFloor(ms: number): string {
  return `${PREFIX}${Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0')}`;
}
