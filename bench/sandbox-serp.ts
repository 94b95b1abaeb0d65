/**
 * node --import tsx bench/sandbox-serp.ts [source root…]: microseconds of CPU per sandbox web page
 * (depth 10), as the paid SERP call asks for it (CPU time, so other processes' load counts less), and what its output validation and JSON cost on
 * top. Each round uses queries no earlier round used — in real traffic every query is new, so a
 * per-query cache must not flatter the figure. Given several source roots (this worktree and an
 * export of an earlier commit, say), it bundles each and measures them in alternation in this one
 * process, so a before/after ratio does not drift with the shared machine's speed.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { SerpProvider } from '../src/providers/families/serp';
import type { SERP_RESPONSES as Responses } from '../src/schemas/serp';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const QUERIES_PER_ROUND = Number(process.env.BENCH_QUERIES ?? 500);
const roots = process.argv.length > 2 ? process.argv.slice(2).map((root) => path.resolve(root)) : [path.resolve(import.meta.dirname, '..')];

interface Implementation {
  root: string;
  sandboxSerp: SerpProvider;
  SERP_RESPONSES: typeof Responses;
}

/** Bundled with its packages, as the server runs it: not through tsx's loader. */
async function load(root: string): Promise<Implementation> {
  const result = await build({
    stdin: {
      contents: `export { sandboxSerp } from './src/providers/sandbox/serp/index.ts'; export { SERP_RESPONSES } from './src/schemas/serp.ts';`,
      resolveDir: root,
      loader: 'ts',
    },
    nodePaths: [path.resolve(import.meta.dirname, '../node_modules')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  // Beside the packages, not in the system's temporary directory: the bundle loads some at run
  // time (the tokenizer, through createRequire), which resolve from where the bundle lies.
  const cache = path.resolve(import.meta.dirname, '../node_modules/.cache/tollgate');
  fs.mkdirSync(cache, { recursive: true });
  const directory = fs.mkdtempSync(path.join(cache, 'sandbox-bench-'));
  process.once('exit', () => fs.rmSync(directory, { recursive: true, force: true }));
  const file = path.join(directory, 'serp.mjs');
  fs.writeFileSync(file, result.outputFiles[0]!.contents);
  return { root, ...(await import(pathToFileURL(file).href)) };
}

const HEADS = ['best', 'cheap', 'how to clean', 'buy', 'what is', 'used', 'top rated', 'organic', 'vintage', 'electric', 'waterproof', 'kids', 'quiet', 'portable', 'local', 'custom'];
const NOUNS = [
  'running shoes', 'espresso machine', 'standing desk', 'road bike', 'air fryer', 'coffee grinder', 'yoga mat', 'hiking boots', 'gaming laptop', 'dog food',
  'rain jacket', 'office chair', 'baby stroller', 'water filter', 'camping tent', 'sourdough bread', 'car insurance', 'wedding dress', 'tax software', 'solar panels',
];
const TAILS = ['', 'near me', 'reviews', 'for beginners', 'price', 'deals', 'in seattle', 'vs', 'ideas', 'for women', 'for men', 'under 100', 'jobs', 'recipe', 'news', 'app', 'hotels', 'tickets'];

/** Distinct, plausible queries; round `round` gets its own slice. */
function queriesOf(round: number): string[] {
  const queries: string[] = [];
  for (let index = round * QUERIES_PER_ROUND; queries.length < QUERIES_PER_ROUND; index += 1) {
    const head = HEADS[index % HEADS.length]!;
    const noun = NOUNS[Math.floor(index / HEADS.length) % NOUNS.length]!;
    const tail = TAILS[Math.floor(index / (HEADS.length * NOUNS.length)) % TAILS.length]!;
    const cycle = Math.floor(index / (HEADS.length * NOUNS.length * TAILS.length));
    queries.push([head, noun, tail, cycle > 0 ? `${cycle + 1990}` : ''].filter(Boolean).join(' '));
  }
  return queries;
}

const NEVER_ABORTED = new AbortController().signal;

interface Costs {
  generate: number;
  validate: number;
  serialise: number;
}

/** CPU time since `since`, not wall time: on a shared machine, time spent waiting for a core is not the code's. */
function cpuMicroseconds(since: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(since);
  return user + system;
}

async function measureRound(implementation: Implementation, queries: string[]): Promise<Costs> {
  const search = (query: string) => implementation.sandboxSerp.search({ engine: 'websearch', query, depth: 10, locationCode: 2840, language: 'en' }, { signal: NEVER_ABORTED });
  // Answers are not kept while generating, so the collector's work is what a server's would be.
  let results = 0;
  let started = process.cpuUsage();
  for (const query of queries) results += (await search(query)).results.length;
  const generate = cpuMicroseconds(started) / queries.length;
  if (results !== queries.length * 10) throw new Error(`${implementation.root}: ${results} results for ${queries.length} pages of 10`);
  const answers = await Promise.all(queries.slice(0, 100).map(search));
  started = process.cpuUsage();
  for (const answer of answers) implementation.SERP_RESPONSES.websearch.parse(answer);
  const validate = cpuMicroseconds(started) / answers.length;
  started = process.cpuUsage();
  for (const answer of answers) JSON.stringify({ ok: true, data: answer });
  const serialise = cpuMicroseconds(started) / answers.length;
  return { generate, validate, serialise };
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

const implementations = await Promise.all(roots.map(load));
// Warm-up on queries no round uses.
for (const implementation of implementations) await measureRound(implementation, queriesOf(ROUNDS + 1));
const rounds = implementations.map(() => [] as Costs[]);
for (let round = 0; round < ROUNDS; round += 1) {
  const queries = queriesOf(round);
  // Alternate which goes first, so neither always runs on a freshly collected heap.
  const order = implementations.map((_, index) => index);
  if (round % 2 === 1) order.reverse();
  for (const index of order) rounds[index]!.push(await measureRound(implementations[index]!, queries));
}

console.log(`${ROUNDS} rounds of ${QUERIES_PER_ROUND} new queries, depth 10; µs per answer, median of the rounds\n`);
console.log('| source | sandbox answer | output validation | JSON.stringify |');
console.log('|---|---:|---:|---:|');
const generated: number[] = [];
for (const [index, implementation] of implementations.entries()) {
  const costs = rounds[index]!;
  const generate = median(costs.map((cost) => cost.generate));
  generated.push(generate);
  console.log(`| ${implementation.root} | ${generate.toFixed(1)} | ${median(costs.map((cost) => cost.validate)).toFixed(1)} | ${median(costs.map((cost) => cost.serialise)).toFixed(1)} |`);
}
if (implementations.length > 1) {
  for (let index = 1; index < implementations.length; index += 1) {
    const perRound = rounds[index]!.map((cost, round) => (cost.generate / rounds[0]![round]!.generate).toFixed(2));
    console.log(`\nsandbox answer, ${implementations[index]!.root} ÷ ${implementations[0]!.root}: ${(generated[index]! / generated[0]!).toFixed(2)} (rounds: ${perRound.join(', ')})`);
  }
}
