import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openStore, type Store } from '../../src/store/database';
import { SERVER_NODE_FLAGS } from '../../scripts/node-flags.mjs';
import { REPOSITORY } from '../../scripts/repository';

/**
 * Real servers in processes of their own (`bin/tollgate serve`, bundled), for the tests of
 * what only a process can show: signals, SIGKILL, several instances on one database.
 */
export interface ServerProcess {
  /** e.g. `http://127.0.0.1:40123`. */
  url: string;
  child: ChildProcess;
  /** Its log lines (pino JSON) so far. */
  logs: string[];
  /** Resolves when it has exited and its output is all in `logs`. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * A database several server processes share: SQLite in a fresh directory, or a fresh PostgreSQL
 * schema when DATABASE_URL is set; `environment` points a server at it, `store` is the test's own
 * connection to it. Closing removes it.
 */
export interface SharedDatabase {
  environment: Record<string, string>;
  store: Store;
  close(): Promise<void>;
}

export async function openSharedDatabase(): Promise<SharedDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-process-'));
  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const store = await openStore({ databaseUrl, dataDir, ...(schema ? { postgresSchema: schema } : {}) });
  const environment: Record<string, string> = { TOLLGATE_DATA_DIR: dataDir };
  if (databaseUrl && schema) {
    // libpq's `options` parameter: every connection of the server's pool works in the schema.
    const url = new URL(databaseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    environment.DATABASE_URL = url.toString();
  }
  return {
    environment,
    store,
    async close() {
      if (schema) await sql`drop schema if exists ${sql.raw(schema)} cascade`.execute(store.db);
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts `bin/tollgate serve` on a free loopback port and resolves once it listens: the server as
 * operators run it, bundled, its worker threads' modules built beside it.
 */
export async function startServerProcess(environment: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'bin/tollgate', 'serve'], {
    cwd: REPOSITORY,
    env: {
      PATH: process.env.PATH,
      TOLLGATE_AUTH_FAILURES_PER_MINUTE: '1000000',
      TOLLGATE_RATE_LIMIT_PER_MINUTE: '1000000',
      TOLLGATE_SANDBOX_CHAT_TOKENS_PER_SECOND: '0',
      ...environment,
      HOST: '127.0.0.1',
      PORT: '0',
      // The port it was given is read from its "Server listening" line.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  // 'close', not 'exit': the process can exit before its last output is read, and a test reads
  // the logs once it has exited.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  let pending = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        logs.push(line);
        const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (listening) resolve(listening[1]!);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')));
    void exited.then(({ code, signal }) => reject(new Error(`the server exited before listening (${code ?? signal}):\n${logs.join('\n')}`)));
  });
  return { url, child, logs, exited };
}

/** Ends a server that is still running (SIGKILL), for the tests' cleanup. */
export async function stopServerProcess(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}
