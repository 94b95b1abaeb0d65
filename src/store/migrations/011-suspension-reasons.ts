import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * `accounts.suspension_reason`: why the account is suspended (the operator's words, or the payment
 * dispute that suspended it), shown to the operator by /admin and `tollgate accounts show`; null
 * while the account is active, and for suspensions made before this migration.
 */
export function suspensionReasonsMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('accounts').addColumn('suspension_reason', 'text').execute();
    },
  };
}
