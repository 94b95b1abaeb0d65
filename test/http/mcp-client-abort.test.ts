import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { hangingSerp } from '../helpers/hanging-serp';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/**
 * An MCP client that hangs up on `/mcp` while its tool call runs: the in-process API call sees its
 * client gone as a REST call would (its provider's signal aborts, the hold is released, nothing is
 * captured), and the server goes on serving.
 */
describe(`an MCP client leaving mid-call at /mcp (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  const { provider: hangingProvider, seen } = hangingSerp();

  before(async () => {
    app = await startTestApp({ providers: { serp: hangingProvider } });
  });
  after(() => app.close());

  const toolCall = (query: string) =>
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'serp_websearch', arguments: { query, depth: 10 } } });
  const mcpHeaders = (apiKey: string) => ({ 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-key': apiKey });

  test('the provider sees the abort, the hold is released, nothing is captured, later calls are charged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const client = http.request(new URL('/mcp', app.baseUrl), { method: 'POST', headers: mcpHeaders(apiKey) });
    client.on('error', () => {}); // we hang up ourselves
    client.end(toolCall('hang'));
    for (let waited = 0; seen.started === 0 && waited < 5_000; waited += 10) await delay(10);
    assert.equal(seen.started, 1, 'the provider was called');
    assert.equal(await app.balance(accountId), 990_000, 'the call is held while it runs');

    client.destroy();
    for (let waited = 0; seen.aborted.length === 0 && waited < 5_000; waited += 10) await delay(10);
    assert.equal(seen.aborted.length, 1, 'the provider saw its signal abort');
    assert.match(String((seen.aborted[0] as Error).message), /client closed the connection/);
    for (let waited = 0; (await app.balance(accountId)) !== 1_000_000 && waited < 5_000; waited += 10) await delay(10);
    assert.equal(await app.balance(accountId), 1_000_000, 'the hold was released');
    assert.equal(await app.ledgerSum(accountId), 1_000_000, 'nothing was captured');

    const next = await fetch(new URL('/mcp', app.baseUrl), { method: 'POST', headers: mcpHeaders(apiKey), body: toolCall('coffee') });
    const answer = (await next.json()) as { result: { isError?: boolean; _meta: Record<string, unknown> } };
    assert.equal(next.status, 200);
    assert.equal(answer.result.isError, undefined);
    assert.equal(answer.result._meta['tollgate/costUsd'], '0.01');
    assert.equal(await app.balance(accountId), 990_000);
    assert.equal(await app.ledgerSum(accountId), 990_000);
  });
});
