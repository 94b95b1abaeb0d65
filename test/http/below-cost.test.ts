import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { startTestApp, testDatabaseLabel } from '../helpers/test-app';
import { dataForSeoEnvironment, useDataForSeoHarness } from '../helpers/dataforseo-wire';
import { startFakeUpstream } from '../helpers/fake-upstream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { endpoints } from '../../src/endpoints';

/**
 * An operator never pays a vendor more than the customer paid: an endpoint whose vendor requests
 * cost more than its price (the adapter's BELOW_COST) is not served live — 501 NOT_OFFERED, after
 * validation and before anything is reserved or asked of the vendor — unless the operator lists it
 * in TOLLGATE_SERVE_BELOW_COST (served and charged: test/http/seo-domain-vendor.test.ts).
 */
describe(`endpoints served below cost (fake SEO data vendor, ${testDatabaseLabel()})`, () => {
  const vendor = useDataForSeoHarness();

  test('by default the loss-making endpoint answers 501 NOT_OFFERED: nothing asked of the vendor, nothing charged', async () => {
    const before = await vendor.app.balance(vendor.accountId);
    const response = await vendor.app.post('/v1/seo/domain/metrics', { domain: 'example.com' }, vendor.apiKey);
    assert.equal(response.status, 501, JSON.stringify(response.body));
    assert.equal(response.body.ok, false);
    assert.equal(response.body.error.code, 'NOT_OFFERED');
    assert.match(response.body.error.message, /^POST \/v1\/seo\/domain\/metrics is not offered by this server: .*Nothing was charged\.$/);
    assert.doesNotMatch(response.body.error.message, /dataforseo|TOLLGATE_|backlinks api|labs/i, 'the vendor and the setting stay the operator\'s business');
    assert.ok(response.headers.get('x-request-id'));
    assert.equal(response.headers.get('x-cost-usd'), null);
    assert.equal(vendor.fake.requests.length, 0);
    assert.equal(await vendor.app.balance(vendor.accountId), before);
    assert.equal(await vendor.app.openHolds(vendor.accountId), 0);
  });

  test('a bad body is still a 400 naming the field, and a missing key a 401', async () => {
    const bad = await vendor.app.post('/v1/seo/domain/metrics', { domain: 'not a domain' }, vendor.apiKey);
    assert.equal(bad.status, 400);
    assert.match(bad.body.error.message, /^domain: /);
    const anonymous = await vendor.app.post('/v1/seo/domain/metrics', { domain: 'example.com' });
    assert.equal(anonymous.status, 401);
  });

  test('the same vendor\'s other endpoints are served', async () => {
    vendor.reply('dataforseo_labs/google/domain_rank_overview/live', null, { status_code: 40102, status_message: 'No Search Results.' });
    vendor.reply('backlinks/summary/live', null, { status_code: 40102, status_message: 'No Search Results.' });
    await vendor.served('/v1/seo/domain/overview', { domain: 'example.com' }, 40_000);
  });

  test('MCP agents are not offered it as a tool; every other endpoint still is', async () => {
    const client = new Client({ name: 'tollgate-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', vendor.app.baseUrl), { requestInit: { headers: { 'x-api-key': vendor.apiKey } } }));
    const { tools } = await client.listTools();
    await client.close();
    const names = tools.map((tool) => tool.name);
    assert.ok(!names.includes('seo_domain_metrics'));
    assert.equal(names.length, endpoints.length - 1);
  });

  test('the OpenAPI document lists 501 for the endpoint not offered, and for no other', async () => {
    const document = (await vendor.app.get('/openapi.json')).body;
    const withNotOffered = Object.entries(document.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)
      .flatMap(([path, operations]) => Object.values(operations).filter((operation) => '501' in operation.responses).map(() => path));
    assert.deepEqual(withNotOffered, ['/v1/seo/domain/metrics']);
    assert.match(document.components.responses.Error501.description, /^NOT_OFFERED: /);
  });
});

describe(`endpoints served below cost: the operator's setting (${testDatabaseLabel()})`, () => {
  test('without the vendor (the sandbox) nothing costs anything: the endpoint is served and no 501 is documented', async () => {
    const app = await startTestApp();
    try {
      const { apiKey, accountId } = await app.createAccount('1.00');
      const response = await app.post('/v1/seo/domain/metrics', { domain: 'example.com' }, apiKey);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('x-tollgate-provider'), 'sandbox');
      assert.equal(await app.balance(accountId), 980_000);
      const document = (await app.get('/openapi.json')).body;
      assert.equal(document.paths['/v1/seo/domain/metrics'].post.responses['501'], undefined);
    } finally {
      await app.close();
    }
  });

  test('an id that names no endpoint stops the start, naming the setting and the id', async () => {
    const fake = await startFakeUpstream();
    try {
      const config = loadConfig({ ...dataForSeoEnvironment(fake), LOG_LEVEL: 'silent', TOLLGATE_SERVE_BELOW_COST: 'seo.domain_metrics, seo.domain_metric' });
      await assert.rejects(buildApp(config), /^Error: TOLLGATE_SERVE_BELOW_COST: 'seo\.domain_metric' is not an endpoint id/);
    } finally {
      await fake.close();
    }
  });
});
