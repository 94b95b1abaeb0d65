import { sql } from 'kysely';
import type { Store } from '../../src/store/database';

/**
 * Makes the database refuse inserts into `table` (those matching `when`, a condition on `new`,
 * when given) until `restore` — on SQLite and on PostgreSQL alike: how a test makes one write of a
 * transaction fail, whatever the timing, to see that the rest is not left behind.
 */
export async function refuseInserts(store: Store, table: string, options: { name: string; when?: string; message: string }): Promise<{ restore(): Promise<void> }> {
  const { name, message } = options;
  const when = options.when ? sql.raw(` when (${options.when})`) : sql.raw('');
  if (store.dialect === 'sqlite') {
    await sql`create trigger ${sql.raw(name)} before insert on ${sql.raw(table)}${when} begin select raise(abort, ${sql.lit(message)}); end`.execute(store.db);
    return { restore: async () => void (await sql`drop trigger ${sql.raw(name)}`.execute(store.db)) };
  }
  await sql`create function ${sql.raw(name)}() returns trigger language plpgsql as ${sql.lit(`begin raise exception '${message.replaceAll("'", "''")}'; end`)}`.execute(store.db);
  await sql`create trigger ${sql.raw(name)} before insert on ${sql.raw(table)} for each row${when} execute function ${sql.raw(name)}()`.execute(store.db);
  return {
    restore: async () => {
      await sql`drop trigger ${sql.raw(name)} on ${sql.raw(table)}`.execute(store.db);
      await sql`drop function ${sql.raw(name)}()`.execute(store.db);
    },
  };
}
