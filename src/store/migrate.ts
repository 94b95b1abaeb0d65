import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Migration,
} from 'kysely';
import type { Dialect, Store } from './database';
import { migrations } from './migrations';

/**
 * How long a start-up waits for another process's migration to finish (the write lock on SQLite;
 * Kysely's advisory lock on PostgreSQL waits as long).
 */
const MIGRATION_LOCK_WAIT_MS = 60 * 60 * 1_000;

/**
 * Brings the database to the latest migration, and returns the names of those it applied (none
 * when it was up to date). The pending migrations and their rows in kysely_migration commit in one
 * transaction, on both databases: a crash at any point leaves the database as it was, and the next
 * start-up runs them again. Two processes starting at once take turns: the second finds nothing
 * left to do. A database holding migrations this release does not know (a newer release migrated
 * it) is refused, untouched: nothing says what they changed, so nothing says this release's code
 * still reads and writes it correctly.
 */
export async function migrateToLatest(store: Store, postgresSchema: string | undefined): Promise<readonly string[]> {
  if (store.sqlite) return migrateSqlite(store.sqlite);
  return runMigrations(store.db, store.dialect, postgresSchema);
}

async function migrateSqlite(database: SQLite.Database): Promise<readonly string[]> {
  const busyTimeout: unknown = database.pragma('busy_timeout', { simple: true });
  const foreignKeys: unknown = database.pragma('foreign_keys', { simple: true });
  // Off while migrating, as SQLite's procedure for rebuilding a table asks (lang_altertable.html):
  // with it on, DROP TABLE deletes the rows first, and that would cascade to, or fail on, the rows
  // that refer to them. It cannot change inside a transaction; each migration checks the keys
  // before it commits instead (checkingForeignKeys).
  database.pragma('foreign_keys = OFF');
  database.pragma(`busy_timeout = ${MIGRATION_LOCK_WAIT_MS}`);
  try {
    // Not destroyed afterwards: that would close the connection the store goes on using.
    const db = new Kysely<any>({ dialect: new MigratingSqliteDialect(database) });
    return await runMigrations(db, 'sqlite', undefined);
  } finally {
    database.pragma(`busy_timeout = ${Number(busyTimeout)}`);
    database.pragma(`foreign_keys = ${Number(foreignKeys)}`);
  }
}

async function runMigrations(db: Kysely<any>, dialect: Dialect, postgresSchema: string | undefined): Promise<readonly string[]> {
  const pending = Object.fromEntries(
    migrations.map(({ name, migration }) => [name, dialect === 'sqlite' ? checkingForeignKeys(migration(dialect)) : migration(dialect)]),
  );
  const { error, results } = await new Migrator({
    db,
    provider: { getMigrations: async () => pending },
    // Kysely looks for its bookkeeping tables across all schemas; pin them to the one we use.
    ...(postgresSchema ? { migrationTableSchema: postgresSchema } : {}),
  }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    // Kysely refuses such a database before changing anything, in words about corruption.
    const unknown = await migrationsNotKnown(db, postgresSchema).catch(() => []);
    if (unknown.length > 0) throw new Error(newerDatabase(unknown), { cause: error });
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(failed ? `database migration ${failed.migrationName} failed: ${reason}` : `database migration failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** The migrations recorded in the database that this release does not have, in order. */
async function migrationsNotKnown(db: Kysely<any>, postgresSchema: string | undefined): Promise<string[]> {
  const recorded = await (postgresSchema ? db.withSchema(postgresSchema) : db).selectFrom('kysely_migration').select('name').execute();
  return recorded.map((row: { name: string }) => row.name).filter((name) => !migrations.some((known) => known.name === name)).sort();
}

function newerDatabase(unknown: readonly string[]): string {
  const latest = migrations.at(-1)!.name;
  const named = `migration${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`;
  if (unknown.every((name) => name > latest)) {
    return `this database was migrated by a newer Tollgate (${named}; this release knows up to ${latest}); run that release or newer`;
  }
  return `this database holds ${named}, which this release does not know (it knows up to ${latest}): it was migrated by another build of Tollgate; run that build`;
}

/** SQLite migrates with foreign keys off: a migration that breaks one fails, and nothing commits. */
function checkingForeignKeys(migration: Migration): Migration {
  return {
    ...migration,
    async up(db) {
      await migration.up(db);
      const { rows } = await sql`pragma foreign_key_check`.execute(db);
      if (rows.length > 0) throw new Error(`${rows.length} rows refer to rows that do not exist, e.g. ${JSON.stringify(rows[0])}`);
    },
  };
}

/**
 * Kysely's SQLite adapter says SQLite has no transactional DDL, so its Migrator would run every
 * statement on its own and a crash could stop a table rebuild half-way. SQLite has it: this
 * dialect says so, and its transactions BEGIN IMMEDIATE — taking the write lock before the
 * Migrator reads which migrations are done — so that a second process starting at the same moment
 * waits for the first to commit, then finds nothing pending, instead of failing to upgrade a read
 * lock to a write lock.
 */
class MigratingSqliteDialect extends SqliteDialect {
  readonly #database: SQLite.Database;

  constructor(database: SQLite.Database) {
    super({ database });
    this.#database = database;
  }

  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver({ database: this.#database });
  }
}

class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
