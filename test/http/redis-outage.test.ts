import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTcpForwarder, type TcpForwarder } from '../helpers/tcp-forwarder';
import { ApiKeys } from '../../src/auth/api-keys';
import { Ledger } from '../../src/ledger/ledger';
import { openSharedDatabase, startServerProcess, stopServerProcess, type ServerProcess, type SharedDatabase } from '../helpers/server-process';

/**
 * Redis going away must not take the API with it: the rate limiter lets calls through while Redis
 * is unreachable — said once in the log, on /health and in the metrics, not once per request — and
 * limits again once it is back, without a restart.
 */
const redisUrl = process.env.REDIS_URL;

describe('Redis unreachable', { skip: redisUrl === undefined && 'needs REDIS_URL' }, () => {
  let forwarder: TcpForwarder;
  let app: TestApp;

  before(async () => {
    const url = new URL(redisUrl!);
    forwarder = await startTcpForwarder({ host: url.hostname, port: Number(url.port || 6379) });
    url.host = `127.0.0.1:${forwarder.port}`;
    app = await startTestApp({}, { REDIS_URL: url.toString(), TOLLGATE_RATE_LIMIT_PER_MINUTE: '3' });
  });
  after(async () => {
    forwarder.restore();
    await app?.close();
    await forwarder?.close();
  });

  test('the limiter fails open while Redis is down and limits again when it returns', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const call = async () => (await app.post('/v1/seo/domain/available', { domain: 'tollgate-example.com' }, apiKey)).status;
    assert.deepEqual([await call(), await call(), await call(), await call()], [200, 200, 200, 429]);

    // ioredis prints a connection error to stderr (console.error, with its stack) when nothing handles it.
    const printed: string[] = [];
    const consoleError = console.error;
    console.error = (...parts: unknown[]) => void printed.push(parts.map(String).join(' '));
    try {
      forwarder.cut();
      // Admitted without a limit check, and charged as usual.
      assert.deepEqual([await call(), await call()], [200, 200]);
      assert.equal(await app.balance(accountId), 1_000_000 - 5 * 20_000);
      // Reconnection attempts fail meanwhile: handled, not printed outside the structured log.
      await sleep(1_500);
    } finally {
      console.error = consoleError;
    }
    assert.deepEqual(printed.filter((line) => line.includes('[ioredis]')), []);

    forwarder.restore();
    // The client reconnects on its own schedule; the key's three logged calls are still in the window.
    let status = 200;
    for (let waited = 0; status === 200 && waited < 10_000; waited += 100) {
      status = await call();
      if (status === 200) await sleep(100);
    }
    assert.equal(status, 429);
    assert.equal(await app.ledgerSum(accountId), await app.balance(accountId));
  });
});

describe('Redis unreachable, as the operator sees it (a server process)', { skip: redisUrl === undefined && 'needs REDIS_URL' }, () => {
  const ADMIN_TOKEN = 'redis-outage-admin-token-0123456789';
  let forwarder: TcpForwarder;
  let database: SharedDatabase;
  let server: ServerProcess | undefined;

  before(async () => {
    database = await openSharedDatabase();
    const url = new URL(redisUrl!);
    forwarder = await startTcpForwarder({ host: url.hostname, port: Number(url.port || 6379) });
    url.host = `127.0.0.1:${forwarder.port}`;
    server = await startServerProcess({ ...database.environment, REDIS_URL: url.toString(), TOLLGATE_ADMIN_TOKEN: ADMIN_TOKEN });
  });
  after(async () => {
    forwarder?.restore();
    await stopServerProcess(server);
    await forwarder?.close();
    await database?.close();
  });

  test('the outage is logged once when it starts and once when it ends, counted in the metrics, and /health says degraded', async () => {
    const account = await new Ledger(database.store).createAccount('redis-outage@example.com', 1_000_000, 'test_redis_outage_credit');
    const { apiKey } = await new ApiKeys(database.store.db).issue(account.id);
    const call = async () => {
      const response = await fetch(`${server!.url}/v1/seo/domain/available`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKey }, body: JSON.stringify({ domain: 'tollgate-example.com' }) });
      await response.text();
      return response.status;
    };
    const health = async () => (await (await fetch(`${server!.url}/health`)).json()) as { ok: boolean; data: { status: string; redis?: string; version: string } };
    const metric = async (name: string) => {
      const text = await (await fetch(`${server!.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).text();
      const line = text.split('\n').find((each) => each.startsWith(`${name} `) || each.startsWith(`${name}{`));
      return line === undefined ? undefined : Number(line.split(' ').at(-1));
    };
    const logLines = () => server!.logs.flatMap((chunk) => chunk.split('\n')).filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { level: number; msg: string; unchecked?: number; err?: unknown });

    assert.equal(await call(), 200);
    assert.deepEqual((await health()).data.status, 'up');
    assert.equal((await health()).data.redis, 'up');
    assert.equal(await metric('tollgate_redis_up'), 1);

    forwarder.cut();
    const calls = 20;
    for (let index = 0; index < calls; index += 1) assert.equal(await call(), 200);
    const degraded = await health();
    assert.equal(degraded.ok, true);
    assert.equal(degraded.data.status, 'degraded');
    assert.equal(degraded.data.redis, 'down');
    assert.equal(await metric('tollgate_redis_up'), 0);
    assert.equal(await metric('tollgate_rate_limit_unchecked_total{limiter="key"}'), calls);
    // One error line for the whole outage, not one (with its stack) per request. (The revocation
    // listener's connection says its own, once too.)
    const errorLines = () => logLines().filter((line) => line.level >= 50 && !line.msg.startsWith('revocation listener'));
    const errors = errorLines();
    assert.equal(errors.length, 1, JSON.stringify(errors).slice(0, 2000));
    assert.match(errors[0]!.msg, /^Redis unreachable/);

    forwarder.restore();
    // The client reconnects on its own schedule; the log reaches the test through a pipe.
    const recovered = () => logLines().filter((line) => /^Redis answers again/.test(line.msg));
    for (let waited = 0; ((await health()).data.redis !== 'up' || recovered().length === 0) && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal((await health()).data.status, 'up');
    assert.equal(await call(), 200);
    assert.equal(await metric('tollgate_redis_up'), 1);
    assert.equal(recovered().length, 1);
    assert.equal(recovered()[0]!.level, 30);
    assert.equal(recovered()[0]!.unchecked, calls);
    assert.equal(errorLines().length, 1);
  });
});
