import { sql } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../store/database';

export interface CallRecord {
  requestId: string;
  accountId: string;
  keyId: string;
  endpointId: string;
  status: number;
  /** What the vendors' requests cost the operator (their price lists); 0 when none was made. */
  upstreamCostMicros: number;
  createdAt: string;
}

/** Rows per statement, so that one write never holds SQLite's lock (or a batch's memory) for long. */
const ROWS_PER_STATEMENT = 500;

type Row = [requestId: string, accountId: string, keyId: string, endpointId: string, status: number, upstreamCostMicros: number, createdAt: string];

/**
 * Who called what with which key, and how it ended: one row per answered API call, for the
 * dashboard's usage (by key), the keys' "last used" and the operator's errors per endpoint. The
 * money is not here — the ledger's capture of the same request id says what a call cost.
 *
 * Rows are gathered in memory and written every `flushMs` in one statement, off the calls' path:
 * a call never waits for its row. A crash loses at most the last `flushMs` of rows (usage
 * undercounts them; the ledger, and so every balance and the billing page, is unaffected) — but
 * for the call that queued a media job, charged later: the job's settlement writes that call's row
 * again if it is missing (jobs/job-runner.ts), so a charge never goes without its call.
 */
export class CallLog {
  private pending: CallRecord[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  private readonly writeCalls: CallWriter;

  constructor(
    store: Store,
    /** Serialises the writes with the ledger's (SQLite's single writer): `Ledger.exclusive`. */
    exclusive: <T>(work: () => Promise<T>) => Promise<T>,
    private readonly log: FastifyBaseLogger,
    private readonly flushMs = 250,
  ) {
    this.writeCalls = callWriter(store, exclusive);
  }

  record(call: CallRecord): void {
    this.pending.push(call);
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs).unref();
  }

  /** Writes what is gathered; resolves once every row recorded before the call is in the database. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    this.writing = this.writing.then(() => (batch.length > 0 ? this.write(batch) : undefined));
    return this.writing;
  }

  private async write(batch: CallRecord[]): Promise<void> {
    try {
      await this.writeCalls(batch);
    } catch (error) {
      this.log.error({ err: error, rows: batch.length }, 'call log: could not write a batch; usage misses these calls (their charges are in the ledger)');
    }
  }
}

/** Writes calls' rows now; resolves once they are in the database. */
export type CallWriter = (calls: readonly CallRecord[]) => Promise<void>;

/**
 * The one way call rows are written: with their keys' last use, a row already written for a
 * request kept as it is. The call log's batches go through it, and a media job's settlement writes
 * the call that queued it through it too.
 *
 * The statements are prepared once, not built by the query builder: at thousands of calls a
 * second, building a many-row INSERT each flush cost the server ~9% of its paid calls/s. SQLite
 * runs one prepared row insert per row and one update per key in one transaction; PostgreSQL
 * takes the rows and the keys as arrays (`unnest`), one statement whatever their number.
 */
export function callWriter(
  store: Store,
  /** Serialises the writes with the ledger's (SQLite's single writer): `Ledger.exclusive`. */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>,
): CallWriter {
  const writeRows = store.sqlite ? sqliteWrite(store.sqlite) : (rows: Row[], lastUse: KeyUse[]) => postgresWrite(store, rows, lastUse);
  return async (calls) => {
    for (let start = 0; start < calls.length; start += ROWS_PER_STATEMENT) {
      const chunk = calls.slice(start, start + ROWS_PER_STATEMENT);
      const rows = chunk.map((call): Row => [call.requestId, call.accountId, call.keyId, call.endpointId, call.status, call.upstreamCostMicros, call.createdAt]);
      await exclusive(() => writeRows(rows, lastUses(chunk)));
    }
  };
}

/** A key's latest call in a batch: its "last used", which only ever moves forward. */
type KeyUse = [keyId: string, usedAt: string];

function lastUses(calls: readonly CallRecord[]): KeyUse[] {
  const latest = new Map<string, string>();
  for (const call of calls) if ((latest.get(call.keyId) ?? '') < call.createdAt) latest.set(call.keyId, call.createdAt);
  return [...latest];
}

const COLUMNS = 'request_id, account_id, key_id, endpoint_id, status, upstream_cost_micros, created_at';

/** The rows and their keys' last use, in one transaction. */
function sqliteWrite(database: SQLite.Database): (rows: Row[], lastUse: KeyUse[]) => Promise<void> {
  const insert = database.prepare<Row>(`insert into api_calls (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?) on conflict (request_id) do nothing`);
  const touch = database.prepare<[string, string, string]>('update api_keys set last_used_at = ? where id = ? and (last_used_at is null or last_used_at < ?)');
  const writeAll = database.transaction((rows: Row[], lastUse: KeyUse[]) => {
    for (const row of rows) insert.run(...row);
    for (const [keyId, usedAt] of lastUse) touch.run(usedAt, keyId, usedAt);
  });
  return async (rows, lastUse) => writeAll(rows, lastUse);
}

/**
 * The rows and their keys' last use, in one statement and so one commit: a busy server's many keys
 * once cost a statement and a commit each per flush (32 keys: ~130 commits a second). The keys'
 * rows are locked in id order first, so two instances flushing at once cannot deadlock.
 */
async function postgresWrite(store: Store, rows: Row[], lastUse: KeyUse[]): Promise<void> {
  const column = (index: number) => rows.map((row) => row[index]);
  await sql`with inserted as (
      insert into api_calls (${sql.raw(COLUMNS)})
      select * from unnest(${column(0)}::text[], ${column(1)}::text[], ${column(2)}::text[], ${column(3)}::text[], ${column(4)}::integer[], ${column(5)}::bigint[], ${column(6)}::text[])
      on conflict (request_id) do nothing),
    used as (select * from unnest(${lastUse.map(([keyId]) => keyId)}::text[], ${lastUse.map(([, usedAt]) => usedAt)}::text[]) as used(id, at)),
    locked as (select id from api_keys where id in (select id from used) order by id for update)
    update api_keys set last_used_at = used.at
      from used join locked on locked.id = used.id
     where api_keys.id = used.id and (api_keys.last_used_at is null or api_keys.last_used_at < used.at)`.execute(store.db);
}
