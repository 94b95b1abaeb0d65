/**
 * A server starting up, in a process of its own, for the migration tests: from the time (ms since
 * the epoch) in argv[4], opens the store — SQLite under argv[2], or PostgreSQL schema argv[3] when
 * DATABASE_URL is set — which migrates it, and prints {"statements": n}: how many statements it
 * sent from the migrations' BEGIN on (BEGIN included). With argv[5] = k > 0 it instead dies by
 * SIGKILL just before sending the k-th of them: a crash at that point of the migrations.
 */
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { openStore } from '../../src/store/database';

const [dataDir, postgresSchema, startText, killBeforeText] = process.argv.slice(2);
const killBefore = Number(killBeforeText ?? 0);
let statements = 0;
const sendingStatement = (text: unknown) => {
  if (statements === 0 && !(typeof text === 'string' && /^\s*begin\b/i.test(text))) return;
  statements += 1;
  if (statements === killBefore) process.kill(process.pid, 'SIGKILL');
};

// Every statement Kysely sends goes through one of these two (a pool's clients are pg.Client).
const prepare = SQLite.prototype.prepare;
SQLite.prototype.prepare = function (this: SQLite.Database, source: string) {
  sendingStatement(source);
  return prepare.call(this, source);
} as typeof prepare;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  sendingStatement(args[0]);
  return (query as (...args: unknown[]) => unknown).apply(this, args);
} as typeof query;

await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startText) - Date.now())));
const store = await openStore({ databaseUrl: process.env.DATABASE_URL, dataDir: dataDir!, ...(postgresSchema ? { postgresSchema } : {}) });
await store.close();
process.stdout.write(`${JSON.stringify({ statements })}\n`);
