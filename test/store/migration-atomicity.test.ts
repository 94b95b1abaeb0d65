import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { openStore, type Store } from '../../src/store/database';
import { migrations } from '../../src/store/migrations';
import { ledgerMigration } from '../../src/store/migrations/001-ledger';
import { bundle } from '../../scripts/bundle.mjs';
import { testDatabaseLabel } from '../helpers/test-app';

// Run bundled, as the server runs (bin/tollgate): each of the test's ~100 start-ups then loads one
// module instead of the sources through tsx's loader, which halves a start-up.
const MIGRATING_PROCESS = bundle('test/helpers/migrating-process.ts');
const LATEST = migrations.map(({ name }) => name);
const STARTS = {
  empty: { description: 'an empty database', migrated: [] as string[] },
  'first release': { description: 'a first-release database with entries', migrated: ['001-ledger'] },
};
type Start = keyof typeof STARTS;

/** Where one test database lives: a SQLite directory, or a PostgreSQL schema when DATABASE_URL is set. */
interface Location {
  dataDir: string;
  schema: string | undefined;
}

/**
 * A crash at any point of a start-up's migrations leaves the database as it was (every migration
 * commits with its bookkeeping, in one transaction), and the next start-up finishes them: each test
 * starts a server in a child process and kills it (SIGKILL) before the k-th statement from the
 * migrations' BEGIN on, for every k.
 */
describe(`migrations are atomic (${testDatabaseLabel()})`, () => {
  for (const [start, { description, migrated }] of Object.entries(STARTS) as Array<[Start, (typeof STARTS)[Start]]>) {
    test(`from ${description}: killed before any statement of the migrations, the next start-up boots with every entry and migrates to the latest`, async () => {
      const reference = await cleanStartUp(start);
      // At least BEGIN, reading what is done, recording what is not, COMMIT.
      assert.ok(reference.statements >= 4, `the migrations sent ${reference.statements} statements`);
      for (let killBefore = 1; killBefore <= reference.statements; killBefore += 1) {
        const location = await createDatabase(start);
        try {
          const crashed = await startUp(location, { killBefore });
          assert.equal(crashed.signal, 'SIGKILL', `killed before statement ${killBefore}: ${crashed.stderr}`);
          const recorded = await recordedMigrations(location);
          assert.ok([migrated, LATEST].some((version) => version.join() === recorded.join()), `killed before statement ${killBefore}, the database records ${recorded.join(', ') || 'no migration'}`);
          assert.deepEqual(await snapshotAfterStartUp(location), reference.snapshot, `killed before statement ${killBefore}`);
        } finally {
          await removeDatabase(location);
        }
      }
    });

    test(`from ${description}: two servers starting at the same moment both boot, and migrate it once`, async () => {
      const reference = await cleanStartUp(start);
      const location = await createDatabase(start);
      try {
        const at = Date.now() + 3_000;
        const servers = await Promise.all([startUp(location, { at }), startUp(location, { at })]);
        for (const server of servers) assert.equal(server.code, 0, server.stderr);
        assert.deepEqual(await snapshotAfterStartUp(location), reference.snapshot);
      } finally {
        await removeDatabase(location);
      }
    });
  }
});

/** What an uninterrupted start-up makes of `start`, and how many statements it sends. */
const references = new Map<Start, Promise<{ snapshot: Snapshot; statements: number }>>();
function cleanStartUp(start: Start): Promise<{ snapshot: Snapshot; statements: number }> {
  if (!references.has(start)) references.set(start, measureCleanStartUp(start));
  return references.get(start)!;
}

async function measureCleanStartUp(start: Start): Promise<{ snapshot: Snapshot; statements: number }> {
  const location = await createDatabase(start);
  try {
    const run = await startUp(location, {});
    assert.equal(run.code, 0, run.stderr);
    const snapshot = await snapshotAfterStartUp(location);
    assert.deepEqual(snapshot.migrations, LATEST);
    if (start === 'first release') {
      assert.deepEqual(snapshot.balances, [{ id: 'acct_a', balance_micros: 960_000 }]);
      assert.deepEqual(snapshot.openHolds.map((hold) => hold.request_id), ['req_2']);
    }
    return { snapshot, statements: (JSON.parse(run.stdout) as { statements: number }).statements };
  } finally {
    await removeDatabase(location);
  }
}

async function startUp(location: Location, { killBefore = 0, at = 0 }: { killBefore?: number; at?: number }) {
  const args = [await MIGRATING_PROCESS, location.dataDir, location.schema ?? '', String(at), String(killBefore)];
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, args, { timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, signal: error?.signal ?? null, stdout, stderr }),
    );
  });
}

async function createDatabase(start: Start): Promise<Location> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-migration-'));
  const schema = process.env.DATABASE_URL ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const db = connect({ dataDir, schema });
  try {
    if (schema) await sql`create schema ${sql.raw(schema)}`.execute(db);
    if (start === 'first release') await fillAsTheFirstReleaseDid(db, schema);
  } finally {
    await db.destroy();
  }
  return { dataDir, schema };
}

/**
 * The first release ran migration 001 alone, then served: an account with a credit, a paid call,
 * and a call still running (its hold not settled).
 */
async function fillAsTheFirstReleaseDid(db: Kysely<any>, schema: string | undefined): Promise<void> {
  const migrated = await new Migrator({
    db,
    provider: { getMigrations: async () => ({ '001-ledger': ledgerMigration(schema ? 'postgres' : 'sqlite') }) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  }).migrateToLatest();
  assert.equal(migrated.error, undefined);
  await db.insertInto('accounts').values({ id: 'acct_a', email: 'a@example.com', balance_micros: 0, created_at: '2026-11-01T00:00:00.000Z' }).execute();
  for (const [requestId, kind, amount] of [['signup', 'credit', 1_000_000], ['req_1', 'hold', -50_000], ['req_1', 'capture', 30_000], ['req_2', 'hold', -20_000]] as const) {
    await db
      .insertInto('ledger_entries')
      .values({ account_id: 'acct_a', request_id: requestId, kind, amount_micros: amount, endpoint_id: 'test', created_at: '2026-11-01T00:00:00.000Z', balance_after_micros: sql`(select balance_micros from accounts where id = 'acct_a') + ${amount}` })
      .execute();
  }
}

/** The database as it is, without the store (which would migrate it). */
function connect({ dataDir, schema }: Location): Kysely<any> {
  if (!schema) return new Kysely({ dialect: new SqliteDialect({ database: new SQLite(path.join(dataDir, 'tollgate.db')) }) });
  return new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1, options: `-c search_path=${schema}` }) }) });
}

async function recordedMigrations(location: Location): Promise<string[]> {
  const db = connect(location);
  try {
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    if (!tables.some((table) => table.name === 'kysely_migration' && (!location.schema || table.schema === location.schema))) return [];
    const rows = await db.selectFrom('kysely_migration').select('name').orderBy('name').execute();
    return rows.map((row) => String(row.name));
  } finally {
    await db.destroy();
  }
}

async function removeDatabase(location: Location): Promise<void> {
  if (location.schema) {
    const db = connect(location);
    await sql`drop schema if exists ${sql.raw(location.schema)} cascade`.execute(db);
    await db.destroy();
  }
  fs.rmSync(location.dataDir, { recursive: true, force: true });
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** Opens the store as a server does (migrating it) and describes what it finds. */
async function snapshotAfterStartUp(location: Location): Promise<Snapshot> {
  const store = await openStore({ databaseUrl: process.env.DATABASE_URL, dataDir: location.dataDir, ...(location.schema ? { postgresSchema: location.schema } : {}) });
  try {
    return await snapshot(store, location.schema);
  } finally {
    await store.close();
  }
}

async function snapshot(store: Store, schema: string | undefined) {
  const recorded = await store.db.selectFrom(sql`kysely_migration`.as('m')).select(sql<string>`name`.as('name')).orderBy('name').execute();
  return {
    migrations: recorded.map((row) => row.name),
    balances: await store.db.selectFrom('accounts').select(['id', 'balance_micros']).orderBy('id').execute(),
    entries: await store.db.selectFrom('ledger_entries').selectAll().orderBy('id').execute(),
    openHolds: await store.db.selectFrom('open_holds').selectAll().orderBy('request_id').execute(),
    schema: schema ? await postgresSchema(store, schema) : await sqliteSchema(store),
  };
}

async function sqliteSchema(store: Store) {
  const foreignKeyViolations = await sql`pragma foreign_key_check`.execute(store.db);
  assert.deepEqual(foreignKeyViolations.rows, []);
  assert.equal(store.sqlite!.pragma('integrity_check', { simple: true }), 'ok');
  assert.equal(store.sqlite!.pragma('foreign_keys', { simple: true }), 1, 'foreign keys are enforced again');
  const { rows } = await sql`select type, name, tbl_name, sql from sqlite_master order by type, name`.execute(store.db);
  return rows;
}

async function postgresSchema(store: Store, schema: string) {
  const queries = [
    sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema = current_schema() order by 1, 2`,
    sql`select tablename, indexname, indexdef from pg_indexes where schemaname = current_schema() order by 1, 2`,
    sql`select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as definition from pg_constraint where connamespace = current_schema()::regnamespace order by 1, 2`,
    sql`select event_object_table, trigger_name, action_timing, event_manipulation, action_statement from information_schema.triggers where trigger_schema = current_schema() order by 1, 2, 4`,
    sql`select proname, prosrc from pg_proc where pronamespace = current_schema()::regnamespace order by 1`,
  ];
  const described = [];
  for (const query of queries) described.push((await query.execute(store.db)).rows);
  // Each test database has a schema of its own; compare them under one name.
  return JSON.parse(JSON.stringify(described).replaceAll(schema, 'the_schema')) as unknown;
}
