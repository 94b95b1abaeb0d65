/**
 * The PostgreSQL ledger's benchmark (issue 10): paid calls/s through the whole app, on SQLite and
 * on PostgreSQL in the same run —
 *   one instance on SQLite, one account (the reference);
 *   one PostgreSQL instance, then two on one database together, on one account;
 *   the same on 32 accounts;
 * with what PostgreSQL was sent per paid call: statements, commits and the ledger's turns; and the
 * CPU each process spent per paid call (read from /proc): the instances, the PostgreSQL server's
 * processes, and this process (the load generator) — the capacity model's inputs
 * (docs/operations.md), and where the two cores went — and how many cores the three kept busy
 * together (their CPU over the measured window), which tells a scenario bound by the CPU from one
 * bound by waiting (a lock, a commit, the load's connections).
 * Each target runs bundled in its own process (as the server does); the load is autocannon's,
 * from this process, on the paid `domain/available` call. A shared VM's speed drifts, so the
 * scenarios are measured in alternation, several rounds, and each figure is the median round.
 *   BENCH_ROUNDS (3), BENCH_SECONDS (5), BENCH_CONNECTIONS (32), DATABASE_URL (the test database).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { bundle } from '../scripts/bundle.mjs';
import { processCpuMs } from './process-cpu';
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ACCOUNTS = 32;
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PATH = '/v1/seo/domain/available';
const BODY = JSON.stringify({ domain: 'tollgate-example.com' });

interface Target {
  child: ChildProcess;
  port: number;
  apiKeys: string[];
}

interface Stats {
  statements: number;
  commits: number;
  turns: number;
}

const targetModule = await bundle('bench/ledger-postgres-target.ts');
const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((child) => child.kill()));

async function startTarget(...args: string[]): Promise<Target> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, targetModule, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`target ${args.join(' ')} exited with ${code}`)));
  });
  return { child, ...JSON.parse(line) };
}

async function stats(target: Target): Promise<Stats> {
  return (await fetch(`http://127.0.0.1:${target.port}/bench-stats`)).json() as Promise<Stats>;
}

/** Load on one instance, its connections spread over `apiKeys` (each request the next key). */
function load(target: Target, apiKeys: string[], connections: number, duration: number) {
  let next = 0;
  return autocannon({
    url: `http://127.0.0.1:${target.port}${PATH}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKeys[0]! },
    body: BODY,
    connections,
    duration,
    ...(apiKeys.length > 1
      ? { requests: [{ setupRequest: (request: any) => ({ ...request, headers: { ...request.headers, 'x-api-key': apiKeys[(next += 1) % apiKeys.length] } }) }] }
      : {}),
  });
}

interface Scenario {
  name: string;
  /** Each instance with the keys its load uses; the connections are shared among them. */
  instances: Array<{ target: Target; apiKeys: string[] }>;
  postgres: boolean;
}

interface Measurement {
  callsPerSecond: number;
  perCall?: { statements: number; commits: number; turns: number };
  /** CPU ms per paid call: the instances together, the PostgreSQL server, the load generator. */
  cpu: { instances: number; postgres: number; load: number };
  /** The cores those three kept busy together over the measured window: how near the machine was to its CPU's limit. */
  coresBusy: number;
}

/** The CPU of every process named `postgres` (the server and its backends), ms; per pid, as backends come and go. */
function postgresCpuMs(): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') cpu.set(Number(entry), processCpuMs(Number(entry)));
    } catch {
      // Gone meanwhile.
    }
  }
  return cpu;
}

function postgresCpuSince(before: Map<number, number>): number {
  let spent = 0;
  for (const [pid, ms] of postgresCpuMs()) spent += ms - (before.get(pid) ?? 0);
  return spent;
}

async function measure(scenario: Scenario): Promise<Measurement> {
  const share = Math.ceil(CONNECTIONS / scenario.instances.length);
  await Promise.all(scenario.instances.map(({ target, apiKeys }) => load(target, apiKeys, share, 2))); // warm-up
  const before = scenario.postgres ? await Promise.all(scenario.instances.map(({ target }) => stats(target))) : [];
  const instancesBefore = scenario.instances.map(({ target }) => processCpuMs(target.child.pid!));
  const postgresBefore = postgresCpuMs();
  const loadBefore = process.cpuUsage();
  const windowStarted = performance.now();
  const results = await Promise.all(scenario.instances.map(({ target, apiKeys }) => load(target, apiKeys, share, DURATION_SECONDS)));
  const windowMs = performance.now() - windowStarted;
  const loadMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(loadBefore));
  const postgresMs = postgresCpuSince(postgresBefore);
  const instancesMs = scenario.instances.reduce((sum, { target }, index) => sum + processCpuMs(target.child.pid!) - instancesBefore[index]!, 0);
  const failures = results.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0);
  if (failures > 0) throw new Error(`${scenario.name}: ${failures} failed requests`);
  const calls = results.reduce((sum, result) => sum + result['2xx'], 0);
  const callsPerSecond = results.reduce((sum, result) => sum + result.requests.average, 0);
  const cpu = { instances: instancesMs / calls, postgres: postgresMs / calls, load: loadMs / calls };
  const coresBusy = (instancesMs + postgresMs + loadMs) / windowMs;
  if (!scenario.postgres) return { callsPerSecond, cpu, coresBusy };
  const after = await Promise.all(scenario.instances.map(({ target }) => stats(target)));
  const delta = (field: keyof Stats) => after.reduce((sum, stat, index) => sum + stat[field] - before[index]![field], 0) / calls;
  return { callsPerSecond, cpu, coresBusy, perCall: { statements: delta('statements'), commits: delta('commits'), turns: delta('turns') } };
}

const schema = `bench_${randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: DATABASE_URL });
await admin.connect();
try {
  const sqlite = await startTarget('sqlite', '', '1');
  const first = await startTarget('postgres', schema, String(ACCOUNTS));
  const second = await startTarget('postgres', schema, 'join');
  const oneAccount = first.apiKeys.slice(0, 1);
  const scenarios: Scenario[] = [
    { name: 'SQLite, one instance, one account', instances: [{ target: sqlite, apiKeys: sqlite.apiKeys }], postgres: false },
    { name: 'PostgreSQL, one instance, one account', instances: [{ target: first, apiKeys: oneAccount }], postgres: true },
    { name: 'PostgreSQL, two instances, one account', instances: [{ target: first, apiKeys: oneAccount }, { target: second, apiKeys: oneAccount }], postgres: true },
    { name: `PostgreSQL, one instance, ${ACCOUNTS} accounts`, instances: [{ target: first, apiKeys: first.apiKeys }], postgres: true },
    {
      name: `PostgreSQL, two instances, ${ACCOUNTS} accounts`,
      instances: [{ target: first, apiKeys: first.apiKeys }, { target: second, apiKeys: first.apiKeys }],
      postgres: true,
    },
  ];
  const runs: Measurement[][] = scenarios.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, scenario] of scenarios.entries()) runs[index]!.push(await measure(scenario));
  }
  const medians = runs.map((rounds) => [...rounds].sort((x, y) => x.callsPerSecond - y.callsPerSecond)[Math.floor(rounds.length / 2)]!);
  console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${os.loadavg().map((load) => load.toFixed(2)).join(', ')}`);
  console.log(`Load: autocannon, ${CONNECTIONS} connections (shared among the instances), ${ROUNDS} rounds of ${DURATION_SECONDS} s per scenario (each after a 2 s warm-up), in alternation; medians\n`);
  console.log(`| scenario | paid calls/s | rounds | statements/call | commits/call | ledger turns/call | CPU ms/call: instances | PostgreSQL | load generator | cores busy (of ${os.cpus().length}) |`);
  console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|');
  medians.forEach((median, index) => {
    const rounds = runs[index]!.map((run) => Math.round(run.callsPerSecond)).join(', ');
    const perCall = median.perCall;
    const cells = perCall ? [perCall.statements, perCall.commits, perCall.turns].map((value) => value.toFixed(3)) : ['–', '–', '–'];
    const { instances, postgres, load } = median.cpu;
    const cpu = [instances, postgres, load].map((ms, column) => (column === 1 && !perCall ? '–' : ms.toFixed(3)));
    console.log(`| ${scenarios[index]!.name} | ${Math.round(median.callsPerSecond)} | ${rounds} | ${cells.join(' | ')} | ${cpu.join(' | ')} | ${median.coresBusy.toFixed(2)} |`);
  });
  // Each ratio is taken within a round, between two scenarios measured back to back, and the
  // median round's reported (as bench/pipeline.ts does): a shared VM's speed drifts between rounds.
  const perRound = (over: number, under: number) => runs[over]!.map((run, round) => run.callsPerSecond / runs[under]![round]!.callsPerSecond);
  const middle = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!.toFixed(2);
  const ratio = (over: number, under: number) => {
    const rounds = perRound(over, under);
    return `${middle(rounds)} (rounds: ${rounds.map((value) => value.toFixed(2)).join(', ')}; ratio of the medians ${(medians[over]!.callsPerSecond / medians[under]!.callsPerSecond).toFixed(2)})`;
  };
  console.log(`\none account: PostgreSQL/SQLite = ${ratio(1, 0)}`);
  console.log(`two instances/one: one account ${ratio(2, 1)}; ${ACCOUNTS} accounts ${ratio(4, 3)}`);
  console.log('(targets: one instance, one account ≥ 4,000 and ≥ 0.5 × SQLite; 32 accounts ≥ 5,000; two instances never below one)');
  // Every entry updates its account's row: HOT (no index entries) while its page has room.
  const { rows } = await admin.query<{ updates: string; hot: string }>(
    `select n_tup_upd as updates, n_tup_hot_upd as hot from pg_stat_user_tables where schemaname = $1 and relname = 'accounts'`,
    [schema],
  );
  if (rows[0]) console.log(`accounts row updates: ${rows[0].updates}, of which HOT: ${rows[0].hot}`);
} finally {
  children.forEach((child) => child.kill());
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
}
