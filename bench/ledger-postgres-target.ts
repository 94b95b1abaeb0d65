/**
 * One instance for bench/ledger-postgres.ts, in its own process: the whole Tollgate app on
 *   sqlite                       — a fresh SQLite database, one funded account;
 *   postgres <schema> <accounts> — the PostgreSQL schema given, creating it with that many funded
 *                                  accounts (the first instance);
 *   postgres <schema> join       — the same schema, another instance on the first one's accounts.
 * Prints one JSON line `{port, apiKeys}` when ready. GET /bench-stats answers what this process
 * sent PostgreSQL so far: statements (every query on a connection, BEGIN and COMMIT included),
 * commits (statements outside a transaction, and COMMITs) and the ledger's turns.
 */
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { parseUsd } from '../src/core/money';
import { postgresTurnStats } from '../src/ledger/postgres-settlement';
import { openStore } from '../src/store/database';
import { scratchDirectory } from './scratch-directory';

const [mode, schema, accountsArgument] = process.argv.slice(2);
process.on('SIGINT', () => process.exit(0));

// Counted at the client, as pg_stat_statements would count them at the server (which needs a
// preloaded library this machine's PostgreSQL does not have).
const sent = { statements: 0, commits: 0 };
const inTransaction = new WeakSet<object>();
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function countedQuery(this: object, ...args: unknown[]) {
  const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string } | undefined)?.text ?? '');
  const verb = text.trimStart().slice(0, 8).toLowerCase();
  sent.statements += 1;
  // The ledger's turns write and commit in one round trip (`select …; commit`): one statement,
  // one commit.
  if (/;\s*commit\s*$/i.test(text)) {
    inTransaction.delete(this);
    sent.commits += 1;
  } else if (verb.startsWith('begin') || verb.startsWith('start')) inTransaction.add(this);
  else if (verb.startsWith('commit') || verb.startsWith('rollback')) {
    inTransaction.delete(this);
    if (verb.startsWith('commit')) sent.commits += 1;
  } else if (!inTransaction.has(this)) sent.commits += 1;
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const dataDir = scratchDirectory('tollgate-bench-ledger-');
// The benchmark stops its targets with SIGTERM: exit, so that the SQLite run's files go with the process.
process.once('SIGTERM', () => process.exit(0));
const databaseUrl = mode === 'postgres' ? (process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test') : '';
if (mode !== 'sqlite' && mode !== 'postgres') throw new Error('usage: ledger-postgres-target.ts sqlite | postgres <schema> <accounts>|join');
// The limiter runs on every request (in memory here: each instance its own); its limit is raised
// so the load is measured, not refused.
const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: '', TOLLGATE_DATA_DIR: dataDir, LOG_LEVEL: 'warn', TOLLGATE_RATE_LIMIT_PER_MINUTE: '1000000000' });
const store = await openStore({ databaseUrl, dataDir, ...(schema ? { postgresSchema: schema } : {}) });
const app = await buildApp(config, {
  store,
  configure: (server) => server.get('/bench-stats', async () => ({ ...sent, ...postgresTurnStats })),
});

const apiKeys: string[] = [];
if (accountsArgument !== 'join') {
  for (let index = 0; index < Number(accountsArgument ?? 1); index += 1) {
    const account = await app.ledger.createAccount(`bench-${index}@example.com`, parseUsd('1000000'), `bench-credit-${index}`);
    apiKeys.push((await app.keys.issue(account.id)).apiKey);
  }
}
await app.server.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (app.server.server.address() as AddressInfo).port, apiKeys })}\n`);
