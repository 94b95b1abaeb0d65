import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { Ledger } from '../../src/ledger/ledger';
import type { Store } from '../../src/store/database';
import { openTestLedger, testDatabaseLabel } from '../helpers/test-app';

/**
 * The database, not the application, keeps balances equal to the sum of their entries: these
 * tests write entries by hand, as an operator's SQL session might, and check what the schema does.
 */
describe(`ledger invariants kept by the database (${testDatabaseLabel()})`, () => {
  let store: Store;
  let ledger: Ledger;
  before(async () => {
    ({ store, ledger } = await openTestLedger());
  });
  after(() => store.close());

  const entry = (accountId: string, requestId: string, amount: number, balanceAfter: number | ReturnType<typeof sql<number>>) =>
    store.db
      .insertInto('ledger_entries')
      .values({ account_id: accountId, request_id: requestId, kind: 'credit', amount_micros: amount, endpoint_id: null, created_at: new Date().toISOString(), balance_after_micros: balanceAfter })
      .execute();

  const sumOf = async (accountId: string) => {
    const row = await store.db.selectFrom('ledger_entries').select((eb) => eb.fn.sum<number | string>('amount_micros').as('total')).where('account_id', '=', accountId).executeTakeFirstOrThrow();
    return Number(row.total);
  };

  test('an entry written by hand moves the balance in the same statement', async () => {
    const account = await ledger.createAccount('hand@example.com', 1_000_000, 'cli_hand_credit');
    await entry(account.id, 'cli_hand_1', 250_000, sql<number>`(select balance_micros from accounts where id = ${account.id}) + 250000`);
    assert.equal(await ledger.balance(account.id), 1_250_000);
    assert.equal(await sumOf(account.id), 1_250_000);
  });

  test('an entry that would take the balance below zero is refused whole', async () => {
    const account = await ledger.createAccount('overdraw@example.com', 100_000, 'cli_overdraw_credit');
    await assert.rejects(entry(account.id, 'cli_overdraw_1', -100_001, sql<number>`(select balance_micros from accounts where id = ${account.id}) - 100001`));
    assert.equal(await ledger.balance(account.id), 100_000);
    assert.equal(await sumOf(account.id), 100_000);
  });

  test('the recorded balance after an entry is always the true one', async () => {
    const account = await ledger.createAccount('after@example.com', 500_000, 'cli_after_credit');
    // The writer states it; the trigger refuses a wrong one, and the balance does not move.
    await assert.rejects(entry(account.id, 'cli_after_1', 1_000, 42), /balance_after_micros does not match/);
    assert.equal(await ledger.balance(account.id), 500_000);
    await entry(account.id, 'cli_after_2', 1_000, 501_000);
    assert.equal(await ledger.balance(account.id), 501_000);
  });

  test('several entries in one statement: each states the running balance, and one wrong or below zero refuses them all', async () => {
    const account = await ledger.createAccount('several@example.com', 1_000_000, 'cli_several_credit');
    const entries = (rows: Array<[string, number, number]>) =>
      store.db
        .insertInto('ledger_entries')
        .values(rows.map(([requestId, amount, balanceAfter]) => ({ account_id: account.id, request_id: requestId, kind: 'credit', amount_micros: amount, endpoint_id: null, created_at: new Date().toISOString(), balance_after_micros: balanceAfter })))
        .execute();
    await entries([['cli_several_1', 100, 1_000_100], ['cli_several_2', 200, 1_000_300], ['cli_several_3', 300, 1_000_600]]);
    assert.equal(await ledger.balance(account.id), 1_000_600);
    await assert.rejects(entries([['cli_several_4', 100, 1_000_700], ['cli_several_5', 100, 1_000_700]]), /balance_after_micros does not match/);
    // Below zero in between, even if the statement ends above it.
    await assert.rejects(entries([['cli_several_6', -2_000_000, -999_400], ['cli_several_7', 2_000_000, 1_000_600]]));
    assert.equal(await ledger.balance(account.id), 1_000_600);
    assert.equal(await sumOf(account.id), 1_000_600);
  });
});
