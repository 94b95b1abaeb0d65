import type pg from 'pg';
import { loadedPostgresDriver } from '../store/postgres-driver';
import type { Micros } from '../core/money';
import { SettlementError, settlementRefusal, type CommitObserver, type HoldRequest, type Settlement, type SettleRequest } from './settlement';

/** How long a turn stays open while calls keep arriving or its own calls are still running. */
const TURN_OPEN_LIMIT_MS = 2;
/** At most this many accounts of the last turn are locked ahead by the next one. */
const PREDICTED_ACCOUNTS_LIMIT = 64;
/** A turn closes at once when it carries this many items… */
const MAX_TURN_ITEMS = 512;
/** …or about this many bytes of responses stored under idempotency keys. */
const MAX_TURN_BYTES = 1 << 20;

interface Waiter<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** A hold or a settlement of a written hold, waiting for its account's row lock. */
type Item = { hold: HoldRequest; settle?: undefined; waiter: Waiter<boolean> } | { settle: SettleRequest; hold?: undefined; waiter: Waiter<Micros> };

interface Settling {
  request: SettleRequest;
  waiter: Waiter<Micros>;
}

/** One account's row, locked by the turn: its balance then, and what the turn has taken of it. */
interface LockedAccount {
  stored: Micros;
  unwritten: Micros;
}

interface Turn {
  state: 'locking' | 'open' | 'closing' | 'done';
  startedAt: number;
  client?: pg.PoolClient;
  /** The accounts whose rows the turn has locked (or asked to lock, while locking). */
  accounts: Map<string, LockedAccount>;
  requested: Set<string>;
  /** The accounts its items moved: what the next turn locks ahead (`predicted`). */
  used: Set<string>;
  /** Items waiting for their account's lock (the turn's start, or a join). */
  queued: Item[];
  /** Holds granted in memory and not settled yet: written as hold entries if still open at the close. */
  holds: Map<string, HoldRequest>;
  /** Captures of the turn's own holds: one entry each. */
  captures: Settling[];
  /** Settlements of holds that earlier turns wrote. */
  settlements: Settling[];
  settling: Set<string>;
  bytes: number;
  openedAt: number;
  grantedThisTick: number;
  joining: boolean;
  closeWhenOpen: boolean;
  /** True once committed; false when nothing of it was written. */
  done: Promise<boolean>;
  finished(committed: boolean): void;
}

/**
 * What this process's PostgreSQL ledger has written since it started, for the benchmark and for
 * metrics: each turn is one commit.
 */
export const postgresTurnStats = {
  /** Turns that wrote entries and committed (a turn written again item by item counts each item). */
  turns: 0,
  /** Hold entries written (calls still running when their turn closed). */
  holds: 0,
  /** Calls captured in the turn that reserved them: one entry, no hold entry. */
  captures: 0,
  /** Settlements of holds written by an earlier turn. */
  settlements: 0,
  /** Round trips an open turn made to lock the rows of accounts it had not locked (calls on them arrived meanwhile). */
  joins: 0,
  /** Turns the database refused whole, written again item by item. */
  split: 0,
  /** Time from sending a turn's writes to its commit's answer, summed (ms). */
  commitMs: 0,
  /** Time from a turn's first item to its locks (a connection, the previous turn's commit, a round trip), summed (ms). */
  lockMs: 0,
  /** Time turns stayed open, summed (ms). */
  openMs: 0,
};

/**
 * PostgreSQL's settlement: group commit in turns, as SQLite's (sqlite-settlement.ts).
 *
 * A turn is a transaction on a connection of its own. It starts by locking the rows of the
 * accounts its first calls hold on (`select … for update`, in id order) and reading their
 * balances; while it is open, holds on those accounts are granted in memory at once, from the
 * locked balance less what the turn has already taken — nobody else can move those balances until
 * the commit. In the same round trip it locks ahead the other accounts the previous turn moved
 * (up to PREDICTED_ACCOUNTS_LIMIT), where their rows are free: under traffic from many accounts,
 * their calls then arrive to a turn that already holds them. A call on another account joins the
 * open turn if its row is free (`for update skip locked`, as the locks ahead: a turn never waits
 * for a lock once it holds one, so two instances cannot deadlock), else waits for the next turn.
 * The turn stays open while calls keep arriving or its own calls are still running, at most
 * TURN_OPEN_LIMIT_MS; then one round trip writes what it leaves and commits (`ledger_apply_turn`, migration 008):
 * - a call answered within the turn (sandbox and local endpoints) is one capture entry, or nothing
 *   if it failed: one commit per call, not two;
 * - a call still running is written as a hold entry, settled later against it (capture or
 *   release), and released by the reconciler if the process dies;
 * - settlements of holds written earlier ride in the turn that locks their account.
 * A capture or settlement is answered only after its commit (`synchronous_commit` stays on), so no
 * response leaves before its charge is durable. A grant is answered before: a call may reach its
 * vendor while its turn is open, and if that commit then fails, the call fails uncharged at its
 * settlement ("holds nothing") — as on SQLite. The next turn starts as soon as one closes; its
 * locks wait for the previous commit, so commits follow each other without a gap.
 *
 * A turn the database refuses (an error from the server: rolled back, nothing written) is written
 * again item by item, so a failing entry fails only its own call. A turn whose outcome is unknown
 * (the connection lost) fails all its calls: a hold that did commit is released by the reconciler
 * when its lease expires, a capture that did commit is the charge of a call that answered an error
 * — as when a server dies in that instant.
 */
export function postgresSettlement(pool: pg.Pool, onCommit?: CommitObserver): Settlement {
  /** The turn that takes new items: locking or open. */
  let current: Turn | undefined;
  /** Items left for the next turn (a second settlement of a request, an account another turn holds). */
  let next: Item[] = [];
  /** The accounts the last closed turn moved: busy accounts are likely busy in the next turn too. */
  let predicted: string[] = [];
  /** Turns not done yet (a few at most): an array, not a Set churned per turn (why: InFlightCalls). */
  const live: Turn[] = [];
  /**
   * The closed turn writing a request's hold, if one is: its settlement or extension waits for that
   * commit. Found among the few live turns rather than kept in a map churned per hold.
   */
  const writing = (requestId: string): Turn | undefined => live.find((turn) => turn.state === 'closing' && turn.holds.has(requestId));

  const accountOf = (item: Item) => (item.hold ? item.hold.accountId : item.settle.accountId);
  const requestOf = (item: Item) => (item.hold ? item.hold.requestId : item.settle.requestId);

  /** The turn that takes a new item: the current one, or a new one. */
  const accepting = (): Turn => {
    if (current && current.state === 'open' && (current.captures.length + current.settlements.length + current.holds.size >= MAX_TURN_ITEMS || current.bytes > MAX_TURN_BYTES)) {
      close(current);
    }
    return current ?? startTurn();
  };

  const admit = (item: Item) => {
    const turn = accepting();
    if (turn.state === 'open' && turn.accounts.has(accountOf(item))) apply(turn, item);
    else turn.queued.push(item);
  };

  /** An item on an account the turn holds locked. */
  const apply = (turn: Turn, item: Item) => {
    const account = turn.accounts.get(accountOf(item))!;
    turn.used.add(accountOf(item));
    if (item.hold) {
      const { hold } = item;
      if (turn.holds.has(hold.requestId)) {
        item.waiter.reject(new SettlementError(`request ${hold.requestId} already holds`));
        return;
      }
      turn.grantedThisTick += 1;
      if (account.stored - account.unwritten < hold.micros) {
        item.waiter.resolve(false);
        return;
      }
      account.unwritten += hold.micros;
      turn.holds.set(hold.requestId, hold);
      item.waiter.resolve(true);
      return;
    }
    // The settlement of a hold granted in this turn, asked for before the grant was answered.
    if (turn.holds.has(item.settle.requestId)) {
      settleInTurn(turn, item.settle).then(item.waiter.resolve, item.waiter.reject);
      return;
    }
    // A settlement of a written hold; a second one of the same request goes to the next turn,
    // which refuses it (in one statement both would fail it on the one-settlement index).
    if (turn.settling.has(item.settle.requestId)) {
      next.push(item);
      return;
    }
    turn.settling.add(item.settle.requestId);
    turn.bytes += storedBytes(item.settle);
    turn.settlements.push({ request: item.settle, waiter: item.waiter });
  };

  const startTurn = (): Turn => {
    let finished!: (committed: boolean) => void;
    const turn: Turn = {
      state: 'locking',
      startedAt: performance.now(),
      accounts: new Map(),
      requested: new Set(),
      used: new Set(),
      queued: next,
      holds: new Map(),
      captures: [],
      settlements: [],
      settling: new Set(),
      bytes: 0,
      openedAt: 0,
      grantedThisTick: 0,
      joining: false,
      closeWhenOpen: false,
      done: new Promise<boolean>((resolve) => (finished = resolve)),
      finished: (committed) => finished(committed),
    };
    next = [];
    current = turn;
    live.push(turn);
    // The rest of this turn's calls join before the lock is asked for.
    setImmediate(() => void lock(turn));
    return turn;
  };

  /** Opens the turn's transaction on its accounts' rows, then grants what waits. */
  const lock = async (turn: Turn) => {
    try {
      turn.client = await pool.connect();
    } catch (error) {
      fail(turn, error);
      return;
    }
    const ids = [...new Set(turn.queued.map(accountOf))].sort();
    ids.forEach((id) => turn.requested.add(id));
    // The last turn's other accounts are locked ahead where free (never waiting for one), so
    // their calls arriving while this turn is open need no join round trip.
    const ahead = predicted.filter((id) => !turn.requested.has(id));
    try {
      const statements = `begin; ${lockAccounts(turn.client, ids, false)}${ahead.length > 0 ? `; ${lockAccounts(turn.client, ahead, true)}` : ''}`;
      const results = (await turn.client.query(statements)) as unknown as pg.QueryResult[];
      holdLocked(turn, results[1]!);
      if (ahead.length > 0) holdLocked(turn, results[2]!);
    } catch (error) {
      fail(turn, error);
      return;
    }
    turn.state = 'open';
    turn.openedAt = performance.now();
    postgresTurnStats.lockMs += turn.openedAt - turn.startedAt;
    grantQueued(turn);
    if (turn.closeWhenOpen) close(turn);
    else setImmediate(() => tick(turn));
  };

  /** Applies the queued items whose accounts are locked; an account asked for and absent does not exist. */
  const grantQueued = (turn: Turn) => {
    const queued = turn.queued;
    turn.queued = [];
    for (const item of queued) {
      if (turn.accounts.has(accountOf(item))) apply(turn, item);
      else if (turn.requested.has(accountOf(item))) item.waiter.reject(new SettlementError(`no account ${accountOf(item)}`));
      else turn.queued.push(item);
    }
  };

  /**
   * The end of each turn of the event loop while the turn is open: calls on accounts it does not
   * hold join it, and it closes once nothing new arrives and its calls are answered, or after
   * TURN_OPEN_LIMIT_MS.
   */
  const tick = (turn: Turn) => {
    if (turn.state !== 'open' || turn.joining) return;
    if (turn.queued.length > 0) {
      void join(turn);
      return;
    }
    const busy = turn.grantedThisTick > 0 || turn.holds.size > 0;
    turn.grantedThisTick = 0;
    if (busy && performance.now() - turn.openedAt < TURN_OPEN_LIMIT_MS) {
      setImmediate(() => tick(turn));
      return;
    }
    close(turn);
  };

  /** Locks the rows of the queued items' accounts that are free; the others wait for the next turn. */
  const join = async (turn: Turn) => {
    turn.joining = true;
    postgresTurnStats.joins += 1;
    const ids = [...new Set(turn.queued.map(accountOf))].sort();
    try {
      const result = await turn.client!.query(lockAccounts(turn.client!, ids, true));
      holdLocked(turn, result);
    } catch (error) {
      fail(turn, error);
      return;
    }
    turn.joining = false;
    const queued = turn.queued;
    turn.queued = [];
    for (const item of queued) {
      if (turn.accounts.has(accountOf(item))) apply(turn, item);
      else next.push(item);
    }
    if (turn.state === 'open') {
      if (turn.closeWhenOpen) close(turn);
      else setImmediate(() => tick(turn));
    }
  };

  /** Stops taking items, starts the next turn if items wait for one, and writes this one. */
  const close = (turn: Turn) => {
    if (turn.state !== 'open') return;
    turn.state = 'closing';
    postgresTurnStats.openMs += performance.now() - turn.openedAt;
    if (current === turn) current = undefined;
    predicted = turn.used.size <= PREDICTED_ACCOUNTS_LIMIT ? [...turn.used].sort() : [];
    next.push(...turn.queued);
    turn.queued = [];
    if (next.length > 0) startTurn();
    void write(turn);
  };

  /** Writes the turn and commits, in one round trip; every waiter learns the outcome. */
  const write = async (turn: Turn) => {
    const client = turn.client!;
    const holds = [...turn.holds.values()];
    if (holds.length + turn.captures.length + turn.settlements.length === 0) {
      // Only locks taken (its calls failed, or were refused): nothing to make durable.
      await rollBack(client);
      finish(turn, true);
      return;
    }
    const started = performance.now();
    let answers: Map<number, Micros>;
    try {
      const results = (await client.query(`select item, balance from ledger_apply_turn(${client.escapeLiteral(turnJson(holds, turn.captures, turn.settlements))}::jsonb); commit`)) as unknown as pg.QueryResult[];
      answers = new Map((results[0]!.rows as Array<{ item: number; balance: Micros }>).map((row) => [row.item, row.balance]));
    } catch (error) {
      if (refusedByServer(error)) {
        // Rolled back whole: each item again, alone, without the turn's locks.
        await rollBack(client);
        postgresTurnStats.split += 1;
        await writeItemByItem(holds, turn.captures, turn.settlements);
        finish(turn, true);
        return;
      }
      client.release(error as Error);
      for (const { waiter } of [...turn.captures, ...turn.settlements]) waiter.reject(error);
      finish(turn, false);
      return;
    }
    client.release();
    const seconds = (performance.now() - started) / 1000;
    postgresTurnStats.turns += 1;
    postgresTurnStats.commitMs += seconds * 1000;
    postgresTurnStats.holds += holds.length;
    postgresTurnStats.captures += turn.captures.length;
    postgresTurnStats.settlements += turn.settlements.length;
    onCommit?.(holds.length + turn.captures.length + turn.settlements.length, seconds);
    finish(turn, true);
    answer(turn.captures, turn.settlements, answers);
  };

  /** After a turn the database refused: each hold, capture and settlement in its own statement. */
  const writeItemByItem = async (holds: HoldRequest[], captures: Settling[], settlements: Settling[]) => {
    // One statement string, one implicit transaction: the account's row locked, then its entry
    // written with the balance read under that lock (migration 009).
    const one = async (accountId: string, json: string): Promise<Micros | undefined> => {
      const client = await pool.connect();
      try {
        const statements = `${lockAccounts(client, [accountId], false)}; select balance from ledger_apply_turn(${client.escapeLiteral(json)}::jsonb)`;
        const results = (await client.query(statements)) as unknown as pg.QueryResult[];
        client.release();
        postgresTurnStats.turns += 1;
        return (results[1]!.rows[0] as { balance: Micros } | undefined)?.balance;
      } catch (error) {
        // Refused by the server, the implicit transaction rolled back: the connection is fine.
        client.release(refusedByServer(error) ? undefined : (error as Error));
        throw error;
      }
    };
    for (const hold of holds) {
      // One that fails leaves its call nothing to settle against: it fails, uncharged, when it settles.
      await one(hold.accountId, turnJson([hold], [], [])).then(() => (postgresTurnStats.holds += 1), () => undefined);
    }
    for (const capture of captures) {
      await one(capture.request.accountId, turnJson([], [capture], [])).then(
        (balance) => {
          postgresTurnStats.captures += 1;
          answer([capture], [], new Map(balance === undefined ? [] : [[0, balance]]));
        },
        (error) => capture.waiter.reject(error),
      );
    }
    for (const settlement of settlements) {
      await one(settlement.request.accountId, turnJson([], [], [settlement])).then(
        (balance) => {
          postgresTurnStats.settlements += 1;
          answer([], [settlement], new Map(balance === undefined ? [] : [[0, balance]]));
        },
        (error) => settlement.waiter.reject(error),
      );
    }
  };

  /** Resolves captures and settlements with their balance after; explains those the statement refused. */
  const answer = (captures: Settling[], settlements: Settling[], balances: Map<number, Micros>) => {
    [...settlements, ...captures].forEach(({ request, waiter }, index) => {
      const balance = balances.get(index);
      if (balance !== undefined) waiter.resolve(balance);
      else explainRefusal(request).then(waiter.reject, waiter.reject);
    });
  };

  const finish = (turn: Turn, committed: boolean) => {
    turn.state = 'done';
    const index = live.indexOf(turn);
    if (index >= 0) live.splice(index, 1);
    turn.finished(committed);
  };

  /** The turn could not lock (the database unreachable, the transaction broken): every call in it fails. */
  const fail = (turn: Turn, error: unknown) => {
    const wasCurrent = current === turn;
    if (wasCurrent) current = undefined;
    turn.state = 'closing';
    if (turn.client) void rollBack(turn.client);
    for (const item of turn.queued) item.waiter.reject(error);
    for (const { waiter } of [...turn.captures, ...turn.settlements]) waiter.reject(error);
    turn.queued = [];
    finish(turn, false);
    if (next.length > 0 && !current) startTurn();
  };

  /** Why a settlement found nothing to settle (read after its turn, off the hot path). */
  const explainRefusal = async (request: SettleRequest): Promise<never> => {
    const { rows } = await pool.query<{ kind: string; amount_micros: Micros }>(
      'select kind, amount_micros from ledger_entries where request_id = $1 and account_id = $2',
      [request.requestId, request.accountId],
    );
    const hold = rows.find((entry) => entry.kind === 'hold');
    const settlement = rows.find((entry) => entry.kind === 'capture' || entry.kind === 'release');
    throw settlementRefusal(request, hold && -hold.amount_micros, settlement?.kind as 'capture' | 'release' | undefined);
  };

  /** Settles a hold granted in the open turn: a capture becomes the turn's entry, a release nothing. */
  const settleInTurn = (turn: Turn, request: SettleRequest): Promise<Micros> => {
    const unwritten = turn.holds.get(request.requestId)!;
    if (request.costMicros > unwritten.micros) return Promise.reject(settlementRefusal(request, unwritten.micros, undefined));
    // Past its lease the capture is refused, as for a written hold: the hold stays, is written
    // when the turn closes, and the reconciler releases it.
    if (request.kind === 'capture' && request.now >= unwritten.leaseExpiresAt) return Promise.reject(settlementRefusal(request, unwritten.micros, undefined));
    turn.holds.delete(request.requestId);
    const account = turn.accounts.get(request.accountId)!;
    account.unwritten += request.costMicros - unwritten.micros;
    // A failed call reserved in this turn leaves nothing to write.
    if (request.kind === 'release') return Promise.resolve(account.stored - account.unwritten);
    turn.bytes += storedBytes(request);
    return new Promise<Micros>((resolve, reject) => turn.captures.push({ request, waiter: { resolve, reject } }));
  };

  const settle = (request: SettleRequest): Promise<Micros> => {
    const turn = current;
    if (turn && turn.holds.get(request.requestId)?.accountId === request.accountId) return settleInTurn(turn, request);
    // Its hold is being written by a turn that closed: settle once that has committed.
    const writer = writing(request.requestId);
    if (writer) return writer.done.then(() => settle(request));
    return new Promise<Micros>((resolve, reject) => admit({ settle: request, waiter: { resolve, reject } }));
  };

  const extend = async (accountId: string, requestId: string, leaseExpiresAt: number): Promise<boolean> => {
    const unwritten = current?.holds.get(requestId);
    if (unwritten && unwritten.accountId === accountId) {
      unwritten.leaseExpiresAt = Math.max(unwritten.leaseExpiresAt, leaseExpiresAt);
      return true;
    }
    const writer = writing(requestId);
    if (writer) await writer.done;
    const result = await pool.query(
      'update open_holds set lease_expires_at = greatest(lease_expires_at, $1) where request_id = $2 and account_id = $3',
      [leaseExpiresAt, requestId, accountId],
    );
    return (result.rowCount ?? 0) > 0;
  };

  return {
    // Every other write is its own statement on a pooled connection: nothing to keep apart.
    exclusive: (work) => work(),
    hold: (request) => new Promise<boolean>((resolve, reject) => admit({ hold: request, waiter: { resolve, reject } })),
    settle,
    extend,
    async flush() {
      const turn = current;
      if (turn?.state === 'open') close(turn);
      else if (turn) turn.closeWhenOpen = true;
      await Promise.all(live.map((each) => each.done));
    },
  };
}

/** The balances of the rows a lock statement locked: the turn's from now until its commit. */
function holdLocked(turn: Turn, locked: pg.QueryResult): void {
  for (const row of locked.rows as Array<{ id: string; balance_micros: Micros }>) turn.accounts.set(row.id, { stored: row.balance_micros, unwritten: 0 });
}

/** Ends a turn's transaction without writing, and gives its connection back (destroyed if the rollback failed). */
async function rollBack(client: pg.PoolClient): Promise<void> {
  try {
    await client.query('rollback');
    client.release();
  } catch (error) {
    client.release(error as Error);
  }
}

/** Locks accounts' rows in id order and reads their balances; `skipLocked` never waits (a join). */
function lockAccounts(client: pg.PoolClient, ids: string[], skipLocked: boolean): string {
  return `select id, balance_micros from accounts where id in (${ids.map((id) => client.escapeLiteral(id)).join(', ')}) order by id for update${skipLocked ? ' skip locked' : ''}`;
}

function storedBytes(request: SettleRequest): number {
  return request.idempotent ? request.idempotent.body.length + request.idempotent.headers.length : 0;
}

/**
 * The turn as `ledger_apply_turn` reads it (see migration 008). `i` is the item's place in the
 * answer: settlements first, then captures.
 */
function turnJson(holds: HoldRequest[], captures: Settling[], settlements: Settling[]): string {
  const h = holds.map(({ accountId: a, requestId: r, micros: m, endpointId: e, at: t, leaseExpiresAt: l }, i) => ({ i, a, r, m, e, t, l }));
  const stored = (request: SettleRequest) => {
    const { idempotent } = request;
    return idempotent ? { key: idempotent.key, status: idempotent.status, headers: idempotent.headers, body: idempotent.body, x: idempotent.expiresAt } : {};
  };
  const s = settlements.map(({ request }, i) => {
    const { accountId: a, requestId: r, kind: k, costMicros: c, endpointId: e, at: t, now: n } = request;
    return { i, a, r, k, c, e, t, n, ...stored(request) };
  });
  const c = captures.map(({ request }, index) => {
    const { accountId: a, requestId: r, costMicros: cost, endpointId: e, at: t } = request;
    return { i: settlements.length + index, a, r, c: cost, e, t, ...stored(request) };
  });
  return JSON.stringify({ s, h, c });
}

/**
 * An error the server answered the statement with (a SQLSTATE): the statement, and with it the
 * turn's transaction, rolled back. Anything else (a connection lost) leaves the outcome unknown.
 */
function refusedByServer(error: unknown): boolean {
  return error instanceof loadedPostgresDriver().DatabaseError && !String(error.code).startsWith('08');
}
