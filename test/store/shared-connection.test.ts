import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import type { Ledger } from '../../src/ledger/ledger';
import type { Store } from '../../src/store/database';
import { openTestLedger, testDatabaseLabel } from '../helpers/test-app';

/**
 * On SQLite the ledger's group commit shares one connection with the query builder. A hold taken
 * while a query-builder transaction is open must not become part of it: when that transaction
 * rolls back, the hold stays.
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
});
