import path from 'node:path';
import { REPOSITORY } from '../../scripts/repository';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { readFileSync } from 'node:fs';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';
import { dataForSeoEnvelope, dataForSeoEnvironment } from '../helpers/dataforseo-wire';

/**
 * GET /metrics in the Prometheus text format: to the admin token's bearer on the API's address,
 * and to anyone on TOLLGATE_METRICS_ADDRESS; the figures move exactly with the calls made.
 */

const TOKEN = 'metrics-admin-token-0123456789';
const TECHNOLOGIES = '/v3/domain_analytics/technologies/domain_technologies/live';

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('metrics', () => {
  let fake: FakeUpstream;
  let app: TestApp;
  let metricsUrl: string;
  before(async () => {
    fake = await startFakeUpstream();
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    app = await startTestApp({}, { ...dataForSeoEnvironment(fake), TOLLGATE_ADMIN_TOKEN: TOKEN, TOLLGATE_METRICS_ADDRESS: `127.0.0.1:${port}`, TOLLGATE_RATE_LIMIT_PER_MINUTE: '2' });
  });
  after(async () => {
    await app.close();
    await fake.close();
  });

  const scrape = async () => {
    const response = await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type')!, /^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  test('on the API address only with the admin token', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: TOKEN }] as Array<Record<string, string>>) {
      const response = await fetch(`${app.baseUrl}/metrics`, { headers });
      assert.equal(response.status, 401);
      assert.equal((await response.json()).error.code, 'INVALID_API_KEY');
    }
  });

  test('tollgate_build_info says the running version (package.json)', async () => {
    const { version } = JSON.parse(readFileSync(path.join(REPOSITORY, 'package.json'), 'utf8')) as { version: string };
    assert.equal(sample(await scrape(), `tollgate_build_info{version="${version}"}`), 1);
  });

  test('a known path asked with another method is counted under its route, a path no route has as unmatched', async () => {
    const before = await scrape();
    assert.equal((await fetch(`${app.baseUrl}/v1/account/ledger`, { method: 'POST' })).status, 405);
    assert.equal((await fetch(`${app.baseUrl}/v1/no-such-endpoint`, { method: 'POST' })).status, 404);
    const after = await scrape();
    const moved = (series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
    assert.equal(moved('tollgate_http_requests_total{endpoint="/v1/account/ledger",status="405"}'), 1);
    assert.equal(moved('tollgate_http_requests_total{endpoint="unmatched",status="405"}'), 0);
    assert.equal(moved('tollgate_http_requests_total{endpoint="unmatched",status="404"}'), 1);
  });

  test('requests, money, holds, upstreams and refusals move exactly with the calls made', async () => {
    // The vendor answers after the ledger's turn has closed (PostgreSQL keeps one open ≤ 2 ms): each
    // call then writes its hold, and settles it in a later turn.
    fake.on(`POST ${TECHNOLOGIES}`, { delayMs: 50, json: dataForSeoEnvelope(TECHNOLOGIES, { result: [{ technologies: null }] }) });
    const { apiKey } = await app.createAccount();
    const before = await scrape();
    const route = 'tollgate_http_requests_total{endpoint="/v1/seo/domain/technologies",status="200"}';
    assert.equal((await app.post('/v1/seo/domain/technologies', { domain: 'example.com' }, apiKey)).status, 200);
    fake.on(`POST ${TECHNOLOGIES}`, { delayMs: 50, status: 503, json: { error: 'down' } });
    assert.equal((await app.post('/v1/seo/domain/technologies', { domain: 'example.org' }, apiKey)).status, 502);
    assert.equal((await app.post('/v1/seo/domain/technologies', { domain: 'example.net' }, apiKey)).status, 429);
    const after = await scrape();

    assert.equal((sample(after, route) ?? 0) - (sample(before, route) ?? 0), 1);
    assert.equal(sample(after, 'tollgate_http_requests_total{endpoint="/v1/seo/domain/technologies",status="429"}'), 1);
    // Each of the three answers took its time: the two that waited for the vendor at least its 50 ms.
    const timed = (bucket: string) => (sample(after, `tollgate_http_request_duration_seconds_bucket{le="${bucket}",endpoint="/v1/seo/domain/technologies"}`) ?? 0) - (sample(before, `tollgate_http_request_duration_seconds_bucket{le="${bucket}",endpoint="/v1/seo/domain/technologies"}`) ?? 0);
    assert.equal(timed('+Inf'), 3);
    assert.ok(timed('0.025') <= 1, 'an answer that waited 50 ms for the vendor was timed under 25 ms');
    assert.equal(sample(after, 'tollgate_captured_micros_total')! - sample(before, 'tollgate_captured_micros_total')!, 30_000);
    assert.equal(sample(after, 'tollgate_released_micros_total')! - sample(before, 'tollgate_released_micros_total')!, 30_000, 'the failed call’s hold');
    assert.equal(sample(after, 'tollgate_open_holds'), 0);
    assert.equal(sample(after, 'tollgate_rate_limit_refusals_total{limiter="key"}'), 1);
    assert.ok(sample(after, 'tollgate_upstream_request_seconds_count{vendor="DataForSEO"}')! >= 2);
    assert.ok(sample(after, 'tollgate_upstream_failures_total{vendor="DataForSEO",kind="transient"}')! >= 1);
    assert.notEqual(sample(after, 'tollgate_nodejs_eventloop_lag_seconds'), undefined);
    // Two calls that waited on the vendor: each a hold, then a capture or a release.
    assert.equal(sample(after, 'tollgate_ledger_batch_entries_sum')! - (sample(before, 'tollgate_ledger_batch_entries_sum') ?? 0), 4);
    assert.ok(sample(after, 'tollgate_ledger_commit_seconds_count')! > (sample(before, 'tollgate_ledger_commit_seconds_count') ?? 0));
  });

  test('a stream is counted once it ends (its reply never reaches Fastify’s onResponse)', async () => {
    const { apiKey } = await app.createAccount();
    const series = 'tollgate_http_requests_total{endpoint="/v1/ai/chat/completions",status="200"}';
    const before = sample(await scrape(), series) ?? 0;
    const response = await fetch(`${app.baseUrl}/v1/ai/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello.' }], stream: true, max_tokens: 8 }),
    });
    assert.equal(response.status, 200);
    assert.match(await response.text(), /data: \[DONE\]/);
    assert.equal(sample(await scrape(), series)! - before, 1);
  });

  test('on TOLLGATE_METRICS_ADDRESS without a token', async () => {
    const response = await fetch(metricsUrl);
    assert.equal(response.status, 200);
    assert.match(await response.text(), /# TYPE tollgate_http_requests_total counter/);
    const other = await fetch(metricsUrl.replace('/metrics', '/health'));
    assert.equal(other.status, 404);
    assert.equal(await other.text(), 'Not found: this address serves only GET /metrics.\n');
  });
});

describe('metrics: guessing the admin token', () => {
  let app: TestApp;
  before(async () => {
    // The limit in this process alone: through a shared Redis, other tests' failed keys from this address would count.
    app = await startTestApp({}, { TOLLGATE_ADMIN_TOKEN: TOKEN, TOLLGATE_AUTH_FAILURES_PER_MINUTE: '3', REDIS_URL: '' });
  });
  after(() => app?.close());

  test('wrong tokens count as failed authentications of the address: past the limit, 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer guess-${attempt}-0123456789` } })).status);
    }
    assert.deepEqual(statuses, [401, 401, 401, 429]);
    const refused = await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: 'Bearer another-guess-0123456789' } });
    assert.equal(refused.status, 429);
    assert.equal((await refused.json()).error.code, 'RATE_LIMITED');
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    assert.equal((await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status, 200, 'the token itself still works');
  });
});
