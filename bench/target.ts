/**
 * One benchmark target, in its own process so the load generator does not share its event loop:
 *   bare  — a bare Fastify route answering a small JSON envelope, and /bare-serp: another answering
 *           the envelope of the sandbox's depth-10 page for the SERP call's query, made once at
 *           startup (the same bytes the paid SERP call sends, without the work of making them);
 *   paid  — the whole Tollgate app on SQLite (auth, rate limit, hold and capture, sandbox provider),
 *           plus /bare: the bare route again, but on the app's own server (its logger, hooks and
 *           JSON parser), to tell the pipeline's cost from the app-wide setup's.
 * Prints one JSON line `{port, apiKey}` when it is ready.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { parseUsd } from '../src/core/money';
import { sandboxSerp } from '../src/providers/sandbox/serp';
import { scratchDirectory } from './scratch-directory';

const mode = process.argv[2];
const bareRoute = async () => ({ ok: true, data: { domains: [{ domain: 'example.com', available: false }] } });
// Exit cleanly when the benchmark stops us (lets --cpu-prof write its profile).
process.on('SIGINT', () => process.exit(0));

if (mode === 'bare') {
  const server = Fastify({ logger: false });
  server.post('/bare', bareRoute);
  const serpPage = await sandboxSerp.search(
    { engine: 'websearch', query: 'best running shoes', depth: 10, locationCode: 2840, language: 'en' },
    { signal: new AbortController().signal },
  );
  server.post('/bare-serp', async () => ({ ok: true, data: serpPage }));
  await server.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: (server.server.address() as AddressInfo).port })}\n`);
} else if (mode === 'paid') {
  const dataDir = scratchDirectory('tollgate-bench-');
  // The limiter runs on every request; its limit is raised so the load is measured, not refused.
  const config = loadConfig({ ...process.env, DATABASE_URL: '', REDIS_URL: '', TOLLGATE_DATA_DIR: dataDir, LOG_LEVEL: 'warn', TOLLGATE_RATE_LIMIT_PER_MINUTE: '1000000000' });
  const app = await buildApp(config, { configure: (server) => server.post('/bare', bareRoute) });
  const account = await app.ledger.createAccount('bench@example.com', parseUsd('1000000'), 'bench-credit');
  const { apiKey } = await app.keys.issue(account.id);
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  // Stopped as an operator stops it: the shutdown closes the browser pool, so leftovers are orphans.
  process.once('SIGTERM', () => void app.shutdown(config.shutdownGraceMs).then(() => process.exit(0)));
  process.stdout.write(`${JSON.stringify({ port: (app.server.server.address() as AddressInfo).port, apiKey })}\n`);
} else {
  throw new Error('usage: target.ts bare|paid');
}
