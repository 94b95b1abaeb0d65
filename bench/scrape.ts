/**
 * npm run bench, third part (BENCH_SCRAPE=0 skips it): scraping and the browser pool, measured on
 * this machine against pages served on loopback —
 *   /v1/scrape of a 50 KB article: requests/s and p50 (autocannon, 10 connections);
 *   /v1/scrape/js and /v1/scrape/screenshot with a warm pool: p50 of calls made one at a time, each
 *     to an idle pool (IDLE_MS after the last: the time the pool takes to open its spare pages);
 *     and, under load, /v1/scrape/js calls/s and p50 with as many calls at a time as browsers;
 *   HTML → markdown: time per 100 KB of article (the page reader alone, in this process);
 *   after BENCH_SCRAPE_BROWSER_CALLS (1,000) browser calls: the server's RSS and its Chromium
 *     processes, then, once the server has stopped (SIGTERM, as an operator stops it), whether any
 *     of them is still running (a zombie, exited and waiting for init to reap it, is not).
 * Targets (issue 11): /v1/scrape ≥ 300 req/s, /scrape/js p50 ≤ 250 ms, screenshot p50 ≤ 400 ms, no
 * orphaned Chromium processes, flat memory.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { bundle } from '../scripts/bundle.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';

if (process.env.BENCH_SCRAPE === '0') process.exit(0);

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const BROWSER_CALLS = Number(process.env.BENCH_SCRAPE_BROWSER_CALLS ?? 1_000);
const POOL_SIZE = 2;
const LATENCY_SAMPLES = 60;
/** The pause before each latency sample: the pool is warm and idle when the call comes. */
const IDLE_MS = 400;

/** An article page of about `bytes`: navigation, headings, paragraphs with links, a list, a table, code, a footer. */
function articlePage(bytes: number): string {
  const section = (index: number) =>
    `<h2>Section ${index}: choosing a running shoe</h2>
<p>A good running shoe fits your foot and your stride. <a href="/guide/fit-${index}">Fit comes first</a>: leave a thumb's width in the toe box,
keep the heel secure, and choose cushioning for the distance you run. Runners who train on trails want grip and a rock plate;
road runners look for a lighter shoe with a smooth transition. Try shoes late in the day, when feet are largest.</p>
<ul><li>Toe box: room to spread the toes</li><li>Heel: no slipping when you walk</li><li>Drop: ${index % 12} mm suits a midfoot strike</li></ul>
<table><thead><tr><th>Model</th><th>Weight (g)</th><th>Drop (mm)</th><th>Price</th></tr></thead>
<tbody><tr><td>Road ${index}</td><td>${240 + index}</td><td>8</td><td>$${120 + index}</td></tr><tr><td>Trail ${index}</td><td>${290 + index}</td><td>6</td><td>$${140 + index}</td></tr></tbody></table>
<pre><code class="language-js">const fit = measure(foot, { toeBox: 'roomy', heel: 'secure' });</code></pre>\n`;
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>How to choose a running shoe</title>
<meta name="description" content="A buyer's guide to running shoes."><meta property="og:title" content="Running shoes: a guide"></head><body>
<nav><a href="/">Home</a> <a href="/shoes">Shoes</a> <a href="/guides">Guides</a> <a href="/about">About</a></nav>
<aside class="sidebar"><h3>Popular</h3><a href="/a">Ten trail shoes</a> <a href="/b">Racing flats</a></aside><article><h1>How to choose a running shoe</h1>\n`;
  const tail = '</article><footer><p>© Example Shoes. <a href="/privacy">Privacy</a></p></footer></body></html>';
  let body = '';
  for (let index = 1; head.length + body.length + tail.length < bytes; index += 1) body += section(index);
  return head + body + tail;
}

const page50k = articlePage(50_000);
const page100k = articlePage(100_000);

/** The pages, on loopback: the server's fetcher is told to allow it (TOLLGATE_FETCH_ALLOWED_NETWORKS). */
const site = http.createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(request.url === '/article-100k' ? page100k : page50k);
});
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
const pageUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/article-50k`;

const targetModule = await bundle('bench/target.ts');
const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, targetModule, 'paid'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, TOLLGATE_FETCH_ALLOWED_NETWORKS: '127.0.0.0/8', TOLLGATE_BROWSER_POOL_SIZE: String(POOL_SIZE) },
});
process.on('exit', () => child.kill('SIGKILL'));
const { port, apiKey } = JSON.parse(await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve))) as { port: number; apiKey: string };
const origin = `http://127.0.0.1:${port}`;

async function call(path: string, body: unknown): Promise<number> {
  if (process.env.BENCH_DEBUG) console.error(new Date().toISOString(), 'call', path);
  const started = performance.now();
  const response = await fetch(origin + path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKey }, body: JSON.stringify(body), signal: AbortSignal.timeout(20_000) });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  return performance.now() - started;
}

/** `count` calls, POOL_SIZE at a time; their latencies. */
async function rounds(path: string, body: unknown, count: number): Promise<number[]> {
  const latencies: number[] = [];
  let left = count;
  await Promise.all(Array.from({ length: POOL_SIZE }, async () => {
    while (left-- > 0) latencies.push(await call(path, body));
  }));
  return latencies;
}

/** `count` calls one at a time, each IDLE_MS after the previous one ended; their latencies. */
async function idleCalls(path: string, body: unknown, count: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let index = 0; index < count; index += 1) {
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    latencies.push(await call(path, body));
  }
  return latencies;
}

const percentile = (values: number[], p: number) => [...values].sort((x, y) => x - y)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

/** The server's process tree: its RSS and its Chromium processes. */
function tree(): { rssMiB: number; chromium: number[] } {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,comm='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .map(([pid, ppid, rss, comm]) => ({ pid: Number(pid), ppid: Number(ppid), rss: Number(rss), comm: comm ?? '' }));
  const inTree = new Set([child.pid!]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) {
      if (!inTree.has(row.pid) && inTree.has(row.ppid)) {
        inTree.add(row.pid);
        grew = true;
      }
    }
  }
  const members = rows.filter((row) => inTree.has(row.pid));
  return { rssMiB: members.reduce((sum, row) => sum + row.rss, 0) / 1024, chromium: members.filter((row) => /chrom/i.test(row.comm)).map((row) => row.pid) };
}
const serverRssMiB = () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024;
/** A process that exists and has not exited (a zombie's state is Z). */
const running = (pid: number) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
};

const loadBefore = os.loadavg()[0]!;

// /v1/scrape: the fetcher, the page reader, the pipeline.
const scrapeOptions = {
  url: `${origin}/v1/scrape`,
  method: 'POST' as const,
  headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
  body: JSON.stringify({ url: pageUrl, format: 'markdown' }),
  connections: 10,
};
await autocannon({ ...scrapeOptions, duration: 2 });
const scrape = await autocannon({ ...scrapeOptions, duration: SECONDS });
if (scrape.non2xx + scrape.errors > 0) throw new Error(`/v1/scrape: ${scrape.non2xx + scrape.errors} failed requests`);

// HTML → markdown, the reader alone: bundled, the code the server's page-reader threads run.
const { readPage } = (await import(pathToFileURL(await bundle('src/scrape/page-content.ts')).href)) as typeof import('../src/scrape/page-content');
for (let index = 0; index < 20; index += 1) readPage(page100k, pageUrl, { format: 'markdown' });
const conversions: number[] = [];
for (let index = 0; index < 100; index += 1) {
  const started = performance.now();
  readPage(page100k, pageUrl, { format: 'markdown' });
  conversions.push(performance.now() - started);
}
const markdownMsPer100KB = (percentile(conversions, 50) * 100_000) / page100k.length;

// The browser endpoints, on a warm pool.
await rounds('/v1/scrape/js', { url: pageUrl, format: 'markdown' }, POOL_SIZE * 3);
const scrapeJs = await idleCalls('/v1/scrape/js', { url: pageUrl, format: 'markdown' }, LATENCY_SAMPLES);
const loadStarted = performance.now();
const scrapeJsLoaded = await rounds('/v1/scrape/js', { url: pageUrl, format: 'markdown' }, LATENCY_SAMPLES);
const scrapeJsPerSecond = (LATENCY_SAMPLES * 1000) / (performance.now() - loadStarted);
await rounds('/v1/scrape/screenshot', { url: pageUrl }, POOL_SIZE);
const screenshot = await idleCalls('/v1/scrape/screenshot', { url: pageUrl }, LATENCY_SAMPLES);

// Many browser calls: memory and processes.
const before = { ...tree(), serverMiB: serverRssMiB() };
const seen = new Set(before.chromium);
const samples: Array<{ calls: number; serverMiB: number; treeMiB: number; chromium: number }> = [];
for (let done = 0; done < BROWSER_CALLS; done += 100) {
  await rounds('/v1/scrape/js', { url: pageUrl, format: 'text' }, Math.min(100, BROWSER_CALLS - done));
  const now = tree();
  now.chromium.forEach((pid) => seen.add(pid));
  samples.push({ calls: done + Math.min(100, BROWSER_CALLS - done), serverMiB: serverRssMiB(), treeMiB: now.rssMiB, chromium: now.chromium.length });
}
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
await new Promise((resolve) => setTimeout(resolve, 1_000));
const orphans = [...seen].filter(running);
site.close();

console.log(`\nScraping and the browser pool: ${new Date().toISOString()}`);
console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${loadBefore.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end`);
console.log(`Pages on loopback: ${page50k.length} bytes (scrape), ${page100k.length} bytes (conversion); pool of ${POOL_SIZE} browsers\n`);
console.log('| measure | figure | target |');
console.log('|---|---:|---|');
console.log(`| /v1/scrape, 50 KB page, 10 connections | ${Math.round(scrape.requests.average)} req/s, p50 ${scrape.latency.p50} ms | ≥ 300 req/s |`);
console.log(`| /v1/scrape/js, warm pool, p50 (p90) | ${percentile(scrapeJs, 50).toFixed(0)} ms (${percentile(scrapeJs, 90).toFixed(0)} ms) | ≤ 250 ms |`);
console.log(`| /v1/scrape/js under load (${POOL_SIZE} at a time), calls/s and p50 | ${scrapeJsPerSecond.toFixed(1)} calls/s, p50 ${percentile(scrapeJsLoaded, 50).toFixed(0)} ms | |`);
console.log(`| /v1/scrape/screenshot 1920×1080, warm pool, p50 (p90) | ${percentile(screenshot, 50).toFixed(0)} ms (${percentile(screenshot, 90).toFixed(0)} ms) | ≤ 400 ms |`);
console.log(`| HTML → markdown, per 100 KB (median) | ${markdownMsPer100KB.toFixed(1)} ms | |`);
console.log(`| Chromium processes of the server, before → after ${BROWSER_CALLS} browser calls | ${before.chromium.length} → ${samples.at(-1)!.chromium} | steady |`);
console.log(`| Chromium processes left after the server stopped | ${orphans.length} (of ${seen.size} seen) | 0 |`);
console.log(`\nChromium processes every 100 browser calls: ${before.chromium.length}, ${samples.map((sample) => sample.chromium).join(', ')}`);
console.log(`RSS every 100 browser calls, MiB — server: ${before.serverMiB.toFixed(0)}, ${samples.map((sample) => sample.serverMiB.toFixed(0)).join(', ')}`);
console.log(`RSS every 100 browser calls, MiB — server and its Chromium processes: ${before.rssMiB.toFixed(0)}, ${samples.map((sample) => sample.treeMiB.toFixed(0)).join(', ')}`);
