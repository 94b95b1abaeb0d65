import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * PostgreSQL's ledger settles in turns, as SQLite's does: a call answered within the turn that
 * reserved it is written as one capture entry, in one commit, instead of a hold entry and then a
 * capture entry in two (ledger/postgres-settlement.ts). The rows and the rules stay the same.
 *
 * A turn is a transaction that first locks its accounts' rows (`select … for update`, in id
 * order) and grants holds in memory from the balances it locked; `ledger_apply_turn(turn)` then
 * writes what the turn leaves, and the commit follows in the same round trip. In this order:
 * 1. the settlements (captures and releases) of holds written by earlier turns — only a hold with
 *    its `open_holds` row, so a request settled meanwhile by another instance is refused here, not
 *    by the unique index failing the statement; a capture also needs an unexpired lease. A
 *    capture's response is stored under its idempotency key in the same statement;
 * 2. the turn's holds still open (their calls still running), as hold entries with their
 *    `open_holds` rows: settled by a later turn, or released by the reconciler;
 * 3. the turn's captures of its own holds, each one entry of the cost, with its stored response.
 * Every entry is still an INSERT that the trigger applies to its balance under the accounts CHECK.
 * It answers, per settlement and capture written, the balance after it; one refused (no open
 * hold, a cost over it, an expired lease) is absent.
 *
 * Without the turn's locks (a turn written again item by item after the database refused it
 * whole) each item alone is still exact: the trigger moves the balance and the CHECK refuses an
 * overdraft. `ledger_apply_batch` (migration 004) is no longer called.
 */
export function postgresSettlementTurnsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`drop function if exists ledger_apply_batch(jsonb)`.execute(db);
      // Inputs (jsonb arrays, short keys):
      //   s: settlements of written holds {i, a: account, r: request, k: 'capture'|'release',
      //      c: cost, e: endpoint, t: created_at, n: now (ms), key?, status?, headers?, body?, x?}
      //   h: holds to write {i, a, r, m: micros, e, t, l: lease expiry (ms)}
      //   c: captures of the turn's own holds {i, a, r, c: cost, e, t, key?, status?, headers?, body?, x?}
      //   (key … x: the response to store under an idempotency key, x its expiry in ms)
      await sql`
        create function ledger_apply_turn(turn jsonb)
        returns table (item integer, balance bigint)
        language plpgsql as $$
        begin
          return query
          with s as (
            select * from jsonb_to_recordset(turn->'s') as s(i integer, a text, r text, k text, c bigint, e text, t text, n bigint,
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
          select s.i, settled.balance_after_micros from s join settled on settled.request_id = s.r;

          with h as (
            select * from jsonb_to_recordset(turn->'h') as h(i integer, a text, r text, m bigint, e text, t text, l bigint)),
          entries as (
            insert into ledger_entries (account_id, request_id, kind, amount_micros, endpoint_id, created_at, balance_after_micros)
            select a, r, 'hold', -m, e, t, 0 from h order by i)
          insert into open_holds (request_id, account_id, endpoint_id, lease_expires_at)
          select r, a, e, l from h;

          return query
          with c as (
            select * from jsonb_to_recordset(turn->'c') as c(i integer, a text, r text, c bigint, e text, t text,
                                                             key text, status integer, headers text, body text, x bigint)),
          charged as (
            insert into ledger_entries (account_id, request_id, kind, amount_micros, cost_micros, endpoint_id, created_at, balance_after_micros)
            select a, r, 'capture', -c.c, c.c, e, t, 0 from c order by i
            returning request_id, balance_after_micros),
          stored as (
            update idempotency_keys as keys
               set state = 'done', status = c.status, headers = c.headers, body = c.body, expires_at = c.x
              from c
             where c.key is not null and keys.account_id = c.a and keys.key = c.key)
          select c.i, charged.balance_after_micros from c join charged on charged.request_id = c.r;
        end $$`.execute(db);
    },
  };
}
