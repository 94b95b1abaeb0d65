import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/** The lease a hold taken before this migration gets: the old reconciler's rule (10 minutes). */
const LEGACY_LEASE_MS = 10 * 60_000;

/**
 * Reservations with leases, and idempotent retries.
 * - `open_holds`: one row per hold not settled yet, with the moment its lease expires. A hold's
 *   row is written with its ledger entry and deleted with its settlement, so the reconciler reads
 *   only what is open (by lease, through the index) and its work grows with expired holds, not
 *   with the ledger. The ledger itself stays append-only.
 * - `idempotency_keys`: per account and `Idempotency-Key`, the request's fingerprint and, once it
 *   was charged, the stored response (written in the same transaction as the capture).
 * Holds left open before this migration get a lease of 10 minutes from when they were taken.
 */
export function leasesAndIdempotencyMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('open_holds')
        .addColumn('request_id', 'text', (column) => column.primaryKey())
        .addColumn('account_id', 'text', (column) => column.notNull())
        .addColumn('endpoint_id', 'text')
        .addColumn('lease_expires_at', 'bigint', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('open_holds_lease').on('open_holds').column('lease_expires_at').execute();
      const takenAtMs =
        dialect === 'postgres'
          ? sql`(extract(epoch from hold.created_at::timestamptz) * 1000)::bigint`
          : sql`cast((julianday(hold.created_at) - 2440587.5) * 86400000 as integer)`;
      await sql`
        insert into open_holds (request_id, account_id, endpoint_id, lease_expires_at)
        select hold.request_id, hold.account_id, hold.endpoint_id, ${takenAtMs} + ${LEGACY_LEASE_MS}
          from ledger_entries as hold
         where hold.kind = 'hold'
           and not exists (select 1 from ledger_entries as settlement
                            where settlement.request_id = hold.request_id and settlement.kind in ('capture', 'release'))`.execute(db);

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('account_id', 'text', (column) => column.notNull())
        .addColumn('key', 'text', (column) => column.notNull())
        .addColumn('fingerprint', 'text', (column) => column.notNull())
        .addColumn('state', 'text', (column) => column.notNull().check(sql`state in ('running', 'done')`))
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .addColumn('status', 'integer')
        .addColumn('headers', 'text')
        .addColumn('body', 'text')
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'key'])
        .execute();
      await db.schema.createIndex('idempotency_keys_expiry').on('idempotency_keys').column('expires_at').execute();
    },
  };
}
