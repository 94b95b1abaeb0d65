import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { SerpProvider } from '../../src/providers/families/serp';
import { sandboxProviders } from '../../src/providers/sandbox';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/**
 * A client that goes away mid-call: the signal handed to the provider aborts (so an upstream call
 * stops), the hold is released (nothing charged), and the server goes on serving.
 */
describe(`a client leaving mid-call (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  const seen: { started: number; aborted: unknown[] } = { started: 0, aborted: [] };

  /** Serves the sandbox, except for the query "hang", which waits until its signal aborts. */
  const hangingSerp: SerpProvider = {
    ...sandboxProviders.serp,
    search(request, options) {
      if (request.query !== 'hang') return sandboxProviders.serp.search(request, options);
      seen.started += 1;
      return new Promise((_resolve, reject) => {
        options.signal.addEventListener('abort', () => {
          seen.aborted.push(options.signal.reason);
          reject(options.signal.reason);
        }, { once: true });
      });
    },
  };

  before(async () => {
    app = await startTestApp({ providers: { serp: hangingSerp } });
  });
  after(() => app.close());

  test('the provider sees the abort, the hold is released, later calls are served', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const url = new URL('/v1/serp/websearch', app.baseUrl);
    const client = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKey } });
    client.on('error', () => {}); // we hang up ourselves
    client.end(JSON.stringify({ query: 'hang', depth: 10 }));
    for (let waited = 0; seen.started === 0 && waited < 2_000; waited += 10) await delay(10);
    assert.equal(seen.started, 1, 'the provider was called');
    assert.equal(await app.balance(accountId), 990_000, 'the call is held while it runs');

    client.destroy();
    for (let waited = 0; seen.aborted.length === 0 && waited < 2_000; waited += 10) await delay(10);
    assert.equal(seen.aborted.length, 1, 'the provider saw its signal abort');
    assert.match(String((seen.aborted[0] as Error).message), /client closed the connection/);
    for (let waited = 0; (await app.balance(accountId)) !== 1_000_000 && waited < 2_000; waited += 10) await delay(10);
    assert.equal(await app.balance(accountId), 1_000_000, 'the hold was released');
    assert.equal(await app.ledgerSum(accountId), 1_000_000);

    const next = await app.post('/v1/serp/websearch', { query: 'coffee', depth: 10 }, apiKey);
    assert.equal(next.status, 200);
    assert.equal(await app.balance(accountId), 990_000);
  });
});
