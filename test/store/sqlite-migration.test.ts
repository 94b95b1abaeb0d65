import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { ledgerMigration } from '../../src/store/migrations/001-ledger';
import { openStore } from '../../src/store/database';
import { testDatabaseLabel } from '../helpers/test-app';

/** A SQLite database made by the first release keeps every entry, id and rule through the rebuild. */
describe('SQLite ledger migration 002 (sqlite)', { skip: testDatabaseLabel() !== 'sqlite' && 'SQLite only' }, () => {
  test('entries, ids and balances survive; new ids continue; the rules still hold', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-migration-'));
    try {
      const old = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(path.join(dataDir, 'tollgate.db')) }) });
      const migrated = await new Migrator({ db: old, provider: { getMigrations: async () => ({ '001-ledger': ledgerMigration('sqlite') }) } }).migrateToLatest();
      assert.equal(migrated.error, undefined);
      await old.insertInto('accounts').values({ id: 'acct_a', email: 'a@example.com', balance_micros: 0, created_at: '2026-11-01T00:00:00.000Z' }).execute();
      const entry = (requestId: string, kind: string, amount: number) =>
        old
          .insertInto('ledger_entries')
          .values({ account_id: 'acct_a', request_id: requestId, kind, amount_micros: amount, endpoint_id: 'test', created_at: '2026-11-01T00:00:00.000Z', balance_after_micros: sql`(select balance_micros from accounts where id = 'acct_a') + ${amount}` })
          .execute();
      await entry('signup', 'credit', 1_000_000);
      await entry('req_1', 'hold', -50_000);
      await entry('req_1', 'capture', 30_000);
      const before = await old.selectFrom('ledger_entries').selectAll().orderBy('id').execute();
      await old.destroy();

      const store = await openStore({ dataDir });
      try {
        const after = await store.db.selectFrom('ledger_entries').selectAll().orderBy('id').execute();
        assert.deepEqual(after, before);
        const schema = await store.db.selectFrom(sql`sqlite_master`.as('m')).select(sql<string>`sql`.as('sql')).where(sql`name`, '=', 'ledger_entries').executeTakeFirstOrThrow();
        assert.doesNotMatch(schema.sql, /autoincrement/i);
        await store.db
          .insertInto('ledger_entries')
          .values({ account_id: 'acct_a', request_id: 'req_2', kind: 'credit', amount_micros: 5, endpoint_id: null, created_at: '2026-11-02T00:00:00.000Z', balance_after_micros: 980_005 })
          .execute();
        const last = await store.db.selectFrom('ledger_entries').select(['id', 'balance_after_micros']).orderBy('id', 'desc').executeTakeFirstOrThrow();
        assert.deepEqual(last, { id: Number(before.at(-1)!.id) + 1, balance_after_micros: 980_005 });
        const account = await store.db.selectFrom('accounts').select('balance_micros').where('id', '=', 'acct_a').executeTakeFirstOrThrow();
        assert.equal(account.balance_micros, 980_005);
        // The trigger and the one-settlement index came back with the table.
        await assert.rejects(
          store.db.insertInto('ledger_entries').values({ account_id: 'acct_a', request_id: 'req_3', kind: 'credit', amount_micros: 5, endpoint_id: null, created_at: 'x', balance_after_micros: 1 }).execute(),
          /balance_after_micros does not match/,
        );
        await assert.rejects(
          store.db.insertInto('ledger_entries').values({ account_id: 'acct_a', request_id: 'req_1', kind: 'release', amount_micros: 0, endpoint_id: null, created_at: 'x', balance_after_micros: 980_005 }).execute(),
          /UNIQUE/,
        );
      } finally {
        await store.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
