import { after, before, describe, test } from 'node:test';
import { createHash } from 'node:crypto';
import assert from 'node:assert/strict';
import { z } from 'zod';
import type { EndpointDefinition, EndpointServices } from '../../src/core/define-endpoint';
import { UpstreamError } from '../../src/core/errors';
import { parseUsd } from '../../src/core/money';
import { formatPath, jsonNodes, pathOf } from '../../src/core/validation';
import { endpoints } from '../../src/endpoints';
import { builtinCatalog } from '../../src/catalog/model-catalog';
import type { ProviderFamily, Providers } from '../../src/providers/providers';
import { sandboxProviders } from '../../src/providers/sandbox';
import { localProviders } from '../../src/providers/local';
import { createNet } from '../../src/net';
import { createBrowser } from '../../src/net/browser';
import { loadConfig } from '../../src/config';
import { startOfflineExamples, type OfflineExamples } from '../helpers/offline-examples';
import { JOB_ENDPOINTS, stillHeldAfterExample, withAccountsJob } from '../helpers/media-jobs';
import { entriesOfAnInstantCall, startTestApp, testDatabaseLabel, type TestApp, type TestResponse } from '../helpers/test-app';

/** The registry-wide suite (STYLE rule 11): every endpoint, generated from the registry. */

const PRICE_KINDS = ['free', 'per_call', 'per_page', 'per_results', 'per_token', 'on_completion'];
const GET_ROUTES = new Set(['GET /v1/ai/models', 'GET /v1/ai/models/{id}', 'GET /v1/account', 'GET /v1/account/usage', 'GET /v1/account/ledger', 'GET /v1/media/models', 'GET /v1/media/status/{jobId}']);

function route(endpoint: EndpointDefinition): string {
  return `${endpoint.method} ${endpoint.path}`;
}

function label(endpoint: EndpointDefinition): string {
  return `${endpoint.id} (${route(endpoint)})`;
}

/** The most each example request can cost: what the pipeline holds before the handler runs (prepared here, before the suites are declared). */
const EXAMPLE_HOLDS = new Map(
  await Promise.all(
    endpoints.map(async (endpoint) => {
      const input = endpoint.input.parse(endpoint.examples.request);
      const params = endpoint.params ? endpoint.params.parse(endpoint.examples.params) : {};
      return [endpoint, endpoint.price.maxMicros(await endpoint.prepare({ input, params, models: builtinCatalog, services: {} as EndpointServices }))] as const;
    }),
  ),
);
const exampleHold = (endpoint: EndpointDefinition): number => EXAMPLE_HOLDS.get(endpoint)!;

/** The endpoint's path with its example's parameters in place. */
function examplePath(endpoint: EndpointDefinition): string {
  const params = (endpoint.examples.params ?? {}) as Record<string, string>;
  return endpoint.path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_match, name: string) => params[name] ?? '');
}

/** Sends `body` the way the endpoint takes its input: JSON for POST, the query string for GET. */
async function call(app: TestApp, endpoint: EndpointDefinition, body: Record<string, unknown>, apiKey?: string): Promise<TestResponse> {
  let path = examplePath(endpoint);
  if (apiKey !== undefined && JOB_ENDPOINTS.has(endpoint.id)) {
    const key = await app.store.db.selectFrom('api_keys').select('account_id').where('hash', '=', createHash('sha256').update(apiKey).digest('hex')).executeTakeFirst();
    // An unknown key is refused before any job is looked for.
    if (key) ({ path, body } = await withAccountsJob(app, key.account_id, path, body));
  }
  if (endpoint.method === 'POST') return app.post(path, body, apiKey);
  const query = new URLSearchParams(Object.entries(body).map(([name, value]) => [name, String(value)])).toString();
  return app.get(query ? `${path}?${query}` : path, apiKey);
}

/** The answer's data: the envelope's `data`, or a wire endpoint's whole body. */
function answerData(endpoint: EndpointDefinition, body: Record<string, unknown>): unknown {
  if (endpoint.responseModes.includes('envelope')) {
    assert.deepEqual(Object.keys(body), ['ok', 'data']);
    assert.equal(body.ok, true);
    return body.data;
  }
  return body;
}

/** Lets the examples run offline (their `url`s on the local test site, `example.com` on a test DNS server). */
let offline: OfflineExamples | undefined;

function example(endpoint: EndpointDefinition): Record<string, unknown> {
  return offline ? offline.example(endpoint) : (endpoint.examples.request as Record<string, unknown>);
}

/**
 * The example request with a lone UTF-16 surrogate appended to its first string (or, without one,
 * in an extra field's name), and the field the refusal must name.
 */
function withLoneSurrogate(endpoint: EndpointDefinition): { body: Record<string, unknown>; field: string } {
  const body = structuredClone(example(endpoint));
  for (const node of jsonNodes(body)) {
    if (typeof node.value === 'string' && node.parent && node.key !== undefined) {
      (node.parent.value as Record<string | number, unknown>)[node.key] = `${node.value}\ud800`;
      return { body, field: formatPath(pathOf(node)) };
    }
  }
  return { body: { ...body, ['field\ud800']: 1 }, field: 'body' };
}

async function ledgerKinds(app: TestApp, accountId: string): Promise<string[]> {
  const rows = await app.store.db.selectFrom('ledger_entries').select('kind').where('account_id', '=', accountId).orderBy('id').execute();
  return rows.map((row) => row.kind);
}

/** Every method of every provider family fails the way a vendor outage does, and says so. */
function failingProviders(calls: string[]): Providers {
  const fail = (familyName: string, family: ProviderFamily): ProviderFamily => {
    const failing: Record<string, unknown> = { name: 'failing-vendor' };
    for (const [method, value] of Object.entries(family)) {
      if (typeof value !== 'function') continue;
      failing[method] = () => {
        calls.push(`${familyName}.${method}`);
        throw new UpstreamError('vendor down');
      };
    }
    return failing as unknown as ProviderFamily;
  };
  // Every family, the ones Tollgate serves itself included (their method names are what counts here).
  const net = createNet(loadConfig({}).net);
  const browser = createBrowser(loadConfig({}).browser, net, () => Promise.reject(new Error('never started')));
  const families = { ...sandboxProviders, ...localProviders(net, browser, { name: 'local', read: () => Promise.reject(new Error('never read')), extract: () => Promise.reject(new Error('never extracted')) }) };
  return Object.fromEntries(Object.entries(families).map(([name, family]) => [name, fail(name, family)])) as unknown as Providers;
}

describe('registry: static checks over every declaration', () => {
  test('the registry is not empty', () => {
    assert.ok(endpoints.length > 0);
  });

  test('ids are unique and shaped area.snake_name', () => {
    const ids = endpoints.map((endpoint) => endpoint.id);
    assert.equal(new Set(ids).size, ids.length, `duplicate ids in ${ids.join(', ')}`);
    for (const id of ids) assert.match(id, /^[a-z]+\.[a-z_]+$/);
  });

  test('(method, path) pairs are unique and every path starts with /v1/', () => {
    const routes = endpoints.map(route);
    assert.equal(new Set(routes).size, routes.length, `duplicate routes in ${routes.join(', ')}`);
    for (const endpoint of endpoints) assert.ok(endpoint.path.startsWith('/v1/'), label(endpoint));
  });

  test('POST everywhere except the model lists and the GET /v1/account routes', () => {
    for (const endpoint of endpoints) {
      assert.equal(endpoint.method, GET_ROUTES.has(`GET ${endpoint.path}`) ? 'GET' : 'POST', label(endpoint));
    }
    const getRoutes = endpoints.filter((endpoint) => endpoint.method === 'GET').map(route);
    assert.deepEqual(new Set(getRoutes), GET_ROUTES);
  });

  for (const endpoint of endpoints) {
    test(`${label(endpoint)}: zod input and output, summary, description and a price rule`, () => {
      assert.ok(endpoint.input instanceof z.ZodType, 'input is a zod schema');
      assert.ok(endpoint.output instanceof z.ZodType, 'output is a zod schema');
      assert.ok(endpoint.summary.trim().length > 0, 'summary');
      assert.ok(endpoint.description.trim().length > 0, 'description');
      assert.ok(PRICE_KINDS.includes(endpoint.price.kind), `price kind ${endpoint.price.kind}`);
      assert.equal(typeof endpoint.price.maxMicros, 'function');
      assert.equal(typeof endpoint.price.actualMicros, 'function');
      assert.ok(endpoint.price.describe().length > 0, 'price text');
      assert.equal(endpoint.price.toJSON().kind, endpoint.price.kind);
    });

    test(`${label(endpoint)}: its examples parse with its own schemas`, () => {
      const request = endpoint.input.safeParse(endpoint.examples.request);
      assert.ok(request.success, `examples.request: ${JSON.stringify(request.error?.issues)}`);
      const response = endpoint.output.safeParse(endpoint.examples.response);
      assert.ok(response.success, `examples.response: ${JSON.stringify(response.error?.issues)}`);
    });
  }
});

describe(`registry: every endpoint through HTTP (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  let failing: TestApp;
  const providerCalls: string[] = [];

  before(async () => {
    offline = await startOfflineExamples();
    // Media jobs stay queued here: what runs them is tested in media-queue.test.ts.
    const environment = { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000', TOLLGATE_MEDIA_CONCURRENCY: '0', ...offline.environment };
    app = await startTestApp({ providers: offline.providers }, environment);
    failing = await startTestApp({ providers: failingProviders(providerCalls) }, environment);
  });
  after(async () => {
    await app?.close();
    await failing?.close();
    await offline?.close();
    offline = undefined;
  });

  for (const endpoint of endpoints) {
    test(`${label(endpoint)}: 401 INVALID_API_KEY without a key`, async () => {
      const response = await call(app, endpoint, example(endpoint));
      assert.equal(response.status, 401);
      assert.deepEqual(Object.keys(response.body), ['ok', 'error']);
      assert.equal(response.body.ok, false);
      assert.equal(response.body.error.code, 'INVALID_API_KEY');
      assert.equal(response.headers.get('cache-control'), 'no-store');
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    });

    test(`${label(endpoint)}: 400 VALIDATION_ERROR naming an unknown field, not charged`, async () => {
      const { accountId, apiKey } = await app.createAccount('1.00');
      const response = await call(app, endpoint, { ...example(endpoint), definitelyNotAField: 1 }, apiKey);
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.equal(response.body.error.code, 'VALIDATION_ERROR');
      assert.match(response.body.error.message, /definitelyNotAField/);
      assert.equal(response.body.error.param, 'definitelyNotAField');
      assert.equal(await app.balance(accountId), 1_000_000);
      assert.deepEqual(await ledgerKinds(app, accountId), ['credit']);
    });

    // A query string cannot carry a lone surrogate (a percent-escape that is not UTF-8 stays as typed).
    if (endpoint.method === 'POST') {
      test(`${label(endpoint)}: 400 VALIDATION_ERROR on a string with a lone surrogate, naming it, not charged`, async () => {
        const { accountId, apiKey } = await app.createAccount('1.00');
        const { body, field } = withLoneSurrogate(endpoint);
        const response = await call(app, endpoint, body, apiKey);
        assert.equal(response.status, 400, JSON.stringify(response.body));
        assert.equal(response.body.error.code, 'VALIDATION_ERROR');
        assert.ok(response.body.error.message.startsWith(`${field}: `), response.body.error.message);
        assert.match(response.body.error.message, /lone UTF-16 surrogate/);
        assert.equal(await app.balance(accountId), 1_000_000);
        assert.deepEqual(await ledgerKinds(app, accountId), ['credit']);
      });
    }

    if (exampleHold(endpoint) > 0) {
      test(`${label(endpoint)}: 402 NO_CREDITS at zero balance, nothing written to the ledger`, async () => {
        const { accountId, apiKey } = await app.createAccount('0');
        const before = await ledgerKinds(app, accountId);
        const response = await call(app, endpoint, example(endpoint), apiKey);
        assert.equal(response.status, 402, JSON.stringify(response.body));
        assert.equal(response.body.error.code, 'NO_CREDITS');
        assert.equal(await app.balance(accountId), 0);
        assert.deepEqual(await ledgerKinds(app, accountId), before);
      });
    } else {
      test(`${label(endpoint)}: free, so 200 at zero balance with nothing written to the ledger`, async () => {
        const { accountId, apiKey } = await app.createAccount('0');
        const response = await call(app, endpoint, example(endpoint), apiKey);
        assert.equal(response.status, 200, JSON.stringify(response.body));
        assert.equal(response.headers.get('x-cost-usd'), null);
        assert.deepEqual(await ledgerKinds(app, accountId), []);
      });
    }

    test(`${label(endpoint)}: a provider outage is 502 UPSTREAM_ERROR and not charged`, async () => {
      // Whether the endpoint reads a provider at all is what the sandbox app says it did.
      const reference = await call(app, endpoint, example(endpoint), (await app.createAccount('5.00')).apiKey);
      assert.equal(reference.status, 200, JSON.stringify(reference.body));
      const readsProvider = reference.headers.get('x-tollgate-provider') !== null;

      const { accountId, apiKey } = await failing.createAccount('5.00');
      providerCalls.length = 0;
      const response = await call(failing, endpoint, example(endpoint), apiKey);
      if (!readsProvider) {
        assert.equal(response.status, 200, JSON.stringify(response.body));
        assert.deepEqual(providerCalls, []);
        return;
      }
      assert.ok(providerCalls.length > 0, 'the failing provider was called');
      assert.equal(response.status, 502, JSON.stringify(response.body));
      assert.equal(response.body.error.code, 'UPSTREAM_ERROR');
      assert.match(response.body.error.message, /vendor down/);
      assert.equal(response.headers.get('x-cost-usd'), null);
      assert.equal(await failing.balance(accountId), 5_000_000);
      assert.equal(await failing.ledgerSum(accountId), 5_000_000);
      const expectedKinds = exampleHold(endpoint) > 0 ? ['credit', ...entriesOfAnInstantCall('release')] : ['credit'];
      assert.deepEqual(await ledgerKinds(failing, accountId), expectedKinds);
    });

    test(`${label(endpoint)}: 200 with the example request, data exactly as its output schema returns it`, async () => {
      const { accountId, apiKey } = await app.createAccount('5.00');
      const response = await call(app, endpoint, example(endpoint), apiKey);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const answer = answerData(endpoint, response.body);
      const data = endpoint.output.safeParse(answer);
      assert.ok(data.success, JSON.stringify(data.error?.issues));
      // The pipeline does not re-parse the sandbox's answers (core/pipeline.ts): they must already be
      // what the schema would make of them, with nothing for it to strip or fill in.
      assert.deepEqual(JSON.parse(JSON.stringify(data.data)), answer, 'the answer is its own parse');
      assert.match(response.headers.get('x-request-id') ?? '', /^req_/);
      // Balances, emails and paid data: no cache keeps them, no browser reads them as another type.
      assert.equal(response.headers.get('cache-control'), 'no-store');
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');

      const balance = await app.balance(accountId);
      const cost = response.headers.get('x-cost-usd');
      // Work billed on completion (a media job) keeps its hold after the call: charged nothing yet.
      const stillHeld = await stillHeldAfterExample(endpoint);
      assert.equal(5_000_000 - balance, (cost === null ? 0 : parseUsd(cost)) + stillHeld);
      assert.ok(5_000_000 - balance <= exampleHold(endpoint), 'never charged more than the hold');
      assert.equal(await app.ledgerSum(accountId), balance);
    });
  }
});
