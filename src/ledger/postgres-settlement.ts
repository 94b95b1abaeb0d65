import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../store/schema';
import { SettlementError, settlementRefusal, type CommitObserver, type HoldRequest, type Settlement, type SettleRequest } from './settlement';

/** A batch's statement carries at most this many holds and settlements… */
const MAX_BATCH_ITEMS = 512;
/** …and, with the responses stored under idempotency keys, about this many bytes of them. */
const MAX_BATCH_BYTES = 1 << 20;

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

type Item = ({ hold: HoldRequest; settle?: undefined } & Pending<boolean>) | ({ settle: SettleRequest; hold?: undefined } & Pending<number>);

/**
 * What this process's PostgreSQL ledger has written since it started, for the benchmark and for
 * metrics: each batch is one statement and one commit.
 */
export const postgresBatchStats = {
  /** Statements (and commits) of batches; a batch retried item by item counts each retry. */
  batches: 0,
  holds: 0,
  settlements: 0,
  /** Batches the database refused whole, retried item by item. */
  split: 0,
  /** Time from sending a batch to its commit's answer, summed (ms). */
  commitMs: 0,
};

/**
 * PostgreSQL's settlement: group commit, a batch per moment of each instance.
 *
 * Holds and settlements are queued, and the queue is written as one batch: one statement
 * (`ledger_apply_batch`, migration 004) in its own transaction, so one commit for every call in
 * it. One batch is in flight at a time; what arrives meanwhile waits for the next, which leaves as
 * soon as the turn that saw the last one answered ends. So under load the batches grow with the
 * load and the commit's cost is shared, and an idle server sends a lone call at once.
 *
 * Exactness is the database's: the statement locks the batch's accounts (in id order, so two
 * instances queue instead of deadlocking), grants holds in order while they fit in the balance it
 * holds, and every entry still moves its balance through the trigger, under the accounts CHECK.
 * Nothing is answered before the batch's commit has: a hold is granted, and a capture charged,
 * only once it is durable (`synchronous_commit` stays on).
 *
 * A batch the database refuses (an error from the server: the transaction rolled back, nothing
 * written) is written again item by item, so a failing statement fails only its own call. A batch
 * whose outcome is unknown (the connection lost) fails all its calls: a hold that did commit is
 * released by the reconciler when its lease expires, a capture that did commit is the charge of a
 * call that answered an error — as when a server dies in that instant.
 *
 * A settlement waits for the batch after its hold's (a call may settle in the turn it reserved),
 * and a second settlement of a request for the batch after the first's, which refuses it: in one
 * batch it would fail the statement on the one-settlement index.
 */
export function postgresSettlement(db: Kysely<Database>, onCommit?: CommitObserver): Settlement {
  let queue: Item[] = [];
  let inFlight = false;
  let scheduled = false;

  const schedule = () => {
    if (scheduled || inFlight || queue.length === 0) return;
    scheduled = true;
    // The rest of this turn's calls join the batch.
    setImmediate(flush);
  };

  const flush = () => {
    scheduled = false;
    const batch: Item[] = [];
    const later: Item[] = [];
    // Per request, what this batch writes or leaves to the next: a settlement never rides in the
    // batch of its own hold (the statement settles before it grants), nor twice in one batch.
    const holds = new Set<string>();
    const settlements = new Set<string>();
    const deferred = new Set<string>();
    let bytes = 0;
    for (const item of queue) {
      const request = item.hold ? item.hold.requestId : item.settle.requestId;
      const seen = item.hold ? holds : settlements;
      const size = item.settle?.idempotent ? item.settle.idempotent.body.length + item.settle.idempotent.headers.length : 0;
      const full = batch.length >= MAX_BATCH_ITEMS || (batch.length > 0 && bytes + size > MAX_BATCH_BYTES);
      if (full || seen.has(request) || deferred.has(request) || (item.settle && holds.has(request))) {
        later.push(item);
        deferred.add(request);
      } else {
        seen.add(request);
        bytes += size;
        batch.push(item);
      }
    }
    queue = later;
    inFlight = true;
    void write(batch).finally(() => {
      inFlight = false;
      schedule();
    });
  };

  /** Writes a batch, and answers each of its calls. */
  const write = async (batch: Item[]): Promise<void> => {
    const started = performance.now();
    let rows: Array<{ item: number; settled_balance: number | null; granted: boolean | null }>;
    try {
      ({ rows } = await sql<{ item: number; settled_balance: number | null; granted: boolean | null }>`
        select item, settled_balance, granted from ledger_apply_batch(${batchJson(batch)}::jsonb)`.execute(db));
    } catch (error) {
      postgresBatchStats.batches += 1;
      // The server's error: the statement rolled back whole. Each call again, alone.
      if (batch.length > 1 && refusedByServer(error)) {
        postgresBatchStats.split += 1;
        for (const item of batch) await write([item]);
        return;
      }
      for (const item of batch) item.reject(error);
      return;
    }
    postgresBatchStats.batches += 1;
    postgresBatchStats.commitMs += performance.now() - started;
    onCommit?.(batch.length, (performance.now() - started) / 1000);
    const answers = new Map(rows.map((row) => [row.item, row]));
    batch.forEach((item, index) => {
      const answer = answers.get(index);
      if (item.hold) {
        postgresBatchStats.holds += 1;
        if (answer?.granted === null || answer === undefined) item.reject(new SettlementError(`no account ${item.hold.accountId}`));
        else item.resolve(answer.granted);
      } else {
        postgresBatchStats.settlements += 1;
        if (answer?.settled_balance != null) item.resolve(answer.settled_balance);
        else explainRefusal(item.settle).then(item.reject, item.reject);
      }
    });
  };

  /** Why a settlement found nothing to settle (read after its batch, off the hot path). */
  const explainRefusal = async (request: SettleRequest): Promise<never> => {
    const entries = await db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_micros'])
      .where('request_id', '=', request.requestId)
      .where('account_id', '=', request.accountId)
      .execute();
    const hold = entries.find((entry) => entry.kind === 'hold');
    const settlement = entries.find((entry) => entry.kind === 'capture' || entry.kind === 'release');
    throw settlementRefusal(request, hold && -hold.amount_micros, settlement?.kind as 'capture' | 'release' | undefined);
  };

  const enqueue = <T>(item: (pending: Pending<T>) => Item): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push(item({ resolve, reject }));
      schedule();
    });

  return {
    // Every write is one statement on a pooled connection: nothing to keep apart.
    exclusive: (work) => work(),
    hold: (request) => enqueue<boolean>((pending) => ({ hold: request, ...pending })),
    settle: (request) => enqueue<number>((pending) => ({ settle: request, ...pending })),
    async extend(accountId, requestId, leaseExpiresAt) {
      const result = await db
        .updateTable('open_holds')
        .set({ lease_expires_at: sql<number>`greatest(lease_expires_at, ${leaseExpiresAt})` })
        .where('request_id', '=', requestId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

/** The batch as `ledger_apply_batch` reads it (see migration 004); `i` is the item's place in the batch. */
function batchJson(batch: Item[]): string {
  const holds: unknown[] = [];
  const settlements: unknown[] = [];
  batch.forEach((item, i) => {
    if (item.hold) {
      const { accountId: a, requestId: r, micros: m, endpointId: e, at: t, leaseExpiresAt: l } = item.hold;
      holds.push({ i, a, r, m, e, t, l });
    } else {
      const { accountId: a, requestId: r, kind: k, costMicros: c, endpointId: e, at: t, now: n, idempotent } = item.settle;
      settlements.push(
        idempotent
          ? { i, a, r, k, c, e, t, n, key: idempotent.key, status: idempotent.status, headers: idempotent.headers, body: idempotent.body, x: idempotent.expiresAt }
          : { i, a, r, k, c, e, t, n },
      );
    }
  });
  return JSON.stringify({ h: holds, s: settlements });
}

/**
 * An error the server answered the statement with (a SQLSTATE): the statement, and with it the
 * batch's transaction, rolled back. Anything else (a connection lost) leaves the outcome unknown.
 */
function refusedByServer(error: unknown): boolean {
  return error instanceof pg.DatabaseError && !String(error.code).startsWith('08');
}
