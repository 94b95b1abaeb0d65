import type SQLite from 'better-sqlite3';
import { isBalanceCheckViolation, settlementRefusal, type HoldRequest, type Settlement, type SettleRequest } from './settlement';

interface Pending {
  run(): unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * SQLite's hot path. Statements are prepared once, and each hold or settlement is one INSERT, so a
 * failing one is undone alone by SQLite's statement rollback. The units requested within one turn
 * of the event loop are committed together in one BEGIN IMMEDIATE transaction — group commit: a
 * commit's WAL write is what a SQLite write costs most, so under load it is shared, while every
 * caller still gets its answer only after its unit is committed. A failed commit rejects them all.
 */
export function sqliteSettlement(database: SQLite.Database): Settlement {
  // Each entry states the balance after it (the trigger checks it): the balance before plus the
  // entry's amount, read in the same statement.
  const insertHold = database.prepare<[string, string, number, string, string, string, number]>(
    `insert into ledger_entries (account_id, request_id, kind, amount_micros, endpoint_id, created_at, balance_after_micros)
     values (?, ?, 'hold', ?, ?, ?, (select balance_micros from accounts where id = ?) + ?)`,
  );
  const insertSettlement = database.prepare<[string, number, number, string, string, number, string, string, number], number>(
    `insert into ledger_entries (account_id, request_id, kind, amount_micros, cost_micros, endpoint_id, created_at, balance_after_micros)
     select hold.account_id, hold.request_id, ?, -hold.amount_micros - ?, ?, ?, ?,
            (select balance_micros from accounts where id = hold.account_id) - hold.amount_micros - ?
       from ledger_entries as hold
      where hold.request_id = ? and hold.account_id = ? and hold.kind = 'hold' and -hold.amount_micros >= ?
     returning balance_after_micros`,
  ).pluck();
  const heldAmount = database.prepare<[string, string], number>(
    "select -amount_micros from ledger_entries where request_id = ? and account_id = ? and kind = 'hold'",
  ).pluck();

  const hold = (request: HoldRequest) => {
    try {
      insertHold.run(request.accountId, request.requestId, -request.micros, request.endpointId, request.at, request.accountId, -request.micros);
      return true;
    } catch (error) {
      if (isBalanceCheckViolation(error)) return false;
      throw error;
    }
  };

  const settle = (request: SettleRequest) => {
    const balance = insertSettlement.get(
      request.kind, request.costMicros, request.costMicros, request.endpointId, request.at, request.costMicros,
      request.requestId, request.accountId, request.costMicros,
    );
    if (balance === undefined) throw settlementRefusal(request, heldAmount.get(request.requestId, request.accountId));
    return balance;
  };

  let queue: Pending[] = [];
  const commitQueued = database.transaction((batch: Pending[]) =>
    batch.map((unit) => {
      try {
        return { ok: true as const, value: unit.run() };
      } catch (error) {
        return { ok: false as const, error };
      }
    }),
  );
  const flush = () => {
    // The query builder shares this connection; never commit inside one of its transactions.
    if (database.inTransaction) {
      setImmediate(flush);
      return;
    }
    const batch = queue;
    queue = [];
    try {
      commitQueued.immediate(batch).forEach((outcome, index) =>
        outcome.ok ? batch[index]!.resolve(outcome.value) : batch[index]!.reject(outcome.error),
      );
    } catch (error) {
      for (const unit of batch) unit.reject(error);
    }
  };
  const enqueue = <T>(run: () => T) =>
    new Promise<T>((resolve, reject) => {
      if (queue.push({ run, resolve: resolve as (value: unknown) => void, reject }) === 1) setImmediate(flush);
    });

  return {
    hold: (request) => enqueue(() => hold(request)),
    settle: (request) => enqueue(() => settle(request)),
  };
}
