import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { newRequestId } from '../../src/core/request-id';
import { Ledger } from '../../src/ledger/ledger';
import { openStore } from '../../src/store/database';
import { BackgroundCheckpoints } from '../../src/store/sqlite-checkpoints';
import { testDatabaseLabel } from '../helpers/test-app';

const PRICE = 1_000;

/** Polls `done` until it holds, at most `limitMs` (a bound on a slow machine, not a timing claim). */
async function eventually(done: () => boolean, limitMs = 20_000): Promise<void> {
  const until = Date.now() + limitMs;
  while (!done()) {
    if (Date.now() > until) throw new Error('not within the limit');
    await sleep(20);
  }
}

/**
 * The server's SQLite store copies its write-ahead log into the database on a thread of its own,
 * so that the event loop does not pause for a checkpoint inside a commit. The thread's work is
 * real (frames copied while the ledger writes), it stops with the store, a failure is reported
 * without stopping the writes, and a CLI store does without it.
 */
describe('SQLite background checkpoints', { skip: testDatabaseLabel() !== 'sqlite' && 'SQLite only' }, () => {
  test('the thread checkpoints what the ledger writes; the store closes it; every entry is there after', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-checkpoints-'));
    const failures: Error[] = [];
    try {
      const store = await openStore({ dataDir, backgroundCheckpoints: { onFailure: (error) => failures.push(error) } });
      assert.ok(store.checkpoints, 'the store runs background checkpoints');
      const ledger = new Ledger(store);
      const account = await ledger.createAccount('checkpoints@example.com', 10_000_000, 'signup_checkpoints');
      const calls = 600;
      for (let call = 0; call < calls; call += 1) {
        const reservation = await ledger.reserve(account.id, PRICE, { requestId: newRequestId(), endpointId: 'seo.domain_available', leaseSeconds: 60 });
        await reservation!.capture(PRICE);
      }
      const checkpoints = store.checkpoints;
      // Once nothing more is written, a pass of the thread leaves every frame of the log in the database.
      await eventually(() => checkpoints.stats.passes > 0 && checkpoints.stats.logFrames > 0 && checkpoints.stats.checkpointedFrames === checkpoints.stats.logFrames);
      assert.deepEqual(failures, []);
      await store.close();

      const reopened = await openStore({ dataDir });
      assert.equal(reopened.checkpoints, undefined, 'a store opened without them (the CLI) runs none');
      assert.equal(await new Ledger(reopened).balance(account.id), 10_000_000 - calls * PRICE);
      await reopened.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('with nothing new in the log the thread does nothing; the next commit gets a pass', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-checkpoints-'));
    const failures: Error[] = [];
    const store = await openStore({ dataDir });
    const checkpoints = new BackgroundCheckpoints(path.join(dataDir, 'tollgate.db'), { onFailure: (error) => failures.push(error) }, 10);
    try {
      const ledger = new Ledger(store);
      const account = await ledger.createAccount('idle@example.com', 10_000_000, 'signup_idle');
      const charge = async () => {
        const reservation = await ledger.reserve(account.id, PRICE, { requestId: newRequestId(), endpointId: 'seo.domain_available', leaseSeconds: 60 });
        await reservation!.capture(PRICE);
      };
      for (let call = 0; call < 50; call += 1) await charge();
      await eventually(() => checkpoints.stats.passes > 0 && checkpoints.stats.logFrames > 0 && checkpoints.stats.checkpointedFrames === checkpoints.stats.logFrames);
      await sleep(100); // a pass that began before the last commit is followed by one more
      const idlePasses = checkpoints.stats.passes;
      await sleep(500); // fifty intervals
      assert.equal(checkpoints.stats.passes, idlePasses, 'no pass while nothing is written');

      await charge();
      await eventually(() => checkpoints.stats.passes > idlePasses);
      assert.equal(checkpoints.stats.checkpointedFrames, checkpoints.stats.logFrames);
      assert.deepEqual(failures, []);
    } finally {
      await checkpoints.close();
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a thread that cannot checkpoint reports it, and closes', async () => {
    const failures: Error[] = [];
    const checkpoints = new BackgroundCheckpoints(path.join(os.tmpdir(), `tollgate-missing-${process.pid}`, 'tollgate.db'), { onFailure: (error) => failures.push(error) }, 10);
    await eventually(() => failures.length > 0);
    assert.ok(checkpoints.stats.failures > 0);
    await checkpoints.close();
  });

  test('a checkpoint that fails pass after pass is reported once, and its recovery once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-checkpoints-'));
    const healthyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-checkpoints-'));
    const file = path.join(dataDir, 'tollgate.db');
    // Not a database: every pass fails ("file is not a database") until the file becomes one.
    fs.writeFileSync(file, Buffer.alloc(8192, 7));
    const failures: Error[] = [];
    const recoveries: number[] = [];
    const checkpoints = new BackgroundCheckpoints(file, { onFailure: (error) => failures.push(error), onRecovery: (failed) => recoveries.push(failed) }, 5);
    try {
      await eventually(() => checkpoints.stats.failures >= 10);
      assert.equal(failures.length, 1, 'told once, not once per pass');
      assert.match(failures[0]!.message, /SQLite checkpoint failed: file is not a database/);
      assert.ok(checkpoints.stats.failingPasses >= 10);

      // The file becomes a database (a freshly migrated store's, written over it in place).
      await (await openStore({ dataDir: healthyDir })).close();
      fs.writeFileSync(file, fs.readFileSync(path.join(healthyDir, 'tollgate.db')));
      await eventually(() => recoveries.length > 0);
      assert.equal(recoveries.length, 1);
      assert.ok(recoveries[0]! >= 10, `the recovery counts the failed passes (${recoveries[0]})`);
      assert.equal(checkpoints.stats.failingPasses, 0);
      assert.equal(failures.length, 1);
    } finally {
      await checkpoints.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(healthyDir, { recursive: true, force: true });
    }
  });
});
