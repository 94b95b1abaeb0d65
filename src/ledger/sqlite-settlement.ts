import type SQLite from 'better-sqlite3';
import type { Micros } from '../core/money';
import { SettlementError, settlementRefusal, type CommitObserver, type HoldRequest, type IdempotentRecord, type Settlement, type SettleRequest } from './settlement';

const CAPTURES_PER_STATEMENT = 16;
/** How long a commit may be put off while calls keep arriving (see endTurn). */
const COMMIT_DELAY_LIMIT_MS = 1;

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

interface PendingCapture extends Waiter {
  request: SettleRequest;
  balance?: Micros;
}

/**
 * SQLite's hot path: group commit, with the writes of a turn made at its end.
 *
 * Each turn of the event loop that touches money opens one BEGIN IMMEDIATE transaction and commits
 * it when the turn ends. From the first hold to the commit this process holds SQLite's write lock,
 * so no other process can move a balance in between, and what the turn has reserved and charged
 * can be kept in memory until the commit writes it:
 * - a hold is answered at once from the balance the transaction sees, less what the turn has
 *   already reserved or charged on that account;
 * - a call answered within the turn that reserved it (sandbox and local endpoints) is written as
 *   one entry, its capture — or nothing, if it failed;
 * - a hold still open when the turn ends is written as a hold entry before the commit, so a call
 *   waiting on a vendor is reserved durably, settled later against that entry (capture or
 *   release), and released by the reconciler if the process dies.
 * A settlement is answered only after its commit, so no response leaves before its charge is
 * durable; a failed commit fails every settlement of that turn. While calls keep arriving, the
 * commit may be put off by a few turns (at most COMMIT_DELAY_LIMIT_MS), so that more calls share it. Until the commit nothing has been
 * fetched or returned on the strength of the turn's holds that a lost commit could not undo: the
 * calls simply never happened.
 *
 * Writing the turn in one run is also what makes it cheap: SQLite's pages and code stay hot in the
 * CPU's caches across the run, where one statement between two requests' JavaScript finds them
 * evicted.
 *
 * The query builder shares the connection for the ledger's other writes and reads (credits, new
 * accounts, balances); `exclusive` commits the open turn first and keeps new writes waiting until
 * its work ends.
 */
export function sqliteSettlement(database: SQLite.Database, onCommit?: CommitObserver): Settlement {
  // Each entry states the balance after it, and the trigger refuses it unless that is exact. The
  // turn's own entries state the balance it tracks; a settlement of an earlier turn's hold reads
  // the balance in the statement.
  const insertEntry = database.prepare<[string, string, 'hold' | 'capture', number, number, string, string, number]>(
    `insert into ledger_entries (account_id, request_id, kind, amount_micros, cost_micros, endpoint_id, created_at, balance_after_micros)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertSettlement = database.prepare<[string, number, number, string, string, number, string, string, number, number, number], { amount: number; balance: number }>(
    `insert into ledger_entries (account_id, request_id, kind, amount_micros, cost_micros, endpoint_id, created_at, balance_after_micros)
     select hold.account_id, hold.request_id, ?, -hold.amount_micros - ?, ?, ?, ?,
            (select balance_micros from accounts where id = hold.account_id) - hold.amount_micros - ?
       from ledger_entries as hold
      where hold.request_id = ? and hold.account_id = ? and hold.kind = 'hold' and -hold.amount_micros >= ?
        and (? or exists (select 1 from open_holds where open_holds.request_id = hold.request_id and open_holds.lease_expires_at > ?))
     returning amount_micros as amount, balance_after_micros as balance`,
  );
  // A hold written to the ledger has its row in open_holds until it settles (the reconciler's index).
  const openHold = database.prepare<[string, string, string, number]>(
    'insert into open_holds (request_id, account_id, endpoint_id, lease_expires_at) values (?, ?, ?, ?)',
  );
  const closeHold = database.prepare<[string]>('delete from open_holds where request_id = ?');
  const extendLease = database.prepare<[number, string, string]>(
    'update open_holds set lease_expires_at = max(lease_expires_at, ?) where request_id = ? and account_id = ?',
  );
  const storeResponse = database.prepare<[number, string, string, number, string, string]>(
    "update idempotency_keys set state = 'done', status = ?, headers = ?, body = ?, expires_at = ? where account_id = ? and key = ?",
  );
  const store = (accountId: string, record: IdempotentRecord | undefined) => {
    if (record) storeResponse.run(record.status, record.headers, record.body, record.expiresAt, accountId, record.key);
  };
  const captureStatements = new Map<number, SQLite.Statement<unknown[]>>();
  const insertCaptures = (rows: number) => {
    let statement = captureStatements.get(rows);
    if (!statement) {
      statement = database.prepare(
        `insert into ledger_entries (account_id, request_id, kind, amount_micros, cost_micros, endpoint_id, created_at, balance_after_micros)
         values ${Array.from({ length: rows }, () => "(?, ?, 'capture', ?, ?, ?, ?, ?)").join(', ')}`,
      );
      captureStatements.set(rows, statement);
    }
    return statement;
  };
  const settlementKind = database.prepare<[string, string], 'capture' | 'release'>(
    "select kind from ledger_entries where request_id = ? and account_id = ? and kind in ('capture', 'release')",
  ).pluck();
  const heldAmount = database.prepare<[string, string], number>(
    "select -amount_micros from ledger_entries where request_id = ? and account_id = ? and kind = 'hold'",
  ).pluck();
  const storedBalance = database.prepare<[string], number>('select balance_micros from accounts where id = ?').pluck();

  // The open turn: the holds and captures not written yet, and for each account they touch, the
  // balance the transaction holds and how much of it the unwritten entries take.
  let turnOpen = false;
  let holds = new Map<string, HoldRequest>();
  let captures: PendingCapture[] = [];
  let waiters: Waiter[] = [];
  let accounts = new Map<string, { stored: Micros; unwritten: Micros }>();
  let endOfTurnScheduled = false;
  let holdsThisTurn = 0;
  let postponedSince: number | undefined;
  let exclusiveWork = 0;
  let deferred: Array<() => void> = [];

  const accountInTurn = (accountId: string) => {
    let account = accounts.get(accountId);
    if (!account) {
      const stored = storedBalance.get(accountId);
      if (stored === undefined) throw new SettlementError(`no account ${accountId}`);
      account = { stored, unwritten: 0 };
      accounts.set(accountId, account);
    }
    return account;
  };

  const hold = (request: HoldRequest): boolean => {
    holdsThisTurn += 1;
    if (holds.has(request.requestId)) throw new SettlementError(`request ${request.requestId} already holds`);
    const account = accountInTurn(request.accountId);
    if (account.stored - account.unwritten < request.micros) return false;
    account.unwritten += request.micros;
    holds.set(request.requestId, request);
    return true;
  };

  const settle = (request: SettleRequest): Promise<Micros> => {
    const unwritten = holds.get(request.requestId);
    if (unwritten && unwritten.accountId === request.accountId) {
      if (request.costMicros > unwritten.micros) throw settlementRefusal(request, unwritten.micros, undefined);
      // Past its lease the capture is refused, as for a written hold (the reconciler releases it).
      if (request.kind === 'capture' && request.now >= unwritten.leaseExpiresAt) throw settlementRefusal(request, unwritten.micros, undefined);
      holds.delete(request.requestId);
      const account = accountInTurn(request.accountId);
      account.unwritten += request.costMicros - unwritten.micros;
      // A failed call reserved in this turn leaves nothing to write.
      if (request.kind === 'release') return Promise.resolve(account.stored - account.unwritten);
      return new Promise<Micros>((resolve, reject) => {
        const capture: PendingCapture = { request, resolve: () => resolve(capture.balance!), reject };
        captures.push(capture);
      });
    }
    // The hold was written by an earlier turn: settle against its entry now, in a savepoint so
    // that its entry, its open hold and its stored response are written together or not at all.
    const settled = database.transaction(() => {
      const entry = insertSettlement.get(
        request.kind, request.costMicros, request.costMicros, request.endpointId, request.at, request.costMicros,
        request.requestId, request.accountId, request.costMicros, request.kind === 'release' ? 1 : 0, request.now,
      );
      if (entry) {
        closeHold.run(request.requestId);
        store(request.accountId, request.idempotent);
      }
      return entry;
    })();
    if (settled === undefined) {
      throw settlementRefusal(request, heldAmount.get(request.requestId, request.accountId), settlementKind.get(request.requestId, request.accountId));
    }
    const account = accounts.get(request.accountId);
    if (account) account.stored += settled.amount;
    return new Promise<Micros>((resolve, reject) => waiters.push({ resolve: () => resolve(settled.balance), reject }));
  };

  /**
   * The end of a turn. Under load the commit is put off while calls keep arriving: a turn that
   * brought new holds, with fewer than a statement's worth of calls waiting and less than
   * COMMIT_DELAY_LIMIT_MS since the commit was first put off, leaves it to the next turn — so more
   * calls share one commit. A turn that brings nothing new commits at once, so the server never
   * idles waiting on its own commit.
   */
  const endTurn = () => {
    endOfTurnScheduled = false;
    const waiting = captures.length + waiters.length;
    if (holdsThisTurn > 0 && waiting > 0 && waiting < CAPTURES_PER_STATEMENT) {
      const now = performance.now();
      postponedSince ??= now;
      if (now - postponedSince < COMMIT_DELAY_LIMIT_MS) {
        holdsThisTurn = 0;
        scheduleEndOfTurn();
        return;
      }
    }
    commitTurn();
  };

  /** One end of turn pending at a time (exclusive() may commit a turn before its end runs). */
  const scheduleEndOfTurn = () => {
    if (endOfTurnScheduled) return;
    endOfTurnScheduled = true;
    setImmediate(endTurn);
  };

  /** Writes what the turn kept in memory, then commits; every waiter learns the outcome. */
  const commitTurn = () => {
    holdsThisTurn = 0;
    postponedSince = undefined;
    if (!turnOpen) return;
    turnOpen = false;
    const open = holds;
    const charged = captures;
    const settled = waiters;
    holds = new Map();
    captures = [];
    waiters = [];
    const balances = accounts;
    accounts = new Map();
    const started = onCommit ? performance.now() : 0;
    // Holds first, so each capture's balance-after counts every call still in flight. A statement
    // that fails is undone alone (SQLite's statement rollback): a hold that could not be written
    // leaves its call nothing to settle against, so that call fails uncharged.
    for (const request of open.values()) {
      const account = balances.get(request.accountId)!;
      try {
        database.transaction(() => {
          insertEntry.run(request.accountId, request.requestId, 'hold', -request.micros, 0, request.endpointId, request.at, account.stored - request.micros);
          openHold.run(request.requestId, request.accountId, request.endpointId, request.leaseExpiresAt);
        })();
        account.stored -= request.micros;
      } catch {
        // Reported when the call settles: "holds nothing".
      }
    }
    const written: Waiter[] = [...settled];
    const writeCapture = (capture: PendingCapture) => {
      const { request } = capture;
      const account = balances.get(request.accountId)!;
      try {
        const balance = account.stored - request.costMicros;
        database.transaction(() => {
          insertEntry.run(request.accountId, request.requestId, 'capture', -request.costMicros, request.costMicros, request.endpointId, request.at, balance);
          store(request.accountId, request.idempotent);
        })();
        account.stored = capture.balance = balance;
        written.push(capture);
      } catch (error) {
        capture.reject(error);
      }
    };
    // Several captures to a statement: SQLite's per-statement work is shared.
    for (let start = 0; start < charged.length; start += CAPTURES_PER_STATEMENT) {
      const chunk = charged.slice(start, start + CAPTURES_PER_STATEMENT);
      // A capture with a response to store is written alone, with it.
      if (chunk.length === 1 || chunk.some((capture) => capture.request.idempotent)) {
        chunk.forEach(writeCapture);
        continue;
      }
      const storedBefore = new Map<string, Micros>();
      const values: Array<string | number> = [];
      for (const capture of chunk) {
        const { request } = capture;
        const account = balances.get(request.accountId)!;
        if (!storedBefore.has(request.accountId)) storedBefore.set(request.accountId, account.stored);
        account.stored = capture.balance = account.stored - request.costMicros;
        values.push(request.accountId, request.requestId, -request.costMicros, request.costMicros, request.endpointId, request.at, account.stored);
      }
      try {
        insertCaptures(chunk.length).run(values);
        written.push(...chunk);
      } catch {
        // One of them was refused: undo the chunk's balances and write them one by one.
        for (const [accountId, stored] of storedBefore) balances.get(accountId)!.stored = stored;
        chunk.forEach(writeCapture);
      }
    }
    try {
      database.exec('commit');
    } catch (error) {
      if (database.inTransaction) database.exec('rollback');
      for (const waiter of written) waiter.reject(error);
      return;
    }
    onCommit?.(open.size + written.length, (performance.now() - started) / 1000);
    for (const waiter of written) waiter.resolve();
  };

  /** Runs `work` inside this turn's transaction (opening it), or later if the builder is busy. */
  const inTurn = <T>(work: () => T | Promise<T>): Promise<T> => {
    if (exclusiveWork > 0 || (database.inTransaction && !turnOpen)) {
      return new Promise<T>((resolve, reject) => {
        const retry = () => inTurn(work).then(resolve, reject);
        // A builder transaction outside `exclusive` (migrations at boot) ends on its own: look again next turn.
        if (exclusiveWork > 0) deferred.push(retry);
        else setImmediate(retry);
      });
    }
    if (!turnOpen) {
      database.exec('begin immediate');
      turnOpen = true;
      scheduleEndOfTurn();
    }
    try {
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(error);
    }
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

  const extend = (accountId: string, requestId: string, leaseExpiresAt: number): boolean => {
    const unwritten = holds.get(requestId);
    if (unwritten && unwritten.accountId === accountId) {
      unwritten.leaseExpiresAt = Math.max(unwritten.leaseExpiresAt, leaseExpiresAt);
      return true;
    }
    return extendLease.run(leaseExpiresAt, requestId, accountId).changes > 0;
  };

  return {
    hold: (request) => inTurn(() => hold(request)),
    settle: (request) => inTurn(() => settle(request)),
    extend: (accountId, requestId, leaseExpiresAt) => inTurn(() => extend(accountId, requestId, leaseExpiresAt)),
    exclusive,
    // Every read through `exclusive` commits the open turn first.
    flush: () => exclusive(async () => undefined),
  };
}
