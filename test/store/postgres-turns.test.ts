import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { newRequestId } from '../../src/core/request-id';
import { Ledger } from '../../src/ledger/ledger';
import { postgresTurnStats } from '../../src/ledger/postgres-settlement';
import { openStore, type Store } from '../../src/store/database';
import { openTestStore, testDatabaseLabel } from '../helpers/test-app';

const PRICE = 20_000;

/**
 * PostgreSQL's ledger settles each instance's calls in turns: a transaction that locks its
 * accounts' rows, grants holds in memory, and writes and commits what it leaves in one round trip.
 * Exactness across instances and accounts, one entry and a shared commit per call answered within
 * its turn, what a failing entry costs, and that nothing is answered before its commit.
 */
describe('settlement turns on PostgreSQL (postgres)', { skip: testDatabaseLabel() !== 'postgres' && 'PostgreSQL only' }, () => {
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
    return ledger.createAccount(`turns-${randomBytes(6).toString('hex')}@example.com`, credit, `signup_${randomBytes(6).toString('hex')}`);
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

  /** A paid call: reserve, then capture at the full price (or nothing when refused). */
  async function call(instance: Ledger, accountId: string): Promise<'charged' | 'refused'> {
    const reservation = await instance.reserve(accountId, PRICE, { requestId: newRequestId(), endpointId: 'test.turns', leaseSeconds: 60 });
    if (!reservation) return 'refused';
    await reservation.capture(PRICE);
    return 'charged';
  }

  test('400 concurrent calls across two instances on a balance that covers 150: exactly 150 are charged', async () => {
    const affordable = 150;
    const { id } = await account(affordable * PRICE + PRICE - 1);
    const splitBefore = postgresTurnStats.split;
    const outcomes: string[][] = [[], []];
    const calls: Array<Promise<void>> = [];
    for (let index = 0; index < 200; index += 1) {
      calls.push(call(ledger, id).then((outcome) => void outcomes[0]!.push(outcome)));
      calls.push(call(other, id).then((outcome) => void outcomes[1]!.push(outcome)));
      // A few calls per millisecond, so that the affordable calls arrive over several turns (each
      // open at most 2 ms) and both instances' turns interleave: arriving within one turn's window
      // (as they did on a fast machine, a turn of the event loop apart), one instance's first turn
      // could grant them all.
      if (index % 5 === 4) await sleep(1);
    }
    await Promise.all(calls);
    const charged = outcomes.map((instance) => instance.filter((outcome) => outcome === 'charged').length);
    assert.equal(charged[0]! + charged[1]!, affordable, `charged ${charged.join(' + ')}`);
    assert.ok(charged.every((count) => count > 0), `both instances charged some (${charged.join(' + ')})`);
    assert.equal(postgresTurnStats.split, splitBefore, 'every turn granted exactly what fit (none was refused by the CHECK and written again)');

    assert.equal(await ledger.balance(id), PRICE - 1);
    const written = await entries(id);
    assert.equal(written.reduce((sum, entry) => sum + entry.amount_micros, 0), PRICE - 1, 'the entries sum to the balance');
    assert.ok(written.every((entry) => entry.balance_after_micros >= 0), 'the balance was never negative');
    assert.equal(written.filter((entry) => entry.kind === 'capture').length, affordable);
    const open = await store.db.selectFrom('open_holds').select('request_id').where('account_id', '=', id).execute();
    assert.deepEqual(open, [], 'every hold is settled');
  });

  test('calls on many accounts from two instances join each other\'s turns where they can, never deadlock, and stay exact per account', async () => {
    // Each account covers a different number of calls; 30 calls come for each, in random order,
    // to either instance, so turns start on some accounts and others join them or wait.
    const covers = [3, 7, 12, 20, 30, 0];
    const accounts = await Promise.all(covers.map((calls) => account(calls * PRICE + 1)));
    const plan = accounts.flatMap((each) => Array.from({ length: 30 }, () => each.id)).sort(() => Math.random() - 0.5);
    const outcomes = new Map<string, number>();
    const calls: Array<Promise<void>> = [];
    plan.forEach((accountId, index) => {
      calls.push(call(index % 2 === 0 ? ledger : other, accountId).then((outcome) => void (outcome === 'charged' && outcomes.set(accountId, (outcomes.get(accountId) ?? 0) + 1))));
    });
    await Promise.all(calls);
    for (const [index, { id }] of accounts.entries()) {
      assert.equal(outcomes.get(id) ?? 0, covers[index], `account ${index}: charged exactly what it covers`);
      assert.equal(await other.balance(id), 1);
      const written = await entries(id);
      assert.equal(written.reduce((sum, entry) => sum + entry.amount_micros, 0), 1, 'the entries sum to the balance');
    }
  });

  test('a turn locks ahead the accounts the last turn moved: a call on one of them, arriving while the turn is open, is granted without another round trip', async () => {
    const [first, second] = await Promise.all([account(1_000_000), account(1_000_000)]);
    // One turn moves both accounts.
    assert.deepEqual(await Promise.all([call(ledger, first.id), call(ledger, second.id)]), ['charged', 'charged']);
    // The next turn starts on the first account; the second's call comes once that turn is open.
    const joinsBefore = postgresTurnStats.joins;
    const held = await ledger.reserve(first.id, PRICE, { requestId: newRequestId(), endpointId: 'test.turns', leaseSeconds: 60 });
    const joining = await ledger.reserve(second.id, PRICE, { requestId: newRequestId(), endpointId: 'test.turns', leaseSeconds: 60 });
    assert.ok(held && joining);
    assert.equal(postgresTurnStats.joins, joinsBefore, 'the second account was locked with the first: no join');
    await Promise.all([held.capture(PRICE), joining.capture(PRICE)]);
    assert.equal(await ledger.balance(first.id), 1_000_000 - 2 * PRICE);
    assert.equal(await ledger.balance(second.id), 1_000_000 - 2 * PRICE);
  });

  test('calls answered within their turn leave one capture entry each and share commits', async () => {
    const { id } = await account(1_000_000);
    const turnsBefore = postgresTurnStats.turns;
    const outcomes = await Promise.all(Array.from({ length: 40 }, () => call(ledger, id)));
    assert.deepEqual(new Set(outcomes), new Set(['charged']));
    const written = (await entries(id)).filter((entry) => entry.kind !== 'credit');
    assert.deepEqual(new Set(written.map((entry) => entry.kind)), new Set(['capture']), 'no hold entry: each call settled in the turn that reserved it');
    assert.equal(written.length, 40);
    assert.ok(postgresTurnStats.turns - turnsBefore < 10, `40 calls took ${postgresTurnStats.turns - turnsBefore} commits`);
    assert.equal(await ledger.balance(id), 1_000_000 - 40 * PRICE);
  });

  test('a hold whose entry the database refuses fails its call alone, uncharged; the turn is written again item by item', async () => {
    const { id } = await account(1_000_000);
    const requests = Array.from({ length: 5 }, () => newRequestId());
    // The third request already holds (as a bug, or an operator's hand, could leave it): its hold
    // entry breaks the one-hold-per-request index and fails the turn's statement.
    await store.db
      .insertInto('ledger_entries')
      .values({ account_id: id, request_id: requests[2]!, kind: 'hold', amount_micros: -100_000, endpoint_id: 'test.turns', created_at: new Date().toISOString(), balance_after_micros: 900_000 })
      .execute();
    const splitBefore = postgresTurnStats.split;
    // Granted from the locked balance; still open when the turn ends, so written as hold entries.
    assert.deepEqual(await Promise.all(requests.map((request) => ledger.hold(id, PRICE, request, 'test.turns'))), [true, true, true, true, true]);
    assert.equal(await ledger.balance(id), 1_000_000 - 100_000 - 4 * PRICE, 'four holds written; the refused one took nothing');
    assert.equal(postgresTurnStats.split, splitBefore + 1, 'the five holds were one turn, refused whole, then written one by one');
    const captures = await Promise.allSettled(requests.map((request) => ledger.capture(id, request, 4_000, 'test.turns')));
    assert.deepEqual(captures.map((capture) => capture.status), ['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    assert.equal(await ledger.balance(id), 1_000_000 - 100_000 - 4 * 4_000);
    const written = await entries(id);
    assert.deepEqual(
      written.filter((entry) => entry.kind === 'hold').map((entry) => entry.request_id).sort(),
      [...requests].sort(),
      'one hold entry per request: the failed one added none',
    );
    assert.ok(!written.some((entry) => entry.kind === 'capture' && entry.request_id === requests[2]), 'the failed call charged nothing');
    assert.equal(written.reduce((sum, entry) => sum + entry.amount_micros, 0), await ledger.balance(id));
  });

  test('a capture whose entry the database refuses fails alone, uncharged; the others of its turn are charged', async () => {
    const { id } = await account(1_000_000);
    const requests = Array.from({ length: 5 }, () => newRequestId());
    assert.deepEqual(await Promise.all(requests.map((request) => ledger.hold(id, PRICE, request, 'test.turns'))), [true, true, true, true, true]);
    // Their turn ends with the holds written.
    assert.equal(await ledger.balance(id), 1_000_000 - 5 * PRICE);
    // The third is already settled in the ledger, its open hold left in place: its capture entry
    // would break the one-settlement index.
    await store.db
      .insertInto('ledger_entries')
      .values({ account_id: id, request_id: requests[2]!, kind: 'release', amount_micros: 0, endpoint_id: 'test.turns', created_at: new Date().toISOString(), balance_after_micros: 1_000_000 - 5 * PRICE })
      .execute();
    const splitBefore = postgresTurnStats.split;
    const captures = await Promise.allSettled(requests.map((request) => ledger.capture(id, request, 4_000, 'test.turns')));
    assert.deepEqual(captures.map((capture) => capture.status), ['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    assert.equal(postgresTurnStats.split, splitBefore + 1);
    // Each capture gives back what its hold did not use (16 000); the failed one's hold stays held.
    assert.deepEqual(captures.filter((capture) => capture.status === 'fulfilled').map((capture) => capture.value), [916_000, 932_000, 948_000, 964_000]);
    assert.equal(await ledger.balance(id), 1_000_000 - 4 * 4_000 - PRICE);
    const written = await entries(id);
    assert.equal(written.filter((entry) => entry.kind === 'capture').length, 4);
    assert.ok(!written.some((entry) => entry.kind === 'capture' && entry.request_id === requests[2]), 'the failed capture charged nothing');
    assert.equal(written.reduce((sum, entry) => sum + entry.amount_micros, 0), await ledger.balance(id));
  });

  test('an open turn holds its accounts: another instance\'s write waits for its commit, and sees all of it', async () => {
    const { id } = await account(100_000);
    const request = newRequestId();
    assert.equal(await ledger.hold(id, 40_000, request, 'test.turns'), true);
    // The turn is open (its call still runs) and holds the row: a credit from the other instance
    // waits for the commit, then lands on the balance the turn left.
    const credited = await other.credit(id, 1_000, `credit_${randomBytes(6).toString('hex')}`);
    assert.equal(credited, 61_000);
    // (Entry ids are taken when an insert starts, not when it commits: read the balances after.)
    const written = (await entries(id)).map((entry) => [entry.kind, entry.balance_after_micros]);
    assert.deepEqual(written.sort((a, b) => Number(b[1]) - Number(a[1])), [['credit', 100_000], ['credit', 61_000], ['hold', 60_000]]);
  });

  test('a capture is answered only once its turn has committed (seen from another connection)', async () => {
    const { id } = await account(100_000);
    const request = newRequestId();
    assert.equal(await ledger.hold(id, 40_000, request, 'test.turns'), true);
    assert.equal(await ledger.balance(id), 60_000);
    // Another connection locks the account, as another instance's turn would: the capture's turn
    // waits for it, and nothing of the capture may be answered or seen meanwhile.
    const blocker = await otherStore.db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      await sql`select 1 from accounts where id = ${id} for update`.execute(connection);
      let answered = false;
      const capture = ledger.capture(id, request, 25_000, 'test.turns').then((balance) => {
        answered = true;
        return balance;
      });
      // Until the lock is given up the turn cannot lock, let alone commit: whatever the number of turns.
      for (let turn = 0; turn < 20; turn += 1) await nextTurn();
      const seen = await other.balance(id);
      await sql`commit`.execute(connection);
      return { answeredWhileLocked: answered, seenWhileLocked: seen, capture };
    });
    assert.equal(blocker.answeredWhileLocked, false, 'the capture was not answered while its turn could not commit');
    assert.equal(blocker.seenWhileLocked, 60_000, 'nothing of it was visible');
    assert.equal(await blocker.capture, 75_000);
    // The moment it is answered, another instance's connection sees it.
    assert.equal(await other.balance(id), 75_000);
    const captured = await otherStore.db.selectFrom('ledger_entries').select('kind').where('request_id', '=', request).where('kind', '=', 'capture').execute();
    assert.equal(captured.length, 1);
  });

  test('a hold still being written when its call extends its lease waits for that commit, then extends and settles it', async () => {
    const { id } = await account(100_000);
    const request = newRequestId();
    assert.equal(await ledger.hold(id, 40_000, request, 'test.turns'), true);
    const result = await otherStore.db.connection().execute(async (connection) => {
      // Another connection keeps the turn's entries from being written, so its commit waits.
      await sql`begin`.execute(connection);
      await sql`lock table ledger_entries in share mode`.execute(connection);
      const flushing = ledger.flush(); // ends the open turn: its hold is now being written
      let answered = false;
      const extended = ledger.extendLease(id, request, 120).then((open) => {
        answered = true;
        return open;
      });
      for (let turn = 0; turn < 20; turn += 1) await nextTurn();
      const answeredWhileWriting = answered;
      await sql`commit`.execute(connection);
      await flushing;
      return { answeredWhileWriting, extended: await extended };
    });
    // Asked before the hold's row existed, the extension would have found nothing open.
    assert.equal(result.answeredWhileWriting, false, 'the extension waited for the hold to be written');
    assert.equal(result.extended, true);
    const lease = await store.db.selectFrom('open_holds').select('lease_expires_at').where('request_id', '=', request).executeTakeFirstOrThrow();
    assert.ok(Number(lease.lease_expires_at) > Date.now() + 100_000, 'the lease now ends two minutes out');
    assert.equal(await ledger.capture(id, request, 25_000, 'test.turns'), 75_000);
  });
});
