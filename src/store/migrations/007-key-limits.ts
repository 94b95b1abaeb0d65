import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Per-key spending limits (ledger/key-budgets.ts):
 * - `api_keys.daily_limit_micros`, `monthly_limit_micros` (null: no cap) and `allowed_areas`
 *   (comma-separated endpoint areas; null: every area);
 * - `key_spend`: what a key has spent in one UTC day (`period` 2026-11-27) or month (2026-11),
 *   counting its calls in flight at their hold; a hold is admitted by one conditional update of
 *   this row, so concurrent calls can never take more than the cap;
 * - `key_holds`: the part of a call's hold counted against its key, until the call settles (the
 *   periods it was counted in, so a call that settles after midnight corrects the day it was
 *   held in). The reconciler settles what a crash left here from the ledger's own settlement.
 */
export function keyLimitsMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('api_keys').addColumn('daily_limit_micros', 'bigint').execute();
      await db.schema.alterTable('api_keys').addColumn('monthly_limit_micros', 'bigint').execute();
      await db.schema.alterTable('api_keys').addColumn('allowed_areas', 'text').execute();

      await db.schema
        .createTable('key_spend')
        .addColumn('key_id', 'text', (column) => column.notNull().references('api_keys.id'))
        .addColumn('period', 'text', (column) => column.notNull())
        .addColumn('spent_micros', 'bigint', (column) => column.notNull().defaultTo(0).check(sql`spent_micros >= 0`))
        .addPrimaryKeyConstraint('key_spend_pk', ['key_id', 'period'])
        .execute();

      await db.schema
        .createTable('key_holds')
        .addColumn('request_id', 'text', (column) => column.primaryKey())
        .addColumn('key_id', 'text', (column) => column.notNull().references('api_keys.id'))
        .addColumn('account_id', 'text', (column) => column.notNull())
        .addColumn('day', 'text', (column) => column.notNull())
        .addColumn('month', 'text', (column) => column.notNull())
        .addColumn('micros', 'bigint', (column) => column.notNull())
        .addColumn('lease_expires_at', 'bigint', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('key_holds_lease').on('key_holds').column('lease_expires_at').execute();
    },
  };
}
