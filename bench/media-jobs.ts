/**
 * npm run bench, fourth part (BENCH_MEDIA=0 skips it): the media job queue (issue 14), sandbox
 * image jobs (`flux-schnell`, 1:1, TOLLGATE_SANDBOX_MEDIA_SECONDS=0: each job is made at once, so
 * what is measured is the queue and the making of the file), run as an operator runs them —
 *   one `bin/tollgate serve` on a fresh SQLite database, running the jobs itself (the default
 *     TOLLGATE_MEDIA_CONCURRENCY);
 *   one `bin/tollgate serve` that only queues (TOLLGATE_MEDIA_CONCURRENCY=0) and two
 *     `bin/tollgate worker --concurrency 4` processes, on a fresh schema of PostgreSQL
 *     (DATABASE_URL, the test database; dropped afterwards).
 * Each scenario: an account made with the CLI ($100), BENCH_MEDIA_JOBS (1,000) jobs queued by 16
 * submitters at a time, then their statuses polled until every one is final. Figures: the
 * queue call's p50, submit-to-start (a job's startedAt − createdAt) p50 and p99, start-to-done
 * p50, jobs/s (jobs ÷ (last completedAt − first createdAt)) and each process's CPU time. Checks,
 * failing the run (exit 1): every job succeeded; the account was charged exactly jobs × $0.01
 * (its balance, and the ledger's capture entries in the database); no hold is left open; and with
 * two workers, every job was submitted exactly once across both (their `media job submitted`
 * log lines) and both took a share.
 * The sandbox draws and encodes each 1024×1024 PNG on worker threads (~0.2 s of CPU an image), so
 * on two cores 1,000 jobs take about two minutes a scenario; BENCH_MEDIA_JOBS=300 takes about a third.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { processCpuMs } from './process-cpu';
import { scratchDirectory } from './scratch-directory';
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';

if (process.env.BENCH_MEDIA === '0') process.exit(0);

const JOBS = Number(process.env.BENCH_MEDIA_JOBS ?? 1_000);
const SUBMITTERS = 16;
const WORKER_CONCURRENCY = 4;
/** Statuses polled at once, and how many of the oldest unfinished jobs each sweep reads. */
const POLLERS = 2;
const POLL_WINDOW = 16;
const POLL_PAUSE_MS = 500;
/** No job finishing for this long is a stuck queue: the run fails, naming the jobs. */
const STALL_MS = 30_000;
const PRICE_MICROS = 10_000;
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const CLI = path.resolve(import.meta.dirname, '../bin/tollgate');

interface Process {
  name: string;
  child: ChildProcess;
  /** Every line it wrote to stdout (pino's JSON), and the last lines of stderr for a failure's report. */
  lines: string[];
  stderr: string[];
  exited: Promise<void>;
}

interface JobStatus {
  jobId: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  costUsd: number | null;
  error: { code: string; message: string } | null;
}

interface Outcome {
  name: string;
  queueLatencies: number[];
  submitSeconds: number;
  statuses: JobStatus[];
  balanceDeltaMicros: number;
  capturedMicros: number;
  captures: number;
  openHolds: number;
  cpuSeconds: Array<{ name: string; seconds: number }>;
  wallSeconds: number;
  perWorker?: Array<{ name: string; jobs: number }>;
}

const children: Process[] = [];
const failures: string[] = [];
const fail = (message: string) => failures.push(message);

function start(name: string, args: string[], env: NodeJS.ProcessEnv): Process {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const stderr: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => lines.push(line));
  createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line) > 50 && stderr.shift());
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started: Process = { name, child, lines, stderr, exited };
  children.push(started);
  return started;
}

/** SIGTERM, as an operator stops them (each has a 10 s grace period); SIGKILL for any still running 15 s later. */
async function stopAll(): Promise<void> {
  const running = children.splice(0).filter((entry) => entry.child.exitCode === null && entry.child.signalCode === null);
  running.forEach((entry) => entry.child.kill('SIGTERM'));
  await Promise.race([Promise.all(running.map((entry) => entry.exited)), new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
  running.filter((entry) => entry.child.exitCode === null && entry.child.signalCode === null).forEach((entry) => entry.child.kill('SIGKILL'));
}
process.on('exit', () => children.forEach((entry) => entry.child.kill('SIGKILL')));

/** User and system CPU seconds of a running process (Linux). */
const cpuSeconds = (pid: number) => processCpuMs(pid) / 1000;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until<T>(what: string, target: Process, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (target.child.exitCode !== null) throw new Error(`${target.name} exited (${target.child.exitCode}) before ${what}:\n${target.stderr.join('\n')}\n${target.lines.slice(-20).join('\n')}`);
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${target.name}: no ${what} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function createAccount(env: NodeJS.ProcessEnv): Promise<{ accountId: string; apiKey: string }> {
  const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'accounts', 'create', '--email', `bench-${randomBytes(4).toString('hex')}@example.com`, '--credit', '100'], { env });
  return JSON.parse(stdout) as { accountId: string; apiKey: string };
}

function client(origin: string, apiKey: string) {
  return async function call<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
    const response = await fetch(origin + route, {
      method,
      headers: { 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    const envelope = (await response.json()) as { ok: boolean; data: T; error?: { code: string; message: string } };
    if (!response.ok || !envelope.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(envelope.error)}`);
    return envelope.data;
  };
}

const percentile = (values: number[], p: number) => [...values].sort((x, y) => x - y)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;
const ms = (iso: string | null) => (iso === null ? NaN : Date.parse(iso));

/**
 * Queues JOBS jobs, SUBMITTERS at a time, then polls the oldest unfinished ones (POLL_WINDOW a
 * sweep, POLLERS at a time: reading statuses loads the server that serves them) until all are final.
 */
async function queueAndWait(call: ReturnType<typeof client>): Promise<{ queueLatencies: number[]; submitSeconds: number; statuses: JobStatus[] }> {
  const jobIds: string[] = [];
  const queueLatencies: number[] = [];
  let next = 0;
  const submitStarted = performance.now();
  await Promise.all(
    Array.from({ length: SUBMITTERS }, async () => {
      for (let index = next++; index < JOBS; index = next++) {
        const started = performance.now();
        const queued = await call<{ jobId: string }>('POST', '/v1/media/queue', {
          model: 'flux-schnell',
          prompt: `Benchmark picture ${index}: a lighthouse on a cliff at dawn, ${['oil painting', 'watercolour', 'photograph', 'woodcut'][index % 4]}`,
          options: { aspectRatio: '1:1' },
        });
        queueLatencies.push(performance.now() - started);
        jobIds[index] = queued.jobId;
      }
    }),
  );
  const submitSeconds = (performance.now() - submitStarted) / 1000;

  const final = new Map<string, JobStatus>();
  let pending = [...jobIds];
  let lastProgress = Date.now();
  const last = new Map<string, JobStatus>();
  while (pending.length > 0) {
    const window = pending.slice(0, POLL_WINDOW);
    let cursor = 0;
    await Promise.all(
      Array.from({ length: POLLERS }, async () => {
        for (let index = cursor++; index < window.length; index = cursor++) {
          const status = await call<JobStatus>('GET', `/v1/media/status/${window[index]}`);
          last.set(status.jobId, status);
          if (!['queued', 'running'].includes(status.status)) final.set(status.jobId, status);
        }
      }),
    );
    const before = pending.length;
    pending = pending.filter((jobId) => !final.has(jobId));
    if (pending.length < before) lastProgress = Date.now();
    else if (Date.now() - lastProgress > STALL_MS) {
      const stuck = window.slice(0, 5).map((jobId) => JSON.stringify(last.get(jobId)));
      throw new Error(`no job finished for ${STALL_MS / 1000} s; ${pending.length} unfinished, the oldest:\n${stuck.join('\n')}`);
    }
    if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, POLL_PAUSE_MS));
  }
  return { queueLatencies, submitSeconds, statuses: jobIds.map((jobId) => final.get(jobId)!) };
}

/** The account's capture entries (what the jobs charged) and its holds still open, from the database. */
interface LedgerCheck {
  capturedMicros: number;
  captures: number;
  openHolds: number;
}

function checkOutcome(outcome: Outcome): void {
  const { name, statuses } = outcome;
  const unsuccessful = statuses.filter((status) => status.status !== 'succeeded');
  if (unsuccessful.length > 0) {
    const byCode = new Map<string, number>();
    for (const status of unsuccessful) {
      const key = `${status.status} ${status.error?.code ?? ''}`.trim();
      byCode.set(key, (byCode.get(key) ?? 0) + 1);
    }
    const codes = [...byCode].map(([code, count]) => `${count} ${code}`).join(', ');
    fail(`${name}: ${unsuccessful.length} of ${statuses.length} jobs did not succeed (${codes}), e.g. ${JSON.stringify(unsuccessful[0])}`);
  }
  const expected = JOBS * PRICE_MICROS;
  if (outcome.balanceDeltaMicros !== expected) fail(`${name}: the balance went down by ${usd(outcome.balanceDeltaMicros)}, not ${usd(expected)}`);
  if (outcome.capturedMicros !== expected || outcome.captures !== JOBS) {
    fail(`${name}: the ledger captured ${usd(outcome.capturedMicros)} in ${outcome.captures} entries, not ${usd(expected)} in ${JOBS}`);
  }
  if (outcome.openHolds !== 0) fail(`${name}: ${outcome.openHolds} holds are still open`);
  const miscosted = statuses.filter((status) => status.status === 'succeeded' && status.costUsd !== PRICE_MICROS / 1e6);
  if (miscosted.length > 0) fail(`${name}: ${miscosted.length} jobs report a cost other than $0.01, e.g. ${JSON.stringify(miscosted[0])}`);
}

const usd = (micros: number) => `$${(micros / 1e6).toFixed(6)}`;
const balanceMicros = async (call: ReturnType<typeof client>) => Math.round((await call<{ balanceUsd: number }>('GET', '/v1/account')).balanceUsd * 1e6);

async function scenario(
  name: string,
  options: { env: NodeJS.ProcessEnv; workers: number; ledger: (accountId: string) => Promise<LedgerCheck> },
): Promise<Outcome> {
  const port = await freePort();
  const env = { ...options.env, PORT: String(port), HOST: '127.0.0.1' };
  const account = await createAccount(env);
  const server = start(`${name}: server`, ['serve'], { ...env, ...(options.workers > 0 ? { TOLLGATE_MEDIA_CONCURRENCY: '0' } : {}) });
  const origin = `http://127.0.0.1:${port}`;
  await until('answer on /health', server, async () => ((await fetch(`${origin}/health`).catch(() => undefined))?.ok ? true : undefined));
  const workers = Array.from({ length: options.workers }, (_, index) =>
    start(`worker ${index + 1}`, ['worker', '--concurrency', String(WORKER_CONCURRENCY)], { ...env, LOG_LEVEL: 'info' }),
  );
  for (const worker of workers) await until('start', worker, () => (worker.lines.some((line) => line.includes('media worker running')) ? true : undefined));

  const call = client(origin, account.apiKey);
  const balanceBefore = await balanceMicros(call);
  const processes = [server, ...workers];
  const cpuAtStart = processes.map((entry) => cpuSeconds(entry.child.pid!));
  const started = performance.now();
  const { queueLatencies, submitSeconds, statuses } = await queueAndWait(call);
  const wallSeconds = (performance.now() - started) / 1000;
  const balanceDeltaMicros = balanceBefore - (await balanceMicros(call));
  const ledger = await options.ledger(account.accountId);
  for (const entry of processes) if (entry.child.exitCode !== null) fail(`${entry.name} exited (${entry.child.exitCode}) during the run: ${entry.stderr.join('\n')}`);
  const cpu = processes.map((entry, index) => ({ name: entry.name, seconds: entry.child.exitCode === null ? cpuSeconds(entry.child.pid!) - cpuAtStart[index]! : NaN }));

  let perWorker: Outcome['perWorker'];
  if (workers.length > 0) {
    const submittedBy = new Map<string, string[]>();
    for (const worker of workers) {
      for (const line of worker.lines) {
        if (!line.includes('media job submitted')) continue;
        const entry = JSON.parse(line) as { jobId: string; workerId: string };
        submittedBy.set(entry.jobId, [...(submittedBy.get(entry.jobId) ?? []), `${worker.name} (${entry.workerId})`]);
      }
    }
    const jobIds = new Set(statuses.map((status) => status.jobId));
    const twice = [...submittedBy].filter(([, by]) => by.length > 1);
    const never = [...jobIds].filter((jobId) => !submittedBy.has(jobId));
    const strangers = [...submittedBy.keys()].filter((jobId) => !jobIds.has(jobId));
    if (twice.length > 0) fail(`${name}: ${twice.length} jobs were submitted more than once, e.g. ${twice[0]![0]} by ${twice[0]![1].join(', ')}`);
    if (never.length > 0) fail(`${name}: ${never.length} jobs were never submitted by a worker, e.g. ${never[0]}`);
    if (strangers.length > 0) fail(`${name}: the workers submitted ${strangers.length} jobs this run did not queue`);
    perWorker = workers.map((worker) => ({ name: worker.name, jobs: worker.lines.filter((line) => line.includes('media job submitted')).length }));
    for (const share of perWorker) if (share.jobs === 0) fail(`${name}: ${share.name} took no job`);
  }
  await stopAll();
  const outcome: Outcome = { name, queueLatencies, submitSeconds, statuses, balanceDeltaMicros, ...ledger, cpuSeconds: cpu, wallSeconds, ...(perWorker ? { perWorker } : {}) };
  checkOutcome(outcome);
  return outcome;
}

const baseEnv: NodeJS.ProcessEnv = {
  ...process.env,
  REDIS_URL: '',
  FAL_KEY: '',
  TOLLGATE_SANDBOX_MEDIA_SECONDS: '0',
  // Every status poll counts against the key's limit.
  TOLLGATE_RATE_LIMIT_PER_MINUTE: '1000000000',
  TOLLGATE_MEDIA_CONCURRENCY: '',
  LOG_LEVEL: 'warn',
};

const loadBefore = os.loadavg()[0]!;
const outcomes: Outcome[] = [];
const schema = `bench_media_${randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: DATABASE_URL });
let adminConnected = false;
/** A scenario that throws (a process that would not start, a stuck queue) fails the run, not the other scenario. */
async function attempt(run: () => Promise<Outcome>): Promise<void> {
  try {
    outcomes.push(await run());
  } catch (error) {
    fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
  } finally {
    await stopAll();
  }
}
try {
  // One server on SQLite, running the jobs itself.
  const sqliteDir = scratchDirectory('tollgate-bench-media-');
  await attempt(() =>
    scenario('SQLite, one server', {
      env: { ...baseEnv, DATABASE_URL: '', TOLLGATE_DATA_DIR: sqliteDir },
      workers: 0,
      ledger: async (accountId) => {
        const database = new SQLite(path.join(sqliteDir, 'tollgate.db'), { readonly: true });
        try {
          const captured = database.prepare(`select count(*) as captures, coalesce(sum(cost_micros), 0) as micros from ledger_entries where account_id = ? and kind = 'capture'`).get(accountId) as { captures: number; micros: number };
          const holds = database.prepare('select count(*) as open from open_holds where account_id = ?').get(accountId) as { open: number };
          return { capturedMicros: captured.micros, captures: captured.captures, openHolds: holds.open };
        } finally {
          database.close();
        }
      },
    }),
  );

  // One server that only queues, two worker processes, on PostgreSQL.
  await admin.connect();
  adminConnected = true;
  await admin.query(`create schema ${schema}`);
  const workersDir = scratchDirectory('tollgate-bench-media-');
  const schemaUrl = new URL(DATABASE_URL);
  schemaUrl.searchParams.set('options', `-c search_path=${schema}`);
  await attempt(() =>
    scenario('PostgreSQL, server + 2 workers', {
      env: { ...baseEnv, DATABASE_URL: schemaUrl.toString(), TOLLGATE_DATA_DIR: workersDir },
      workers: 2,
      ledger: async (accountId) => {
        const captured = await admin.query<{ captures: string; micros: string }>(
          `select count(*) as captures, coalesce(sum(cost_micros), 0) as micros from ${schema}.ledger_entries where account_id = $1 and kind = 'capture'`,
          [accountId],
        );
        const holds = await admin.query<{ open: string }>(`select count(*) as open from ${schema}.open_holds where account_id = $1`, [accountId]);
        return { capturedMicros: Number(captured.rows[0]!.micros), captures: Number(captured.rows[0]!.captures), openHolds: Number(holds.rows[0]!.open) };
      },
    }),
  );
} catch (error) {
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await stopAll();
  if (adminConnected) {
    await admin.query(`drop schema if exists ${schema} cascade`).catch((error: unknown) => fail(`could not drop the schema ${schema}: ${String(error)}`));
    await admin.end();
  }
}

console.log(`\nMedia job queue: ${new Date().toISOString()}`);
console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${loadBefore.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end`);
console.log(`${JOBS} sandbox flux-schnell 1:1 jobs (1024×1024 PNG, made at once) per scenario, queued by ${SUBMITTERS} submitters, then polled until final\n`);
console.log('| scenario | queue call p50 (p99) | submit-to-start p50 (p99) | start-to-done p50 | jobs/s | charged | CPU s (wall s) |');
console.log('|---|---:|---:|---:|---:|---:|---|');
for (const outcome of outcomes) {
  const { statuses } = outcome;
  // A job failed before it was submitted has no startedAt.
  const waits = statuses.map((status) => ms(status.startedAt) - ms(status.createdAt)).filter(Number.isFinite);
  const runs = statuses.map((status) => ms(status.completedAt) - ms(status.startedAt)).filter(Number.isFinite);
  const firstCreated = Math.min(...statuses.map((status) => ms(status.createdAt)));
  const lastCompleted = Math.max(...statuses.map((status) => ms(status.completedAt)));
  const jobsPerSecond = (statuses.length * 1000) / (lastCompleted - firstCreated);
  const cpu = outcome.cpuSeconds.map((entry) => `${entry.name.replace(/^.*: /, '')} ${entry.seconds.toFixed(1)}`).join(', ');
  console.log(
    `| ${outcome.name} | ${percentile(outcome.queueLatencies, 50).toFixed(0)} ms (${percentile(outcome.queueLatencies, 99).toFixed(0)} ms) | ` +
      `${(percentile(waits, 50) / 1000).toFixed(2)} s (${(percentile(waits, 99) / 1000).toFixed(2)} s) | ${percentile(runs, 50).toFixed(0)} ms | ${jobsPerSecond.toFixed(1)} | ` +
      `${usd(outcome.balanceDeltaMicros)} (ledger ${usd(outcome.capturedMicros)}) | ${cpu} (${outcome.wallSeconds.toFixed(0)}) |`,
  );
}
for (const outcome of outcomes) {
  const { statuses } = outcome;
  const origin = Math.min(...statuses.map((status) => ms(status.createdAt)));
  const at = (field: 'createdAt' | 'startedAt' | 'completedAt', p: number) =>
    `${((percentile(statuses.map((status) => ms(status[field])).filter(Number.isFinite), p) - origin) / 1000).toFixed(1)} s`;
  console.log(`\n${outcome.name}: ${JOBS} jobs queued in ${outcome.submitSeconds.toFixed(1)} s; ${statuses.filter((status) => status.status === 'succeeded').length} succeeded`);
  console.log(`  after the first was queued — last queued ${at('createdAt', 100)}; started: first ${at('startedAt', 0)}, half ${at('startedAt', 50)}, last ${at('startedAt', 100)}; done: first ${at('completedAt', 0)}, half ${at('completedAt', 50)}, last ${at('completedAt', 100)}`);
  if (outcome.perWorker) console.log(`  jobs submitted by each worker: ${outcome.perWorker.map((share) => `${share.name} ${share.jobs}`).join(', ')}`);
}
if (failures.length > 0) {
  console.error(`\nFAILED:\n- ${failures.join('\n- ')}`);
  process.exitCode = 1;
}
