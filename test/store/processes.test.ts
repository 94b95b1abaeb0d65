import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Ledger } from '../../src/ledger/ledger';
import { bundle } from '../../scripts/bundle.mjs';
import { openTestStore, testDatabaseLabel } from '../helpers/test-app';

const run = promisify(execFile);
/** The other server's ledger process (test/helpers/ledger-process.ts), run bundled as servers run: the test itself may run without tsx's loader. */
const LEDGER_PROCESS = 'test/helpers/ledger-process.ts';
const PRICE = 10_000;
const CALLS = 300;
const AFFORDABLE = 400;

/**
 * Two servers on one SQLite database stay exact: a turn decides its holds while it holds SQLite's
 * write lock, so the other process can neither move the balance in between nor see half a turn.
 */
describe('two processes on one SQLite ledger (sqlite)', { skip: testDatabaseLabel() !== 'sqlite' && 'SQLite only' }, () => {
  test(`${CALLS} calls from each of two processes on a balance that covers ${AFFORDABLE}: exactly ${AFFORDABLE} are charged`, async () => {
    const { store, dataDir } = await openTestStore();
    try {
      const account = await new Ledger(store).createAccount('processes@example.com', AFFORDABLE * PRICE + PRICE - 1, 'signup_processes');
      // Both start at the same moment, once both have loaded.
      const ledgerProcess = await bundle(LEDGER_PROCESS);
      const start = String(Date.now() + 3_000);
      const processes = await Promise.all(
        [1, 2].map(() => run(process.execPath, [ledgerProcess, dataDir, account.id, String(CALLS), String(PRICE), start], { timeout: 60_000 })),
      );
      const held = processes.map(({ stdout }) => (JSON.parse(stdout) as { held: number }).held);
      assert.equal(held[0]! + held[1]!, AFFORDABLE, `held ${held.join(' + ')}`);
      assert.ok(held.every((count) => count > 0), `both processes took some of it (${held.join(' + ')})`);
      const entries = await store.db.selectFrom('ledger_entries').select(['kind', 'amount_micros', 'balance_after_micros']).where('account_id', '=', account.id).orderBy('id').execute();
      const balance = await store.db.selectFrom('accounts').select('balance_micros').where('id', '=', account.id).executeTakeFirstOrThrow();
      assert.equal(balance.balance_micros, PRICE - 1);
      assert.equal(entries.reduce((sum, entry) => sum + Number(entry.amount_micros), 0), PRICE - 1);
      assert.ok(entries.every((entry) => Number(entry.balance_after_micros) >= 0), 'the balance was never negative');
      assert.equal(entries.filter((entry) => entry.kind === 'capture').length, AFFORDABLE);
    } finally {
      await store.close();
    }
  });
});
