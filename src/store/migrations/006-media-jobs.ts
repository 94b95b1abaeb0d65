import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Media jobs (src/jobs):
 * - `media_jobs`: one row per job, the queue itself. `due_at` is when a worker should next act on
 *   it (submit, poll, deliver its webhook; null once nothing is left to do), `claimed_by` and
 *   `claim_expires_at` the lease of the worker acting on it. `hold_request_id` is the ledger hold
 *   the job settles on completion. `submission` (the vendor's request id and handle) is written
 *   before anything waits on the vendor, and `status = 'submitting'` before the vendor is asked,
 *   so a restart never submits a job twice. `upstream_cost_micros` is what the job cost the operator
 *   at the vendor's list price (the operator's margin pages add it to the queue call's).
 * - `media_files`: the files a job made, copied into Tollgate's storage; served by file id.
 * - `accounts.webhook_secret`: the account's Standard Webhooks signing secret (made on first use).
 * - `server_secrets`: secrets every instance shares (the key that signs media file URLs).
 */
export function mediaJobsMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('media_jobs')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id'))
        .addColumn('model', 'text', (column) => column.notNull())
        .addColumn('request', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) =>
          column.notNull().check(sql`status in ('queued', 'submitting', 'running', 'succeeded', 'failed', 'canceled')`),
        )
        .addColumn('hold_request_id', 'text', (column) => column.notNull().unique())
        .addColumn('max_micros', 'bigint', (column) => column.notNull())
        .addColumn('cost_micros', 'bigint')
        .addColumn('upstream_cost_micros', 'bigint')
        .addColumn('vendor', 'text')
        .addColumn('submission', 'text')
        .addColumn('queue_position', 'integer')
        .addColumn('progress', 'real')
        .addColumn('result', 'text')
        .addColumn('error_code', 'text')
        .addColumn('error_message', 'text')
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('cancel_requested', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('completed_at', 'bigint')
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .addColumn('purged_at', 'bigint')
        .addColumn('due_at', 'bigint')
        .addColumn('claimed_by', 'text')
        .addColumn('claim_expires_at', 'bigint')
        .addColumn('webhook_url', 'text')
        .addColumn('webhook_state', 'text', (column) => column.check(sql`webhook_state in ('pending', 'delivered', 'abandoned')`))
        .addColumn('webhook_attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('webhook_last_error', 'text')
        .execute();
      await db.schema.createIndex('media_jobs_due').on('media_jobs').column('due_at').execute();
      await db.schema.createIndex('media_jobs_expiry').on('media_jobs').column('expires_at').execute();
      await db.schema.createIndex('media_jobs_queued').on('media_jobs').columns(['status', 'created_at']).execute();

      await db.schema
        .createTable('media_files')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('job_id', 'text', (column) => column.notNull().references('media_jobs.id'))
        .addColumn('position', 'integer', (column) => column.notNull())
        .addColumn('storage_key', 'text', (column) => column.notNull())
        .addColumn('mime_type', 'text', (column) => column.notNull())
        .addColumn('bytes', 'bigint', (column) => column.notNull())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('duration_seconds', 'real')
        .addUniqueConstraint('media_files_job_position', ['job_id', 'position'])
        .execute();

      await db.schema.alterTable('accounts').addColumn('webhook_secret', 'text').execute();

      await db.schema
        .createTable('server_secrets')
        .addColumn('name', 'text', (column) => column.primaryKey())
        .addColumn('value', 'text', (column) => column.notNull())
        .execute();
    },
  };
}
