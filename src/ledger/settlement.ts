import type { Micros } from '../core/money';
import { constraintViolation } from '../store/constraint-violation';

export class SettlementError extends Error {}

/** The hold's lease had expired (it is released, or about to be): the capture is refused. */
export class LeaseExpiredError extends SettlementError {}

export interface HoldRequest {
  accountId: string;
  requestId: string;
  micros: Micros;
  endpointId: string;
  at: string;
  /** When the reconciler may release the hold (ms since the epoch). */
  leaseExpiresAt: number;
}

/** A response stored under an `Idempotency-Key`, written in the same transaction as the capture. */
export interface IdempotentRecord {
  key: string;
  status: number;
  /** JSON of the headers to replay. */
  headers: string;
  body: string;
  /** ms since the epoch. */
  expiresAt: number;
}

export interface SettleRequest {
  accountId: string;
  requestId: string;
  kind: 'capture' | 'release';
  /** What the request cost; 0 for a release. */
  costMicros: Micros;
  endpointId: string;
  at: string;
  /** Now, in ms since the epoch: a capture is refused once the hold's lease has expired. */
  now: number;
  /** With a capture: the response to store under its idempotency key. */
  idempotent?: IdempotentRecord;
}

/**
 * A paid call's hold and settlement. Every entry is an INSERT into the ledger whose trigger moves
 * the balance in the same statement (store/migrations), and the accounts CHECK refuses one that
 * would overdraw. A settlement takes its amount from the request's hold, and a unique index lets a
 * request settle once. Two implementations with the same guarantees, both group commit in
 * turns, where a call answered within the turn that reserved it writes its capture alone and a
 * call still running when the turn ends writes a hold entry: a transaction that locks its
 * accounts' rows and writes in one statement for PostgreSQL (postgres-settlement.ts), prepared
 * statements under SQLite's write lock (sqlite-settlement.ts).
 */
export interface Settlement {
  /** True when held; false (nothing written) when the balance cannot cover it. */
  hold(request: HoldRequest): Promise<boolean>;
  /**
   * The balance after settling. Throws SettlementError when there is no hold or the cost exceeds
   * it, and LeaseExpiredError for a capture whose lease has expired.
   */
  settle(request: SettleRequest): Promise<Micros>;
  /** Moves an open hold's lease to `leaseExpiresAt` (never earlier); false when it is not open. */
  extend(accountId: string, requestId: string, leaseExpiresAt: number): Promise<boolean>;
  /** Runs the ledger's other multi-statement writes (a query-builder transaction) without interleaving. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Writes and commits what the open turn keeps in memory, so that a balance read after it counts it. */
  flush(): Promise<void>;
}

/**
 * Told of each commit of per-call entries: how many it wrote and how long writing and committing
 * them took (for the metrics: `tollgate_ledger_batch_entries`, `tollgate_ledger_commit_seconds`).
 */
export type CommitObserver = (entries: number, seconds: number) => void;

/** Explains why a settlement found nothing to settle: no hold, a cost over it, already settled, or an expired lease. */
export function settlementRefusal(
  request: SettleRequest,
  held: Micros | undefined,
  settledAs: 'capture' | 'release' | undefined,
): SettlementError {
  // A call captured in the turn that reserved it leaves a capture and no hold entry.
  if (settledAs === 'capture') return new SettlementError(`request ${request.requestId} is already captured`);
  if (held === undefined) return new SettlementError(`request ${request.requestId} holds nothing on account ${request.accountId}`);
  if (request.costMicros > held) return new SettlementError(`cost ${request.costMicros} is outside the hold ${held} of ${request.requestId}`);
  // Open but past its lease, or released by the reconciler because it was.
  if (request.kind === 'capture') return new LeaseExpiredError(`the lease of ${request.requestId} has expired; its hold is released, not captured`);
  return new SettlementError(`request ${request.requestId} is already released`);
}

/** The accounts CHECK (balance ≥ 0) refused the entry: the balance cannot cover the hold. */
export function isBalanceCheckViolation(error: unknown): boolean {
  return constraintViolation(error) === 'check';
}
