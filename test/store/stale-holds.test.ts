import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newRequestId } from '../../src/core/request-id';
import type { Ledger } from '../../src/ledger/ledger';
import type { Store } from '../../src/store/database';
import { openTestLedger, testDatabaseLabel } from '../helpers/test-app';

const MINUTE = 60_000;

/** A crash between a call's hold and its settlement must not keep the money held forever. */
describe(`stale holds (${testDatabaseLabel()})`, () => {
  let store: Store;
  let now = Date.parse('2026-11-21T10:00:00Z');
  let ledger: Ledger;
  before(async () => {
    ({ store, ledger } = await openTestLedger(() => new Date(now)));
  });
  after(() => store.close());

  test('only unsettled holds older than the threshold are released, once', async () => {
    const account = await ledger.createAccount('stale@example.com', 1_000_000, 'cli_stale_credit');
    const crashed = newRequestId(now);
    const settled = newRequestId(now);
    assert.equal(await ledger.hold(account.id, 100_000, crashed, 'serp.websearch'), true);
    assert.equal(await ledger.hold(account.id, 50_000, settled, 'serp.websearch'), true);
    await ledger.capture(account.id, settled, 20_000, 'serp.websearch');
    now += 11 * MINUTE;
    const inFlight = newRequestId(now);
    assert.equal(await ledger.hold(account.id, 30_000, inFlight, 'serp.websearch'), true);
    assert.equal(await ledger.balance(account.id), 1_000_000 - 100_000 - 20_000 - 30_000);

    assert.equal(await ledger.releaseStaleHolds({ olderThanMs: 10 * MINUTE, lookbackMs: 10 * MINUTE + 30_000 }), 0, 'older than the lookback: not this pass');
    assert.equal(await ledger.releaseStaleHolds({ olderThanMs: 10 * MINUTE, lookbackMs: 60 * MINUTE }), 1);
    assert.equal(await ledger.balance(account.id), 1_000_000 - 20_000 - 30_000, 'the crashed request holds nothing now');
    assert.equal(await ledger.releaseStaleHolds({ olderThanMs: 10 * MINUTE, lookbackMs: 60 * MINUTE }), 0, 'a second pass finds nothing');

    const entries = await store.db.selectFrom('ledger_entries').select(['request_id', 'kind', 'amount_micros']).where('account_id', '=', account.id).orderBy('id').execute();
    assert.deepEqual(
      entries.filter((entry) => entry.request_id === crashed).map((entry) => [entry.kind, entry.amount_micros]),
      [['hold', -100_000], ['release', 100_000]],
    );
    // The request still in flight settles normally afterwards.
    assert.equal(await ledger.capture(account.id, inFlight, 30_000, 'serp.websearch'), 1_000_000 - 20_000 - 30_000);
  });

  test('a window with more stale holds than one chunk is released completely', async () => {
    const account = await ledger.createAccount('many-stale@example.com', 10_000_000, 'cli_many_stale_credit');
    const start = now;
    await Promise.all(Array.from({ length: 1_234 }, (_, index) => ledger.hold(account.id, 1_000, newRequestId(start + index), 'serp.websearch')));
    assert.equal(await ledger.balance(account.id), 10_000_000 - 1_234_000);
    now = start + 1_234 + 11 * MINUTE;
    assert.equal(await ledger.releaseStaleHolds({ olderThanMs: 10 * MINUTE, lookbackMs: 60 * MINUTE }), 1_234);
    assert.equal(await ledger.balance(account.id), 10_000_000);
  });
});
