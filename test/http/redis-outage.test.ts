import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTcpForwarder, type TcpForwarder } from '../helpers/tcp-forwarder';

/**
 * Redis going away must not take the API with it: the rate limiter lets calls through (and logs
 * each as an error) while Redis is unreachable, and limits again once it is back — without a
 * restart.
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
