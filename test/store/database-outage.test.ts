import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { Ledger } from '../../src/ledger/ledger';
import { openStore, type Store } from '../../src/store/database';
import { isDatabaseUnreachable, noteDriverFailures } from '../../src/store/unreachable';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTcpForwarder, type TcpForwarder } from '../helpers/tcp-forwarder';

// PostgreSQL is a server that can go away under a running instance; SQLite is a file in it.
const databaseUrl = process.env.DATABASE_URL;

describe('PostgreSQL unreachable', { skip: databaseUrl === undefined && 'PostgreSQL only (DATABASE_URL)' }, () => {
  let forwarder: TcpForwarder;
  let store: Store;
  let app: TestApp;
  const schema = `test_${randomBytes(6).toString('hex')}`;

  before(async () => {
    const url = new URL(databaseUrl!);
    forwarder = await startTcpForwarder({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${forwarder.port}`;
    store = await openStore({ databaseUrl: url.toString(), dataDir: '.', postgresSchema: schema });
    app = await startTestApp({ store });
  });

  after(async () => {
    forwarder.restore();
    await app?.close();
    await sql`drop schema if exists ${sql.raw(schema)} cascade`.execute(store.db).catch(() => {});
    await store?.close();
    await forwarder?.close();
  });

  test('paid calls and /health answer 503 UNAVAILABLE, nothing is charged, and the server recovers without a restart', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    assert.equal((await app.post('/v1/seo/domain/whois', { domain: 'example.com' }, apiKey)).status, 200);
    const balanceBefore = await app.balance(accountId);

    forwarder.cut();
    for (const domain of ['example.org', 'example.net']) {
      const response = await app.post('/v1/seo/domain/whois', { domain }, apiKey);
      assert.equal(response.status, 503);
      assert.equal(response.body.ok, false);
      assert.equal(response.body.error.code, 'UNAVAILABLE');
      assert.equal(response.headers.get('retry-after'), '1');
      assert.ok(response.headers.get('x-request-id'));
    }
    // A key the server has not seen yet needs the database to be authenticated: 503 too, not 401 or 500.
    const stranger = await app.post('/v1/seo/domain/whois', { domain: 'example.org' }, `tg_live_${randomBytes(32).toString('base64url')}`);
    assert.equal(stranger.status, 503);
    assert.equal((await app.get('/health')).status, 503);

    forwarder.restore();
    assert.equal((await app.get('/health')).status, 200);
    const recovered = await app.post('/v1/seo/domain/whois', { domain: 'example.org' }, apiKey);
    assert.equal(recovered.status, 200);
    const cost = Math.round(Number(recovered.headers.get('x-cost-usd')) * 1_000_000);
    // Only the call after the recovery was charged; the ledger agrees with the balance.
    assert.equal(await app.balance(accountId), balanceBefore - cost);
    assert.equal(await app.ledgerSum(accountId), await app.balance(accountId));
  });

  test('cut under concurrent traffic: the process stays up, answers 503 uncharged while down, recovers, and the money is exact', async () => {
    const accounts = await Promise.all(Array.from({ length: 8 }, () => app.createAccount('5.00')));
    const answered: Array<{ account: number; phase: 'before' | 'down' | 'after'; status: number; code?: string; requestId: string; cost: number }> = [];
    let phase: 'before' | 'down' | 'after' | 'done' = 'before';
    let sent = 0;
    const count = (wanted: (typeof answered)[number]['phase'], status: number) => answered.filter((each) => each.phase === wanted && each.status === status).length;
    let advance = () => {};
    /** Each worker loops calls on its account; the test moves the phases as answers arrive (no timers). */
    const worker = async (account: number) => {
      while (phase !== 'done') {
        const during = phase;
        sent += 1;
        const response = await app.post('/v1/seo/domain/whois', { domain: `cut${sent}.example.com` }, accounts[account]!.apiKey);
        answered.push({
          account,
          phase: during,
          status: response.status,
          code: response.body?.error?.code,
          requestId: response.headers.get('x-request-id')!,
          cost: Math.round(Number(response.headers.get('x-cost-usd') ?? 0) * 1_000_000),
        });
        advance();
      }
    };
    const phases = new Promise<void>((resolve) => {
      advance = () => {
        if (phase === 'before' && count('before', 200) >= 30) {
          forwarder.cut();
          phase = 'down';
        } else if (phase === 'down' && count('down', 503) >= 12) {
          forwarder.restore();
          phase = 'after';
        } else if (phase === 'after' && count('after', 200) >= 30) {
          phase = 'done';
          resolve();
        }
      };
    });
    await Promise.all([phases, ...accounts.map((_, index) => worker(index))]);

    // Every answer is a success or a 503 UNAVAILABLE: no 500, no reset connection (the process stayed up).
    for (const each of answered) {
      assert.ok(each.status === 200 || (each.status === 503 && each.code === 'UNAVAILABLE'), JSON.stringify(each));
      if (each.status !== 200) assert.equal(each.cost, 0, 'a 503 says it cost nothing');
    }
    // Past every lease, the reconciler leaves no hold open; then each account's entries sum to its balance.
    const later = new Ledger(store, () => new Date(Date.now() + 24 * 3600_000));
    await app.ledger.flush();
    await later.releaseExpiredHolds();
    for (const [index, { accountId }] of accounts.entries()) {
      assert.equal(await app.openHolds(accountId), 0);
      assert.equal(await app.ledgerSum(accountId), await app.balance(accountId));
      const charged = answered.filter((each) => each.account === index && each.status === 200).reduce((sum, each) => sum + each.cost, 0);
      assert.equal(await app.balance(accountId), 5_000_000 - charged, 'exactly the calls answered 200 were charged');
    }
  });
});

describe('what counts as the database being unreachable', () => {
  /** A loopback port nothing listens on. */
  async function closedPort(): Promise<number> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  test("a network error from elsewhere is not the database's: a client hanging up mid-body, a vendor refusing", () => {
    // What Node's HTTP server raises when the client goes while its body is being read.
    const clientAborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    assert.equal(isDatabaseUnreachable(clientAborted), false);
    const vendorRefused = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' }) });
    assert.equal(isDatabaseUnreachable(vendorRefused), false);
  });

  test("the PostgreSQL driver's failure to connect is, in promise and callback form, and wrapped in another error", async () => {
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/none`, connectionTimeoutMillis: 2_000 });
    noteDriverFailures(pool);
    try {
      const queried = await pool.query('select 1').then(() => undefined, (error: unknown) => error);
      assert.equal((queried as { code?: string }).code, 'ECONNREFUSED');
      assert.equal(isDatabaseUnreachable(queried), true);
      assert.equal(isDatabaseUnreachable(new Error('could not reserve', { cause: queried })), true);
      const connected = await new Promise((resolve) => pool.connect((error) => resolve(error)));
      assert.equal(isDatabaseUnreachable(connected), true);
    } finally {
      await pool.end();
    }
  });
});
