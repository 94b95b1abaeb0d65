import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { parseUsd } from '../../src/core/money';
import type { Ledger } from '../../src/ledger/ledger';
import type { Store } from '../../src/store/database';
import { entriesOfAnInstantCall, openTestLedger, startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/** Reservation makes money exact under concurrency, on whichever database the run uses. */

const PRICE = 20_000; // seo.domain_available: 0.02 per call
const AFFORDABLE = 7; // K
const FUNDING = '0.15'; // covers K calls (0.14) and 0.01 short of another

async function ledgerEntries(store: Store, accountId: string) {
  return store.db.selectFrom('ledger_entries').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
}

async function ledgerSum(store: Store, accountId: string): Promise<number> {
  return (await ledgerEntries(store, accountId)).reduce((total, entry) => total + Number(entry.amount_micros), 0);
}

describe(`concurrency through HTTP (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(() => app?.close());

  test(`25 concurrent calls on a balance that covers ${AFFORDABLE}: exactly ${AFFORDABLE} succeed, the rest are NO_CREDITS`, async () => {
    const { accountId, apiKey } = await app.createAccount(FUNDING);
    const responses = await Promise.all(
      Array.from({ length: 25 }, () => app.post('/v1/seo/domain/available', { domain: 'tollgate-example.com' }, apiKey)),
    );
    const statuses = responses.map((response) => response.status);
    assert.equal(statuses.filter((status) => status === 200).length, AFFORDABLE, statuses.join(','));
    assert.equal(statuses.filter((status) => status === 402).length, 25 - AFFORDABLE, statuses.join(','));
    for (const response of responses.filter((candidate) => candidate.status === 402)) {
      assert.equal(response.body.error.code, 'NO_CREDITS');
    }
    for (const response of responses.filter((candidate) => candidate.status === 200)) {
      assert.equal(response.headers.get('x-cost-usd'), '0.02');
      assert.ok(parseUsd(response.headers.get('x-balance-usd')!) >= 0);
    }

    const balance = await app.balance(accountId);
    assert.equal(balance, parseUsd(FUNDING) - AFFORDABLE * PRICE);
    assert.equal(balance, 10_000);
    assert.equal(await app.ledgerSum(accountId), balance);
    const entries = await ledgerEntries(app.store, accountId);
    assert.ok(entries.every((entry) => Number(entry.balance_after_micros) >= 0), 'the balance was never negative');
    assert.deepEqual(
      entries.map((entry) => entry.kind).sort(),
      ['credit', ...Array.from({ length: AFFORDABLE }, () => entriesOfAnInstantCall('capture')).flat()].sort(),
    );
  });
});

describe(`Ledger under concurrency (${testDatabaseLabel()})`, () => {
  let store: Store;
  let ledger: Ledger;
  before(async () => {
    ({ store, ledger } = await openTestLedger());
  });
  after(() => store?.close());

  async function account(credit: number) {
    return ledger.createAccount(`ledger-${randomBytes(6).toString('hex')}@example.com`, credit, `signup_${randomBytes(6).toString('hex')}`);
  }

  async function holdAll(accountId: string, count: number): Promise<Array<{ requestId: string; held: boolean }>> {
    const requestIds = Array.from({ length: count }, (_, index) => `req_${randomBytes(6).toString('hex')}_${index}`);
    const held = await Promise.all(requestIds.map((requestId) => ledger.hold(accountId, PRICE, requestId, 'test.hold')));
    return requestIds.map((requestId, index) => ({ requestId, held: held[index]! }));
  }

  test(`50 concurrent holds on a balance that covers ${AFFORDABLE}: exactly ${AFFORDABLE} succeed`, async () => {
    const credit = AFFORDABLE * PRICE + PRICE - 1;
    const { id } = await account(credit);
    const holds = await holdAll(id, 50);
    assert.equal(holds.filter((hold) => hold.held).length, AFFORDABLE);
    assert.equal(await ledger.balance(id), PRICE - 1);
    assert.equal(await ledgerSum(store, id), PRICE - 1);
    const entries = await ledgerEntries(store, id);
    assert.equal(entries.filter((entry) => entry.kind === 'hold').length, AFFORDABLE);
    assert.deepEqual(
      new Set(entries.filter((entry) => entry.kind === 'hold').map((entry) => entry.request_id)),
      new Set(holds.filter((hold) => hold.held).map((hold) => hold.requestId)),
    );
    assert.ok(entries.every((entry) => Number(entry.balance_after_micros) >= 0));
  });

  test('a second capture of the same request fails and changes nothing', async () => {
    const { id } = await account(100_000);
    const [hold] = await holdAll(id, 1);
    assert.equal(await ledger.capture(id, hold!.requestId, 15_000, 'test.hold'), 85_000);
    const entries = await ledgerEntries(store, id);
    await assert.rejects(ledger.capture(id, hold!.requestId, 15_000, 'test.hold'));
    await assert.rejects(ledger.capture(id, hold!.requestId, 0, 'test.hold'));
    assert.equal(await ledger.balance(id), 85_000);
    assert.deepEqual(await ledgerEntries(store, id), entries);
  });

  test('a second release of the same request fails and changes nothing', async () => {
    const { id } = await account(100_000);
    const [hold] = await holdAll(id, 1);
    assert.equal(await ledger.release(id, hold!.requestId, 'test.hold'), 100_000);
    const entries = await ledgerEntries(store, id);
    await assert.rejects(ledger.release(id, hold!.requestId, 'test.hold'));
    assert.equal(await ledger.balance(id), 100_000);
    assert.deepEqual(await ledgerEntries(store, id), entries);
  });

  test('concurrent duplicate settlements of one request: exactly one applies', async () => {
    const { id } = await account(100_000);
    const [captured, released] = await holdAll(id, 2);
    const captures = await Promise.allSettled(Array.from({ length: 10 }, () => ledger.capture(id, captured!.requestId, PRICE, 'test.hold')));
    const releases = await Promise.allSettled(Array.from({ length: 10 }, () => ledger.release(id, released!.requestId, 'test.hold')));
    assert.equal(captures.filter((result) => result.status === 'fulfilled').length, 1);
    assert.equal(releases.filter((result) => result.status === 'fulfilled').length, 1);
    assert.equal(await ledger.balance(id), 100_000 - PRICE);
    assert.equal(await ledgerSum(store, id), 100_000 - PRICE);
  });

  // A request settles once: a hold is either captured or released, never both.
  test('a captured request cannot also be released', async () => {
    const { id } = await account(100_000);
    const [hold] = await holdAll(id, 1);
    await ledger.capture(id, hold!.requestId, PRICE, 'test.hold');
    const entries = await ledgerEntries(store, id);
    await assert.rejects(ledger.release(id, hold!.requestId, 'test.hold'), 'a release after the capture must be refused');
    assert.equal(await ledger.balance(id), 100_000 - PRICE);
    assert.deepEqual(await ledgerEntries(store, id), entries);
  });

  test('a request that was never held cannot be settled', async () => {
    const { id } = await account(100_000);
    const entries = await ledgerEntries(store, id);
    await assert.rejects(ledger.release(id, 'req_never_held', 'test.hold'), 'a release without a hold must be refused');
    await assert.rejects(ledger.capture(id, 'req_never_held_either', 0, 'test.hold'), 'a capture without a hold must be refused');
    assert.equal(await ledger.balance(id), 100_000);
    assert.deepEqual(await ledgerEntries(store, id), entries);
  });
});
