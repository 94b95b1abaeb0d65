import type { Micros } from '../core/money';

export class SettlementError extends Error {}

export interface HoldRequest {
  accountId: string;
  requestId: string;
  micros: Micros;
  endpointId: string;
  at: string;
}

export interface SettleRequest {
  accountId: string;
  requestId: string;
  kind: 'capture' | 'release';
  /** What the request cost; 0 for a release. */
  costMicros: Micros;
  endpointId: string;
  at: string;
}

/**
 * The two writes every paid call makes, each one transaction: take a hold with a conditional
 * update, then settle it from the recorded hold (capture at cost, or release in full). Two
 * implementations with the same behaviour: Kysely for PostgreSQL, prepared statements for SQLite.
 */
export interface Settlement {
  /** The balance after the hold, or undefined (nothing written) when the balance cannot cover it. */
  hold(request: HoldRequest): Promise<Micros | undefined>;
  /** The balance after settling. Throws SettlementError when there is no hold or the cost exceeds it. */
  settle(request: SettleRequest): Promise<Micros>;
}

export function checkSettlement(request: SettleRequest, held: Micros | undefined): Micros {
  if (held === undefined) throw new SettlementError(`request ${request.requestId} holds nothing on account ${request.accountId}`);
  if (request.costMicros < 0 || request.costMicros > held) {
    throw new SettlementError(`cost ${request.costMicros} is outside the hold ${held} of ${request.requestId}`);
  }
  return held;
}
