/**
 * npm run bench, second part (BENCH_CHAT=0 skips it): streamed chat completions of 200 tokens
 * from a fake upstream (bench/fake-chat-upstream.ts), called (1) directly, (2) through a bare
 * relay (bench/bare-chat-relay.ts: what a process in between costs, with nothing in it), (3)
 * through Tollgate — the whole app on SQLite (bench/target.ts paid), its OpenRouter adapter
 * pointed at the fake — and (4) through the Portkey gateway in front of the same fake; each in its
 * own process, in one run on this machine.
 *
 * autocannon sees a stream as one response, so this has its own driver: 100 streams at a time on
 * keep-alive connections (an undici Pool), recording per stream the time to its first `data:`
 * byte (TTFB) and to its end. Two loads, each measured in a window after a ramp that spreads the
 * streams' starts (steady arrivals, as in service, not a burst of a hundred at once):
 *   - paced: the fake waits BENCH_CHAT_TOKEN_MS (20) between tokens, 50 tokens/s as chat models
 *     stream, so the gateways are busy but not saturated and the TTFB they add is their own
 *     latency, not queueing;
 *   - unpaced: each token as soon as the fake's event loop turns: streams/s at saturation.
 * Then a soak: 10,000 unpaced streams through Tollgate, its RSS read every 1,000. Targets alternate
 * within each round, and each figure is the median of the rounds (BENCH_CHAT_ROUNDS): this VM's
 * speed drifts from second to second.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { bundle } from '../scripts/bundle.mjs';
import { processCpuMs } from './process-cpu';
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';

if (process.env.BENCH_CHAT === '0') process.exit(0);

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONCURRENCY = Number(process.env.BENCH_CHAT_CONCURRENCY ?? 100);
const ROUNDS = Number(process.env.BENCH_CHAT_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 4);
const TOKEN_MS = Number(process.env.BENCH_CHAT_TOKEN_MS ?? 20);
/** What the fake streams (bench/fake-chat-upstream.ts). */
const STREAM_TOKENS = 200;
const SOAK_STREAMS = Number(process.env.BENCH_CHAT_SOAK ?? 10_000);
const SOAK_SAMPLE_EVERY = 1_000;
/** Another install of Portkey's server, to compare a version without installing it here. */
const PORTKEY_SERVER = process.env.BENCH_PORTKEY ?? path.join(ROOT, 'node_modules/@portkey-ai/gateway/build/start-server.js');

const MODEL = 'openai/gpt-4o-mini';
const REQUEST = JSON.stringify({
  model: MODEL,
  messages: [
    { role: 'system', content: 'You are a concise assistant.' },
    { role: 'user', content: 'In one paragraph: what does an API gateway add to a streamed call?' },
  ],
  max_tokens: 256,
  stream: true,
  stream_options: { include_usage: true },
});
const DONE = Buffer.from('data: [DONE]\n\n');
const DATA = Buffer.from('data:');

interface Target {
  name: string;
  origin: string;
  child: ChildProcess;
  pool: Pool;
  path: string;
  headers: Record<string, string>;
}

const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((child) => child.kill()));

/**
 * Starts a process that prints one JSON line when it is ready, and reads that line; its other
 * output lines (the collector's trace) go to `onLine`.
 */
async function startProcess(
  name: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; onLine?: (line: string) => void } = {},
): Promise<{ child: ChildProcess; ready: Record<string, unknown> }> {
  // Every Node process of the run (ours and Portkey) takes the server's Node flags: one runtime for all.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: options.env ?? process.env });
  children.push(child);
  const line = await new Promise<string>((resolve, reject) => {
    let ready = false;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!ready && line.startsWith('{')) {
        ready = true;
        resolve(line);
      } else options.onLine?.(line);
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  return { child, ready: JSON.parse(line) };
}

/** Portkey prints a banner, not JSON: it is ready when its port answers. */
async function startPortkey(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, PORTKEY_SERVER, `--port=${port}`, '--headless'], { stdio: 'ignore' });
  children.push(child);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`Portkey exited with ${child.exitCode}`);
    const answered = await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false);
    if (answered) return child;
    await sleep(100);
  }
  throw new Error('Portkey did not start within 10 s');
}

function target(name: string, child: ChildProcess, port: number, requestPath: string, headers: Record<string, string>): Target {
  const origin = `http://127.0.0.1:${port}`;
  const pool = new Pool(origin, { connections: CONCURRENCY, keepAliveTimeout: 60_000 });
  return { name, origin, child, pool, path: requestPath, headers: { 'content-type': 'application/json', ...headers } };
}

/** One stream's times from its request, ms; `totalMs` stays undefined when the measurement ended it. */
interface StreamTimes {
  startedAt: number;
  /** NaN until the first `data:` byte. */
  ttfbMs: number;
  totalMs?: number;
}

/**
 * One stream, read to its end: fails unless it is a 200 ending in `data: [DONE]`. `signal` ends it
 * early (the measurement is over); `times` is filled in as it runs.
 */
async function oneStream(target: Target, times: StreamTimes, signal?: AbortSignal): Promise<void> {
  try {
    const { statusCode, body } = await target.pool.request({ path: target.path, method: 'POST', headers: target.headers, body: REQUEST, signal });
    if (statusCode !== 200) throw new Error(`${target.name}: ${statusCode} ${(await body.text()).slice(0, 200)}`);
    let tail: Buffer = Buffer.alloc(0);
    for await (const part of body as AsyncIterable<Buffer>) {
      if (Number.isNaN(times.ttfbMs) && part.includes(DATA)) times.ttfbMs = performance.now() - times.startedAt;
      tail = part.length >= DONE.length ? part : Buffer.concat([tail, part]);
    }
    if (!tail.subarray(-DONE.length).equals(DONE)) throw new Error(`${target.name}: a stream did not end with [DONE]`);
    times.totalMs = performance.now() - times.startedAt;
  } catch (error) {
    if (!signal?.aborted) throw error;
  }
}

const startTimes = (): StreamTimes => ({ startedAt: performance.now(), ttfbMs: NaN });

interface Run {
  /** Streams that ended within the window, per second of it. */
  streamsPerSecond: number;
  /** Times to first byte of the streams started within the window. */
  ttfb: number[];
  /** Whole-stream times of the streams that ended within the window. */
  total: number[];
  /** Every stream started, ramp and window (ended early or not). */
  streamsStarted: number;
}

/**
 * Keeps CONCURRENCY streams running. Their first starts are spread over `rampMs` (so arrivals are
 * steady, not one burst of a hundred), then the window of `windowMs` is measured; once every
 * stream started in it has had its first byte, the streams still running are ended, so no tail
 * of draining streams overlaps the next measurement.
 */
async function measure(target: Target, rampMs: number, windowMs: number): Promise<Run> {
  const all: StreamTimes[] = [];
  const stop = new AbortController();
  setMaxListeners(CONCURRENCY * 2, stop.signal); // every running stream listens to it
  const from = performance.now() + rampMs;
  const to = from + windowMs;
  const inWindow = (at: number) => at >= from && at < to;
  const worker = async (index: number) => {
    await sleep((index / CONCURRENCY) * rampMs);
    while (performance.now() < to) {
      const times = startTimes();
      all.push(times);
      await oneStream(target, times, stop.signal);
    }
  };
  const workers = Promise.all(Array.from({ length: CONCURRENCY }, (_, index) => worker(index)));
  const waiting = () => all.some((times) => inWindow(times.startedAt) && Number.isNaN(times.ttfbMs) && times.totalMs === undefined);
  await sleep(to - performance.now());
  while (waiting()) await sleep(5);
  stop.abort();
  await workers;
  const ended = all.filter((times) => times.totalMs !== undefined && inWindow(times.startedAt + times.totalMs));
  return {
    streamsPerSecond: ended.length / (windowMs / 1000),
    ttfb: all.filter((times) => inWindow(times.startedAt)).map((times) => times.ttfbMs),
    total: ended.map((times) => times.totalMs!),
    streamsStarted: all.length,
  };
}

/** `count` streams, CONCURRENCY at a time, to their ends; `every(n)` after each SOAK_SAMPLE_EVERY-th. */
async function soakRun(target: Target, count: number, every: (done: number) => void): Promise<{ streams: number; seconds: number }> {
  const start = performance.now();
  let started = 0;
  let ended = 0;
  const worker = async () => {
    while (started < count) {
      started += 1;
      await oneStream(target, startTimes());
      ended += 1;
      if (ended % SOAK_SAMPLE_EVERY === 0) every(ended);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { streams: ended, seconds: (performance.now() - start) / 1000 };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
function median(values: number[]): number {
  return percentile(values, 50);
}

function rssMiB(child: ChildProcess): number {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** Least-squares slope of y over x. */
function slope(xs: number[], ys: number[]): number {
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  xs.forEach((x, i) => {
    num += (x - mx) * (ys[i]! - my);
    den += (x - mx) ** 2;
  });
  return num / den;
}

// --- start the fake, Tollgate and Portkey ---------------------------------------------------

const fakeModule = await bundle('bench/fake-chat-upstream.ts');
const relayModule = await bundle('bench/bare-chat-relay.ts');
const tollgateModule = await bundle('bench/target.ts');
const fake = await startProcess('fake upstream', [fakeModule]);
const fakePort = fake.ready.port as number;
const fakeBase = `http://127.0.0.1:${fakePort}/v1`;
const relay = await startProcess('bare relay', [relayModule, fakeBase]);
const setPace = (ms: number) => fetch(`http://127.0.0.1:${fakePort}/pace?ms=${ms}`, { method: 'PUT' });

const tollgateEnv = { ...process.env, OPENROUTER_API_KEY: 'bench', OPENROUTER_BASE_URL: fakeBase };
/** Tollgate's live heap after each full collection (MB, from --trace-gc): what RSS hides, as the collector lets the heap grow before it compacts. */
const liveHeap: number[] = [];
const tollgate = await startProcess('Tollgate', ['--trace-gc', tollgateModule, 'paid'], {
  env: tollgateEnv,
  onLine: (line) => {
    const fullGc = /Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) \(/.exec(line);
    if (fullGc) liveHeap.push(Number(fullGc[1]));
  },
});
const portkeyPort = 20_000 + (process.pid % 20_000);
const portkey = await startPortkey(portkeyPort);

const direct = target('direct to the fake', fake.child, fakePort, '/v1/chat/completions', { authorization: 'Bearer bench' });
const throughRelay = target('through a bare relay', relay.child, relay.ready.port as number, '/v1/chat/completions', { authorization: 'Bearer bench' });
const throughTollgate = target('through Tollgate', tollgate.child, tollgate.ready.port as number, '/v1/ai/chat/completions', { 'x-api-key': tollgate.ready.apiKey as string });
const throughPortkey = target('through Portkey', portkey, portkeyPort, '/v1/chat/completions', {
  'x-portkey-provider': 'openai',
  'x-portkey-custom-host': fakeBase,
  authorization: 'Bearer bench',
});
const targets = [direct, throughRelay, throughTollgate, throughPortkey];

/** One whole stream read and checked: every target must relay the fake's 200 tokens, the usage chunk and [DONE]. */
async function preflight(target: Target): Promise<void> {
  const response = await fetch(target.origin + target.path, { method: 'POST', headers: target.headers, body: REQUEST });
  const text = await response.text();
  if (response.status !== 200) {
    const hint =
      target === throughPortkey
        ? ' — Portkey streams only on @hono/node-server ≥ 2.0.12 (package.json overrides it; run npm install): see the README, "Chat streams"'
        : '';
    throw new Error(`${target.name}: ${response.status} ${text.slice(0, 200)}${hint}`);
  }
  const frames = text.split('\n\n').filter((frame) => frame.startsWith('data: '));
  const deltas = frames.filter((frame) => frame.includes('"content":') && !frame.includes('"content":""')).length;
  const content = frames.map((frame) => (frame.startsWith('data: {') ? (JSON.parse(frame.slice(6)).choices?.[0]?.delta?.content ?? '') : '')).join('');
  if (frames.at(-1) !== 'data: [DONE]' || !frames.some((frame) => frame.includes('"usage"'))) throw new Error(`${target.name}: no usage chunk or no [DONE]`);
  if (deltas !== STREAM_TOKENS || !content.startsWith(' The quick answer is')) {
    throw new Error(`${target.name}: relayed ${deltas} token deltas, not the fake's ${STREAM_TOKENS}`);
  }
}

for (const each of targets) await preflight(each);

const started = new Date();
const loadBefore = os.loadavg();

/** A target's measurements over the rounds: times pooled (a p99 needs more streams than a round has), rates per round. */
interface Figures {
  ttfb: number[];
  total: number[];
  ttfbP50: number[];
  streamsPerSecond: number[];
  samples: number[];
}
const figures = () => new Map(targets.map((each): [Target, Figures] => [each, { ttfb: [], total: [], ttfbP50: [], streamsPerSecond: [], samples: [] }]));
const record = (into: Figures, measured: Run) => {
  into.ttfb.push(...measured.ttfb);
  into.total.push(...measured.total);
  into.ttfbP50.push(percentile(measured.ttfb, 50));
  into.streamsPerSecond.push(measured.streamsPerSecond);
  into.samples.push(measured.ttfb.length);
};

// Paced, the ramp lasts about a stream, so the window sees streams at every stage; it warms up too.
await setPace(TOKEN_MS);
const paced = figures();
for (let round = 0; round < ROUNDS; round += 1) {
  for (const each of targets) record(paced.get(each)!, await measure(each, STREAM_TOKENS * TOKEN_MS, SECONDS * 1000));
}

await setPace(0);
const unpaced = figures();
/** Per gateway, the CPU its process spent per stream in the unpaced runs (ms): what streams/s hides when the load generator and the fake take most of the cores. */
const cpuPerStream = new Map<Target, number[]>([[throughRelay, []], [throughTollgate, []], [throughPortkey, []]]);
for (let round = 0; round < ROUNDS; round += 1) {
  for (const each of targets) {
    const cpuBefore = processCpuMs(each.child.pid!);
    const run = await measure(each, 1000, SECONDS * 1000);
    record(unpaced.get(each)!, run);
    cpuPerStream.get(each)?.push((processCpuMs(each.child.pid!) - cpuBefore) / run.streamsStarted);
  }
}

const rss: Array<{ streams: number; mib: number }> = [{ streams: 0, mib: rssMiB(tollgate.child) }];
const liveHeapBeforeSoak = liveHeap.length;
const soak = await soakRun(throughTollgate, SOAK_STREAMS, (done) => rss.push({ streams: done, mib: rssMiB(tollgate.child) }));
const loadAfter = os.loadavg();

// --- report ---------------------------------------------------------------------------------

const ms = (value: number) => value.toFixed(1);
const sum = (values: number[]) => values.reduce((x, y) => x + y, 0);
console.log(`\nChat streams: ${started.toISOString()}`);
console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
console.log(`Load average (1/5/15 min): before ${loadBefore.map((x) => x.toFixed(2)).join(' ')}, after ${loadAfter.map((x) => x.toFixed(2)).join(' ')}`);
console.log(
  `Load: ${CONCURRENCY} concurrent streams of ${STREAM_TOKENS} tokens (+ usage chunk, [DONE]), keep-alive; ${ROUNDS} rounds, targets in alternation`,
);
console.log(
  `Per target per round: ${SECONDS} s measured, paced (${TOKEN_MS} ms between tokens) after a ${(STREAM_TOKENS * TOKEN_MS) / 1000} s ramp, unpaced after a 1 s ramp. ` +
    'TTFB and stream times: percentiles of the streams of all rounds; streams/s: median round.\n',
);
console.log('| target | paced: TTFB p50 ms | TTFB p99 ms | stream p50 ms | streams | unpaced: streams/s | TTFB p50 ms | TTFB p99 ms |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const each of targets) {
  const p = paced.get(each)!;
  const u = unpaced.get(each)!;
  console.log(
    `| ${each.name} | ${ms(percentile(p.ttfb, 50))} | ${ms(percentile(p.ttfb, 99))} | ${ms(percentile(p.total, 50))} | ${sum(p.samples)} | ` +
      `${Math.round(median(u.streamsPerSecond))} | ${ms(percentile(u.ttfb, 50))} | ${ms(percentile(u.ttfb, 99))} |`,
  );
}
/** What `over` adds to the first byte beyond `under`, paced: p50 and p99 over all streams, then p50 per round. */
function addedTtfb(over: Target, under: Target): { figures: string; rounds: string } {
  const p = paced.get(over)!;
  const base = paced.get(under)!;
  const added = (q: number) => ms(percentile(p.ttfb, q) - percentile(base.ttfb, q));
  return {
    figures: `${added(50)} ms p50, ${added(99)} ms p99`,
    rounds: p.ttfbP50.map((value, round) => ms(value - base.ttfbP50[round]!)).join(', '),
  };
}
console.log('');
for (const each of [throughRelay, throughTollgate, throughPortkey]) {
  const { figures, rounds } = addedTtfb(each, direct);
  console.log(`${each.name}: adds ${figures} to the first byte, paced (p50 per round: ${rounds})`);
}
const beyondRelay = addedTtfb(throughTollgate, throughRelay);
console.log(`through Tollgate beyond the bare relay: ${beyondRelay.figures}, paced (p50 per round: ${beyondRelay.rounds})`);
const tollgateRates = unpaced.get(throughTollgate)!.streamsPerSecond;
const portkeyRates = unpaced.get(throughPortkey)!.streamsPerSecond;
const ratios = tollgateRates.map((value, round) => value / portkeyRates[round]!);
console.log(`Tollgate / Portkey streams/s, unpaced: ${median(ratios).toFixed(2)} (rounds: ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')})`);
const relayCpu = median(cpuPerStream.get(throughRelay)!);
const tollgateCpu = median(cpuPerStream.get(throughTollgate)!);
const portkeyCpu = median(cpuPerStream.get(throughPortkey)!);
console.log(
  `CPU per stream, unpaced (the gateway's own process, median round): bare relay ${relayCpu.toFixed(2)} ms, Tollgate ${tollgateCpu.toFixed(2)} ms, Portkey ${portkeyCpu.toFixed(2)} ms — ` +
    `Portkey / Tollgate ${(portkeyCpu / tollgateCpu).toFixed(2)}`,
);
const perThousand = slope(rss.map((sample) => sample.streams / 1000), rss.map((sample) => sample.mib));
console.log(
  `\nSoak: ${soak.streams} streams through Tollgate in ${soak.seconds.toFixed(1)} s (${Math.round(soak.streams / soak.seconds)}/s), RSS MiB every ${SOAK_SAMPLE_EVERY}: ${rss.map((sample) => sample.mib.toFixed(0)).join(', ')}`,
);
console.log(`RSS first ${rss[0]!.mib.toFixed(1)} MiB, last ${rss.at(-1)!.mib.toFixed(1)} MiB, slope ${perThousand.toFixed(2)} MiB per 1,000 streams`);
const soakHeap = liveHeap.slice(liveHeapBeforeSoak);
console.log(`Live heap after each full collection during the soak (MB): ${soakHeap.map((mb) => mb.toFixed(1)).join(', ') || 'none'}`);
console.log('(targets: Tollgate adds < 1 ms p50 and < 5 ms p99 to the first byte at 100 concurrent streams; ≥ 1.5× Portkey’s streams/s; RSS flat over the soak)');

await Promise.all(targets.map((each) => each.pool.close()));
children.forEach((child) => child.kill());
