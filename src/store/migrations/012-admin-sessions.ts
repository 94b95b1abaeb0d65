import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * `admin_sessions`: the operator's page sessions (/admin), one row per log-in, random ids like the
 * customers' `dashboard_sessions` (which need an account; the operator has none). Only an HMAC of
 * the id keyed with TOLLGATE_ADMIN_TOKEN is stored, so changing the token ends every session;
 * `expires_at` (ms since the epoch) is enforced by the server, and log-out deletes the row.
 */
export function adminSessionsMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('admin_sessions')
        .addColumn('token_hash', 'text', (column) => column.primaryKey())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .execute();
    },
  };
}
