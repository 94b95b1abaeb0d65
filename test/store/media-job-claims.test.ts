import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Ledger } from '../../src/ledger/ledger';
import { JobStore } from '../../src/jobs/job-store';
import { openStore, type Store } from '../../src/store/database';
import { openSharedDatabase, type SharedDatabase } from '../helpers/server-process';
import { testDatabaseLabel } from '../helpers/test-app';

const JOBS = 300;
const LEASE_MS = 15_000;

/**
 * The queue's claims on the database itself, from two connections (two processes' pools): each
 * due job is claimed by one worker at a time (FOR UPDATE SKIP LOCKED on PostgreSQL, the single
 * writer on SQLite), a lapsed claim can be taken over, and a worker that lost its claim writes nothing.
 */
describe(`media job claims (${testDatabaseLabel()})`, () => {
  let database: SharedDatabase;
  let second: Store;
  let accountId: string;
  const stores: JobStore[] = [];

  before(async () => {
    database = await openSharedDatabase();
    second = await openStore({ databaseUrl: database.environment.DATABASE_URL, dataDir: database.environment.TOLLGATE_DATA_DIR! });
    const ledgers = [new Ledger(database.store), new Ledger(second)];
    accountId = (await ledgers[0]!.createAccount(`claims-${randomBytes(4).toString('hex')}@example.com`, 0, 'req_claims_account')).id;
    stores.push(...[database.store, second].map((store, index) => new JobStore(store.db, store.dialect, (work) => ledgers[index]!.exclusive(work))));
  });
  after(async () => {
    await second?.close();
    await database?.close();
  });

  async function insertJobs(count: number, now: number): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const id = `job_${randomBytes(12).toString('base64url')}`;
      ids.push(id);
      await stores[0]!.insert({ id, account_id: accountId, model: 'black-forest-labs/flux-1-schnell', request: '{}', status: 'queued', hold_request_id: `req_${id}`, max_micros: 10_000, created_at: now, expires_at: now + 86_400_000, due_at: now, webhook_url: null });
    }
    return ids;
  }

  test(`two workers on two connections claim ${JOBS} due jobs: each exactly once`, async () => {
    const now = Date.now();
    const ids = await insertJobs(JOBS, now);
    const claimedBy = new Map<string, string[]>();
    const work = async (store: JobStore, workerId: string) => {
      for (;;) {
        const jobs = await store.claimDue(workerId, 5, now, LEASE_MS);
        if (jobs.length === 0) return;
        for (const job of jobs) {
          claimedBy.set(job.id, [...(claimedBy.get(job.id) ?? []), workerId]);
          // The step is done: nothing more is due, the claim let go.
          assert.equal(await store.update(job.id, workerId, { status: 'succeeded', due_at: null }, { release: true }), true);
        }
      }
    };
    await Promise.all([work(stores[0]!, 'worker_a'), work(stores[1]!, 'worker_b'), work(stores[0]!, 'worker_c'), work(stores[1]!, 'worker_d')]);
    assert.equal(claimedBy.size, JOBS);
    for (const id of ids) assert.equal(claimedBy.get(id)?.length, 1, `${id} claimed by ${claimedBy.get(id)?.join(', ')}`);
    const byWorker = new Map<string, number>();
    for (const [worker] of claimedBy.values()) byWorker.set(worker!, (byWorker.get(worker!) ?? 0) + 1);
    assert.ok(byWorker.size >= 2, `the work was shared: ${JSON.stringify([...byWorker])}`);
  });

  test('a live claim is not taken; a lapsed one is, and the worker that lost it writes nothing', async () => {
    const now = Date.now();
    const [id] = await insertJobs(1, now);
    const [claimed] = await stores[0]!.claimDue('worker_slow', 1, now, LEASE_MS);
    assert.equal(claimed?.id, id);
    assert.deepEqual(await stores[1]!.claimDue('worker_other', 10, now + LEASE_MS - 1, LEASE_MS), []);
    assert.equal(await stores[1]!.claim(id!, 'worker_other', now + LEASE_MS - 1, LEASE_MS), undefined, 'a cancel waits for the live claim');
    const [takenOver] = await stores[1]!.claimDue('worker_other', 10, now + LEASE_MS, LEASE_MS);
    assert.equal(takenOver?.id, id);
    assert.equal(await stores[0]!.update(id!, 'worker_slow', { status: 'failed' }), false);
    assert.equal(await stores[0]!.heartbeat(id!, 'worker_slow', now + 2 * LEASE_MS), false);
    assert.equal((await stores[0]!.find(id!))?.status, 'queued');
    assert.equal(await stores[1]!.update(id!, 'worker_other', { status: 'succeeded', due_at: null }, { release: true }), true);
  });

  test('a job due later is not claimed before its time', async () => {
    const now = Date.now();
    const [id] = await insertJobs(1, now);
    await stores[0]!.claimDue('worker_a', 1, now, LEASE_MS);
    await stores[0]!.update(id!, 'worker_a', { due_at: now + 5_000 }, { release: true });
    assert.deepEqual((await stores[1]!.claimDue('worker_b', 10, now + 4_999, LEASE_MS)).map((job) => job.id), []);
    assert.deepEqual((await stores[1]!.claimDue('worker_b', 10, now + 5_000, LEASE_MS)).map((job) => job.id), [id]);
  });
});
