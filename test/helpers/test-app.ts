import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp, type App, type AppOverrides } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { parseUsd, type Micros } from '../../src/core/money';
import { Ledger } from '../../src/ledger/ledger';
import { sql } from 'kysely';
import { openStore, type Store } from '../../src/store/database';

/**
 * A real server on a loopback port, on the database the suite runs against: SQLite in a fresh
 * temporary directory by default, or a fresh PostgreSQL schema when DATABASE_URL is set. `close`
 * removes what the helper made; a store the test passed in (`overrides.store`) stays open for the
 * test to close.
 */
export interface TestApp extends App {
  baseUrl: string;
  config: Config;
  /** A funded account and its key. */
  createAccount(usd?: string): Promise<{ accountId: string; apiKey: string; keyId: string }>;
  balance(accountId: string): Promise<Micros>;
  /** Sum of the account's ledger entries; must always equal its balance. */
  ledgerSum(accountId: string): Promise<Micros>;
  /**
   * How many of the account's holds are not settled yet, read once the ledger has written the
   * holds it keeps in memory (a PostgreSQL turn grants a hold at once and writes it at its close:
   * an unwritten hold is open, not settled).
   */
  openHolds(accountId: string): Promise<number>;
  post(path: string, body: unknown, apiKey?: string, headers?: Record<string, string>): Promise<TestResponse>;
  get(path: string, apiKey?: string): Promise<TestResponse>;
  /**
   * POSTs as a fresh funded account, checks a 200 served by `provider`, and returns the response
   * with what the call cost in micro-USD.
   */
  paidCall(path: string, body: unknown, provider?: string): Promise<{ response: TestResponse; cost: number }>;
  /** `paidCall`'s answer's `data`: what a test of the sandbox's answers reads. */
  paidData(path: string, body: unknown, provider?: string): Promise<any>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  body: any;
}

/** A fetch response with its body parsed as JSON, or left as text when it is not JSON (the docs page). */
export async function readTestResponse(response: Response): Promise<TestResponse> {
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Left as text; the assertions say what was expected.
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

export function testDatabaseLabel(): string {
  return process.env.DATABASE_URL ? 'postgres' : 'sqlite';
}

/**
 * The ledger entries a paid call leaves when it ends in the turn that reserved it (no wait on a
 * vendor): its hold never leaves memory, so a capture alone, or nothing when it fails — on SQLite
 * and on PostgreSQL alike.
 */
export function entriesOfAnInstantCall(outcome: 'capture' | 'release'): string[] {
  return outcome === 'capture' ? ['capture'] : [];
}

/** A fresh database; closing it removes it (the SQLite directory or the PostgreSQL schema). */
export async function openTestStore(): Promise<{ store: Store; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-test-'));
  const schema = process.env.DATABASE_URL ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const store = await openStore({ databaseUrl: process.env.DATABASE_URL, dataDir, postgresSchema: schema });
  const close = store.close;
  store.close = async () => {
    if (schema) await sql`drop schema if exists ${sql.raw(schema)} cascade`.execute(store.db);
    await close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { store, dataDir };
}

/** A fresh database and a ledger on it (closing the store removes both). */
export async function openTestLedger(now?: () => Date): Promise<{ store: Store; ledger: Ledger }> {
  const { store } = await openTestStore();
  return { store, ledger: new Ledger(store, now) };
}

export async function startTestApp(
  overrides: AppOverrides = {},
  environment: Record<string, string> = {},
): Promise<TestApp> {
  // A store the test passes stays the test's to close; the app's data directory is removed either way.
  const ownsStore = overrides.store === undefined;
  const { store, dataDir } = overrides.store ? { store: overrides.store, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-test-')) } : await openTestStore();
  const config = loadConfig({
    // Every test client is 127.0.0.1, whose failures a Redis limiter shares between test files:
    // tests of that limit set their own, and send from addresses of their own.
    TOLLGATE_AUTH_FAILURES_PER_MINUTE: '1000000',
    // The sandbox chat model streams as fast as it can (its pace is tested on its own).
    TOLLGATE_SANDBOX_CHAT_TOKENS_PER_SECOND: '0',
    // No test resolves names on the internet: tests that fetch pass their own test DNS server.
    TOLLGATE_DNS_SERVERS: '127.0.0.1:9',
    // No test reaches outside the machine: registration data comes from the sandbox unless a test
    // points the RDAP bootstrap at its fake server and turns live lookups on.
    TOLLGATE_LIVE_LOOKUPS: 'false',
    ...process.env,
    TOLLGATE_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    ...environment,
  });
  const app = await buildApp(config, { ...overrides, store });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;

  const send = async (method: string, route: string, body: unknown, apiKey?: string, headers: Record<string, string> = {}) => {
    const response = await fetch(baseUrl + route, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(apiKey ? { 'x-api-key': apiKey } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return readTestResponse(response);
  };

  let accounts = 0;
  const createAccount = async (usd = '5.00') => {
    accounts += 1;
    const account = await app.ledger.createAccount(`user${accounts}-${randomBytes(4).toString('hex')}@example.com`, parseUsd(usd), `test_${randomBytes(8).toString('hex')}`);
    const key = await app.keys.issue(account.id);
    return { accountId: account.id, apiKey: key.apiKey, keyId: key.keyId };
  };
  const paidCall: TestApp['paidCall'] = async (route, body, provider = 'sandbox') => {
    const credit = '10.00';
    const account = await createAccount(credit);
    const response = await send('POST', route, body, account.apiKey);
    assert.equal(response.status, 200, `${route} ${JSON.stringify(body).slice(0, 200)}: ${JSON.stringify(response.body).slice(0, 400)}`);
    assert.equal(response.headers.get('x-tollgate-provider'), provider);
    return { response, cost: parseUsd(credit) - (await app.ledger.balance(account.accountId)) };
  };
  return {
    ...app,
    baseUrl,
    config,
    createAccount,
    balance: (accountId) => app.ledger.balance(accountId),
    async ledgerSum(accountId) {
      const row = await store.db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.sum<number | string>('amount_micros').as('total'))
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },
    async openHolds(accountId) {
      await app.ledger.flush();
      return (await store.db.selectFrom('open_holds').select('request_id').where('account_id', '=', accountId).execute()).length;
    },
    post: (route, body, apiKey, headers) => send('POST', route, body, apiKey, headers),
    get: (route, apiKey) => send('GET', route, undefined, apiKey),
    paidCall,
    async paidData(route, body, provider) {
      return (await paidCall(route, body, provider)).response.body.data;
    },
    async close() {
      await app.close();
      if (ownsStore) await store.close();
      else fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A clock the test moves by hand. */
export function manualClock(start = Date.parse('2026-11-21T00:00:00Z')) {
  let now = start;
  return {
    now: () => now,
    advance(milliseconds: number) {
      now += milliseconds;
    },
  };
}
