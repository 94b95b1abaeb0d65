import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'zod';
import { defineEndpoint } from '../../src/core/define-endpoint';
import { eventStream } from '../../src/core/sse';
import { endpoints as registry } from '../../src/endpoints';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

const Word = z.strictObject({ word: z.string().min(1), chunks: z.number().int().min(1).max(10).default(3), failAfter: z.number().int().optional() });
const Usage = z.object({ chunks: z.number() });

/** Echoes the word in the chat-completions style: its JSON is the body, unwrapped. */
const wireEndpoint = defineEndpoint({
  id: 'test.wire',
  method: 'POST',
  path: '/v1/test/wire',
  summary: 'wire',
  description: 'A wire-format endpoint for tests.',
  input: Word,
  output: z.object({ object: z.literal('echo'), word: z.string() }),
  response: 'wire',
  price: ({ perCall }) => perCall(0.05),
  examples: { request: { word: 'a' }, response: { object: 'echo', word: 'a' } },
  async handler({ input }) {
    return { object: 'echo' as const, word: input.word };
  },
});

/** Streams the word in `chunks` events, then `[DONE]`; priced per chunk from the outcome it ends with. */
const streamEndpoint = defineEndpoint({
  id: 'test.stream',
  method: 'POST',
  path: '/v1/test/stream',
  summary: 'stream',
  description: 'An SSE endpoint for tests.',
  input: Word,
  output: Usage,
  response: 'sse',
  price: ({ perResults }) => perResults({ baseUsd: 0.01, per100Usd: 1, maxResults: (input) => input.chunks, countResults: (outcome) => outcome.chunks }),
  examples: { request: { word: 'a' }, response: { chunks: 1 } },
  async handler({ input, call }) {
    return eventStream(
      (async function* () {
        for (let index = 0; index < input.chunks; index += 1) {
          if (input.failAfter === index) throw new Error('upstream stream broke');
          if (input.word === 'slow') await delay(400, undefined, { signal: call.signal });
          yield { data: { index, delta: input.word } };
        }
        yield { data: '[DONE]' };
        return { chunks: input.chunks };
      })(),
    );
  },
});

/** A path parameter, on GET. */
const itemEndpoint = defineEndpoint({
  id: 'test.item',
  method: 'GET',
  path: '/v1/test/items/{itemId}',
  summary: 'item',
  description: 'A path-parameter endpoint for tests.',
  input: z.strictObject({}),
  params: z.strictObject({ itemId: z.string().regex(/^item_[a-z0-9]+$/, 'must look like item_abc123') }),
  output: z.object({ itemId: z.string() }),
  price: ({ free }) => free(),
  examples: { request: {}, response: { itemId: 'item_1' } },
  async handler({ params }) {
    return { itemId: params.itemId };
  },
});

/** Ignores its signal and takes longer than the deadline. */
const slowEndpoint = defineEndpoint({
  id: 'test.slow',
  method: 'POST',
  path: '/v1/test/slow',
  summary: 'slow',
  description: 'Outlives its deadline.',
  input: z.strictObject({}),
  output: z.object({ done: z.boolean() }),
  price: ({ perCall }) => perCall(0.05),
  examples: { request: {}, response: { done: true } },
  async handler() {
    await delay(4_000);
    return { done: true };
  },
});

function readStream(app: TestApp, apiKey: string, body: unknown): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL('/v1/test/stream', app.baseUrl), { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKey } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, text }));
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

describe(`response modes, path parameters and deadlines (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp(
      { endpoints: [...registry, wireEndpoint, streamEndpoint, itemEndpoint, slowEndpoint] },
      { TOLLGATE_STREAM_KEEPALIVE_MS: '150', TOLLGATE_CALL_DEADLINE_MS: '2000' },
    );
  });
  after(() => app.close());

  test('wire: the handler’s JSON is the body; failures carry both error shapes', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const ok = await app.post('/v1/test/wire', { word: 'hi' }, apiKey);
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body, { object: 'echo', word: 'hi' });
    assert.equal(ok.headers.get('x-cost-usd'), '0.05');
    const bad = await app.post('/v1/test/wire', { word: '' }, apiKey);
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body, { ok: false, error: { code: 'VALIDATION_ERROR', message: bad.body.error.message, type: 'invalid_request_error', param: 'word' } });
    const unauthorised = await app.post('/v1/test/wire', { word: 'hi' }, 'tg_live_nope');
    assert.equal(unauthorised.body.error.type, 'authentication_error');
    // The framework's refusals too: a body too large, not JSON, another method.
    const refusals = [
      await fetch(`${app.baseUrl}/v1/test/wire`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKey }, body: JSON.stringify({ word: 'x'.repeat(1_100_000) }) }),
      await fetch(`${app.baseUrl}/v1/test/wire`, { method: 'POST', headers: { 'content-type': 'text/plain', 'x-api-key': apiKey }, body: '{}' }),
      await fetch(`${app.baseUrl}/v1/test/wire`, { headers: { 'x-api-key': apiKey } }),
    ];
    assert.deepEqual(refusals.map((response) => response.status), [413, 415, 405]);
    for (const response of refusals) {
      const { error } = (await response.json()) as { error: Record<string, unknown> };
      assert.deepEqual(Object.keys(error).sort(), ['code', 'message', 'param', 'type'], JSON.stringify(error));
      assert.equal(error.type, 'invalid_request_error');
    }
    assert.equal(await app.balance(accountId), 950_000);
  });

  test('sse: frames flushed in order, [DONE], settled from the outcome', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await readStream(app, apiKey, { word: 'hi', chunks: 4 });
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /^text\/event-stream/);
    assert.equal(response.headers['x-request-id']?.length! > 0, true);
    assert.equal(
      response.text,
      [0, 1, 2, 3].map((index) => `data: {"index":${index},"delta":"hi"}\n\n`).join('') + 'data: [DONE]\n\n',
    );
    // $0.01 + 4 × $0.01 = $0.05 (the hold was for 4 chunks too)
    assert.equal(await app.balance(accountId), 950_000);
    assert.equal(await app.ledgerSum(accountId), 950_000);
  });

  test('sse: an idle stream gets keep-alive comments', async () => {
    const { apiKey } = await app.createAccount('1.00');
    const response = await readStream(app, apiKey, { word: 'slow', chunks: 2 });
    assert.match(response.text, /^: keep-alive\n\n/m);
    assert.match(response.text, /data: \[DONE\]\n\n$/);
  });

  test('sse: a first event slower than the keep-alive interval: the head and a keep-alive go first, so the stream is seen alive', async () => {
    const { apiKey } = await app.createAccount('1.00');
    const response = await readStream(app, apiKey, { word: 'slow', chunks: 1 });
    assert.equal(response.status, 200);
    assert.match(response.text, /^: keep-alive\n\n(: keep-alive\n\n)*data: \{"index":0/);
  });

  test('sse: an error after the first event is one error event, and nothing is charged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await readStream(app, apiKey, { word: 'hi', chunks: 5, failAfter: 2 });
    assert.equal(response.status, 200);
    const frames = response.text.trim().split('\n\n');
    assert.equal(frames.length, 3);
    const failure = JSON.parse(frames[2]!.replace(/^data: /, ''));
    assert.equal(failure.ok, false);
    assert.equal(failure.error.code, 'STREAM_ERROR');
    assert.doesNotMatch(failure.error.message, /upstream stream broke/, 'no internals');
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('sse: a failure before the first event is an ordinary error response', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await readStream(app, apiKey, { word: 'hi', chunks: 2, failAfter: 0 });
    assert.equal(response.status, 500);
    assert.equal(JSON.parse(response.text).ok, false);
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('sse: the client leaving mid-stream stops the handler and releases the reservation', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    await new Promise<void>((resolve, reject) => {
      const request = http.request(new URL('/v1/test/stream', app.baseUrl), { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKey } }, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', () => {});
      request.end(JSON.stringify({ word: 'slow', chunks: 10 }));
      setTimeout(() => reject(new Error('no first event')), 3_000);
    });
    for (let waited = 0; (await app.balance(accountId)) !== 1_000_000 && waited < 3_000; waited += 20) await delay(20);
    assert.equal(await app.balance(accountId), 1_000_000);
    assert.equal(await app.ledgerSum(accountId), 1_000_000);
  });

  test('path parameters are validated and handed to the handler', async () => {
    const { apiKey } = await app.createAccount('1.00');
    const ok = await app.get('/v1/test/items/item_abc123', apiKey);
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body, { ok: true, data: { itemId: 'item_abc123' } });
    const bad = await app.get('/v1/test/items/nope', apiKey);
    assert.equal(bad.status, 400);
    assert.match(bad.body.error.message, /^itemId: must look like item_abc123/);
  });

  test('a call past its deadline is a 504, uncharged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/test/slow', {}, apiKey);
    assert.equal(response.status, 504);
    assert.equal(response.body.error.code, 'DEADLINE_EXCEEDED');
    assert.equal(await app.balance(accountId), 1_000_000);
    assert.equal(await app.ledgerSum(accountId), 1_000_000);
  });

  test('the OpenAPI document shows each mode, the path parameter, the Idempotency-Key header, 409 and 504', async () => {
    const document = (await app.get('/openapi.json')).body;
    const validation = await new Validator().validate(document);
    assert.equal(validation.valid, true, JSON.stringify(validation.errors));
    const wire = document.paths['/v1/test/wire'].post;
    assert.deepEqual(Object.keys(wire.responses['200'].content), ['application/json']);
    assert.equal(wire.responses['200'].content['application/json'].schema.properties.ok, undefined, 'the wire body is not wrapped');
    const stream = document.paths['/v1/test/stream'].post;
    assert.deepEqual(Object.keys(stream.responses['200'].content), ['text/event-stream']);
    assert.ok(stream.parameters.some((parameter: { name: string; in: string }) => parameter.name === 'Idempotency-Key' && parameter.in === 'header'));
    assert.ok(stream.responses['409']);
    const item = document.paths['/v1/test/items/{itemId}'].get;
    assert.deepEqual(item.parameters.map((parameter: { name: string; in: string; required: boolean }) => [parameter.name, parameter.in, parameter.required]), [['itemId', 'path', true]]);
    assert.equal(item.responses['409'], undefined, 'a free GET takes no Idempotency-Key');
    assert.ok(item.responses['504']);
  });
});
