import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { ApiKeys } from '../../src/auth/api-keys';
import { CallLog, callWriter, type CallRecord } from '../../src/ledger/call-log';
import { Ledger } from '../../src/ledger/ledger';
import { openStore, type Store } from '../../src/store/database';
import { openTestStore, testDatabaseLabel } from '../helpers/test-app';

/** A logger that keeps what the call log reports as failed. */
function failureLog(): { log: FastifyBaseLogger; failures: unknown[] } {
  const failures: unknown[] = [];
  const log = { error: (...details: unknown[]) => failures.push(details) } as unknown as FastifyBaseLogger;
  return { log, failures };
}

/**
 * The call log writes its rows and the keys' "last used" together: one statement per flush on
 * PostgreSQL (one commit, however many keys were used), one transaction on SQLite. A key's last
 * use only moves forward, and two instances flushing the same keys at once never deadlock.
 */
describe(`call log (${testDatabaseLabel()})`, () => {
  let store: Store;
  let ledger: Ledger;
  let keyIds: string[];
  let accountId: string;
  before(async () => {
    ({ store } = await openTestStore());
    ledger = new Ledger(store);
    const account = await ledger.createAccount(`calls-${randomBytes(6).toString('hex')}@example.com`, 0, `signup_${randomBytes(6).toString('hex')}`);
    accountId = account.id;
    const keys = new ApiKeys(store.db);
    keyIds = [];
    for (let index = 0; index < 6; index += 1) keyIds.push((await keys.issue(account.id)).keyId);
  });
  after(async () => {
    await store?.close();
  });

  let sequence = 0;
  function call(keyId: string, createdAt: string): CallRecord {
    sequence += 1;
    return { requestId: `req_calllog_${sequence}_${randomBytes(4).toString('hex')}`, accountId, keyId, endpointId: 'seo.domain_available', status: 200, upstreamCostMicros: 0, createdAt };
  }

  async function lastUsed(): Promise<Map<string, string | null>> {
    const rows = await store.db.selectFrom('api_keys').select(['id', 'last_used_at']).where('id', 'in', keyIds).execute();
    return new Map(rows.map((row) => [row.id, row.last_used_at]));
  }

  test('rows and each key’s latest use are written; an older use never moves it back', async () => {
    const { log, failures } = failureLog();
    const callLog = new CallLog(store, (work) => ledger.exclusive(work), log, 60_000);
    const [a, b, c] = keyIds as [string, string, string];
    const before = await sql<{ count: string | number }>`select count(*) as count from api_calls`.execute(store.db);
    callLog.record(call(a, '2026-11-27T10:00:01.000Z'));
    callLog.record(call(b, '2026-11-27T10:00:02.000Z'));
    callLog.record(call(a, '2026-11-27T10:00:03.000Z'));
    await callLog.flush();
    let used = await lastUsed();
    assert.equal(used.get(a), '2026-11-27T10:00:03.000Z');
    assert.equal(used.get(b), '2026-11-27T10:00:02.000Z');
    assert.equal(used.get(c), null);

    callLog.record(call(a, '2026-11-27T09:00:00.000Z'));
    callLog.record(call(b, '2026-11-27T10:00:04.000Z'));
    await callLog.flush();
    used = await lastUsed();
    assert.equal(used.get(a), '2026-11-27T10:00:03.000Z', 'an older use leaves the key’s last use where it was');
    assert.equal(used.get(b), '2026-11-27T10:00:04.000Z');
    const afterRows = await sql<{ count: string | number }>`select count(*) as count from api_calls`.execute(store.db);
    assert.equal(Number(afterRows.rows[0]!.count) - Number(before.rows[0]!.count), 5);
    assert.deepEqual(failures, []);
  });

  test('one statement writes a flush of many keys (PostgreSQL)', { skip: testDatabaseLabel() !== 'postgres' && 'PostgreSQL only' }, async () => {
    const { log, failures } = failureLog();
    const callLog = new CallLog(store, (work) => ledger.exclusive(work), log, 60_000);
    for (const keyId of keyIds) callLog.record(call(keyId, '2026-11-27T11:00:00.000Z'));
    const statements: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string } | undefined)?.text ?? '');
      statements.push(text);
      return (query as (...rest: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      await callLog.flush();
    } finally {
      pg.Client.prototype.query = query;
    }
    assert.equal(statements.length, 1, `one statement for ${keyIds.length} keys, not ${statements.length}`);
    assert.ok([...(await lastUsed()).values()].every((usedAt) => usedAt === '2026-11-27T11:00:00.000Z'));
    assert.deepEqual(failures, []);
  });

  test("a call written again (a media job's settlement writing its queue call) keeps the row already written", async () => {
    const { log, failures } = failureLog();
    const callLog = new CallLog(store, (work) => ledger.exclusive(work), log, 60_000);
    const writeCalls = callWriter(store, (work) => ledger.exclusive(work));
    const [key] = keyIds as [string];
    const logged = { ...call(key, '2026-11-26T13:00:00.000Z'), status: 500 };
    callLog.record(logged);
    await callLog.flush();
    await writeCalls([{ ...logged, status: 200, createdAt: '2026-11-26T13:00:01.000Z' }]);
    const missing = call(key, '2026-11-26T13:00:02.000Z');
    await writeCalls([missing]);
    const rows = await store.db.selectFrom('api_calls').select(['request_id', 'status', 'created_at']).where('request_id', 'in', [logged.requestId, missing.requestId]).orderBy('created_at').execute();
    assert.deepEqual(
      rows.map((row) => ({ ...row, status: Number(row.status) })),
      [
        { request_id: logged.requestId, status: 500, created_at: '2026-11-26T13:00:00.000Z' },
        { request_id: missing.requestId, status: 200, created_at: '2026-11-26T13:00:02.000Z' },
      ],
    );
    assert.deepEqual(failures, []);
  });

  test('two instances flushing the same keys at once both write everything', async () => {
    // A second instance: its own pool on PostgreSQL; on SQLite, a second log on the one writer.
    const { rows } = store.dialect === 'postgres' ? await sql<{ schema: string }>`select current_schema() as schema`.execute(store.db) : { rows: [] };
    const otherStore = store.dialect === 'postgres' ? await openStore({ databaseUrl: process.env.DATABASE_URL, dataDir: '', postgresSchema: rows[0]!.schema }) : store;
    try {
      const { log, failures } = failureLog();
      const logs = [new CallLog(store, (work) => ledger.exclusive(work), log, 60_000), new CallLog(otherStore, (work) => new Ledger(otherStore).exclusive(work), log, 60_000)];
      let latest = '';
      let written = 0;
      for (let round = 0; round < 20; round += 1) {
        for (const [index, callLog] of logs.entries()) {
          // Each instance meets the keys in another order.
          const order = index === 0 ? keyIds : [...keyIds].reverse();
          for (const keyId of order) {
            latest = `2026-11-27T12:${String(round).padStart(2, '0')}:0${index}.000Z`;
            callLog.record(call(keyId, latest));
            written += 1;
          }
        }
        await Promise.all(logs.map((callLog) => callLog.flush()));
      }
      assert.deepEqual(failures, [], 'no flush failed (a deadlock would fail one)');
      const { rows: counted } = await sql<{ count: string | number }>`select count(*) as count from api_calls where request_id like 'req_calllog_%' and created_at >= '2026-11-27T12'`.execute(store.db);
      assert.equal(Number(counted[0]!.count), written);
      assert.ok([...(await lastUsed()).values()].every((usedAt) => usedAt === latest));
    } finally {
      if (otherStore !== store) await otherStore.close();
    }
  });
});
