import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { Store } from '../../src/store/database';
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
});
