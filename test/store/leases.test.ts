import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newRequestId } from '../../src/core/request-id';
import { Ledger } from '../../src/ledger/ledger';
import { LeaseExpiredError } from '../../src/ledger/settlement';
import type { Store } from '../../src/store/database';
import { openTestLedger, testDatabaseLabel } from '../helpers/test-app';

const MINUTE = 60_000;

/**
 * Reservations with leases: the reconciler releases a hold when its lease has expired, whatever
 * its age, and only then; a capture after that is refused; each hold settles exactly once.
 */
describe(`reservation leases (${testDatabaseLabel()})`, () => {
  let store: Store;
  let now = Date.parse('2026-11-21T10:00:00Z');
  let ledger: Ledger;
  before(async () => {
    ({ store, ledger } = await openTestLedger(() => new Date(now)));
  });
  after(() => store.close());

  /**
   * Writes the holds the settlement keeps in memory, so they are in the database as a crash would
   * leave them (a PostgreSQL turn grants a hold at once and writes it at its close).
   */
  const written = () => ledger.flush();

  test('a call that runs longer than any fixed window is captured while its lease holds', async () => {
    const account = await ledger.createAccount(`long-${now}@example.com`, 1_000_000, newRequestId(now));
    const reservation = await ledger.reserve(account.id, 100_000, { requestId: newRequestId(now), endpointId: 'test.long', leaseSeconds: 3 * 3600 });
    assert.ok(reservation);
    await written();
    now += 2 * 3600_000; // two hours: far past the old 10–20 minute window
    assert.equal(await ledger.releaseExpiredHolds(), 0, 'the lease has not expired');
    assert.equal(await reservation.capture(40_000), 960_000);
    now += 2 * 3600_000;
    assert.equal(await ledger.releaseExpiredHolds(), 0, 'a settled hold is not open any more');
    assert.equal(await ledger.balance(account.id), 960_000);
  });

  test('an expired lease is released exactly once, and a late capture is refused', async () => {
    const account = await ledger.createAccount(`expired-${now}@example.com`, 1_000_000, newRequestId(now));
    const reservation = await ledger.reserve(account.id, 100_000, { requestId: newRequestId(now), endpointId: 'test.expired', leaseSeconds: 60 });
    assert.ok(reservation);
    await written();
    assert.equal(await ledger.balance(account.id), 900_000);
    now += 59_000;
    assert.equal(await ledger.releaseExpiredHolds(), 0, 'one second of lease is left');
    now += 2_000;
    assert.equal(await ledger.releaseExpiredHolds(), 1);
    assert.equal(await ledger.releaseExpiredHolds(), 0, 'a second pass finds nothing');
    assert.equal(await ledger.balance(account.id), 1_000_000);
    await assert.rejects(reservation.capture(40_000), LeaseExpiredError);
    assert.equal(await ledger.balance(account.id), 1_000_000, 'the late capture charged nothing');
    const entries = await store.db.selectFrom('ledger_entries').select(['kind', 'amount_micros']).where('request_id', '=', reservation.requestId).orderBy('id').execute();
    assert.deepEqual(entries.map((entry) => [entry.kind, entry.amount_micros]), [['hold', -100_000], ['release', 100_000]]);
  });

  test('a capture after the lease expired but before the reconciler came is refused too', async () => {
    const account = await ledger.createAccount(`late-${now}@example.com`, 1_000_000, newRequestId(now));
    const reservation = await ledger.reserve(account.id, 100_000, { requestId: newRequestId(now), endpointId: 'test.late', leaseSeconds: 60 });
    assert.ok(reservation);
    await written();
    now += 61_000;
    await assert.rejects(reservation.capture(40_000), LeaseExpiredError);
    assert.equal(await ledger.balance(account.id), 900_000, 'still held until it is released');
    assert.equal(await ledger.releaseExpiredHolds(), 1);
    assert.equal(await ledger.balance(account.id), 1_000_000);
  });

  test('a second capture is refused as already captured, not as an expired lease', async () => {
    const account = await ledger.createAccount(`twice-captured-${now}@example.com`, 1_000_000, newRequestId(now));
    const reservation = await ledger.reserve(account.id, 100_000, { requestId: newRequestId(now), endpointId: 'test.twice', leaseSeconds: 60 });
    assert.ok(reservation);
    await written();
    assert.equal(await reservation.capture(40_000), 960_000);
    await assert.rejects(reservation.capture(40_000), (error: Error) => !(error instanceof LeaseExpiredError) && /already captured/.test(error.message));
    assert.equal(await ledger.balance(account.id), 960_000);
  });

  test('extending a lease keeps the reconciler away', async () => {
    const account = await ledger.createAccount(`extend-${now}@example.com`, 1_000_000, newRequestId(now));
    const reservation = await ledger.reserve(account.id, 100_000, { requestId: newRequestId(now), endpointId: 'test.stream', leaseSeconds: 60 });
    assert.ok(reservation);
    await written();
    for (let minute = 0; minute < 5; minute += 1) {
      now += 50_000;
      await reservation.extend(60);
      assert.equal(await ledger.releaseExpiredHolds(), 0);
    }
    assert.equal(await reservation.capture(100_000), 900_000);
    await assert.rejects(reservation.extend(60), /nothing open/);
  });

  test('more expired holds than one chunk are all released', async () => {
    const account = await ledger.createAccount(`many-${now}@example.com`, 10_000_000, newRequestId(now));
    const start = now;
    await Promise.all(Array.from({ length: 345 }, (_, index) => ledger.hold(account.id, 1_000, newRequestId(start + index), 'test.many', 60)));
    await written();
    assert.equal(await ledger.balance(account.id), 10_000_000 - 345_000);
    now += 10 * MINUTE;
    assert.equal(await ledger.releaseExpiredHolds(), 345);
    assert.equal(await ledger.balance(account.id), 10_000_000);
  });

  test('two ledgers on one database (two instances) release the same expired hold once', async () => {
    const other = new Ledger(store, () => new Date(now));
    const account = await ledger.createAccount(`twice-${now}@example.com`, 1_000_000, newRequestId(now));
    const requestId = newRequestId(now);
    assert.equal(await ledger.hold(account.id, 100_000, requestId, 'test.twice', 60), true);
    await written();
    now += 2 * MINUTE;
    const [first, second] = await Promise.all([ledger.releaseExpiredHolds(), other.releaseExpiredHolds()]);
    assert.equal(first + second, 1);
    assert.equal(await ledger.balance(account.id), 1_000_000);
    const releases = await store.db.selectFrom('ledger_entries').select('kind').where('request_id', '=', requestId).where('kind', '=', 'release').execute();
    assert.equal(releases.length, 1);
  });
});
