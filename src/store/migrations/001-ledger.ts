import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

export function ledgerMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('email', 'text', (column) => column.notNull().unique())
        .addColumn('balance_micros', 'bigint', (column) => column.notNull().check(sql`balance_micros >= 0`))
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute();

      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id'))
        .addColumn('hash', 'text', (column) => column.notNull().unique())
        .addColumn('display_prefix', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();

      await db.schema
        .createTable('ledger_entries')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (column) =>
          dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
        )
        .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id'))
        .addColumn('request_id', 'text', (column) => column.notNull())
        .addColumn('kind', 'text', (column) =>
          column.notNull().check(sql`kind in ('credit', 'hold', 'capture', 'release')`),
        )
        .addColumn('amount_micros', 'bigint', (column) => column.notNull())
        .addColumn('cost_micros', 'bigint', (column) => column.notNull().defaultTo(0))
        // Set by the trigger below (PostgreSQL) or stated by the writer and checked by it (SQLite).
        .addColumn('balance_after_micros', 'bigint', (column) => column.notNull())
        .addColumn('endpoint_id', 'text')
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute();
      await applyEntriesToBalances(db, dialect);
      // Per request: one opening entry (a hold, or a credit) and at most one settlement — captured
      // or released, never both, never twice. It is the table's only index, because each index is
      // a page written per commit on the hot path: it finds a request's hold, and, request ids
      // sorting by time, the reconciler's window of recent holds. (No index by account yet:
      // nothing reads an account's history, and SQLite's planner preferred one to this index for
      // settlements.)
      await sql`create unique index ledger_entries_request on ledger_entries (request_id, (kind in ('capture', 'release')))`.execute(db);
    },
  };
}

/**
 * The database itself keeps every balance equal to the sum of its account's entries: inserting an
 * entry adds its amount to the balance in the same statement, and the entry records the balance
 * after it.
 * An entry that would take a balance below zero fails the accounts CHECK, and the whole statement
 * (entry included) is undone — which is how a hold the balance cannot cover is refused.
 */
async function applyEntriesToBalances(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`
      create function ledger_entries_apply() returns trigger language plpgsql as $$
      begin
        update accounts set balance_micros = balance_micros + new.amount_micros
          where id = new.account_id
          returning balance_micros into new.balance_after_micros;
        if not found then
          raise foreign_key_violation using message = 'no account ' || new.account_id;
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger ledger_entries_apply before insert on ledger_entries for each row execute function ledger_entries_apply()`.execute(db);
    return;
  }
  // SQLite's triggers cannot set NEW: the writer states the balance after the entry (computed in
  // the same statement) and the trigger refuses the entry unless it is exactly right.
  await sql`
    create trigger ledger_entries_apply after insert on ledger_entries
    begin
      update accounts set balance_micros = balance_micros + new.amount_micros where id = new.account_id;
      select raise(abort, 'balance_after_micros does not match the balance')
        where (select balance_micros from accounts where id = new.account_id) is not new.balance_after_micros;
    end`.execute(db);
}
