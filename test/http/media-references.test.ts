import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseUsd } from '../../src/core/money';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { startTestDnsServer, type TestDnsServer } from '../helpers/test-dns-server';

/** Where the reference media live: the one network the app may fetch from. */
const PUBLIC_STAND_IN = '127.0.0.2';

/** Polls the job's status until `until` says so (by default: it is final), at most `timeoutMs`. */
async function waitFor(app: TestApp, apiKey: string, jobId: string, until: (job: any) => boolean = (job) => ['succeeded', 'failed', 'canceled'].includes(job.status), timeoutMs = 20_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.get(`/v1/media/status/${jobId}`, apiKey);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    if (until(response.body.data)) return response.body.data;
    if (Date.now() > deadline) assert.fail(`job ${jobId} still ${JSON.stringify(response.body.data)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function ledgerKinds(app: TestApp, accountId: string): Promise<string[]> {
  const rows = await app.store.db.selectFrom('ledger_entries').select('kind').where('account_id', '=', accountId).where('kind', '!=', 'credit').orderBy('id').execute();
  return rows.map((row) => row.kind);
}

async function attemptsOf(app: TestApp, jobId: string): Promise<number> {
  return (await app.store.db.selectFrom('media_jobs').select('attempts').where('id', '=', jobId).executeTakeFirstOrThrow()).attempts;
}

/**
 * The balance the job's hold left, from its ledger entry: the live balance cannot show it, as a
 * worker woken by the queue call may refuse the job and release the hold before the test reads it.
 */
async function balanceAfterHold(app: TestApp, jobId: string): Promise<number> {
  const { hold_request_id: requestId } = await app.store.db.selectFrom('media_jobs').select('hold_request_id').where('id', '=', jobId).executeTakeFirstOrThrow();
  const hold = await app.store.db.selectFrom('ledger_entries').select('balance_after_micros').where('request_id', '=', requestId).where('kind', '=', 'hold').executeTakeFirstOrThrow();
  return Number(hold.balance_after_micros);
}

/**
 * Reference media whose host is a name: resolved when the job downloads it (DNS may change between
 * queueing and running), and what that finds decides the job: an address the fetcher refuses, or no
 * such name, fails it at once with a message naming the option; a failure that may pass is retried.
 */
describe(`media jobs: reference URLs resolved at download time (${testDatabaseLabel()})`, () => {
  let dns: TestDnsServer;
  let web: http.Server;
  let webPort: number;
  let app: TestApp;

  before(async () => {
    // Answers 503 to everything: a download worth retrying.
    web = http.createServer((_request, response) => response.writeHead(503).end());
    await new Promise<void>((resolve) => web.listen(0, PUBLIC_STAND_IN, resolve));
    webPort = (web.address() as AddressInfo).port;
    dns = await startTestDnsServer({
      'inward.media-refs.test': { A: ['127.0.0.1'] },
      'metadata.media-refs.test': { A: ['169.254.169.254'] },
      'busy.media-refs.test': { A: [PUBLIC_STAND_IN] },
    });
    app = await startTestApp(
      {},
      {
        TOLLGATE_SANDBOX_MEDIA_SECONDS: '0',
        TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000',
        TOLLGATE_DNS_SERVERS: dns.servers.join(','),
        TOLLGATE_FETCH_ALLOWED_NETWORKS: `${PUBLIC_STAND_IN}/32`,
      },
    );
  });
  after(async () => {
    await app?.close();
    await dns?.close();
    await new Promise((resolve) => web?.close(resolve));
  });

  test('a name that resolves to a refused address fails the job with the sentence a refused webhookUrl gets, naming the option; the $1.50 hold is released in full', async () => {
    const { accountId, apiKey } = await app.createAccount('5.00');
    const cases = [
      ['referenceVideoUrl', 'http://inward.media-refs.test/clip.mp4', 'inward.media-refs.test resolves to a loopback address'],
      ['referenceAudioUrl', 'http://metadata.media-refs.test/track.wav', 'metadata.media-refs.test resolves to a cloud metadata address'],
    ] as const;
    for (const [option, url, reason] of cases) {
      const queued = await app.post('/v1/media/queue', { model: 'seedance', prompt: 'x', options: { duration: '5', [option]: url } }, apiKey);
      assert.equal(queued.status, 200, JSON.stringify(queued.body));
      assert.equal(queued.body.data.estimatedCostUsd, 1.5);
      assert.equal(await balanceAfterHold(app, queued.body.data.jobId), parseUsd('3.50'), 'held while the job waits');
      const job = await waitFor(app, apiKey, queued.body.data.jobId);
      assert.equal(job.status, 'failed');
      assert.deepEqual(job.error, {
        code: 'VALIDATION_ERROR',
        message: `options.${option}: Tollgate does not fetch this destination (${reason}); only public http(s) addresses are fetched. Nothing is charged.`,
      });
      assert.equal(job.costUsd, 0);
      assert.equal(await attemptsOf(app, job.jobId), 0, 'refused at once, not retried');
      assert.equal(await app.balance(accountId), parseUsd('5.00'));
    }
    assert.equal(await app.ledgerSum(accountId), parseUsd('5.00'));
    assert.deepEqual(await ledgerKinds(app, accountId), ['hold', 'release', 'hold', 'release']);
  });

  test('a name that does not resolve fails the job at once, naming the option; the $1.50 hold is released in full', async () => {
    const { accountId, apiKey } = await app.createAccount('5.00');
    // Not in the test server's zone: NXDOMAIN.
    const queued = await app.post('/v1/media/queue', { model: 'seedance', prompt: 'x', options: { duration: '5', referenceVideoUrl: 'https://no-such-host.media-refs.test/clip.mp4' } }, apiKey);
    assert.equal(queued.status, 200, JSON.stringify(queued.body));
    assert.equal(await balanceAfterHold(app, queued.body.data.jobId), parseUsd('3.50'), 'held while the job waits');
    const job = await waitFor(app, apiKey, queued.body.data.jobId);
    assert.equal(job.status, 'failed');
    assert.deepEqual(job.error, {
      code: 'VALIDATION_ERROR',
      message: 'options.referenceVideoUrl: the host name does not resolve to any address (check the URL); nothing is charged.',
    });
    assert.equal(await attemptsOf(app, job.jobId), 0, 'not retried: no such name is not a failure that passes');
    assert.equal(dns.queries.filter((query) => query.name === 'no-such-host.media-refs.test' && query.type === 'A').length, 1, 'looked up once');
    assert.equal(await app.balance(accountId), parseUsd('5.00'));
    assert.deepEqual(await ledgerKinds(app, accountId), ['hold', 'release']);
  });

  test('a download that fails in a way that may pass (HTTP 503) is still retried; canceled, its hold is released in full', async () => {
    const { accountId, apiKey } = await app.createAccount('5.00');
    const queued = await app.post('/v1/media/queue', { model: 'seedance', prompt: 'x', options: { duration: '5', referenceVideoUrl: `http://busy.media-refs.test:${webPort}/clip.mp4` } }, apiKey);
    assert.equal(queued.status, 200, JSON.stringify(queued.body));
    const { jobId } = queued.body.data;
    const deadline = Date.now() + 20_000;
    while ((await attemptsOf(app, jobId)) < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok((await attemptsOf(app, jobId)) >= 1, 'the failed download is counted, to be tried again');
    assert.equal((await app.get(`/v1/media/status/${jobId}`, apiKey)).body.data.status, 'queued');
    await app.post('/v1/media/cancel', { jobId }, apiKey);
    assert.equal((await waitFor(app, apiKey, jobId)).status, 'canceled');
    assert.equal(await app.balance(accountId), parseUsd('5.00'));
    assert.deepEqual(await ledgerKinds(app, accountId), ['hold', 'release']);
  });
});
