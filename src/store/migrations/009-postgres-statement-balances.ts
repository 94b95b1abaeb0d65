import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * PostgreSQL moves an account's balance once per statement, not once per entry.
 *
 * Until now a row trigger (migration 001) updated the account's row for every entry inserted and
 * wrote the balance after it into the entry. A turn of the ledger (migration 008) writes all its
 * calls on an account in one statement, so its row was updated once per call in one transaction:
 * a chain of row versions that each next update, and each entry's foreign-key check, walked again
 * (a turn of 310 entries on one account took ~18 ms, against ~7 once the balance moves once).
 *
 * The rule is now the one SQLite's trigger applies: the writer states `balance_after_micros`
 * (the balance before its statement plus the running sum of the statement's entries on that
 * account, in id order), and a statement trigger adds each account's sum to its balance and
 * refuses the whole statement unless every stated balance is exactly right and none is below zero.
 * So the database still keeps every balance equal to the sum of its entries, whoever writes them;
 * a writer that read the balance without its row lock, while another transaction moved it, is
 * refused rather than recorded wrong. The ledger's writers lock the rows first: a turn, a turn's
 * items written again one by one, a credit, a debit.
 *
 * `ledger_apply_turn` is otherwise unchanged: the same inputs, order and answers (migration 008);
 * a part of the turn with nothing to write (no settlements, say) is skipped, trigger and all.
 */
export function postgresStatementBalancesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`drop trigger ledger_entries_apply on ledger_entries`.execute(db);
      await sql`drop function ledger_entries_apply()`.execute(db);
      await sql`
        create function ledger_entries_apply() returns trigger language plpgsql as $$
        declare
          wrong record;
        begin
          with totals as (
            select account_id, sum(amount_micros) as delta from new_entries group by account_id),
          moved as (
            update accounts set balance_micros = accounts.balance_micros + totals.delta
              from totals
             where accounts.id = totals.account_id
            returning accounts.id, accounts.balance_micros - totals.delta as before)
          select running.account_id, running.stated, running.actual into wrong
            from (select entry.account_id, entry.balance_after_micros as stated,
                         moved.before + sum(entry.amount_micros) over (partition by entry.account_id order by entry.id) as actual
                    from new_entries as entry
                    left join moved on moved.id = entry.account_id) as running
           where running.actual is distinct from running.stated or running.actual < 0
           limit 1;
          if not found then
            return null;
          end if;
          if wrong.actual is null then
            raise foreign_key_violation using message = 'no account ' || wrong.account_id;
          end if;
          if wrong.actual < 0 then
            raise check_violation using message = 'an entry would take the balance of ' || wrong.account_id || ' below zero';
          end if;
          raise check_violation using message = 'balance_after_micros does not match the balance: ' || wrong.stated || ' stated, ' || wrong.actual || ' true';
        end $$`.execute(db);
      await sql`
        create trigger ledger_entries_apply after insert on ledger_entries
          referencing new table as new_entries
          for each statement execute function ledger_entries_apply()`.execute(db);

      // The same turn as before, now stating each entry's balance after it, read from its
      // account's row: the caller holds the rows' locks (the turn, or the statement that writes a
      // refused turn again item by item). A part with nothing to write is skipped.
      await sql`
        create or replace function ledger_apply_turn(turn jsonb)
        returns table (item integer, balance bigint)
        language plpgsql as $$
        begin
          if jsonb_array_length(turn->'s') > 0 then
            return query
            with s as (
              select * from jsonb_to_recordset(turn->'s') as s(i integer, a text, r text, k text, c bigint, e text, t text, n bigint,
                                                               key text, status integer, headers text, body text, x bigint)),
            due as (
              select s.i, hold.account_id, hold.request_id, s.k, -hold.amount_micros - s.c as amount, s.c, s.e, s.t
                from s
                join ledger_entries as hold on hold.request_id = s.r and hold.account_id = s.a and hold.kind = 'hold'
                join open_holds as open on open.request_id = s.r
               where -hold.amount_micros >= s.c and (s.k = 'release' or open.lease_expires_at > s.n)),
            settled as (
              insert into ledger_entries (account_id, request_id, kind, amount_micros, cost_micros, endpoint_id, created_at, balance_after_micros)
              select due.account_id, due.request_id, due.k, due.amount, due.c, due.e, due.t,
                     account.balance_micros + sum(due.amount) over (partition by due.account_id order by due.i)
                from due
                left join accounts as account on account.id = due.account_id
               order by due.i
              returning request_id, balance_after_micros),
            closed as (delete from open_holds where request_id in (select request_id from settled)),
            stored as (
              update idempotency_keys as keys
                 set state = 'done', status = s.status, headers = s.headers, body = s.body, expires_at = s.x
                from s
               where s.key is not null and keys.account_id = s.a and keys.key = s.key
                 and s.r in (select request_id from settled))
            select s.i, settled.balance_after_micros from s join settled on settled.request_id = s.r;
          end if;

          if jsonb_array_length(turn->'h') > 0 then
            with h as (
              select * from jsonb_to_recordset(turn->'h') as h(i integer, a text, r text, m bigint, e text, t text, l bigint)),
            entries as (
              insert into ledger_entries (account_id, request_id, kind, amount_micros, endpoint_id, created_at, balance_after_micros)
              select h.a, h.r, 'hold', -h.m, h.e, h.t, account.balance_micros - sum(h.m) over (partition by h.a order by h.i)
                from h
                left join accounts as account on account.id = h.a
               order by h.i)
            insert into open_holds (request_id, account_id, endpoint_id, lease_expires_at)
            select r, a, e, l from h;
          end if;

          if jsonb_array_length(turn->'c') > 0 then
            return query
            with c as (
              select * from jsonb_to_recordset(turn->'c') as c(i integer, a text, r text, c bigint, e text, t text,
                                                               key text, status integer, headers text, body text, x bigint)),
            charged as (
              insert into ledger_entries (account_id, request_id, kind, amount_micros, cost_micros, endpoint_id, created_at, balance_after_micros)
              select c.a, c.r, 'capture', -c.c, c.c, c.e, c.t, account.balance_micros - sum(c.c) over (partition by c.a order by c.i)
                from c
                left join accounts as account on account.id = c.a
               order by c.i
              returning request_id, balance_after_micros),
            stored as (
              update idempotency_keys as keys
                 set state = 'done', status = c.status, headers = c.headers, body = c.body, expires_at = c.x
                from c
               where c.key is not null and keys.account_id = c.a and keys.key = c.key)
            select c.i, charged.balance_after_micros from c join charged on charged.request_id = c.r;
          end if;
        end $$`.execute(db);
    },
  };
}
