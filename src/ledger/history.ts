import { sql, type Kysely } from 'kysely';
import type { Database, LedgerEntryKind } from '../store/schema';
import type { Micros } from '../core/money';

export type UsageGrouping = 'day' | 'endpoint' | 'key';

export interface UsageQuery {
  /** First day, `YYYY-MM-DD` (UTC), included. */
  from: string;
  /** Last day, `YYYY-MM-DD` (UTC), included. */
  to: string;
  groupBy: UsageGrouping;
  /** Only this key's calls. */
  keyId?: string;
}

export interface UsageRow {
  /** The day, the endpoint id or the key id. */
  group: string;
  calls: number;
  costMicros: Micros;
}

export interface LedgerEntryView {
  id: number;
  requestId: string;
  kind: LedgerEntryKind;
  amountMicros: Micros;
  costMicros: Micros;
  balanceAfterMicros: Micros;
  endpointId: string | null;
  createdAt: string;
}

/** The day after `YYYY-MM-DD`, as the exclusive upper bound of an ISO timestamp range. */
export function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/**
 * What an account did and paid, read for the dashboard and GET /v1/account/usage|ledger. Every
 * query takes the account id and filters by it: no read here can reach another account's rows.
 * Reads go through `exclusive` (Ledger.exclusive) so that what the SQLite settlement still keeps in
 * memory is written first.
 */
export class AccountHistory {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly exclusive: <T>(work: () => Promise<T>) => Promise<T>,
    /** Writes the call log's pending rows (usage reads them). */
    private readonly flushCalls: () => Promise<void>,
  ) {}

  /** Successful calls (2xx) and what they cost, grouped; a call's cost is its capture in the ledger. */
  async usage(accountId: string, query: UsageQuery): Promise<UsageRow[]> {
    await this.flushCalls();
    const group =
      query.groupBy === 'day' ? sql<string>`substr(call.created_at, 1, 10)` : query.groupBy === 'endpoint' ? sql<string>`call.endpoint_id` : sql<string>`call.key_id`;
    const rows = await this.exclusive(() =>
      this.db
        .selectFrom('api_calls as call')
        .leftJoin('ledger_entries as charge', (join) => join.onRef('charge.request_id', '=', 'call.request_id').on('charge.kind', '=', 'capture'))
        .select([group.as('grouped'), sql<number | string>`count(*)`.as('calls'), sql<number | string>`coalesce(sum(charge.cost_micros), 0)`.as('cost')])
        .where('call.account_id', '=', accountId)
        .where('call.created_at', '>=', query.from)
        .where('call.created_at', '<', dayAfter(query.to))
        .where('call.status', '<', 400)
        .$if(query.keyId !== undefined, (builder) => builder.where('call.key_id', '=', query.keyId!))
        .groupBy(group)
        .orderBy(group)
        .execute(),
    );
    return rows.map((row) => ({ group: row.grouped, calls: Number(row.calls), costMicros: Number(row.cost) }));
  }

  /** Ledger entries, newest first, `limit` at a time; `before` is the id the previous page ended at. */
  async entries(accountId: string, page: { limit: number; before?: number }): Promise<{ entries: LedgerEntryView[]; nextBefore: number | null }> {
    const rows = await this.exclusive(() =>
      this.db
        .selectFrom('ledger_entries')
        .selectAll()
        // The expression the billing index (migration 005) is built on.
        .where(sql`(account_id || '')`, '=', accountId)
        .$if(page.before !== undefined, (builder) => builder.where('id', '<', page.before!))
        .orderBy('id', 'desc')
        .limit(page.limit + 1)
        .execute(),
    );
    const entries = rows.slice(0, page.limit).map((row) => ({
      id: Number(row.id),
      requestId: row.request_id,
      kind: row.kind,
      amountMicros: Number(row.amount_micros),
      costMicros: Number(row.cost_micros),
      balanceAfterMicros: Number(row.balance_after_micros),
      endpointId: row.endpoint_id,
      createdAt: row.created_at,
    }));
    return { entries, nextBefore: rows.length > page.limit ? entries[entries.length - 1]!.id : null };
  }

  /** Credits received in all, and what was spent since `since` (ISO). */
  async totals(accountId: string, since: string): Promise<{ creditsMicros: Micros; spentMicros: Micros }> {
    const row = await this.exclusive(() =>
      this.db
        .selectFrom('ledger_entries')
        .select([
          sql<number | string>`coalesce(sum(case when kind = 'credit' then amount_micros else 0 end), 0)`.as('credits'),
          sql<number | string>`coalesce(sum(case when kind = 'capture' and created_at >= ${since} then cost_micros else 0 end), 0)`.as('spent'),
        ])
        .where(sql`(account_id || '')`, '=', accountId)
        .executeTakeFirst(),
    );
    return { creditsMicros: Number(row?.credits ?? 0), spentMicros: Number(row?.spent ?? 0) };
  }
}
