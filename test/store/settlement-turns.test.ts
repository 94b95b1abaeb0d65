import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { newRequestId } from '../../src/core/request-id';
import type { Ledger } from '../../src/ledger/ledger';
import type { Store } from '../../src/store/database';
import { entriesOfAnInstantCall, openTestLedger, testDatabaseLabel } from '../helpers/test-app';

/**
 * Holds and settlements as the event loop's turns see them: what a call answered within the turn
 * that reserved it leaves, what one that waits leaves, and that every balance read counts what the
 * open turn has not written yet.
 */
describe(`settlement across turns of the event loop (${testDatabaseLabel()})`, () => {
  let store: Store;
  let ledger: Ledger;
  before(async () => {
    ({ store, ledger } = await openTestLedger());
  });
  after(() => store?.close());

  async function account(credit: number) {
    return ledger.createAccount(`turns-${randomBytes(6).toString('hex')}@example.com`, credit, `signup_${randomBytes(6).toString('hex')}`);
  }

  async function entries(accountId: string) {
    const rows = await store.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_micros', 'balance_after_micros', 'request_id'])
      .where('account_id', '=', accountId)
      .where('kind', '!=', 'credit')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, amount_micros: Number(row.amount_micros), balance_after_micros: Number(row.balance_after_micros) }));
  }

  test('a call captured in the turn that reserved it: its entries, exact balances', async () => {
    const { id } = await account(100_000);
    const request = newRequestId();
    const held = ledger.hold(id, 30_000, request, 'test.turns');
    const captured = ledger.capture(id, request, 20_000, 'test.turns');
    assert.equal(await held, true);
    assert.equal(await captured, 80_000);
    const written = await entries(id);
    assert.deepEqual(written.map((entry) => entry.kind), entriesOfAnInstantCall('capture'));
    // A capture alone moves the balance by the cost; after a written hold, by the hold's unused part.
    const amount = written.length === 1 ? -20_000 : 10_000;
    assert.deepEqual(written.at(-1), { kind: 'capture', amount_micros: amount, balance_after_micros: 80_000, request_id: request });
    assert.equal(await ledger.balance(id), 80_000);
  });

  test('a call released in the turn that reserved it is never charged', async () => {
    const { id } = await account(100_000);
    const request = newRequestId();
    assert.equal(await ledger.hold(id, 30_000, request, 'test.turns'), true);
    assert.equal(await ledger.release(id, request, 'test.turns'), 100_000);
    assert.deepEqual((await entries(id)).map((entry) => entry.kind), entriesOfAnInstantCall('release'));
    assert.equal(await ledger.balance(id), 100_000);
  });

  test('a hold still open when its turn ends is written, and settles against its entry later', async () => {
    const { id } = await account(100_000);
    const request = newRequestId();
    assert.equal(await ledger.hold(id, 30_000, request, 'test.turns'), true);
    // A balance read ends the turn (SQLite's ends at the next turn of the event loop anyway;
    // PostgreSQL's stays open a moment for its calls to be answered).
    assert.equal(await ledger.balance(id), 70_000);
    assert.deepEqual(await entries(id), [{ kind: 'hold', amount_micros: -30_000, balance_after_micros: 70_000, request_id: request }]);
    assert.equal(await ledger.capture(id, request, 5_000, 'test.turns'), 95_000);
    assert.deepEqual(
      (await entries(id)).map((entry) => [entry.kind, entry.amount_micros, entry.balance_after_micros]),
      [['hold', -30_000, 70_000], ['capture', 25_000, 95_000]],
    );
  });

  test('a balance read while the turn is open counts its unwritten holds', async () => {
    const { id } = await account(100_000);
    assert.equal(await ledger.hold(id, 30_000, newRequestId(), 'test.turns'), true);
    assert.equal(await ledger.balance(id), 70_000);
    assert.equal((await ledger.findAccount(id))?.balanceMicros, 70_000);
  });

  test('holds beyond the balance are refused, and a capture frees what it did not use', async () => {
    const { id } = await account(100_000);
    const first = newRequestId();
    assert.equal(await ledger.hold(id, 40_000, first, 'test.turns'), true);
    assert.equal(await ledger.hold(id, 40_000, newRequestId(), 'test.turns'), true);
    assert.equal(await ledger.hold(id, 30_000, newRequestId(), 'test.turns'), false);
    // The balance after a capture counts the calls still in flight.
    assert.equal(await ledger.capture(id, first, 10_000, 'test.turns'), 100_000 - 10_000 - 40_000);
    assert.equal(await ledger.hold(id, 30_000, newRequestId(), 'test.turns'), true);
    assert.equal(await ledger.balance(id), 20_000);
  });

  test('within one turn, a capture frees its hold\'s unused part at once', { skip: testDatabaseLabel() !== 'sqlite' && 'turns are SQLite\'s group commit' }, async () => {
    const { id } = await account(100_000);
    const first = newRequestId();
    const holds = [ledger.hold(id, 40_000, first, 'test.turns'), ledger.hold(id, 40_000, newRequestId(), 'test.turns'), ledger.hold(id, 40_000, newRequestId(), 'test.turns')];
    const capture = ledger.capture(id, first, 10_000, 'test.turns');
    const afterCapture = ledger.hold(id, 30_000, newRequestId(), 'test.turns');
    assert.deepEqual(await Promise.all(holds), [true, true, false]);
    assert.equal(await afterCapture, true, '100 000 − 10 000 charged − 40 000 held leaves 50 000');
    // Holds are written before captures, so the capture's balance counts every call still in flight.
    assert.equal(await capture, 100_000 - 10_000 - 40_000 - 30_000);
    assert.equal(await ledger.balance(id), 20_000);
  });

  test('a capture above its unwritten hold is refused, and the hold still settles once', async () => {
    const { id } = await account(100_000);
    const request = newRequestId();
    assert.equal(await ledger.hold(id, 30_000, request, 'test.turns'), true);
    await assert.rejects(ledger.capture(id, request, 30_001, 'test.turns'), /outside the hold/);
    assert.equal(await ledger.capture(id, request, 30_000, 'test.turns'), 70_000);
    await assert.rejects(ledger.capture(id, request, 0, 'test.turns'));
    await assert.rejects(ledger.release(id, request, 'test.turns'));
    assert.equal(await ledger.balance(id), 70_000);
  });

  test('a capture the ledger refuses fails alone; the turn\'s other captures are written', { skip: testDatabaseLabel() !== 'sqlite' && 'turns are SQLite\'s group commit' }, async () => {
    const { id } = await account(100_000);
    const requests = Array.from({ length: 5 }, () => newRequestId());
    const holds = requests.map((request) => ledger.hold(id, 10_000, request, 'test.turns'));
    // The third request is already settled in the ledger (as a bug, or another writer, could leave it).
    await store.db
      .insertInto('ledger_entries')
      .values({ account_id: id, request_id: requests[2]!, kind: 'release', amount_micros: 0, endpoint_id: 'test.turns', created_at: new Date().toISOString(), balance_after_micros: sql<number>`(select balance_micros from accounts where id = ${id})` })
      .execute();
    const captures = await Promise.allSettled(requests.map((request) => ledger.capture(id, request, 4_000, 'test.turns')));
    assert.deepEqual(await Promise.all(holds), [true, true, true, true, true]);
    assert.deepEqual(captures.map((capture) => capture.status), ['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    assert.deepEqual(captures.filter((capture) => capture.status === 'fulfilled').map((capture) => capture.value), [96_000, 92_000, 88_000, 84_000]);
    assert.equal(await ledger.balance(id), 84_000);
    assert.deepEqual((await entries(id)).map((entry) => [entry.kind, entry.amount_micros, entry.balance_after_micros]), [
      ['release', 0, 100_000],
      ['capture', -4_000, 96_000],
      ['capture', -4_000, 92_000],
      ['capture', -4_000, 88_000],
      ['capture', -4_000, 84_000],
    ]);
  });

  test('a commit put off while calls keep arriving still comes', async () => {
    const { id } = await account(100_000_000);
    const request = newRequestId();
    assert.equal(await ledger.hold(id, 1_000, request, 'test.turns'), true);
    let captured = false;
    const capture = ledger.capture(id, request, 1_000, 'test.turns').then(() => (captured = true));
    let turns = 0;
    // A new call in every turn: the commit is put off, but only for a bounded time.
    while (!captured && turns < 10_000) {
      void ledger.hold(id, 1_000, newRequestId(), 'test.turns');
      await nextTurn();
      turns += 1;
    }
    assert.ok(captured, `the capture was still waiting after ${turns} turns`);
    assert.ok(turns > 1, 'the commit was put off while calls arrived');
    await capture;
  });

  test('a hold for an unknown account is an error, not a refusal', async () => {
    await assert.rejects(ledger.hold('acct_missing', 1_000, newRequestId(), 'test.turns'));
  });
});
