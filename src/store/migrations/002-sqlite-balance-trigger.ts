import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * SQLite's ledger trigger, one lookup of the account per entry instead of two: the balance moves
 * only if the entry states the balance after it correctly, and the entry is refused when nothing
 * moved (a wrong statement, or no such account). Within a trigger, changes() counts the trigger's
 * own last statement. PostgreSQL's trigger sets the balance itself and is unchanged.
 */
export function sqliteBalanceTriggerMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'sqlite') return;
      await sql`drop trigger ledger_entries_apply`.execute(db);
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
