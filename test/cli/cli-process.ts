import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import pg from 'pg';
import { migrations } from '../../src/store/migrations';
import { REPOSITORY } from '../../scripts/repository';

/** Runs the real CLI (`bin/tollgate`) as an operator would, against a database of its own. */

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Where the CLI writes: SQLite in a fresh directory, or, on PostgreSQL, a fresh database (the CLI
 * has no schema option, and `public` of the shared test database is not ours to fill).
 */
export interface CliTarget {
  environment: NodeJS.ProcessEnv;
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

export async function createTarget(): Promise<CliTarget> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-cli-'));
  const { TOLLGATE_SIGNUP_CREDIT_USD: _credit, DATABASE_URL: sharedUrl, ...inherited } = process.env;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (sharedUrl) {
    const name = `tollgate_cli_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: sharedUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(sharedUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: sharedUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  return {
    environment: { ...inherited, TOLLGATE_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    dataDir,
    databaseUrl,
    async drop() {
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function runCli(target: CliTarget, args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile('./bin/tollgate', args, { cwd: REPOSITORY, env: target.environment, timeout: 90_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

export async function succeed(target: CliTarget, args: string[]): Promise<any> {
  const result = await runCli(target, args);
  assert.equal(result.code, 0, `tollgate ${args.join(' ')} failed: ${result.stderr}`);
  assert.equal(result.stderr, '');
  assert.ok(result.stdout.endsWith('\n'));
  assert.equal(result.stdout.trim().split('\n').length, 1, 'one line of JSON');
  return JSON.parse(result.stdout);
}

export async function fail(target: CliTarget, args: string[], message: RegExp): Promise<CliResult> {
  const result = await runCli(target, args);
  assert.notEqual(result.code, 0, `tollgate ${args.join(' ')} should fail; printed ${result.stdout}`);
  assert.equal(result.stdout, '', 'nothing on stdout');
  assert.match(result.stderr, message);
  assert.doesNotMatch(result.stderr, /^\s+at .+:\d+:\d+\)?$/m, 'no stack trace');
  assert.doesNotMatch(result.stderr, /node_modules|file:\/\//, 'no file paths');
  return result;
}

/**
 * The first command on a fresh database, which migrates it: it names the migrations it applied on
 * stderr (stdout stays the command's JSON alone); returns that JSON.
 */
export async function succeedMigrating(target: CliTarget, args: string[]): Promise<any> {
  const result = await runCli(target, args);
  assert.equal(result.code, 0, `tollgate ${args.join(' ')} failed: ${result.stderr}`);
  assert.equal(result.stderr, `tollgate: applied database migrations: ${migrations.map((migration) => migration.name).join(', ')}\n`);
  return JSON.parse(result.stdout);
}
