import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pino } from 'pino';
import { JobRunner, CLAIM_LEASE_MS } from '../../src/jobs/job-runner';
import { JobStore } from '../../src/jobs/job-store';
import { JobViews } from '../../src/jobs/job-view';
import { WEBHOOK_RETRY_DELAYS_SECONDS } from '../../src/jobs/webhooks/delivery';
import { newWebhookSecret } from '../../src/jobs/webhooks/signature';
import { callWriter } from '../../src/ledger/call-log';
import { Ledger } from '../../src/ledger/ledger';
import { MediaFileUrls } from '../../src/media/file-urls';
import { localMediaStorage } from '../../src/media/storage';
import { FetchFailed } from '../../src/net/errors';
import type { Fetcher } from '../../src/net/fetcher';
import { sandboxMedia } from '../../src/providers/sandbox/media';
import type { Store } from '../../src/store/database';
import { canceledJobRow } from '../helpers/media-jobs';
import { openTestStore } from '../helpers/test-app';

/** How long the receiver keeps each attempt waiting before the connection fails: a whole attempt's timeout. */
const ATTEMPT_MS = 10_000;

/**
 * A webhook attempt that waited on its receiver: the retry is due its delay after the attempt
 * ended, not after it began (else a receiver that never answers is retried at once, back to back).
 */
describe('media job webhooks: when a failed attempt is retried', () => {
  let store: Store;
  let dataDir: string;
  let ledger: Ledger;
  let jobs: JobStore;
  let now = Date.parse('2026-11-24T10:00:00Z');
  const fetcher: Fetcher = {
    async fetch() {
      now += ATTEMPT_MS;
      throw new FetchFailed('the receiver closed the connection without answering');
    },
    async close() {},
  };

  // A queue of each test's own: no job of another test is due beside its own.
  beforeEach(async () => {
    ({ store, dataDir } = await openTestStore());
    ledger = new Ledger(store);
    jobs = new JobStore(store.db, store.dialect, (work) => ledger.exclusive(work));
  });
  afterEach(async () => {
    await store?.close();
  });

  function runnerWith(fetcher: Fetcher, secret = newWebhookSecret()): JobRunner {
    return new JobRunner({
      store: jobs,
      ledger,
      provider: sandboxMedia({ jobSeconds: 0 }),
      storage: localMediaStorage(join(dataDir, 'media')),
      fetcher,
      views: new JobViews(jobs, new MediaFileUrls(randomBytes(32)), () => 'https://tollgate.example'),
      writeCalls: callWriter(store, (work) => ledger.exclusive(work)),
      webhookSecret: async () => secret,
      log: pino({ level: 'silent' }),
      clock: () => now,
      workerId: 'worker_test',
    });
  }

  test('the first retry is due 5 s after the attempt ended', async () => {
    const account = await ledger.createAccount(`webhooks-${randomBytes(4).toString('hex')}@example.com`, 0, 'req_webhooks_account');
    // A finished job whose webhook is due now.
    const job = { ...canceledJobRow(account.id, now), due_at: now, webhook_url: 'https://receiver.example/hooks', webhook_state: 'pending' as const };
    const jobId = job.id;
    await jobs.insert(job);
    const runner = runnerWith(fetcher);
    const [claimed] = await jobs.claimDue(runner.workerId, 1, now, CLAIM_LEASE_MS);
    assert.equal(claimed?.id, jobId);
    await runner.run(claimed!, new AbortController().signal);

    const row = await jobs.find(jobId);
    assert.equal(row?.webhook_attempts, 1);
    assert.equal(row?.webhook_state, 'pending');
    assert.equal(row?.due_at, now + WEBHOOK_RETRY_DELAYS_SECONDS[0]! * 1000, 'due 5 s after the attempt ended');
  });

  test("a retried message carries the same body, timestamped when the job ended; only the attempt's headers change", async () => {
    const account = await ledger.createAccount(`webhooks-${randomBytes(4).toString('hex')}@example.com`, 0, `req_webhooks_${randomBytes(4).toString('hex')}`);
    const endedAt = now;
    const job = { ...canceledJobRow(account.id, endedAt), due_at: endedAt, webhook_url: 'https://receiver.example/hooks', webhook_state: 'pending' as const };
    await jobs.insert(job);
    const sent: Array<{ body: string; headers: Record<string, string> }> = [];
    const secret = newWebhookSecret();
    // The receiver fails the first attempt (500) and takes the second.
    const recording: Fetcher = {
      async fetch(url, options) {
        sent.push({ body: String(options.body), headers: options.headers ?? {} });
        const statusCode = sent.length === 1 ? 500 : 204;
        return { url, statusCode, headers: {}, contentType: undefined, body: Buffer.alloc(0), text: '', redirects: [] };
      },
      async close() {},
    };
    const runner = runnerWith(recording, secret);
    // The first attempt a minute after the job ended, the retry when it is due.
    now = endedAt + 60_000;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const [claimed] = await jobs.claimDue(runner.workerId, 1, now, CLAIM_LEASE_MS);
      assert.equal(claimed?.id, job.id);
      await runner.run(claimed!, new AbortController().signal);
      now = (await jobs.find(job.id))?.due_at ?? now;
    }
    assert.equal((await jobs.find(job.id))?.webhook_state, 'delivered');
    assert.equal(sent.length, 2);
    assert.equal(sent[1]!.body, sent[0]!.body, 'byte-identical');
    const payload = JSON.parse(sent[0]!.body);
    assert.equal(payload.type, 'media.job.canceled');
    assert.equal(payload.timestamp, new Date(endedAt).toISOString(), 'when the job ended');
    assert.equal(payload.timestamp, payload.data.completedAt);
    assert.equal(sent[0]!.headers['webhook-id'], sent[1]!.headers['webhook-id']);
    // The header is each attempt's own time (receivers refuse an old one), and each attempt verifies.
    assert.deepEqual(
      sent.map((delivery) => delivery.headers['webhook-timestamp']),
      [String(Math.floor((endedAt + 60_000) / 1000)), String(Math.floor((endedAt + 60_000) / 1000) + WEBHOOK_RETRY_DELAYS_SECONDS[0]!)],
    );
    for (const delivery of sent) {
      const signed = `${delivery.headers['webhook-id']}.${delivery.headers['webhook-timestamp']}.${delivery.body}`;
      const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(signed).digest('base64');
      assert.equal(delivery.headers['webhook-signature'], `v1,${expected}`);
    }
  });
});
