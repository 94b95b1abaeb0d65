import path from 'node:path';
import { REPOSITORY } from '../../scripts/repository';
import { startOfflineExamples, type OfflineExamples } from '../helpers/offline-examples';
import { JOB_ENDPOINTS, stillHeldAfterExample, withAccountsJob } from '../helpers/media-jobs';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { entriesOfAnInstantCall, startTestApp, testDatabaseLabel, type TestApp, type TestResponse } from '../helpers/test-app';
import { defineEndpoint } from '../../src/core/define-endpoint';
import { UpstreamError } from '../../src/core/errors';
import { formatUsd } from '../../src/core/money';
import { endpoints as registry } from '../../src/endpoints';
import type { SerpProvider } from '../../src/providers/families/serp';

const REQUEST_ID = /^req_[0-9a-f]{32}$/;
const seenRequestIds = new Set<string>();

/**
 * Every failure: exactly `{ok:false, error:{code, message}}` (and `param`, the field or header at
 * fault, when `param` is given), the right status, a fresh request id, nothing internal.
 */
function assertFailure(response: TestResponse, status: number, code: string, param?: string): void {
  const context = JSON.stringify(response.body);
  assert.equal(response.status, status, context);
  assert.equal(typeof response.body, 'object', context);
  assert.deepEqual(Object.keys(response.body).sort(), ['error', 'ok'], context);
  assert.equal(response.body.ok, false);
  assert.deepEqual(Object.keys(response.body.error).sort(), param === undefined ? ['code', 'message'] : ['code', 'message', 'param'], context);
  assert.equal(response.body.error.param, param, context);
  assert.equal(response.body.error.code, code, context);
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff', context);
  assert.equal(response.headers.get('cache-control'), 'no-store', context);
  assert.equal(typeof response.body.error.message, 'string');
  assert.ok(response.body.error.message.length > 0);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  assertNoInternals(JSON.stringify(response.body));
  const requestId = response.headers.get('x-request-id');
  assert.ok(requestId, 'x-request-id header present');
  assert.match(requestId, REQUEST_ID);
  assert.ok(!seenRequestIds.has(requestId), `request id ${requestId} reused`);
  seenRequestIds.add(requestId);
}

function assertNoInternals(text: string): void {
  assert.doesNotMatch(text, /\bat [^"]*\(?[^"\s]+:\d+:\d+\)?/, 'no stack frames');
  assert.doesNotMatch(text, /\\n\s+at /, 'no stack frames');
  assert.doesNotMatch(text, /file:\/\/|\/work\/|\/src\/|node_modules|\.ts\b|\.js:\d+/, 'no file paths');
  assert.doesNotMatch(text, /"stack"/);
}

function assertSuccess(response: TestResponse): void {
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.deepEqual(Object.keys(response.body).sort(), ['data', 'ok']);
  assert.equal(response.body.ok, true);
  assert.notEqual(response.body.data, undefined);
  assert.match(response.headers.get('x-request-id') ?? '', REQUEST_ID);
}

async function raw(app: TestApp, method: string, route: string, init: { body?: string; headers?: Record<string, string> } = {}): Promise<TestResponse> {
  const response = await fetch(app.baseUrl + route, { method, headers: init.headers, body: init.body });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Left as text; the assertions say what was expected.
  }
  return { status: response.status, headers: response.headers, body };
}

describe(`failure envelope of framework-level failures (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  let apiKey: string;
  let accountId: string;
  before(async () => {
    app = await startTestApp({}, { TOLLGATE_MAX_BODY_BYTES: '2048', TOLLGATE_RATE_LIMIT_PER_MINUTE: '10000' });
    ({ apiKey, accountId } = await app.createAccount('1.00'));
  });
  after(() => app.close());

  test('unknown route: 404 NOT_FOUND without a key and with one', async () => {
    assertFailure(await app.get('/v1/no/such/thing'), 404, 'NOT_FOUND');
    assertFailure(await app.get('/v1/no/such/thing', apiKey), 404, 'NOT_FOUND');
    assertFailure(await app.post('/v1/no/such/thing', { a: 1 }), 404, 'NOT_FOUND');
    assertFailure(await app.post('/v1/no/such/thing', { a: 1 }, apiKey), 404, 'NOT_FOUND');
    assertFailure(await app.get('/nowhere?x=1', apiKey), 404, 'NOT_FOUND');
  });

  test('wrong method on a known path: 405 METHOD_NOT_ALLOWED with an allow header', async () => {
    const getOnPost = await app.get('/v1/serp/websearch', apiKey);
    assertFailure(getOnPost, 405, 'METHOD_NOT_ALLOWED');
    assert.equal(getOnPost.headers.get('allow'), 'POST');
    const postOnGet = await app.post('/v1/account', {}, apiKey);
    assertFailure(postOnGet, 405, 'METHOD_NOT_ALLOWED');
    assert.match(postOnGet.headers.get('allow') ?? '', /\bGET\b/);
    const deleteWithoutKey = await raw(app, 'DELETE', '/v1/seo/domain/available');
    assertFailure(deleteWithoutKey, 405, 'METHOD_NOT_ALLOWED');
    assert.equal(deleteWithoutKey.headers.get('allow'), 'POST');
    // Paths with parameters, and the server's own pages, answer the same.
    for (const [method, path, allow] of [
      ['POST', '/v1/media/status/job_YbzHP0XvRqzz5PoI2LLwLA', 'GET, HEAD'],
      ['PUT', '/health', 'GET, HEAD'],
      ['POST', '/openapi.json', 'GET, HEAD'],
      ['DELETE', '/docs', 'GET, HEAD'],
    ] as const) {
      const response = await raw(app, method, path);
      assertFailure(response, 405, 'METHOD_NOT_ALLOWED');
      assert.equal(response.headers.get('allow'), allow, `${method} ${path}`);
    }
    // An OpenAI-compatible path's 405 carries that format's error fields too.
    const model = await raw(app, 'DELETE', '/v1/ai/models/openai/gpt-4o');
    assert.equal(model.status, 405);
    assert.equal(model.headers.get('allow'), 'GET, HEAD');
    assert.equal(model.body.error.type, 'invalid_request_error');
  });

  test('malformed JSON: 400 VALIDATION_ERROR, not charged', async () => {
    for (const body of ['{"query": "coffee"', 'not json', '{"query": }', '[1,2']) {
      const response = await app.post('/v1/serp/websearch', body, apiKey);
      assertFailure(response, 400, 'VALIDATION_ERROR');
      assert.match(response.body.error.message, /JSON/);
    }
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('wrong content type: 415 UNSUPPORTED_MEDIA_TYPE for text/plain and form-urlencoded', async () => {
    const plain = await app.post('/v1/serp/websearch', '{"query":"coffee"}', apiKey, { 'content-type': 'text/plain' });
    assertFailure(plain, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const form = await app.post('/v1/serp/websearch', 'query=coffee&depth=10', apiKey, { 'content-type': 'application/x-www-form-urlencoded' });
    assertFailure(form, 415, 'UNSUPPORTED_MEDIA_TYPE');
    assert.match(form.body.error.message, /application\/json/);
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('oversized body: 413 PAYLOAD_TOO_LARGE at TOLLGATE_MAX_BODY_BYTES=2048', async () => {
    assert.equal(app.config.maxBodyBytes, 2048);
    const body = JSON.stringify({ query: 'x'.repeat(4096) });
    assert.ok(body.length > 4096);
    const response = await app.post('/v1/serp/websearch', body, apiKey);
    assertFailure(response, 413, 'PAYLOAD_TOO_LARGE');
    assert.match(response.body.error.message, /2048/);
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('empty body with content-type JSON on domain availability: 400 naming domain', async () => {
    const response = await app.post('/v1/seo/domain/available', '', apiKey);
    assertFailure(response, 400, 'VALIDATION_ERROR', 'domain');
    assert.match(response.body.error.message, /\bdomain\b/);
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('a URL that cannot be decoded: 400 VALIDATION_ERROR in the envelope, with a request id', async () => {
    const response = await app.get('/v1/%E0%A4%A', apiKey);
    assertFailure(response, 400, 'VALIDATION_ERROR');
  });

  test('request ids differ between requests', async () => {
    const ids = new Set<string>();
    for (let index = 0; index < 5; index += 1) {
      const response = await app.get('/v1/nothing-here', apiKey);
      ids.add(response.headers.get('x-request-id') ?? '');
    }
    assert.equal(ids.size, 5);
    for (const id of ids) assert.match(id, REQUEST_ID);
  });

  test('a client-sent x-request-id is not echoed', async () => {
    const response = await app.post('/v1/no/such/thing', {}, apiKey, { 'x-request-id': 'req_00000000000000000000000000000000' });
    assertFailure(response, 404, 'NOT_FOUND');
  });
});

describe(`success envelope and cost headers (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  let offline: OfflineExamples;
  before(async () => {
    offline = await startOfflineExamples();
    // Media jobs stay queued: a job finishing before the balance is read would be charged already.
    app = await startTestApp({ providers: offline.providers }, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '10000', TOLLGATE_MEDIA_CONCURRENCY: '0', ...offline.environment });
  });
  after(async () => {
    await app.close();
    await offline.close();
  });

  for (const endpoint of registry) {
    const paid = endpoint.price.kind !== 'free';
    const envelope = endpoint.responseModes.includes('envelope');
    test(`${endpoint.id}: ${envelope ? '{ok:true, data}' : 'its wire body'}${paid ? ' with x-cost-usd and x-balance-usd' : ', no cost headers'}`, async () => {
      const { accountId, apiKey } = await app.createAccount('5.00');
      const params = (endpoint.examples.params ?? {}) as Record<string, string>;
      let path = endpoint.path.replace(/\{(\w+)\}/g, (_match, name: string) => params[name] ?? '');
      let body = offline.example(endpoint);
      if (JOB_ENDPOINTS.has(endpoint.id)) ({ path, body } = await withAccountsJob(app, accountId, path, body));
      const response = endpoint.method === 'GET' ? await app.get(path, apiKey) : await app.post(path, body, apiKey);
      if (envelope) assertSuccess(response);
      else {
        assert.equal(response.status, 200, JSON.stringify(response.body));
        assert.equal(response.body.ok, undefined, 'a wire answer is not wrapped');
      }
      const balance = await app.balance(accountId);
      if (paid) {
        const cost = response.headers.get('x-cost-usd');
        assert.ok(cost, 'x-cost-usd present');
        assert.match(cost, /^\d+\.\d{2,6}$/);
        assert.equal(response.headers.get('x-balance-usd'), formatUsd(balance));
        // Work billed on completion (a media job) keeps its hold after the call: charged nothing yet.
        assert.equal(Math.round(Number(cost) * 1e6) + (await stillHeldAfterExample(endpoint)), 5_000_000 - balance);
      } else {
        assert.equal(response.headers.get('x-cost-usd'), null);
        assert.equal(response.headers.get('x-balance-usd'), null);
        assert.equal(balance, 5_000_000);
      }
      assert.equal(await app.ledgerSum(accountId), balance);
    });
  }
});

const Echo = z.strictObject({ word: z.string().default('hello') });

const throwingEndpoint = defineEndpoint({
  id: 'test.throws',
  method: 'POST',
  path: '/v1/test/throws',
  summary: 'Throws a plain error',
  description: 'A handler with a bug.',
  input: Echo,
  output: z.object({ word: z.string() }),
  price: ({ perCall }) => perCall(0.05),
  examples: { request: {}, response: { word: 'hello' } },
  async handler() {
    throw new Error('secret detail');
  },
});

const throwingLaterEndpoint = defineEndpoint({
  id: 'test.throws_later',
  method: 'POST',
  path: '/v1/test/throws-later',
  summary: 'Throws after a wait',
  description: 'A handler that fails after waiting, as on a vendor.',
  input: Echo,
  output: z.object({ word: z.string() }),
  price: ({ perCall }) => perCall(0.05),
  examples: { request: {}, response: { word: 'hello' } },
  async handler() {
    // Long past the ledger's turn (PostgreSQL keeps one open ≤ 2 ms), even on a loaded machine.
    await new Promise((resolve) => setTimeout(resolve, 200));
    throw new Error('secret detail');
  },
});

const throwingWithStatusEndpoint = defineEndpoint({
  id: 'test.throws_with_status',
  method: 'POST',
  path: '/v1/test/throws-with-status',
  summary: 'Throws a library error that carries an HTTP status',
  description: 'As an HTTP client library does when a vendor answers 400 or 404.',
  input: Echo,
  output: z.object({ word: z.string() }),
  price: ({ perCall }) => perCall(0.05),
  examples: { request: {}, response: { word: 'hello' } },
  async handler() {
    throw Object.assign(new Error('secret detail from https://vendor.internal/v3?token=abc'), { statusCode: 400 });
  },
});

const badOutputEndpoint = defineEndpoint({
  id: 'test.bad_output',
  method: 'POST',
  path: '/v1/test/bad-output',
  summary: 'Returns output that fails its schema',
  description: 'A handler whose output does not match.',
  input: Echo,
  output: z.object({ count: z.number().int() }),
  price: ({ perCall }) => perCall(0.05),
  examples: { request: {}, response: { count: 1 } },
  async handler() {
    return { count: 'not a number' } as unknown as { count: number };
  },
});

const failingSerp: SerpProvider = {
  name: 'failing-vendor',
  async search() {
    throw new UpstreamError('The search provider is unavailable; try again shortly.', { cause: new Error('ECONNRESET secret-host:443') });
  },
  async searchMaps() {
    throw new UpstreamError('The search provider is unavailable; try again shortly.', { cause: new Error('ECONNRESET secret-host:443') });
  },
  async searchHtml() {
    throw new UpstreamError('The search provider is unavailable; try again shortly.', { cause: new Error('ECONNRESET secret-host:443') });
  },
};

describe(`failures inside the paid pipeline (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp(
      { endpoints: [...registry, throwingEndpoint, throwingLaterEndpoint, throwingWithStatusEndpoint, badOutputEndpoint], providers: { serp: failingSerp } },
      { TOLLGATE_RATE_LIMIT_PER_MINUTE: '10000' },
    );
  });
  after(() => app.close());

  test('a plain Error thrown by a handler: 500 INTERNAL_ERROR, no detail, balance unchanged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/test/throws', {}, apiKey);
    assertFailure(response, 500, 'INTERNAL_ERROR');
    assert.ok(!response.body.error.message.includes('secret detail'));
    assert.equal(response.headers.get('x-cost-usd'), null);
    assert.equal(await app.balance(accountId), 1_000_000);
    assert.equal(await app.ledgerSum(accountId), 1_000_000);
  });

  test('an error carrying its own statusCode thrown by a handler is still a 500 INTERNAL_ERROR with no detail', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/test/throws-with-status', {}, apiKey);
    assert.equal(await app.balance(accountId), 1_000_000);
    assert.ok(!JSON.stringify(response.body).includes('secret detail'), `leaked: ${JSON.stringify(response.body)}`);
    assertFailure(response, 500, 'INTERNAL_ERROR');
  });

  test('output failing its own schema: 500 INTERNAL_ERROR, not charged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/test/bad-output', {}, apiKey);
    assertFailure(response, 500, 'INTERNAL_ERROR');
    assert.ok(!response.body.error.message.includes('not a number'));
    assert.equal(response.headers.get('x-cost-usd'), null);
    assert.equal(await app.balance(accountId), 1_000_000);
    assert.equal(await app.ledgerSum(accountId), 1_000_000);
  });

  test('a provider throwing UpstreamError: 502 UPSTREAM_ERROR, balance unchanged, ledger sum equals balance', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    for (const route of ['/v1/serp/websearch', '/v1/seo/serp']) {
      const response = await app.post(route, { query: 'coffee grinder', depth: 30 }, apiKey);
      assertFailure(response, 502, 'UPSTREAM_ERROR');
      assert.ok(!response.body.error.message.includes('secret-host'));
      assert.equal(response.headers.get('x-cost-usd'), null);
    }
    assert.equal(await app.balance(accountId), 1_000_000);
    assert.equal(await app.ledgerSum(accountId), 1_000_000);
    // The other providers still serve, and are still charged.
    const ok = await app.post('/v1/seo/domain/available', { domain: 'tollgate-example.com' }, apiKey);
    assertSuccess(ok);
    assert.equal(await app.balance(accountId), 980_000);
    assert.equal(await app.ledgerSum(accountId), 980_000);
  });

  async function entriesOf(accountId: string) {
    return app.store.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_micros', 'request_id'])
      .where('account_id', '=', accountId)
      .where('kind', '!=', 'credit')
      .orderBy('id')
      .execute();
  }

  test('a call that fails after a wait leaves its hold and the hold released, never a capture', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/test/throws-later', {}, apiKey);
    assertFailure(response, 500, 'INTERNAL_ERROR');
    const entries = await entriesOf(accountId);
    assert.deepEqual(
      entries.map((entry) => [entry.kind, Number(entry.amount_micros)]),
      [['hold', -50_000], ['release', 50_000]],
    );
    assert.ok(entries.every((entry) => entry.request_id === response.headers.get('x-request-id')));
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('a call that fails at once is never charged (on SQLite its hold never left memory)', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/test/throws', {}, apiKey);
    assertFailure(response, 500, 'INTERNAL_ERROR');
    const entries = await entriesOf(accountId);
    assert.deepEqual(entries.map((entry) => entry.kind), entriesOfAnInstantCall('release'));
    assert.ok(entries.every((entry) => entry.request_id === response.headers.get('x-request-id')));
    assert.equal(await app.balance(accountId), 1_000_000);
    assert.equal(await app.ledgerSum(accountId), 1_000_000);
  });
});

describe(`health check (${testDatabaseLabel()})`, () => {
  test('200 while the database answers, with the running version (and Redis, when set), 503 in the envelope once it does not', async () => {
    const app = await startTestApp();
    try {
      const up = await app.get('/health');
      assert.equal(up.status, 200);
      const { version } = JSON.parse(readFileSync(path.join(REPOSITORY, 'package.json'), 'utf8')) as { version: string };
      assert.deepEqual(up.body, { ok: true, data: { status: 'up', database: testDatabaseLabel(), ...(process.env.REDIS_URL ? { redis: 'up' } : {}), version } });
      await app.store.close(); // the database goes away (its test schema or file with it)
      const down = await app.get('/health');
      assert.equal(down.status, 503);
      assert.equal(down.body.ok, false);
      assert.equal(down.body.error.code, 'UNAVAILABLE');
    } finally {
      await app.server.close();
    }
  });
});
