import { randomUUID } from 'node:crypto';

const PREFIX = 'req_';

/**
 * `req_` + 32 hex digits: the time in milliseconds (12 digits), then 80 random bits (from
 * randomUUID, which draws on a pooled entropy buffer). Ids sort by time, so the ledger's request
 * index appends at its right edge and doubles as a time index (see `requestIdFloor`).
 */
export function newRequestId(nowMs: number = Date.now()): string {
  return `${PREFIX}${nowMs.toString(16).padStart(12, '0')}${randomUUID().replaceAll('-', '').slice(12)}`;
}

/** The smallest request id issued at or after `ms`: a bound for range scans by time. */
export function requestIdFloor(ms: number): string {
  return `${PREFIX}${Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0')}`;
}
