import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * SQLite's ledger, made cheaper to write; the rows and the rules stay the same. PostgreSQL's ledger
 * is unchanged.
 * - No AUTOINCREMENT: it rewrites the sqlite_sequence page at every commit. Without it a new id is
 *   still the largest so far plus one, and the ledger never deletes, so ids still only grow.
 * - The trigger looks the account up once per entry instead of twice: the balance moves only if
 *   the entry states the balance after it exactly, and the entry is refused when nothing moved (a
 *   wrong statement, or no such account). Within a trigger, changes() counts its own last statement.
 */
export function sqliteLedgerHotPathMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'sqlite') return;
      await sql`
        create table ledger_entries_rebuilt (
          id integer primary key,
          account_id text not null references accounts (id),
          request_id text not null,
          kind text not null check (kind in ('credit', 'hold', 'capture', 'release')),
          amount_micros bigint not null,
          cost_micros bigint not null default 0,
          balance_after_micros bigint not null,
          endpoint_id text,
          created_at text not null
        )`.execute(db);
      await sql`
        insert into ledger_entries_rebuilt (id, account_id, request_id, kind, amount_micros, cost_micros, balance_after_micros, endpoint_id, created_at)
        select id, account_id, request_id, kind, amount_micros, cost_micros, balance_after_micros, endpoint_id, created_at from ledger_entries`.execute(db);
      await sql`drop table ledger_entries`.execute(db); // with its index and trigger
      await sql`alter table ledger_entries_rebuilt rename to ledger_entries`.execute(db);
      await sql`create unique index ledger_entries_request on ledger_entries (request_id, (kind in ('capture', 'release')))`.execute(db);
      await sql`
        create trigger ledger_entries_apply after insert on ledger_entries
        begin
          update accounts set balance_micros = balance_micros + new.amount_micros
            where id = new.account_id and balance_micros + new.amount_micros = new.balance_after_micros;
          select raise(abort, 'balance_after_micros does not match the balance') where changes() = 0;
        end`.execute(db);
    },
  };
}
