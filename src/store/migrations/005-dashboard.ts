import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * The account dashboard (src/dashboard) and the operator's view:
 * - `accounts.suspended_at`: a suspended account's keys are refused (auth/authenticator.ts);
 * - `api_keys.name` and `last_used_at` (the latter written with the call log, not per call);
 * - `credentials`: e-mail and scrypt hash of an account that logs in to the dashboard; `mailbox` is
 *   the normalised address (dashboard/mailbox.ts) the sign-up credit is counted by;
 * - `signup_credits`: one row per mailbox ever credited, so the credit comes once per mailbox;
 * - `dashboard_sessions` and `dashboard_tokens` (e-mail verification, password reset): only the
 *   SHA-256 of each token is stored;
 * - `api_calls`: one row per answered API call (key, endpoint, status, what its vendor requests cost
 *   the operator), written in batches off the call's path (ledger/call-log.ts); usage joins it with
 *   the ledger's captures for the cost;
 * - an index of the ledger by account for the billing page. It is an index on an expression
 *   (`account_id || ''`) on purpose: only a query written with that expression can use it, so the
 *   settlement's statements keep the plans they were tuned with (see 001-ledger.ts).
 */
export function dashboardMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('accounts').addColumn('suspended_at', 'text').execute();
      await db.schema.alterTable('api_keys').addColumn('name', 'text').execute();
      await db.schema.alterTable('api_keys').addColumn('last_used_at', 'text').execute();

      await db.schema
        .createTable('credentials')
        .addColumn('account_id', 'text', (column) => column.primaryKey().references('accounts.id'))
        .addColumn('email', 'text', (column) => column.notNull().unique())
        .addColumn('mailbox', 'text', (column) => column.notNull())
        .addColumn('password_hash', 'text', (column) => column.notNull())
        .addColumn('verified_at', 'text')
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('credentials_mailbox').on('credentials').column('mailbox').execute();

      await db.schema
        .createTable('signup_credits')
        .addColumn('mailbox', 'text', (column) => column.primaryKey())
        .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id'))
        .addColumn('granted_at', 'text', (column) => column.notNull())
        .execute();

      await db.schema
        .createTable('dashboard_sessions')
        .addColumn('token_hash', 'text', (column) => column.primaryKey())
        .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id'))
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('dashboard_sessions_account').on('dashboard_sessions').column('account_id').execute();

      await db.schema
        .createTable('dashboard_tokens')
        .addColumn('token_hash', 'text', (column) => column.primaryKey())
        .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id'))
        .addColumn('purpose', 'text', (column) => column.notNull().check(sql`purpose in ('verify', 'reset')`))
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .addColumn('used_at', 'text')
        .execute();

      await db.schema
        .createTable('api_calls')
        .addColumn('request_id', 'text', (column) => column.primaryKey())
        .addColumn('account_id', 'text', (column) => column.notNull())
        .addColumn('key_id', 'text', (column) => column.notNull())
        .addColumn('endpoint_id', 'text', (column) => column.notNull())
        .addColumn('status', 'integer', (column) => column.notNull())
        .addColumn('upstream_cost_micros', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('api_calls_account').on('api_calls').columns(['account_id', 'created_at']).execute();
      await db.schema.createIndex('api_calls_time').on('api_calls').column('created_at').execute();

      await sql`create index ledger_entries_by_account on ledger_entries ((account_id || ''), id)`.execute(db);
    },
  };
}
