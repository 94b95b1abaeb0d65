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
        .addColumn('balance_after_micros', 'bigint', (column) => column.notNull())
        .addColumn('endpoint_id', 'text')
        .addColumn('created_at', 'text', (column) => column.notNull())
        // One entry of each kind per request: a retried settlement cannot apply twice.
        .addUniqueConstraint('ledger_entries_request_kind', ['request_id', 'kind'])
        .execute();
      // A held request is settled once: captured or released, never both, never twice.
      await sql`create unique index ledger_entries_one_settlement on ledger_entries (request_id) where kind in ('capture', 'release')`.execute(db);
      // For the reconciler's scan of recent unsettled holds (ledger.releaseStaleHolds).
      await sql`create index ledger_entries_holds_by_time on ledger_entries (created_at) where kind = 'hold'`.execute(db);
      await db.schema
        .createIndex('ledger_entries_account')
        .on('ledger_entries')
        .columns(['account_id', 'id'])
        .execute();
    },
  };
}
