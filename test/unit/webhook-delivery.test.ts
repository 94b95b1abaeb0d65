import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { deliverWebhook, nextAttemptDelaySeconds, WEBHOOK_RETRY_DELAYS_SECONDS, type WebhookDelivery } from '../../src/jobs/webhooks/delivery';
import { newWebhookSecret } from '../../src/jobs/webhooks/signature';
import { PUBLIC_STAND_IN, startNetFixture, type NetFixture } from '../helpers/net-fixture';

interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on the tests' public stand-in address, recording every request whole.
 * `/status/{code}` answers with that code, `/redirect` 307s to `/ok`, `/hang` never answers.
 */
async function startReceiver(): Promise<{ port: number; received: ReceivedRequest[]; close(): Promise<void> }> {
  const received: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ method: request.method ?? '', path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (path === '/hang') return;
      if (path === '/redirect') {
        response.writeHead(307, { location: '/ok' });
        return response.end();
      }
      const status = /^\/status\/(\d{3})$/.exec(path);
      response.writeHead(status ? Number(status[1]) : 200, { 'content-type': 'text/plain' });
      response.end('thanks');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, PUBLIC_STAND_IN, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    received,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Personal data a reason must never repeat. */
const PERSONAL = 'jane.doe@example.com';
const PAYLOAD = { type: 'job.completed', timestamp: '2026-01-01T00:00:00Z', data: { jobId: 'job_42', status: 'succeeded', requestedBy: PERSONAL, caption: 'Grüße 中文' } };

describe('webhook delivery through the SSRF-safe fetcher', () => {
  let net: NetFixture;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const secret = newWebhookSecret();
  const delivery = (path: string, host = 'site.test'): WebhookDelivery => ({
    url: `http://${host}:${receiver.port}${path}`,
    secret,
    messageId: 'msg_job_42_final',
    payload: PAYLOAD,
    timestampSeconds: Math.floor(Date.now() / 1000),
  });
  const signal = () => AbortSignal.timeout(10_000);

  before(async () => {
    net = await startNetFixture();
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver.close();
    await net.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  test('the receiver gets the exact body and headers, and standardwebhooks verifies them', async () => {
    const attempt = await deliverWebhook(net.fetcher, delivery('/ok'), signal());
    assert.deepEqual(attempt, { outcome: 'delivered', status: 200 });
    assert.equal(receiver.received.length, 1);
    const request = receiver.received[0]!;
    assert.equal(request.method, 'POST');
    assert.equal(request.path, '/ok');
    assert.equal(request.body, JSON.stringify(PAYLOAD));
    assert.equal(request.headers['content-type'], 'application/json');
    assert.equal(request.headers['user-agent'], 'Tollgate-Webhooks/1.0');
    assert.equal(request.headers['webhook-id'], 'msg_job_42_final');
    assert.match(String(request.headers['webhook-timestamp']), /^\d+$/);
    const headers = { 'webhook-id': String(request.headers['webhook-id']), 'webhook-timestamp': String(request.headers['webhook-timestamp']), 'webhook-signature': String(request.headers['webhook-signature']) };
    assert.deepEqual(new Webhook(secret).verify(request.body, headers), PAYLOAD);
    assert.throws(() => new Webhook(newWebhookSecret()).verify(request.body, headers));
  });

  test('any 2xx is delivered', async () => {
    assert.deepEqual(await deliverWebhook(net.fetcher, delivery('/status/204'), signal()), { outcome: 'delivered', status: 204 });
    assert.deepEqual(await deliverWebhook(net.fetcher, delivery('/status/202'), signal()), { outcome: 'delivered', status: 202 });
  });

  test('500, 429 and 404 are retried, with the status as the reason', async () => {
    for (const status of [500, 429, 404]) {
      assert.deepEqual(await deliverWebhook(net.fetcher, delivery(`/status/${status}`), signal()), { outcome: 'retry', reason: `HTTP ${status}` });
    }
  });

  test('410 Gone is abandoned: the receiver asked to stop', async () => {
    const attempt = await deliverWebhook(net.fetcher, delivery('/status/410'), signal());
    assert.equal(attempt.outcome, 'abandoned');
    assert.match(attempt.outcome === 'abandoned' ? attempt.reason : '', /410/);
  });

  test('a redirect is not followed (the signed message goes nowhere else) and is not a delivery', async () => {
    const before = receiver.received.length;
    const attempt = await deliverWebhook(net.fetcher, delivery('/redirect'), signal());
    assert.equal(attempt.outcome, 'retry');
    assert.match(attempt.outcome === 'retry' ? attempt.reason : '', /HTTP 307.*redirect/);
    assert.deepEqual(receiver.received.slice(before).map((request) => request.path), ['/redirect']);
  });

  test('a URL resolving to a refused address (127.0.0.1) is abandoned, and nothing reaches it', async () => {
    const attempt = await deliverWebhook(net.fetcher, { ...delivery('/ok'), url: net.siteUrlFor('canary.test', '/ok') }, signal());
    assert.equal(attempt.outcome, 'abandoned');
    assert.match(attempt.outcome === 'abandoned' ? attempt.reason : '', /^DestinationRefused: .*loopback/);
    const literal = await deliverWebhook(net.fetcher, { ...delivery('/ok'), url: `http://127.0.0.1:${net.canary.port}/ok` }, signal());
    assert.equal(literal.outcome, 'abandoned');
    assert.equal(net.canary.hits, 0);
    assert.equal(receiver.received.length, 0);
  });

  test('a name that does not resolve and a port nobody listens on are retried', async () => {
    for (const url of ['http://nowhere.test/hook', `http://${PUBLIC_STAND_IN}:2/hook`]) {
      const attempt = await deliverWebhook(net.fetcher, { ...delivery('/ok'), url }, signal());
      assert.equal(attempt.outcome, 'retry', url);
      assert.match(attempt.outcome === 'retry' ? attempt.reason : '', /^FetchFailed: /, url);
    }
  });

  test('a receiver that never answers is a retry once the attempt time is up', async () => {
    const attempt = await deliverWebhook(net.fetcher, delivery('/hang'), signal(), { attemptTimeoutMs: 200 });
    assert.deepEqual(attempt, { outcome: 'retry', reason: 'no answer within 0.2 s' });
    assert.equal(receiver.received.length, 1, 'the request arrived; only the answer was missing');
  });

  test('when the caller aborts, the attempt rejects with its reason instead of reporting an outcome', async () => {
    const controller = new AbortController();
    const reason = new Error('shutting down');
    const pending = deliverWebhook(net.fetcher, delivery('/hang'), controller.signal, { attemptTimeoutMs: 5_000 });
    setTimeout(() => controller.abort(reason), 50);
    await assert.rejects(pending, (error: unknown) => error === reason);
  });

  test('no reason repeats the payload', async () => {
    const urls = ['/ok', '/status/500', '/status/410', '/redirect'].map((path) => delivery(path).url);
    urls.push(net.siteUrlFor('canary.test', '/ok'), 'http://nowhere.test/hook');
    for (const url of urls) {
      const attempt = await deliverWebhook(net.fetcher, { ...delivery('/ok'), url }, signal());
      assert.ok(!JSON.stringify(attempt).includes(PERSONAL), url);
      assert.ok(!JSON.stringify(attempt).includes('job_42'), url);
    }
    const hung = await deliverWebhook(net.fetcher, delivery('/hang'), signal(), { attemptTimeoutMs: 100 });
    assert.ok(!JSON.stringify(hung).includes(PERSONAL));
  });

  test('a malformed secret fails before anything is sent', async () => {
    await assert.rejects(deliverWebhook(net.fetcher, { ...delivery('/ok'), secret: 'not-a-secret' }, signal()), /malformed webhook secret/);
    assert.equal(receiver.received.length, 0);
  });
});

describe('webhook retry schedule', () => {
  test("follows Standard Webhooks' suggestion and spans well over an hour", () => {
    assert.deepEqual(WEBHOOK_RETRY_DELAYS_SECONDS, [5, 300, 1800, 7200, 18000, 36000, 36000]);
    const total = WEBHOOK_RETRY_DELAYS_SECONDS.reduce((sum, delay) => sum + delay, 0);
    assert.ok(total > 3600, `${total} s`);
  });

  test('the first attempt goes at once; after the eighth, delivery is given up', () => {
    assert.equal(nextAttemptDelaySeconds(0), 0);
    assert.equal(nextAttemptDelaySeconds(1), 5);
    assert.equal(nextAttemptDelaySeconds(2), 300);
    assert.equal(nextAttemptDelaySeconds(7), 36000);
    assert.equal(nextAttemptDelaySeconds(8), undefined);
    assert.equal(nextAttemptDelaySeconds(100), undefined);
    let waited = 0;
    let attemptsMade = 1;
    for (let delay = nextAttemptDelaySeconds(attemptsMade); delay !== undefined; delay = nextAttemptDelaySeconds(attemptsMade)) {
      waited += delay;
      attemptsMade += 1;
    }
    assert.equal(attemptsMade, 8);
    assert.ok(waited > 3600);
  });

  test('a negative or fractional count is a bug, not a schedule', () => {
    assert.throws(() => nextAttemptDelaySeconds(-1), RangeError);
    assert.throws(() => nextAttemptDelaySeconds(1.5), RangeError);
  });
});
