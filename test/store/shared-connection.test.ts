import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import type { Ledger } from '../../src/ledger/ledger';
import type { Store } from '../../src/store/database';
import { openTestLedger, testDatabaseLabel } from '../helpers/test-app';

/**
 * On SQLite the ledger's group commit shares one connection with the query builder. A hold taken
 * while a query-builder transaction is open must not become part of it: when that transaction
 * rolls back, the hold stays. Holds are answered before their turn commits, settlements only after.
 */
describe(`holds and other transactions on one connection (${testDatabaseLabel()})`, () => {
  let store: Store;
  let ledger: Ledger;
  before(async () => {
    ({ store, ledger } = await openTestLedger());
  });
  after(() => store.close());

  test('a hold requested during a transaction that rolls back is still committed', async () => {
    const account = await ledger.createAccount('shared@example.com', 100_000, 'req_shared_credit');
    let hold: Promise<boolean> | undefined;
    await assert.rejects(
      store.db.transaction().execute(async (trx) => {
        await trx.updateTable('accounts').set({ email: 'renamed@example.com' }).where('id', '=', account.id).execute();
        hold = ledger.hold(account.id, 20_000, 'req_shared_hold', 'test.shared');
        await delay(20);
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.equal(await hold, true);
    const found = await ledger.findAccount(account.id);
    assert.equal(found?.email, 'shared@example.com', 'the rolled-back transaction changed nothing');
    assert.equal(found?.balanceMicros, 80_000, 'the hold survived the rollback');
    assert.equal(await ledger.capture(account.id, 'req_shared_hold', 5_000, 'test.shared'), 95_000);
  });

  test('credits and new accounts (query-builder transactions) interleave with holds of the same turn', async () => {
    const account = await ledger.createAccount('interleave@example.com', 100_000, 'req_interleave_credit');
    // The hold opens this turn's transaction; the credit and the new account must still go through.
    const hold = ledger.hold(account.id, 30_000, 'req_interleave_hold', 'test.shared');
    const credit = ledger.credit(account.id, 50_000, 'req_interleave_topup');
    const other = ledger.createAccount('interleave-2@example.com', 10_000, 'req_interleave_other');
    assert.equal(await hold, true);
    // On SQLite the hold is taken first (the turn's transaction); on PostgreSQL the two are separate
    // statements on pooled connections, and either may commit first.
    const credited = await credit;
    if (store.sqlite) assert.equal(credited, 120_000);
    else assert.ok([120_000, 150_000].includes(credited), `credit answered ${credited}`);
    assert.equal((await ledger.findAccount(account.id))?.balanceMicros, 120_000);
    assert.equal((await other).balanceMicros, 10_000);
    assert.equal(await ledger.hold(account.id, 120_000, 'req_interleave_hold_2', 'test.shared'), true, 'the credit is there to hold');
    assert.equal((await ledger.findAccount(account.id))?.balanceMicros, 0);
    assert.equal(await ledger.release(account.id, 'req_interleave_hold', 'test.shared'), 30_000);
  });

  test('a settlement is answered only once it is committed (seen from another connection)', async (context) => {
    if (!store.sqlite) return context.skip('SQLite only: PostgreSQL settles in single autocommitted statements');
    const account = await ledger.createAccount('durable@example.com', 100_000, 'req_durable_credit');
    assert.equal(await ledger.hold(account.id, 40_000, 'req_durable', 'test.shared'), true);
    const observer = new SQLite(store.sqlite.name, { readonly: true });
    try {
      const captured = await ledger.capture(account.id, 'req_durable', 25_000, 'test.shared');
      assert.equal(captured, 75_000);
      const row = observer.prepare("select balance_micros as balance from accounts where id = ?").get(account.id) as { balance: number };
      assert.equal(row.balance, 75_000, 'another connection sees the capture as soon as it is answered');
    } finally {
      observer.close();
    }
  });
});
