import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../store/schema';

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

/** Rows per INSERT statement (PostgreSQL's parameter limit and SQLite's both stay far away). */
const ROWS_PER_STATEMENT = 200;

/**
 * Who called what with which key, and how it ended: one row per answered API call, for the
 * dashboard's usage (by key), the keys' "last used" and the operator's errors per endpoint. The
 * money is not here — the ledger's capture of the same request id says what a call cost.
 *
 * Rows are gathered in memory and written every `flushMs` in one statement, off the calls' path:
 * a call never waits for its row. A crash loses at most the last `flushMs` of rows (usage
 * undercounts them; the ledger, and so every balance and the billing page, is unaffected).
 */
export class CallLog {
  private pending: CallRecord[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    /** Serialises the writes with the ledger's (SQLite's single writer): `Ledger.exclusive`. */
    private readonly exclusive: <T>(work: () => Promise<T>) => Promise<T>,
    private readonly log: FastifyBaseLogger,
    private readonly flushMs = 250,
  ) {}

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
      for (let start = 0; start < batch.length; start += ROWS_PER_STATEMENT) {
        const rows = batch.slice(start, start + ROWS_PER_STATEMENT).map((call) => ({
          request_id: call.requestId,
          account_id: call.accountId,
          key_id: call.keyId,
          endpoint_id: call.endpointId,
          status: call.status,
          upstream_cost_micros: call.upstreamCostMicros,
          created_at: call.createdAt,
        }));
        await this.exclusive(() => this.db.insertInto('api_calls').values(rows).onConflict((conflict) => conflict.column('request_id').doNothing()).execute());
      }
      const lastUse = new Map<string, string>();
      for (const call of batch) if ((lastUse.get(call.keyId) ?? '') < call.createdAt) lastUse.set(call.keyId, call.createdAt);
      for (const [keyId, usedAt] of lastUse) {
        await this.exclusive(() =>
          this.db.updateTable('api_keys').set({ last_used_at: usedAt }).where('id', '=', keyId)
            .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', usedAt)])).execute(),
        );
      }
    } catch (error) {
      this.log.error({ err: error, rows: batch.length }, 'call log: could not write a batch; usage misses these calls (their charges are in the ledger)');
    }
  }
}
