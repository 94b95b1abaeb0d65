/**
 * npm run bench: requests/s and latency of a bare Fastify route against a paid call through the
 * whole pipeline, measured in one run on this machine, and their ratio — b/a for a small answer,
 * c/d for a depth-10 SERP page against a bare route sending a page of the same size — at a few client
 * concurrencies, because the ledger's group commit (and the load generator) behave differently
 * with 10 clients than with 100. A shared VM's speed drifts from second to second, so the targets
 * are measured in alternation, several rounds, and each figure is the median of its rounds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { bundle } from '../scripts/bundle.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';
import { processCpuMs } from './process-cpu';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTION_LEVELS = (process.env.BENCH_CONNECTIONS ?? '10,100').split(',').map(Number);

interface Target {
  child: ChildProcess;
  port: number;
  apiKey?: string;
}

// The targets run bundled, as the server does (bin/tollgate), not through tsx's loader, and both
// with the server's Node flags: the bare route gets the same runtime as the pipeline.
const targetModule = await bundle('bench/target.ts');

async function startTarget(mode: 'bare' | 'paid'): Promise<Target> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, targetModule, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`target ${mode} exited with ${code}`)));
  });
  return { child, ...JSON.parse(line) };
}

interface Measurement {
  name: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /**
   * The target process's CPU per request, µs (from /proc; one target loaded at a time): where the
   * target's process fills its core, requests/s is about its inverse, and a ratio's gap reads as
   * CPU to save.
   */
  cpuMicros: number;
}

/** The round with the median throughput (its latencies with it). */
function median(runs: Measurement[]): Measurement {
  return [...runs].sort((x, y) => x.requestsPerSecond - y.requestsPerSecond)[Math.floor(runs.length / 2)]!;
}

async function measure(name: string, target: Target, path: string, body: unknown, connections: number): Promise<Measurement> {
  const options = {
    url: `http://127.0.0.1:${target.port}${path}`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', ...(target.apiKey ? { 'x-api-key': target.apiKey } : {}) },
    body: JSON.stringify(body),
    connections,
  };
  await autocannon({ ...options, duration: 2 }); // warm-up
  const cpuBefore = processCpuMs(target.child.pid!);
  const result = await autocannon({ ...options, duration: DURATION_SECONDS });
  const cpuMicros = ((processCpuMs(target.child.pid!) - cpuBefore) * 1000) / result.requests.total;
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${name}: ${failures} failed requests`);
  return { name, connections, requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuMicros };
}

// The paid SERP call (c) and the bare route sending a page of its size (d) take the same body.
const SERP_BODY = { query: 'best running shoes', depth: 10 };

const targets: Target[] = [];
process.on('exit', () => targets.forEach((target) => target.child.kill()));
const bare = await startTarget('bare');
targets.push(bare);
const paid = await startTarget('paid');
targets.push(paid);
/** Bytes of one answer: (d) is only a fair baseline for (c) if it sends as much. */
async function answerBytes(target: Target, path: string, body: unknown): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${target.port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(target.apiKey ? { 'x-api-key': target.apiKey } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.arrayBuffer()).byteLength;
}

// Other jobs share this machine: their load is printed with the figures it bent.
const loadAtStart = os.loadavg()[0]!;
try {
  const paidSerpBytes = await answerBytes(paid, '/v1/serp/websearch', SERP_BODY);
  const bareSerpBytes = await answerBytes(bare, '/bare-serp', SERP_BODY);
  if (paidSerpBytes !== bareSerpBytes) throw new Error(`(c) answers ${paidSerpBytes} bytes but (d) ${bareSerpBytes}`);
  const rows = [];
  const ratios: string[] = [];
  const ratio = (x: number, y: number) => (x / y).toFixed(2);
  for (const connections of CONNECTION_LEVELS) {
    const runs: Measurement[][] = [[], [], [], [], []];
    for (let round = 0; round < ROUNDS; round += 1) {
      runs[0]!.push(await measure('(a) bare Fastify route', bare, '/bare', { domain: 'example.com' }, connections));
      runs[1]!.push(await measure("(a') the same route on the app's server", paid, '/bare', { domain: 'example.com' }, connections));
      runs[2]!.push(await measure('(b) paid call, whole pipeline (SQLite)', paid, '/v1/seo/domain/available', { domain: 'tollgate-example.com' }, connections));
      runs[3]!.push(await measure('(c) paid SERP call, depth 10 (SQLite)', paid, '/v1/serp/websearch', SERP_BODY, connections));
      runs[4]!.push(await measure('(d) bare Fastify route, a SERP page of the same size', bare, '/bare-serp', SERP_BODY, connections));
    }
    const [a, a2, b, c, d] = runs.map(median) as [Measurement, Measurement, Measurement, Measurement, Measurement];
    rows.push(a, a2, b, c, d);
    // A ratio is taken within each round, where its two targets ran back to back, and the median
    // round's ratio reported: the medians of two targets taken apart can come from rounds the
    // machine's drift treated differently.
    const perRound = (over: number, under: number) => runs[over]!.map((run, round) => run.requestsPerSecond / runs[under]![round]!.requestsPerSecond);
    const middle = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!.toFixed(2);
    const rounds = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');
    ratios.push(
      `at ${connections} connections: b/a = ${middle(perRound(2, 0))} (rounds: ${rounds(perRound(2, 0))}), b/a' = ${middle(perRound(2, 1))}, ` +
        `c/d = ${middle(perRound(3, 4))} (rounds: ${rounds(perRound(3, 4))}); ratio of the medians: b/a ${ratio(b.requestsPerSecond, a.requestsPerSecond)}, c/d ${ratio(c.requestsPerSecond, d.requestsPerSecond)}`,
    );
  }
  console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
  console.log(`SERP page (c, d): ${paidSerpBytes} bytes`);
  console.log(`Machine load (1-minute load average, ${os.cpus().length} cores): ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end`);
  console.log(`Load: autocannon, ${ROUNDS} rounds of ${DURATION_SECONDS} s per target (each after a 2 s warm-up), targets in alternation; table: each target's median round; ratios: the median of the rounds' ratios\n`);
  console.log('| target | connections | requests/s | p50 ms | p99 ms | CPU µs/request |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(`| ${row.name} | ${row.connections} | ${Math.round(row.requestsPerSecond)} | ${row.p50} | ${row.p99} | ${Math.round(row.cpuMicros)} |`);
  console.log(`\n${ratios.join('\n')}\n(targets: b/a ≥ 0.4, c/d ≥ 0.5; b/a' isolates the per-call pipeline from the app-wide setup)`);
} finally {
  bare.child.kill();
  paid.child.kill();
}
