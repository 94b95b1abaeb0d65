import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema';
import type { Micros } from '../core/money';

export interface ActivityRow {
  /** The day or the endpoint id. */
  group: string;
  /** Successful calls (2xx). */
  calls: number;
  /** Refused requests (4xx): bad input, no credit, rate limits. */
  clientErrors: number;
  /** Failures on our side (5xx). */
  serverErrors: number;
  /** Of those, the upstream's (502 UPSTREAM_ERROR and STREAM_ERROR, 504 deadline). */
  upstreamFailures: number;
  revenueMicros: Micros;
  /** What the vendors' requests cost the operator (failed calls' included: the vendor billed them). */
  upstreamCostMicros: Micros;
}

/**
 * The operator's figures over every account, from the call log joined with the ledger's captures.
 * Reads the call log by time (its index); the operator's pages are read rarely.
 */
export async function activity(db: Kysely<Database>, since: string, groupBy: 'day' | 'endpoint'): Promise<ActivityRow[]> {
  const group = groupBy === 'day' ? sql<string>`substr(call.created_at, 1, 10)` : sql<string>`call.endpoint_id`;
  const rows = await db
    .selectFrom('api_calls as call')
    .leftJoin('ledger_entries as charge', (join) => join.onRef('charge.request_id', '=', 'call.request_id').on('charge.kind', '=', 'capture'))
    // A media job settles after its call: its charge is the call's capture, its vendor cost the job's.
    .leftJoin('media_jobs as job', 'job.hold_request_id', 'call.request_id')
    .select([
      group.as('grouped'),
      sql<number | string>`sum(case when call.status < 400 then 1 else 0 end)`.as('calls'),
      sql<number | string>`sum(case when call.status >= 400 and call.status < 500 then 1 else 0 end)`.as('client_errors'),
      sql<number | string>`sum(case when call.status >= 500 then 1 else 0 end)`.as('server_errors'),
      sql<number | string>`sum(case when call.status in (502, 504) then 1 else 0 end)`.as('upstream_failures'),
      sql<number | string>`coalesce(sum(charge.cost_micros), 0)`.as('revenue'),
      sql<number | string>`coalesce(sum(call.upstream_cost_micros + coalesce(job.upstream_cost_micros, 0)), 0)`.as('upstream_cost'),
    ])
    .where('call.created_at', '>=', since)
    .groupBy(group)
    .orderBy(group)
    .execute();
  return rows.map((row) => ({
    group: row.grouped,
    calls: Number(row.calls),
    clientErrors: Number(row.client_errors),
    serverErrors: Number(row.server_errors),
    upstreamFailures: Number(row.upstream_failures),
    revenueMicros: Number(row.revenue),
    upstreamCostMicros: Number(row.upstream_cost),
  }));
}

export interface AccountRow {
  id: string;
  email: string;
  balanceMicros: Micros;
  createdAt: string;
  suspendedAt: string | null;
  suspensionReason: string | null;
}

/** Accounts whose e-mail contains `query` or whose id is `query`, newest first (at most 50). */
export async function searchAccounts(db: Kysely<Database>, query: string): Promise<AccountRow[]> {
  const pattern = `%${query.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'email', 'balance_micros', 'created_at', 'suspended_at', 'suspension_reason'])
    .$if(query !== '', (builder) => builder.where((eb) => eb.or([eb('id', '=', query), sql<boolean>`email like ${pattern} escape '\\'`])))
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
  return rows.map((row) => ({ id: row.id, email: row.email, balanceMicros: Number(row.balance_micros), createdAt: row.created_at, suspendedAt: row.suspended_at, suspensionReason: row.suspension_reason }));
}

export async function findAccountRow(db: Kysely<Database>, accountId: string): Promise<AccountRow | undefined> {
  const row = await db.selectFrom('accounts').select(['id', 'email', 'balance_micros', 'created_at', 'suspended_at', 'suspension_reason']).where('id', '=', accountId).executeTakeFirst();
  return row && { id: row.id, email: row.email, balanceMicros: Number(row.balance_micros), createdAt: row.created_at, suspendedAt: row.suspended_at, suspensionReason: row.suspension_reason };
}

/** The credit entry written under `requestId` (an operator's credit form), with its account. */
export async function findCreditEntry(db: Kysely<Database>, requestId: string): Promise<{ accountId: string; amountMicros: Micros } | undefined> {
  const row = await db.selectFrom('ledger_entries').select(['account_id', 'amount_micros']).where('request_id', '=', requestId).where('kind', '=', 'credit').executeTakeFirst();
  return row && { accountId: row.account_id, amountMicros: Number(row.amount_micros) };
}
