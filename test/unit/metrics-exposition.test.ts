import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMetrics } from '../../src/metrics/metrics';

test('the database down: a scrape still answers, every metric but the open holds as they are, that gauge at its last count', async () => {
  let reachable = true;
  const metrics = await createMetrics(async () => {
    if (!reachable) throw new Error('the database does not answer');
    return 7;
  });
  metrics.request('/v1/seo/domain/available', 503, 0.004);
  assert.match((await metrics.exposition()).text, /^tollgate_open_holds 7$/m);
  reachable = false;
  const { text } = await metrics.exposition();
  assert.match(text, /^tollgate_http_requests_total\{endpoint="\/v1\/seo\/domain\/available",status="503"\} 1$/m);
  assert.match(text, /^tollgate_nodejs_eventloop_lag_seconds /m);
  assert.match(text, /^tollgate_open_holds 7$/m);
});
