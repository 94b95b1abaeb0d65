import type SQLite from 'better-sqlite3';
import { checkSettlement, type HoldRequest, type Settlement, type SettleRequest } from './settlement';

interface Pending {
  run(): unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * SQLite's hot path. Statements are prepared once; each hold or settlement is its own atomic unit
 * (a savepoint: better-sqlite3 runs it to the end without yielding), and the units requested
 * within one turn of the event loop are committed together in one BEGIN IMMEDIATE transaction —
 * group commit. A commit's WAL write is what a SQLite write costs most, so under load it is
 * shared; every caller still gets its answer only after its unit is committed. A unit that fails
 * rolls back alone; a commit that fails rejects every unit in it.
 */
export function sqliteSettlement(database: SQLite.Database): Settlement {
  const debitIfCovered = database.prepare<[number, string, number], { balance_micros: number }>(
    'update accounts set balance_micros = balance_micros - ? where id = ? and balance_micros >= ? returning balance_micros',
  );
  const credit = database.prepare<[number, string], { balance_micros: number }>(
    'update accounts set balance_micros = balance_micros + ? where id = ? returning balance_micros',
  );
  const heldAmount = database.prepare<[string, string], { amount_micros: number }>(
    "select amount_micros from ledger_entries where request_id = ? and account_id = ? and kind = 'hold'",
  );
  const insertEntry = database.prepare(
    `insert into ledger_entries (account_id, request_id, kind, amount_micros, cost_micros, balance_after_micros, endpoint_id, created_at)
     values (@accountId, @requestId, @kind, @amount, @cost, @balance, @endpointId, @at)`,
  );

  const hold = database.transaction((request: HoldRequest) => {
    const row = debitIfCovered.get(request.micros, request.accountId, request.micros);
    if (!row) return undefined;
    insertEntry.run({ ...request, kind: 'hold', amount: -request.micros, cost: 0, balance: row.balance_micros });
    return row.balance_micros;
  });

  const settle = database.transaction((request: SettleRequest) => {
    const hold = heldAmount.get(request.requestId, request.accountId);
    const held = checkSettlement(request, hold && -hold.amount_micros);
    const row = credit.get(held - request.costMicros, request.accountId)!;
    insertEntry.run({ ...request, amount: held - request.costMicros, cost: request.costMicros, balance: row.balance_micros });
    return row.balance_micros;
  });

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
