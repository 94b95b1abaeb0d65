import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';
import { ApiKeys } from '../../src/auth/api-keys';
import { parseUsd } from '../../src/core/money';
import { Ledger } from '../../src/ledger/ledger';
import { makeImage } from '../../src/media/files';
import type { Store } from '../../src/store/database';
import { startFakeFal, type FakeFal } from '../fakes/fal-server';
import { readTestResponse, testDatabaseLabel } from '../helpers/test-app';
import { openSharedDatabase, startServerProcess, stopServerProcess, type ServerProcess, type SharedDatabase } from '../helpers/server-process';
import { refuseInserts } from '../helpers/refused-writes';

/** fal's file storage stand-in, on the one network the servers may fetch from. */
const FILE_HOST = '127.0.0.2';

async function startFileHost(files: Map<string, Buffer>): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const file = files.get((request.url ?? '').slice(1));
    if (!file) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': file.length }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, FILE_HOST, resolve));
  return { url: `http://${FILE_HOST}:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function call(server: ServerProcess, method: 'GET' | 'POST', path: string, apiKey: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return readTestResponse(response);
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 40_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Makes every write of api_calls fail until `restore` is called: the call log's batches are then
 * lost, exactly as a crash within the call log's quarter second loses them, whatever the timing.
 */
function loseCallLogWrites(store: Store): Promise<{ restore(): Promise<void> }> {
  return refuseInserts(store, 'api_calls', { name: 'lose_call_log', message: 'the call log batch is lost' });
}

/**
 * kill -9 in the middle of a job, start again: the job finishes, submitted to the vendor once,
 * charged once — or, killed while it was being submitted, failed and released rather than sent
 * twice. Real server processes (bin/tollgate) on one database, fal's queue faked on loopback.
 */
describe(`media jobs survive kill -9 (${testDatabaseLabel()})`, () => {
  let database: SharedDatabase;
  let fal: FakeFal;
  let fileHost: { url: string; close(): Promise<void> };
  let server: ServerProcess | undefined;
  let environment: Record<string, string>;

  before(async () => {
    database = await openSharedDatabase();
    fal = await startFakeFal();
    fileHost = await startFileHost(new Map([['out.png', makeImage({ prompt: 'a fox', width: 1024, height: 1024, variant: 0 })]]));
    environment = { ...database.environment, ...fal.environment, TOLLGATE_FETCH_ALLOWED_NETWORKS: `${FILE_HOST}/32` };
  });
  after(async () => {
    await stopServerProcess(server);
    await fal?.close();
    await fileHost?.close();
    await database?.close();
  });

  async function account(credit: string): Promise<{ accountId: string; apiKey: string; keyId: string }> {
    const created = await new Ledger(database.store).createAccount(`restart-${Math.random().toString(36).slice(2)}@example.com`, parseUsd(credit), `req_test_${Date.now()}`);
    const { apiKey, keyId } = await new ApiKeys(database.store.db).issue(created.id);
    return { accountId: created.id, apiKey, keyId };
  }

  async function kinds(accountId: string): Promise<string[]> {
    const rows = await database.store.db.selectFrom('ledger_entries').select('kind').where('account_id', '=', accountId).orderBy('id').execute();
    return rows.map((row) => row.kind);
  }

  /** Starts the server again and waits until the job has ended there: its status's data. */
  async function restartUntilEnded(jobId: string, apiKey: string, what = 'the job to finish after the restart') {
    server = await startServerProcess(environment);
    return until(what, async () => {
      const status = await call(server!, 'GET', `/v1/media/status/${jobId}`, apiKey);
      return ['succeeded', 'failed', 'canceled'].includes(status.body.data?.status) ? status.body.data : undefined;
    });
  }

  test('killed while the vendor runs the job: after a restart it finishes, submitted once and charged once', async () => {
    fal.reset();
    fal.on('fal-ai/flux/dev', { output: { images: [{ url: `${fileHost.url}/out.png`, content_type: 'image/png', width: 1024, height: 1024 }] } });
    // The job stays queued at fal until the test lets it through.
    fal.pollsPerStep = 1_000_000;
    const { accountId, apiKey } = await account('1.00');
    server = await startServerProcess(environment);
    const queued = await call(server, 'POST', '/v1/media/queue', apiKey, { model: 'flux-dev', prompt: 'A fox in the snow' });
    assert.equal(queued.status, 200, JSON.stringify(queued.body));
    const { jobId } = queued.body.data;
    await until('the job polled at fal', async () => (fal.requests('status').length > 0 ? true : undefined));

    server.child.kill('SIGKILL');
    await server.exited;
    assert.equal(fal.requests('submit').length, 1);

    fal.pollsPerStep = 1;
    const job = await restartUntilEnded(jobId, apiKey);
    assert.equal(job.status, 'succeeded', JSON.stringify(job));
    assert.equal(job.costUsd, 0.06);
    assert.equal(fal.requests('submit').length, 1, 'submitted to the vendor once');
    assert.deepEqual(await kinds(accountId), ['credit', 'hold', 'capture']);
    const balance = await database.store.db.selectFrom('accounts').select('balance_micros').where('id', '=', accountId).executeTakeFirstOrThrow();
    assert.equal(balance.balance_micros, parseUsd('0.94'));

    // The vendor's file was copied into Tollgate's storage: served from there.
    const file = await fetch(job.result.files[0].url);
    assert.equal(file.status, 200);
    const png = PNG.sync.read(Buffer.from(await file.arrayBuffer()));
    assert.deepEqual([png.width, png.height], [1024, 1024]);
    await stopServerProcess(server);
  });

  test("killed before the call log wrote the queue call: the job charged after the restart is in the account's usage with its cost", async () => {
    fal.reset();
    fal.on('fal-ai/flux/dev', { output: { images: [{ url: `${fileHost.url}/out.png`, content_type: 'image/png', width: 1024, height: 1024 }] } });
    fal.pollsPerStep = 1_000_000;
    const { accountId, apiKey, keyId } = await account('1.00');
    const lost = await loseCallLogWrites(database.store);
    let queuedRequestId: string;
    let jobId: string;
    try {
      server = await startServerProcess(environment);
      const queued = await call(server, 'POST', '/v1/media/queue', apiKey, { model: 'flux-dev', prompt: 'A lynx at dusk' });
      assert.equal(queued.status, 200, JSON.stringify(queued.body));
      queuedRequestId = queued.headers.get('x-request-id')!;
      jobId = queued.body.data.jobId;
      // At the vendor (its submission stored), so that it finishes after the restart.
      await until('the job polled at fal', async () => (fal.requests('status').length > 0 ? true : undefined));
      server.child.kill('SIGKILL');
      await server.exited;
    } finally {
      await lost.restore();
    }
    const written = await database.store.db.selectFrom('api_calls').select('request_id').where('request_id', '=', queuedRequestId).execute();
    assert.deepEqual(written, [], 'the crash left the queue call out of the call log');

    fal.pollsPerStep = 1;
    const job = await restartUntilEnded(jobId, apiKey);
    assert.equal(job.status, 'succeeded', JSON.stringify(job));
    assert.equal(job.costUsd, 0.06);
    assert.deepEqual(await kinds(accountId), ['credit', 'hold', 'capture']);

    const usage = await call(server, 'GET', '/v1/account/usage?groupBy=endpoint', apiKey);
    assert.equal(usage.status, 200, JSON.stringify(usage.body));
    assert.deepEqual(
      usage.body.data.rows.find((row: { group: string }) => row.group === 'media.queue'),
      { group: 'media.queue', calls: 1, costUsd: 0.06 },
      JSON.stringify(usage.body.data),
    );
    // The row is the one the call log writes for a queue call when nothing crashes.
    const row = await database.store.db.selectFrom('api_calls').selectAll().where('request_id', '=', queuedRequestId).executeTakeFirstOrThrow();
    assert.deepEqual(
      { ...row, status: Number(row.status), upstream_cost_micros: Number(row.upstream_cost_micros) },
      { request_id: queuedRequestId, account_id: accountId, key_id: keyId, endpoint_id: 'media.queue', status: 200, upstream_cost_micros: 0, created_at: job.createdAt },
    );
    await stopServerProcess(server);
  });

  test('killed while the job was being submitted: it is failed and released, never sent twice; its call is in usage, uncharged, as when nothing crashes', async () => {
    fal.reset();
    fal.on('fal-ai/flux/dev', { output: { images: [{ url: `${fileHost.url}/out.png`, content_type: 'image/png' }] } });
    // The submission hangs at fal: the server is killed while it waits.
    fal.failNext('submit', { status: 500, delayMs: 10_000 });
    const { accountId, apiKey } = await account('1.00');
    const lost = await loseCallLogWrites(database.store);
    let jobId: string;
    try {
      server = await startServerProcess(environment);
      const queued = await call(server, 'POST', '/v1/media/queue', apiKey, { model: 'flux-dev', prompt: 'A hare' });
      jobId = queued.body.data.jobId;
      await until('the submission to reach fal', async () => (fal.requests('submit').length > 0 ? true : undefined));
      server.child.kill('SIGKILL');
      await server.exited;
    } finally {
      await lost.restore();
    }

    // Its claim lapses (15 s), then the next worker finds it half-submitted.
    const job = await restartUntilEnded(jobId, apiKey, 'the interrupted job to be settled');
    assert.equal(job.status, 'failed');
    assert.equal(job.error.code, 'UPSTREAM_ERROR');
    assert.match(job.error.message, /interrupted while it was being submitted/);
    assert.equal(job.costUsd, 0);
    assert.equal(fal.requests('submit').length, 1, 'never submitted again');
    assert.deepEqual(await kinds(accountId), ['credit', 'hold', 'release']);
    const usage = await call(server, 'GET', '/v1/account/usage?groupBy=endpoint', apiKey);
    assert.deepEqual(usage.body.data.rows.find((row: { group: string }) => row.group === 'media.queue'), { group: 'media.queue', calls: 1, costUsd: 0 }, JSON.stringify(usage.body.data));
    await stopServerProcess(server);
  });
});
