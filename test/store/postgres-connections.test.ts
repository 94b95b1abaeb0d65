import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openStore, type Store } from '../../src/store/database';
import { openTestStore } from '../helpers/test-app';

describe('PostgreSQL connections', { skip: process.env.DATABASE_URL === undefined && 'PostgreSQL only (DATABASE_URL)' }, () => {
  let store: Store;
  before(async () => {
    ({ store } = await openTestStore());
  });
  after(() => store?.close());

  test("say who they are in pg_stat_activity: application_name 'tollgate'", async () => {
    const viaKysely = await sql<{ name: string }>`select application_name as name from pg_stat_activity where pid = pg_backend_pid()`.execute(store.db);
    assert.equal(viaKysely.rows[0]!.name, 'tollgate');
    // The ledger's turns check connections out of the same pool.
    const viaPool = await store.postgres!.query<{ name: string }>('select application_name as name from pg_stat_activity where pid = pg_backend_pid()');
    assert.equal(viaPool.rows[0]!.name, 'tollgate');
  });

  test('an opening refused by its migrations leaves no connection behind (its pool would keep a refused start alive until they idled out)', async () => {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const url = new URL(process.env.DATABASE_URL!);
    const applicationName = `refused_${randomBytes(4).toString('hex')}`;
    url.searchParams.set('application_name', applicationName);
    const migrated = await openStore({ databaseUrl: url.toString(), dataDir: '', postgresSchema: schema });
    try {
      await sql`insert into ${sql.raw(schema)}.kysely_migration (name, timestamp) values ('999-from-a-newer-release', ${new Date().toISOString()})`.execute(migrated.db);
    } finally {
      await migrated.close();
    }
    try {
      await assert.rejects(openStore({ databaseUrl: url.toString(), dataDir: '', postgresSchema: schema }), /migrated by a newer Tollgate/);
      const left = await sql<{ count: string }>`select count(*) as count from pg_stat_activity where application_name = ${applicationName}`.execute(store.db);
      assert.equal(Number(left.rows[0]!.count), 0);
    } finally {
      await sql`drop schema if exists ${sql.raw(schema)} cascade`.execute(store.db);
    }
  });
});
