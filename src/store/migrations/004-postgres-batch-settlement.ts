import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * PostgreSQL's ledger, settled in batches; the rows and the rules stay the same. SQLite's ledger
 * is unchanged.
 *
 * `ledger_apply_batch(batch)` writes a moment's holds and settlements of one instance in one
 * statement, so in one transaction and one commit (ledger/postgres-settlement.ts gathers them).
 * Every entry is still an INSERT that the trigger applies to its balance; what the function adds is
 * the order of things:
 * 1. it locks every account the batch touches, in the order of their ids — so two instances'
 *    batches queue on an account instead of deadlocking, and nothing moves those balances until
 *    the commit;
 * 2. it settles (captures and releases) the holds that are still open: only a hold with its
 *    `open_holds` row, so a request settled meanwhile by another instance is refused here, not
 *    by the unique index failing the whole batch; a capture also needs an unexpired lease. A
 *    capture's response is stored under its idempotency key in the same statement;
 * 3. it grants the holds, per account in the order they came, while their running total fits in
 *    the balance it holds locked (after the settlements gave back what they did not use): the
 *    accounts CHECK is never the one to refuse.
 * It answers, per item of the batch, the balance after its settlement (none when refused), and
 * for each hold whether it was granted (null: no such account).
 *
 * Hot rows: every entry updates its account's row. `balance_micros` is in no index, so the update
 * can be HOT (no index entries) as long as the row's page has room for the new version: the
 * accounts table keeps most of each page free (fillfactor; it is small). `open_holds` and
 * `idempotency_keys` gain and lose a row per call, so autovacuum visits them (and accounts) after a
 * fixed number of dead rows rather than a fraction of the table. The fillfactor applies to pages
 * written from now on; `VACUUM FULL accounts` rewrites the old ones (README, Storage).
 */
export function postgresBatchSettlementMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`alter table accounts set (fillfactor = 20, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 10000, autovacuum_vacuum_cost_delay = 0)`.execute(db);
      await sql`alter table open_holds set (fillfactor = 70, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 10000, autovacuum_vacuum_cost_delay = 0)`.execute(db);
      await sql`alter table idempotency_keys set (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.02)`.execute(db);
      // Inputs (jsonb arrays, short keys):
      //   s: settlements {i, a: account, r: request, k: 'capture'|'release', c: cost, e: endpoint,
      //      t: created_at, n: now (ms), key?, status?, headers?, body?, x?: the key's expiry (ms)}
      //   h: holds {i, a, r, m: micros, e, t, l: lease expiry (ms)}
      await sql`
        create function ledger_apply_batch(batch jsonb)
        returns table (item integer, settled_balance bigint, granted boolean)
        language plpgsql as $$
        begin
          perform 1 from accounts
            where id in (select x.value->>'a' from jsonb_array_elements(batch->'s') as x
                         union select x.value->>'a' from jsonb_array_elements(batch->'h') as x)
            order by id
            for update;

          return query
          with s as (
            select * from jsonb_to_recordset(batch->'s') as s(i integer, a text, r text, k text, c bigint, e text, t text, n bigint,
                                                              key text, status integer, headers text, body text, x bigint)),
          settled as (
            insert into ledger_entries (account_id, request_id, kind, amount_micros, cost_micros, endpoint_id, created_at, balance_after_micros)
            select hold.account_id, hold.request_id, s.k, -hold.amount_micros - s.c, s.c, s.e, s.t, 0
              from s
              join ledger_entries as hold on hold.request_id = s.r and hold.account_id = s.a and hold.kind = 'hold'
              join open_holds as open on open.request_id = s.r
             where -hold.amount_micros >= s.c and (s.k = 'release' or open.lease_expires_at > s.n)
             order by s.i
            returning request_id, balance_after_micros),
          closed as (delete from open_holds where request_id in (select request_id from settled)),
          stored as (
            update idempotency_keys as keys
               set state = 'done', status = s.status, headers = s.headers, body = s.body, expires_at = s.x
              from s
             where s.key is not null and keys.account_id = s.a and keys.key = s.key
               and s.r in (select request_id from settled))
          select s.i, settled.balance_after_micros, null::boolean from s join settled on settled.request_id = s.r;

          return query
          with h as (
            select * from jsonb_to_recordset(batch->'h') as h(i integer, a text, r text, m bigint, e text, t text, l bigint)),
          ranked as (
            select h.*, accounts.balance_micros as balance, sum(h.m) over (partition by h.a order by h.i) as running
              from h left join accounts on accounts.id = h.a),
          admitted as materialized (select * from ranked where running <= balance),
          entries as (
            insert into ledger_entries (account_id, request_id, kind, amount_micros, endpoint_id, created_at, balance_after_micros)
            select a, r, 'hold', -m, e, t, 0 from admitted order by i),
          opened as (
            insert into open_holds (request_id, account_id, endpoint_id, lease_expires_at)
            select r, a, e, l from admitted)
          select ranked.i, null::bigint, case when ranked.balance is null then null else ranked.running <= ranked.balance end from ranked;
        end $$`.execute(db);
    },
  };
}
