/**
 * npm run bench: requests/s and latency of a bare Fastify route against a paid call through the
 * whole pipeline, measured in one run on this machine, and their ratio.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Target {
  child: ChildProcess;
  port: number;
  apiKey?: string;
}

async function startTarget(mode: 'bare' | 'paid'): Promise<Target> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/target.ts', mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`target ${mode} exited with ${code}`)));
  });
  return { child, ...JSON.parse(line) };
}

async function measure(name: string, target: Target, path: string, body: unknown) {
  const options = {
    url: `http://127.0.0.1:${target.port}${path}`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', ...(target.apiKey ? { 'x-api-key': target.apiKey } : {}) },
    body: JSON.stringify(body),
    connections: CONNECTIONS,
  };
  await autocannon({ ...options, duration: 2 }); // warm-up
  const result = await autocannon({ ...options, duration: DURATION_SECONDS });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${name}: ${failures} failed requests`);
  return { name, requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total };
}

const targets: Target[] = [];
process.on('exit', () => targets.forEach((target) => target.child.kill()));
const bare = await startTarget('bare');
targets.push(bare);
const paid = await startTarget('paid');
targets.push(paid);
try {
  const a = await measure('(a) bare Fastify route', bare, '/bare', { domain: 'example.com' });
  const b = await measure('(b) paid call, whole pipeline (SQLite)', paid, '/v1/seo/domain/available', { domain: 'tollgate-example.com' });
  const c = await measure('(c) paid SERP call, depth 10 (SQLite)', paid, '/v1/serp/websearch', { query: 'best running shoes', depth: 10 });
  console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
  console.log(`Load: autocannon, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per target after a 2 s warm-up\n`);
  console.log('| target | requests/s | p50 ms | p99 ms |');
  console.log('|---|---:|---:|---:|');
  for (const row of [a, b, c]) console.log(`| ${row.name} | ${Math.round(row.requestsPerSecond)} | ${row.p50} | ${row.p99} |`);
  console.log(`\nratio b/a = ${(b.requestsPerSecond / a.requestsPerSecond).toFixed(2)} (target ≥ 0.4)`);
} finally {
  bare.child.kill();
  paid.child.kill();
}
