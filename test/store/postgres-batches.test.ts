import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import { newRequestId } from '../../src/core/request-id';
import { Ledger } from '../../src/ledger/ledger';
import { postgresBatchStats } from '../../src/ledger/postgres-settlement';
import { openStore, type Store } from '../../src/store/database';
import { openTestStore, testDatabaseLabel } from '../helpers/test-app';

const PRICE = 20_000;

/**
 * PostgreSQL's ledger writes each instance's holds and settlements in batches (one statement, one
 * commit). Exactness across instances, what a failing statement in a batch costs, and that nothing
 * is answered before its batch commits.
 */
describe('batched settlement on PostgreSQL (postgres)', { skip: testDatabaseLabel() !== 'postgres' && 'PostgreSQL only' }, () => {
  let store: Store;
  /** A second instance: its own pool on the same schema. */
  let otherStore: Store;
  let ledger: Ledger;
  let other: Ledger;
  before(async () => {
    ({ store } = await openTestStore());
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(store.db);
    otherStore = await openStore({ databaseUrl: process.env.DATABASE_URL, dataDir: '', postgresSchema: rows[0]!.schema });
    ledger = new Ledger(store);
    other = new Ledger(otherStore);
  });
  after(async () => {
    await otherStore?.close();
    await store?.close();
  });

  async function account(credit: number) {
    return ledger.createAccount(`batches-${randomBytes(6).toString('hex')}@example.com`, credit, `signup_${randomBytes(6).toString('hex')}`);
  }

  async function entries(accountId: string) {
    const rows = await store.db
      .selectFrom('ledger_entries')
      .select(['kind', 'request_id', 'amount_micros', 'balance_after_micros'])
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, amount_micros: Number(row.amount_micros), balance_after_micros: Number(row.balance_after_micros) }));
  }

  test('400 concurrent calls across two instances on a balance that covers 150: exactly 150 are charged', async () => {
    const affordable = 150;
    const { id } = await account(affordable * PRICE + PRICE - 1);
    const splitBefore = postgresBatchStats.split;
    // A paid call each: reserve, then capture at the full price (or nothing when refused).
    const call = async (instance: Ledger) => {
      const reservation = await instance.reserve(id, PRICE, { requestId: newRequestId(), endpointId: 'test.batches', leaseSeconds: 60 });
      if (!reservation) return 'refused';
      await reservation.capture(PRICE);
      return 'charged';
    };
    const outcomes: string[][] = [[], []];
    const calls: Array<Promise<void>> = [];
    for (let index = 0; index < 200; index += 1) {
      calls.push(call(ledger).then((outcome) => void outcomes[0]!.push(outcome)));
      calls.push(call(other).then((outcome) => void outcomes[1]!.push(outcome)));
      // A few calls per turn, so that both instances' batches interleave.
      if (index % 5 === 4) await nextTurn();
    }
    await Promise.all(calls);
    const charged = outcomes.map((instance) => instance.filter((outcome) => outcome === 'charged').length);
    assert.equal(charged[0]! + charged[1]!, affordable, `charged ${charged.join(' + ')}`);
    assert.ok(charged.every((count) => count > 0), `both instances charged some (${charged.join(' + ')})`);

    assert.equal(postgresBatchStats.split, splitBefore, 'every batch granted exactly what fit (none was refused by the CHECK and retried)');

    assert.equal(await ledger.balance(id), PRICE - 1);
    const written = await entries(id);
    assert.equal(written.reduce((sum, entry) => sum + entry.amount_micros, 0), PRICE - 1, 'the entries sum to the balance');
    assert.ok(written.every((entry) => entry.balance_after_micros >= 0), 'the balance was never negative');
    assert.equal(written.filter((entry) => entry.kind === 'hold').length, affordable);
    assert.equal(written.filter((entry) => entry.kind === 'capture').length, affordable);
    const open = await store.db.selectFrom('open_holds').select('request_id').where('account_id', '=', id).execute();
    assert.deepEqual(open, [], 'every hold is settled');
  });

  test('a hold whose statement fails fails alone: the batch is written again call by call', async () => {
    const { id } = await account(1_000_000);
    const requests = Array.from({ length: 5 }, () => newRequestId());
    // The third request already holds (as a bug, or an operator's hand, could leave it): its hold
    // entry breaks the one-hold-per-request index and would fail the batch's statement.
    await store.db
      .insertInto('ledger_entries')
      .values({ account_id: id, request_id: requests[2]!, kind: 'hold', amount_micros: -100_000, endpoint_id: 'test.batches', created_at: new Date().toISOString(), balance_after_micros: 0 })
      .execute();
    const splitBefore = postgresBatchStats.split;
    const holds = await Promise.allSettled(requests.map((request) => ledger.hold(id, PRICE, request, 'test.batches')));
    assert.deepEqual(holds.map((hold) => hold.status), ['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    assert.ok(holds.every((hold) => hold.status === 'rejected' || hold.value === true));
    assert.equal(postgresBatchStats.split, splitBefore + 1, 'the five holds were one batch, refused whole, then written one by one');
    assert.equal(await ledger.balance(id), 1_000_000 - 100_000 - 4 * PRICE);
    const written = await entries(id);
    assert.deepEqual(
      written.filter((entry) => entry.kind === 'hold').map((entry) => entry.request_id).sort(),
      [...requests].sort(),
      'one hold entry per request: the failed one added none',
    );
    assert.equal(written.reduce((sum, entry) => sum + entry.amount_micros, 0), await ledger.balance(id));
  });

  test('a capture whose statement fails fails alone, uncharged; the others of its batch are charged', async () => {
    const { id } = await account(1_000_000);
    const requests = Array.from({ length: 5 }, () => newRequestId());
    assert.deepEqual(await Promise.all(requests.map((request) => ledger.hold(id, PRICE, request, 'test.batches'))), [true, true, true, true, true]);
    // The third is already settled in the ledger, its open hold left in place: its capture entry
    // would break the one-settlement index.
    await store.db
      .insertInto('ledger_entries')
      .values({ account_id: id, request_id: requests[2]!, kind: 'release', amount_micros: 0, endpoint_id: 'test.batches', created_at: new Date().toISOString(), balance_after_micros: 0 })
      .execute();
    const splitBefore = postgresBatchStats.split;
    const captures = await Promise.allSettled(requests.map((request) => ledger.capture(id, request, 4_000, 'test.batches')));
    assert.deepEqual(captures.map((capture) => capture.status), ['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    assert.equal(postgresBatchStats.split, splitBefore + 1);
    // Each capture gives back what its hold did not use (16 000); the failed one's hold stays held.
    assert.deepEqual(captures.filter((capture) => capture.status === 'fulfilled').map((capture) => capture.value), [916_000, 932_000, 948_000, 964_000]);
    assert.equal(await ledger.balance(id), 1_000_000 - 4 * 4_000 - PRICE);
    const written = await entries(id);
    assert.equal(written.filter((entry) => entry.kind === 'capture').length, 4);
    assert.ok(!written.some((entry) => entry.kind === 'capture' && entry.request_id === requests[2]), 'the failed capture charged nothing');
    assert.equal(written.reduce((sum, entry) => sum + entry.amount_micros, 0), await ledger.balance(id));
  });

  test('a capture is answered only once its batch has committed (seen from another connection)', async () => {
    const { id } = await account(100_000);
    const request = newRequestId();
    assert.equal(await ledger.hold(id, 40_000, request, 'test.batches'), true);
    // Another connection locks the account, as another instance's batch in progress would: the
    // capture's batch waits for it, and nothing of the capture may be answered or seen meanwhile.
    const blocker = await otherStore.db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      await sql`select 1 from accounts where id = ${id} for update`.execute(connection);
      let answered = false;
      const capture = ledger.capture(id, request, 25_000, 'test.batches').then((balance) => {
        answered = true;
        return balance;
      });
      // Until the lock is given up the batch cannot commit: whatever the number of turns.
      for (let turn = 0; turn < 20; turn += 1) await nextTurn();
      const seen = await other.balance(id);
      await sql`commit`.execute(connection);
      return { answeredWhileLocked: answered, seenWhileLocked: seen, capture };
    });
    assert.equal(blocker.answeredWhileLocked, false, 'the capture was not answered while its batch could not commit');
    assert.equal(blocker.seenWhileLocked, 60_000, 'nothing of it was visible');
    assert.equal(await blocker.capture, 75_000);
    // The moment it is answered, another instance's connection sees it.
    assert.equal(await other.balance(id), 75_000);
    const captured = await otherStore.db.selectFrom('ledger_entries').select('kind').where('request_id', '=', request).where('kind', '=', 'capture').execute();
    assert.equal(captured.length, 1);
  });
});
