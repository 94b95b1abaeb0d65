import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runDrill } from '../../scripts/drill';
import { testDatabaseLabel } from '../helpers/test-app';

/**
 * The kill -9 drill (scripts/drill.ts) on the suite's database: a server under load killed with
 * SIGKILL and restarted. The drill asserts the invariants itself (every 200 captured, every
 * unanswered hold released when its lease expires, entries summing to balances, retries charged
 * once); here its account of what happened is checked to have exercised them. About 70 s: the
 * held calls' leases (5 s deadline + 60 s) must run out.
 */
test(`kill -9 under load, restart: nothing lost, nothing charged twice (${testDatabaseLabel()})`, { timeout: 240_000 }, async () => {
  const summary = await runDrill();
  assert.ok(summary.answered >= 150, 'the kill came before 150 answers');
  assert.ok(summary.unanswered > 0, 'the kill cut no call short');
  assert.equal(summary.releasedByReconciler, summary.openAtKill, 'each hold open at the kill is released once');
});
