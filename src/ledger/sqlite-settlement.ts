import type SQLite from 'better-sqlite3';
import { isBalanceCheckViolation, settlementRefusal, type HoldRequest, type Settlement, type SettleRequest } from './settlement';

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * SQLite's hot path. Statements are prepared once, and each hold or settlement is one INSERT, run
 * at once (better-sqlite3 is synchronous), so a failing one is undone alone by SQLite's statement
 * rollback and its outcome is known immediately. The writes of one turn of the event loop share
 * one BEGIN IMMEDIATE transaction, committed at the end of the turn — group commit: a commit's WAL
 * write is what a SQLite write costs most, so under load it is shared.
 *
 * A hold is answered as soon as its INSERT has run: until the commit, nothing has been fetched or
 * returned on its strength that a lost commit could not undo (the call simply never happened). A
 * settlement is answered only after its commit, so no response leaves before its charge is
 * durable; a failed commit fails every settlement of that turn (and rolls back its holds).
 *
 * The query builder shares the connection for the ledger's other writes (credits, new accounts);
 * `exclusive` commits the open turn first and keeps new writes waiting until its transaction ends.
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

  let turnOpen = false;
  let waiters: Waiter[] = [];
  let exclusiveWork = 0;
  let deferred: Array<() => void> = [];

  const commitTurn = () => {
    if (!turnOpen) return;
    turnOpen = false;
    const committed = waiters;
    waiters = [];
    try {
      database.exec('commit');
    } catch (error) {
      if (database.inTransaction) database.exec('rollback');
      for (const waiter of committed) waiter.reject(error);
      return;
    }
    for (const waiter of committed) waiter.resolve();
  };

  /** Runs `write` inside this turn's transaction (opening it), or later if the builder is busy. */
  const inTurn = <T>(write: () => T, awaitCommit: boolean): Promise<T> => {
    if (exclusiveWork > 0 || (database.inTransaction && !turnOpen)) {
      return new Promise<T>((resolve, reject) => {
        const retry = () => inTurn(write, awaitCommit).then(resolve, reject);
        // A builder transaction outside `exclusive` (migrations at boot) ends on its own: look again next turn.
        if (exclusiveWork > 0) deferred.push(retry);
        else setImmediate(retry);
      });
    }
    if (!turnOpen) {
      database.exec('begin immediate');
      turnOpen = true;
      setImmediate(commitTurn);
    }
    let value: T;
    try {
      value = write();
    } catch (error) {
      return Promise.reject(error);
    }
    if (!awaitCommit) return Promise.resolve(value);
    return new Promise<T>((resolve, reject) => waiters.push({ resolve: () => resolve(value), reject }));
  };

  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    commitTurn();
    exclusiveWork += 1;
    try {
      return await work();
    } finally {
      exclusiveWork -= 1;
      if (exclusiveWork === 0) {
        const ready = deferred;
        deferred = [];
        for (const run of ready) run();
      }
    }
  };

  return {
    hold: (request) => inTurn(() => hold(request), false),
    settle: (request) => inTurn(() => settle(request), true),
    exclusive,
  };
}
