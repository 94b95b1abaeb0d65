import type { Migration } from 'kysely';
import type { Dialect } from '../database';
import { ledgerMigration } from './001-ledger';
import { sqliteLedgerHotPathMigration } from './002-sqlite-ledger-hot-path';
import { leasesAndIdempotencyMigration } from './003-leases-and-idempotency';
import { postgresBatchSettlementMigration } from './004-postgres-batch-settlement';
import { dashboardMigration } from './005-dashboard';
import { mediaJobsMigration } from './006-media-jobs';
import { keyLimitsMigration } from './007-key-limits';
import { postgresSettlementTurnsMigration } from './008-postgres-settlement-turns';
import { postgresStatementBalancesMigration } from './009-postgres-statement-balances';
import { mediaJobKeysMigration } from './010-media-job-keys';
import { suspensionReasonsMigration } from './011-suspension-reasons';
import { adminSessionsMigration } from './012-admin-sessions';

export interface NamedMigration {
  /** Recorded in kysely_migration once applied; never rename one. Names sort in the order they run. */
  name: string;
  migration: (dialect: Dialect) => Migration;
}

/**
 * Every migration, oldest first; a new one goes at the end. Each runs in the same transaction as
 * its bookkeeping (see ../migrate.ts), so it may rebuild tables freely: a crash leaves the database
 * as it was before the start-up that crashed.
 */
export const migrations: readonly NamedMigration[] = [
  { name: '001-ledger', migration: ledgerMigration },
  { name: '002-sqlite-ledger-hot-path', migration: sqliteLedgerHotPathMigration },
  { name: '003-leases-and-idempotency', migration: leasesAndIdempotencyMigration },
  { name: '004-postgres-batch-settlement', migration: postgresBatchSettlementMigration },
  { name: '005-dashboard', migration: dashboardMigration },
  { name: '006-media-jobs', migration: mediaJobsMigration },
  { name: '007-key-limits', migration: keyLimitsMigration },
  { name: '008-postgres-settlement-turns', migration: postgresSettlementTurnsMigration },
  { name: '009-postgres-statement-balances', migration: postgresStatementBalancesMigration },
  { name: '010-media-job-keys', migration: mediaJobKeysMigration },
  { name: '011-suspension-reasons', migration: suspensionReasonsMigration },
  { name: '012-admin-sessions', migration: adminSessionsMigration },
];
