import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { migrateToLatest } from './migrate';
import { loadPostgresDriver } from './postgres-driver';
import { noteDriverFailures } from './unreachable';
import { BackgroundCheckpoints, type CheckpointListener } from './sqlite-checkpoints';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The SQLite connection itself, for the ledger's hot path (see ledger/sqlite-settlement.ts). */
  sqlite?: SQLite.Database;
  /** The PostgreSQL pool itself, for the ledger's turns (see ledger/postgres-settlement.ts). */
  postgres?: pg.Pool;
  /** SQLite's checkpoints on their own thread, when the store was opened with them. */
  checkpoints?: BackgroundCheckpoints;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** PostgreSQL when set; otherwise SQLite under `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to use (created if missing); tests isolate themselves with it. */
  postgresSchema?: string;
  /**
   * SQLite: checkpoint the write-ahead log on a thread of its own (sqlite-checkpoints.ts), as a
   * long-running server should; told when checkpoints start failing and when they recover. A CLI
   * command does without.
   */
  backgroundCheckpoints?: CheckpointListener;
  /** Told the names of the migrations this opening applied, oldest first; not called when there were none. */
  onMigrated?: (names: readonly string[]) => void;
}

const INT8_OID = 20;

/** What a start says of the migrations it applied (the server's and worker's log, the CLI's stderr). */
export function appliedMigrations(names: readonly string[]): string {
  return `applied database migrations: ${names.join(', ')}`;
}

/** Opens the database and brings it to the latest migration. */
export async function openStore(options: StoreOptions): Promise<Store> {
  const store = options.databaseUrl ? await openPostgres(options.databaseUrl, options.postgresSchema) : openSqlite(options.dataDir, options.backgroundCheckpoints);
  let applied: readonly string[];
  try {
    applied = await migrateToLatest(store, store.dialect === 'postgres' ? (options.postgresSchema ?? (await currentSchema(store))) : undefined);
  } catch (error) {
    // Closed at once: a PostgreSQL pool's idle connections would otherwise keep a refused start
    // (or CLI command) alive until they time out, ten seconds after it has said why it stopped.
    await store.close().catch(() => {});
    throw error;
  }
  if (applied.length > 0) options.onMigrated?.(applied);
  return store;
}

/** How long start-up waits for another process's lock on the SQLite file. */
const SQLITE_START_WAIT_MS = 60_000;

function pragmaWhenFree(database: SQLite.Database, statement: string): void {
  const deadline = Date.now() + SQLITE_START_WAIT_MS;
  for (;;) {
    try {
      database.pragma(statement);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
      // Start-up is synchronous here; a short blocking pause is what it can do.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
    }
  }
}

function openSqlite(dataDir: string, backgroundCheckpoints: StoreOptions['backgroundCheckpoints']): Store {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'tollgate.db');
  const database = new SQLite(file);
  // Another process starting beside this one may hold the file's lock while it migrates, and
  // SQLite answers the switch to WAL with SQLITE_BUSY at once, busy timeout or not: wait it out.
  pragmaWhenFree(database, 'journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  // Checkpoint every ~40 MB of WAL rather than ~4 MB: the ledger's hot pages are rewritten on
  // every commit, and a checkpoint copies only their latest version. With background checkpoints
  // this one only finishes what the thread has copied, and keeps the log bounded if it stops.
  database.pragma('wal_autocheckpoint = 10000');
  // The CLI writes to the same file while the server runs: wait for the lock instead of failing.
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  const checkpoints = backgroundCheckpoints && new BackgroundCheckpoints(file, backgroundCheckpoints);
  return {
    db,
    dialect: 'sqlite',
    sqlite: database,
    ...(checkpoints ? { checkpoints } : {}),
    close: async () => {
      await checkpoints?.close();
      await db.destroy();
    },
  };
}

async function openPostgres(databaseUrl: string, schema: string | undefined): Promise<Store> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid PostgreSQL schema name: ${schema}`);
  const pg = await loadPostgresDriver();
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    // Who the connections are in pg_stat_activity, unless the URL's application_name or PGAPPNAME says otherwise.
    fallback_application_name: 'tollgate',
    max: 10,
    // A database that does not answer fails the call (503) instead of holding it until its deadline.
    connectionTimeoutMillis: 5_000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    // Money is bigint in PostgreSQL; micro-USD stays far below 2^53, so plain numbers are exact.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server dropped (a restart, an administrator's terminate) is removed by
  // the pool, and the next query opens a fresh one; unhandled, its error would end the process.
  pool.on('error', () => {});
  // So would a connection dropped while checked out (a Kysely query, a ledger turn): the pool
  // listens only to idle ones. The statement running on it fails with the same error (503
  // UNAVAILABLE), and the pool discards a connection that errored when it is given back.
  pool.on('connect', (client) => client.on('error', () => {}));
  // A failure the driver reports can be told from any other network error (unreachable.ts).
  noteDriverFailures(pool);
  if (schema) await pool.query(`create schema if not exists ${schema}`);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', postgres: pool, close: () => db.destroy() };
}

async function currentSchema(store: Store): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(store.db);
  return rows[0]!.schema;
}
