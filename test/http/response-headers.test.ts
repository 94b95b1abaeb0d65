import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/**
 * `X-Content-Type-Options: nosniff` on every response, `Cache-Control: no-store` on every answer
 * to a key and every failure (each endpoint's answers are checked by the registry-wide suite).
 */
describe(`response headers (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app?.close());

  test("the account's answers (its email, its ledger) are no cache's to keep", async () => {
    const { apiKey } = await app.createAccount('1.00');
    for (const path of ['/v1/account', '/v1/account/ledger', '/v1/account/usage']) {
      const response = await app.get(path, apiKey);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get('cache-control'), 'no-store', path);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path);
    }
  });

  test('the docs page, its assets, the OpenAPI document and /health are never sniffed', async () => {
    for (const path of ['/docs', '/docs/assets/initializer.js', '/docs/assets/swagger-ui.css', '/openapi.json', '/health']) {
      const response = await fetch(new URL(path, app.baseUrl));
      await response.arrayBuffer();
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path);
    }
  });

  test('failures off the endpoints (an unknown path, a wrong method) carry both', async () => {
    const { apiKey } = await app.createAccount('1.00');
    for (const response of [await app.get('/v1/no-such-endpoint', apiKey), await app.get('/v1/serp/websearch', apiKey)]) {
      assert.ok(response.status === 404 || response.status === 405, String(response.status));
      assert.equal(response.headers.get('cache-control'), 'no-store');
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    }
  });

  test('MCP answers (written by the MCP transport, not the reply) carry both', async () => {
    const { apiKey } = await app.createAccount('1.00');
    const response = await fetch(new URL('/mcp', app.baseUrl), {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'account_get', arguments: {} } }),
    });
    const body = (await response.json()) as { result?: { structuredContent?: { email?: string } } };
    assert.equal(response.status, 200);
    assert.ok(body.result?.structuredContent?.email, JSON.stringify(body));
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  });

  test('a streamed answer (server-sent events) carries both too', async () => {
    const { apiKey } = await app.createAccount('1.00');
    const response = await fetch(new URL('/v1/ai/chat', app.baseUrl), {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }], stream: true }),
    });
    await response.text();
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type')?.startsWith('text/event-stream'), true);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  });
});
