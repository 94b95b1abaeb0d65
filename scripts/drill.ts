/**
 * The kill -9 drill (`npm run drill`): a server under load is killed with SIGKILL, restarted, and
 * the ledger is checked for what a crash must not cost anyone —
 *
 * - every response that was a 200 has its capture, at the cost the response stated;
 * - every hold whose call never answered is released once its lease expires (nothing stays open);
 * - every account's entries sum to its balance, and the balance is its credit less its captures;
 * - a retry with the same `Idempotency-Key` of a call whose charge committed answers the stored
 *   response and charges nothing again; a retry of a call that never answered is charged once in
 *   all (if its charge had committed before the kill, the retry replays it).
 *
 * On PostgreSQL when DATABASE_URL is set (in a schema of its own, dropped afterwards), else on
 * SQLite in a temporary directory. The calls go to a fake vendor on loopback that answers after a
 * random 10–100 ms, so that holds are open when the kill comes. Prints a JSON summary; exits 1
 * (with the failed check) when an invariant does not hold. `test/http/drill.test.ts` runs it too.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ApiKeys } from '../src/auth/api-keys';
import { parseUsd } from '../src/core/money';
import { Ledger } from '../src/ledger/ledger';
import { startFakeUpstream } from '../test/helpers/fake-upstream';
import { dataForSeoEnvelope, dataForSeoEnvironment } from '../test/helpers/dataforseo-wire';
import { openSharedDatabase, startServerProcess, stopServerProcess, type ServerProcess } from '../test/helpers/server-process';
import { startedAs } from './started-as';

const TECHNOLOGIES = '/v3/domain_analytics/technologies/domain_technologies/live';
const ROUTE = '/v1/seo/domain/technologies';
const PRICE_MICROS = 30_000;
const CREDIT_MICROS = 50_000_000;

export interface DrillOptions {
  /** Concurrent clients (default 16). */
  connections?: number;
  /** The kill comes once this many calls have answered (default 150). */
  answersBeforeKill?: number;
  accounts?: number;
}

export interface DrillSummary {
  database: 'sqlite' | 'postgres';
  /** Calls answered 200 (the kill comes at the 150th; calls answered in the moment after it count too). */
  answered: number;
  /** Calls in flight when the process died (no answer), and calls that failed (uncharged). */
  unanswered: number;
  /** Holds open right after the kill. */
  openAtKill: number;
  /** Of those, how many the restarted server's reconciler released once their leases expired. */
  releasedByReconciler: number;
  /** Unanswered calls whose charge had committed: their retry replayed the stored response. */
  committedButUnanswered: number;
  /** Seconds from the restart until no hold was open. */
  secondsUntilSettled: number;
}

interface Sent {
  accountId: string;
  apiKey: string;
  key: string;
  body: string;
  answer?: { requestId: string; costMicros: number; text: string };
}

export async function runDrill(options: DrillOptions = {}): Promise<DrillSummary> {
  const connections = options.connections ?? 16;
  const answersBeforeKill = options.answersBeforeKill ?? 150;
  const database = await openSharedDatabase();
  const fake = await startFakeUpstream();
  fake.on(`POST ${TECHNOLOGIES}`, () => ({ delayMs: 10 + Math.floor(Math.random() * 90), json: dataForSeoEnvelope(TECHNOLOGIES, { result: [{ technologies: null }] }) }));
  // A short lease (5 s of deadline + the pipeline's 60 s margin), looked for often.
  const environment = {
    ...database.environment,
    ...dataForSeoEnvironment(fake, { TOLLGATE_UPSTREAM_TIMEOUT_MS: '4000' }),
    TOLLGATE_CALL_DEADLINE_MS: '5000',
    TOLLGATE_RECONCILE_INTERVAL_MS: '500',
  };
  const { db } = database.store;
  let server: ServerProcess | undefined;
  try {
    const ledger = new Ledger(database.store);
    const keys = new ApiKeys(db);
    const accounts = await Promise.all(
      Array.from({ length: options.accounts ?? 4 }, async (_, index) => {
        const account = await ledger.createAccount(`drill${index}@example.com`, CREDIT_MICROS, `drill_credit_${index}`);
        return { accountId: account.id, apiKey: (await keys.issue(account.id)).apiKey };
      }),
    );

    server = await startServerProcess(environment);
    const sent: Sent[] = [];
    let answered = 0;
    let killed = false;
    const call = async (url: string, entry: Sent) =>
      fetch(url + ROUTE, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': entry.apiKey, 'idempotency-key': entry.key }, body: entry.body });
    const client = async (index: number) => {
      for (let n = 0; !killed; n++) {
        const account = accounts[(index + n) % accounts.length]!;
        const entry: Sent = { ...account, key: randomUUID(), body: JSON.stringify({ domain: `drill-${index}-${n}.com` }) };
        sent.push(entry);
        try {
          const response = await call(server!.url, entry);
          const text = await response.text();
          // A failure (the vendor too slow on a loaded machine) is not charged and frees its key: its retry below is a new call.
          if (response.status !== 200) continue;
          entry.answer = { requestId: response.headers.get('x-request-id')!, costMicros: parseUsd(response.headers.get('x-cost-usd')!), text };
          answered += 1;
          if (answered === answersBeforeKill) {
            killed = true;
            server!.child.kill('SIGKILL');
          }
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: connections }, (_, index) => client(index)));
    await server.exited;
    // A statement PostgreSQL was running for the killed server still ends (a turn's commit may land
    // after the kill): the holds left open are read once no other session is at work.
    if (process.env.DATABASE_URL) await othersIdle();
    const openAtKill = (await db.selectFrom('open_holds').select('request_id').execute()).map((row) => row.request_id);

    const restartedAt = Date.now();
    server = await startServerProcess(environment);
    // The leases of the calls the kill cut short run out about a minute after they were taken.
    while ((await countOpenHolds()) > 0) {
      assert.ok(Date.now() - restartedAt < 120_000, 'holds still open two minutes after the restart');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const secondsUntilSettled = (Date.now() - restartedAt) / 1000;

    // Every 200 has its capture, at the cost it stated.
    const answers = sent.filter((entry) => entry.answer);
    const captures = new Map((await db.selectFrom('ledger_entries').select(['request_id', 'cost_micros']).where('kind', '=', 'capture').execute()).map((row) => [row.request_id, Number(row.cost_micros)]));
    for (const entry of answers) assert.equal(captures.get(entry.answer!.requestId), entry.answer!.costMicros, `the 200 of ${entry.answer!.requestId} has no capture of its cost`);
    const releasedByReconciler =
      openAtKill.length === 0
        ? 0
        : Number((await db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'release').where('request_id', 'in', openAtKill).executeTakeFirstOrThrow()).n);

    // Retries: a 200's replays its stored response and charges nothing; an unanswered call's is charged once in all.
    const balancesBefore = await balances();
    for (const entry of answers) {
      const response = await call(server.url, entry);
      assert.equal(response.headers.get('idempotent-replayed'), 'true', `the retry of ${entry.answer!.requestId} was not a replay`);
      assert.equal(response.headers.get('x-original-request-id'), entry.answer!.requestId);
      assert.equal(await response.text(), entry.answer!.text);
    }
    assert.deepEqual(await balances(), balancesBefore, 'a replay charged again');
    let committedButUnanswered = 0;
    for (const entry of sent.filter((candidate) => !candidate.answer)) {
      let response = await call(server.url, entry);
      // A retry can fail like any call (uncharged); the client retries it again.
      for (let attempt = 0; response.status >= 500 && attempt < 3; attempt++) {
        await response.text();
        response = await call(server.url, entry);
      }
      const text = await response.text();
      assert.equal(response.status, 200, `the retry of an unanswered call failed: ${text}`);
      if (response.headers.get('idempotent-replayed') === 'true') committedButUnanswered += 1;
    }
    const captureCount = Number((await db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'capture').executeTakeFirstOrThrow()).n);
    assert.equal(captureCount, sent.length, 'each Idempotency-Key is charged exactly once');

    // The books: nothing open, every hold settled once, entries sum to balances, balances are credit less captures.
    assert.equal(await countOpenHolds(), 0);
    const { rows: unsettled } = await sql<{ request_id: string }>`
      select h.request_id from ledger_entries h
       where h.kind = 'hold'
         and (select count(*) from ledger_entries s where s.request_id = h.request_id and s.kind in ('capture', 'release')) <> 1`.execute(db);
    assert.deepEqual(unsettled, [], 'holds not settled exactly once');
    for (const { accountId } of accounts) {
      const row = await db
        .selectFrom('ledger_entries')
        .select((eb) => [eb.fn.sum<number | string>('amount_micros').as('sum'), eb.fn.sum<number | string>('cost_micros').as('cost')])
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      const balance = await ledger.balance(accountId);
      assert.equal(Number(row.sum), balance, `${accountId}: entries do not sum to the balance`);
      assert.equal(balance, CREDIT_MICROS - Number(row.cost), `${accountId}: the balance is not its credit less its captures`);
    }
    assert.ok(captureCount * PRICE_MICROS > 0);

    return {
      database: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
      answered: answers.length,
      unanswered: sent.length - answers.length,
      openAtKill: openAtKill.length,
      releasedByReconciler,
      committedButUnanswered,
      secondsUntilSettled,
    };
  } finally {
    await stopServerProcess(server);
    await fake.close();
    await database.close();
  }

  /** Waits (up to 10 s) until no other client session of the database is running a statement or inside a transaction. */
  async function othersIdle(): Promise<void> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const { rows } = await sql<{ busy: number | string }>`
        select count(*) as busy from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend' and state <> 'idle'`.execute(db);
      if (Number(rows[0]!.busy) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function countOpenHolds(): Promise<number> {
    return Number((await db.selectFrom('open_holds').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  }

  async function balances(): Promise<number[]> {
    return (await db.selectFrom('accounts').select('balance_micros').orderBy('id').execute()).map((row) => Number(row.balance_micros));
  }
}

if (startedAs('scripts/drill.ts')) {
  runDrill().then(
    (summary) => process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`),
    (error: unknown) => {
      process.stderr.write(`drill failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
