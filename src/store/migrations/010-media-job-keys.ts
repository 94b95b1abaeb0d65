import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * `media_jobs.key_id`: the API key whose call queued the job. The job's settlement writes that
 * call's row into the call log when it is missing (a crash lost the call log's batch), so that
 * usage, which reads the call log, lists every call a job was charged for (jobs/job-runner.ts).
 * Null for jobs queued before this migration: their calls' rows are written, or lost, as before.
 */
export function mediaJobKeysMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('media_jobs').addColumn('key_id', 'text', (column) => column.references('api_keys.id')).execute();
    },
  };
}
