import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { defineEndpoint } from '../../src/core/define-endpoint';
import { endpoints as registry } from '../../src/endpoints';
import { readTestResponse, startTestApp, testDatabaseLabel, type TestApp, type TestResponse } from '../helpers/test-app';

/** Bad input at the edges: text, bytes, encodings, prototype keys, body shapes, integers, the HTTP parser. */

const REQUEST_ID = /^req_[0-9a-f]{32}$/;

/** Paid, with an optional body: an empty one means every default. */
const optionalBodyEndpoint = defineEndpoint({
  id: 'test.optional_body',
  method: 'POST',
  path: '/v1/test/optional-body',
  summary: 'Echoes a word',
  description: 'Takes an optional body.',
  input: z.strictObject({ word: z.string().default('hello') }),
  output: z.object({ word: z.string() }),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: {}, response: { word: 'hello' } },
  async handler({ input }) {
    return { word: input.word };
  },
});

/** Paid, and takes any fields: nothing in its schema refuses a `__proto__` key. */
const looseBodyEndpoint = defineEndpoint({
  id: 'test.loose_body',
  method: 'POST',
  path: '/v1/test/loose-body',
  summary: 'Counts fields',
  description: 'Takes any object.',
  input: z.record(z.string(), z.unknown()),
  output: z.object({ fields: z.number() }),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: {}, response: { fields: 0 } },
  async handler({ input }) {
    return { fields: Object.keys(input).length };
  },
});

function assertRefused(response: TestResponse, status: number, code: string, message?: RegExp | string): void {
  const context = JSON.stringify(response.body);
  assert.equal(response.status, status, context);
  assert.deepEqual(Object.keys(response.body), ['ok', 'error'], context);
  assert.equal(response.body.error.code, code, context);
  if (typeof message === 'string') assert.equal(response.body.error.message, message);
  else if (message) assert.match(response.body.error.message, message);
  assert.match(response.headers.get('x-request-id') ?? '', REQUEST_ID);
}

/** Sends bytes exactly as given. */
async function postBytes(app: TestApp, path: string, body: Buffer | string, apiKey: string, headers: Record<string, string> = {}): Promise<TestResponse> {
  const response = await fetch(app.baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKey, ...headers }, body: typeof body === 'string' ? body : new Uint8Array(body) });
  return readTestResponse(response);
}

function exampleOf(id: string): Record<string, unknown> {
  const endpoint = registry.find((candidate) => candidate.id === id);
  assert.ok(endpoint, id);
  return { path: endpoint.path, body: endpoint.examples.request as Record<string, unknown> };
}

describe(`bad input in the body (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ endpoints: [...registry, optionalBodyEndpoint, looseBodyEndpoint] }, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(() => app?.close());

  /** Refused as `status`/`code`, and the account neither charged nor touched in the ledger. */
  async function refusedUncharged(send: (apiKey: string) => Promise<TestResponse>, status: number, code: string, message?: RegExp | string): Promise<void> {
    const { accountId, apiKey } = await app.createAccount('1.00');
    assertRefused(await send(apiKey), status, code, message);
    assert.equal(await app.balance(accountId), 1_000_000);
    const kinds = await app.store.db.selectFrom('ledger_entries').select('kind').where('account_id', '=', accountId).execute();
    assert.deepEqual(kinds.map((row) => row.kind), ['credit']);
  }

  for (const id of ['maps.search', 'serp.websearch_autocomplete', 'search.websearch', 'serp.websearch_maps']) {
    test(`${id}: a query with a lone surrogate is 400 naming query, not charged`, async () => {
      const { path, body } = exampleOf(id) as { path: string; body: Record<string, unknown> };
      await refusedUncharged(
        (apiKey) => app.post(path, { ...body, query: 'caf\ud800' }, apiKey),
        400,
        'VALIDATION_ERROR',
        'query: must be valid Unicode text; it holds a lone UTF-16 surrogate',
      );
    });
  }

  test('a lone surrogate deep inside the body, or in a field name, is named by its path', async () => {
    await refusedUncharged(
      (apiKey) => app.post('/v1/test/loose-body', { list: [{ ok: 'fine' }, { name: 'x\udc00y' }] }, apiKey),
      400,
      'VALIDATION_ERROR',
      'list[1].name: must be valid Unicode text; it holds a lone UTF-16 surrogate',
    );
    await refusedUncharged(
      (apiKey) => app.post('/v1/test/loose-body', { outer: { ['k\ud83d']: 1 } }, apiKey),
      400,
      'VALIDATION_ERROR',
      'outer: has a field name that is not valid Unicode text (a lone UTF-16 surrogate)',
    );
  });

  test('a well-formed surrogate pair (an emoji) is accepted', async () => {
    const { apiKey } = await app.createAccount('1.00');
    const accepted = await app.post('/v1/test/optional-body', { word: 'coffee 😀' }, apiKey);
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal(accepted.body.data.word, 'coffee 😀');
  });

  test('a body that is not valid UTF-8 is 400, not read as U+FFFD and charged', async () => {
    const latin1 = Buffer.from('{"query":"caf\xe9 in seattle"}', 'latin1');
    await refusedUncharged((apiKey) => postBytes(app, '/v1/maps/search', latin1, apiKey), 400, 'VALIDATION_ERROR', 'The request body is not valid UTF-8.');
    const truncated = Buffer.concat([Buffer.from('{"query":"coffee '), Buffer.from('😀').subarray(0, 2), Buffer.from('"}')]);
    await refusedUncharged((apiKey) => postBytes(app, '/v1/maps/search', truncated, apiKey), 400, 'VALIDATION_ERROR', 'The request body is not valid UTF-8.');
  });

  test('a lone surrogate written as raw bytes (no \\u escape) is refused as invalid UTF-8, not charged', async () => {
    // U+D800 encoded as if it were a code point (CESU-style): the one way a surrogate could arrive without an escape.
    const encodedSurrogate = Buffer.concat([Buffer.from('{"query":"caf'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from(' in seattle"}')]);
    await refusedUncharged((apiKey) => postBytes(app, '/v1/maps/search', encodedSurrogate, apiKey), 400, 'VALIDATION_ERROR', 'The request body is not valid UTF-8.');
  });

  test('a compressed body is 415 UNSUPPORTED_MEDIA_TYPE, not charged; identity is accepted', async () => {
    const json = JSON.stringify({ query: 'coffee in seattle' });
    for (const encoding of ['gzip', 'br', 'deflate', 'identity, gzip']) {
      await refusedUncharged(
        (apiKey) => postBytes(app, '/v1/maps/search', gzipSync(json), apiKey, { 'content-encoding': encoding }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        /Content-Encoding/,
      );
    }
    const { apiKey } = await app.createAccount('1.00');
    const identity = await postBytes(app, '/v1/maps/search', json, apiKey, { 'content-encoding': 'identity' });
    assert.equal(identity.status, 200, JSON.stringify(identity.body));
  });

  test('a body declared in a charset other than UTF-8 is 415 naming it, not charged; utf-8 in any spelling is accepted', async () => {
    // Latin-1 bytes for "café" that are also valid UTF-8 ("cafÃ©" read as Latin-1): read as UTF-8 they would be a different query.
    const latin1 = Buffer.from('{"query":"cafÃ© in seattle"}', 'latin1');
    for (const contentType of ['application/json; charset=latin1', 'application/json;charset="ISO-8859-1"', 'application/json; charset=utf-16']) {
      await refusedUncharged(
        (apiKey) => postBytes(app, '/v1/maps/search', latin1, apiKey, { 'content-type': contentType }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        /^Send the JSON in UTF-8: charset=(latin1|iso-8859-1|utf-16) is not accepted/,
      );
    }
    const { apiKey } = await app.createAccount('1.00');
    for (const contentType of ['application/json; charset=utf-8', 'application/json; charset="UTF-8"', 'application/json;charset=utf8']) {
      const accepted = await postBytes(app, '/v1/maps/search', JSON.stringify({ query: 'coffee in seattle' }), apiKey, { 'content-type': contentType });
      assert.equal(accepted.status, 200, `${contentType}: ${JSON.stringify(accepted.body)}`);
    }
  });

  test('a body of 60,000 unknown fields is a 400 naming the first 10 and counting the rest, the first as param; not charged', async () => {
    const body: Record<string, number> = {};
    for (let index = 0; index < 60_000; index += 1) body[`k${index}`] = index;
    const named = Array.from({ length: 10 }, (_, index) => `k${index}: unknown field (not accepted by this endpoint)`);
    let param: unknown;
    await refusedUncharged(
      async (apiKey) => {
        const response = await app.post('/v1/test/optional-body', body, apiKey);
        param = response.body.error?.param;
        return response;
      },
      400,
      'VALIDATION_ERROR',
      `${named.join('; ')}; and 59990 more unknown fields`,
    );
    assert.equal(param, 'k0');
  });

  test('a __proto__ key is 400 naming it, not charged', async () => {
    await refusedUncharged(
      (apiKey) => app.post('/v1/test/loose-body', '{"__proto__":{"x":1}}', apiKey),
      400,
      'VALIDATION_ERROR',
      '__proto__: this field name is not accepted (it could alter object prototypes)',
    );
    await refusedUncharged(
      (apiKey) => app.post('/v1/test/loose-body', '{"a":[{"b":{"\\u005f_proto__":{"x":1}}}]}', apiKey),
      400,
      'VALIDATION_ERROR',
      'a[0].b.__proto__: this field name is not accepted (it could alter object prototypes)',
    );
    await refusedUncharged((apiKey) => app.post('/v1/serp/websearch', '{"query":"coffee","__proto__":{"x":1}}', apiKey), 400, 'VALIDATION_ERROR', /^__proto__: this field name is not accepted/);
  });

  test('a constructor.prototype key is 400 naming it, not charged', async () => {
    await refusedUncharged(
      (apiKey) => app.post('/v1/test/loose-body', '{"constructor":{"prototype":{"x":1}}}', apiKey),
      400,
      'VALIDATION_ERROR',
      'constructor.prototype: this field name is not accepted (it could alter object prototypes)',
    );
    // A field named constructor, or one named prototype, is just a field.
    const { apiKey } = await app.createAccount('1.00');
    const plain = await app.post('/v1/test/loose-body', '{"constructor":"x","prototype":{"a":1}}', apiKey);
    assert.equal(plain.status, 200, JSON.stringify(plain.body));
    assert.equal(plain.body.data.fields, 2);
  });

  test('a leading byte-order mark is dropped: the body is read as the JSON after it', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await postBytes(app, '/v1/test/optional-body', '\ufeff{"word":"bom"}', apiKey);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.data.word, 'bom');
    assert.equal(await app.balance(accountId), 990_000);
  });

  test('malformed JSON is described with invisible characters written as escapes', async () => {
    await refusedUncharged((apiKey) => postBytes(app, '/v1/test/optional-body', '\u200b{"word":"x"}', apiKey), 400, 'VALIDATION_ERROR', /^The request body is not valid JSON: .*\\u200B/);
    const { apiKey } = await app.createAccount('1.00');
    const response = await postBytes(app, '/v1/test/optional-body', '{"word":\u00a0"x"}', apiKey);
    assert.doesNotMatch(response.body.error.message, /[\p{C}\u00a0\u200b\ufeff]/u);
  });

  test('null, an array, a number, a string or a boolean as the body is 400 "body: must be a JSON object", not charged', async () => {
    for (const body of ['null', '[]', '[{"word":"x"}]', '5', '"word"', 'true']) {
      await refusedUncharged((apiKey) => app.post('/v1/test/optional-body', body, apiKey), 400, 'VALIDATION_ERROR', 'body: must be a JSON object');
    }
    await refusedUncharged((apiKey) => app.post('/v1/seo/domain/available', 'null', apiKey), 400, 'VALIDATION_ERROR', 'body: must be a JSON object');
  });

  test('an empty body still means every default', async () => {
    for (const body of ['', '  \n']) {
      const { accountId, apiKey } = await app.createAccount('1.00');
      const response = await app.post('/v1/test/optional-body', body, apiKey);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.data.word, 'hello');
      assert.equal(await app.balance(accountId), 990_000);
    }
  });

  test('maps reviews: a fractional depth is 400 "must be a whole number", not rounded and charged', async () => {
    const { body } = exampleOf('maps.reviews') as { body: Record<string, unknown> };
    await refusedUncharged((apiKey) => app.post('/v1/maps/reviews', { ...body, depth: 10.5 }, apiKey), 400, 'VALIDATION_ERROR', 'depth: must be a whole number');
  });

  test('a location code longer than seven digits names no location: 400 naming location_code, not charged', async () => {
    await refusedUncharged((apiKey) => app.post('/v1/serp/websearch', { query: 'coffee', location_code: 999_999_999 }, apiKey), 400, 'VALIDATION_ERROR', 'location_code: must be at most 9999999');
    await refusedUncharged((apiKey) => app.post('/v1/seo/domain/keywords', { domain: 'example.com', location_code: 10_000_000 }, apiKey), 400, 'VALIDATION_ERROR', 'location_code: must be at most 9999999');
    await refusedUncharged((apiKey) => app.post('/v1/seo/ai/llm-mentions', { target: [{ domain: 'example.com' }], location_code: 999_999_999 }, apiKey), 400, 'VALIDATION_ERROR', 'location_code: must be at most 9999999');
    // A city's seven-digit code is a location.
    const { apiKey } = await app.createAccount('1.00');
    const city = await app.post('/v1/serp/websearch', { query: 'coffee', location_code: 1_023_191 }, apiKey);
    assert.equal(city.status, 200, JSON.stringify(city.body));
  });

  test('an integer beyond the safe range reports one limit, the field’s own', async () => {
    const { body } = exampleOf('maps.reviews') as { body: Record<string, unknown> };
    const placeId = JSON.stringify(body.place_id);
    // Sent as text: JSON.stringify would round 9007199254740993 before it left.
    await refusedUncharged((apiKey) => app.post('/v1/maps/reviews', `{"place_id":${placeId},"depth":9007199254740993}`, apiKey), 400, 'VALIDATION_ERROR', 'depth: must be at most 150');
    await refusedUncharged((apiKey) => app.post('/v1/maps/reviews', `{"place_id":${placeId},"depth":-9007199254740993}`, apiKey), 400, 'VALIDATION_ERROR', 'depth: must be at least 10');
    await refusedUncharged((apiKey) => app.post('/v1/serp/websearch', '{"query":"coffee","depth":9007199254740993}', apiKey), 400, 'VALIDATION_ERROR', 'depth: must be at most 100');
    await refusedUncharged((apiKey) => app.post('/v1/search/websearch', '{"query":"coffee","numResults":1e300}', apiKey), 400, 'VALIDATION_ERROR', 'numResults: must be at most 100');
    // Too large for a double: JSON.parse makes it Infinity, which breaks the same bound.
    await refusedUncharged((apiKey) => app.post('/v1/serp/websearch', '{"query":"coffee","depth":1e400}', apiKey), 400, 'VALIDATION_ERROR', 'depth: must be at most 100');
    await refusedUncharged((apiKey) => app.post('/v1/serp/websearch', '{"query":"coffee","depth":-1e400}', apiKey), 400, 'VALIDATION_ERROR', 'depth: must be at least 1');
  });
});

/** What came back on a raw socket: status, headers (lower-cased) and body. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `request` byte for byte and reads until the server closes the connection. */
function rawExchange(app: TestApp, request: string | Buffer): Promise<RawAnswer> {
  const { port } = new URL(app.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseRawAnswer(Buffer.concat(chunks).toString('utf8'))));
  });
}

/** The first response in `text` (a `100 Continue` before it would be that first response). */
function parseRawAnswer(text: string): RawAnswer {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

/** `param` when the refusal names a field or header (the message begins with it), else none. */
function assertRawEnvelope(answer: RawAnswer, status: number, code: string, message?: RegExp, param?: string): void {
  assert.equal(answer.status, status, JSON.stringify(answer));
  assert.match(answer.headers['content-type'] ?? '', /^application\/json/);
  assert.match(answer.headers['x-request-id'] ?? '', REQUEST_ID);
  assert.equal(answer.headers.connection, 'close');
  assert.equal(Number(answer.headers['content-length']), Buffer.byteLength(answer.body));
  const body = JSON.parse(answer.body);
  assert.deepEqual(Object.keys(body), ['ok', 'error']);
  assert.equal(body.ok, false);
  assert.deepEqual(Object.keys(body.error), param === undefined ? ['code', 'message'] : ['code', 'message', 'param']);
  assert.equal(body.error.param, param);
  assert.equal(answer.headers['x-content-type-options'], 'nosniff');
  assert.equal(answer.headers['cache-control'], 'no-store');
  assert.equal(body.error.code, code);
  if (message) assert.match(body.error.message, message);
}

describe(`requests the HTTP parser refuses, answered in the envelope (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app?.close());

  test('headers over the size limit: 431 REQUEST_HEADER_FIELDS_TOO_LARGE', async () => {
    const answer = await rawExchange(app, `GET /health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    assertRawEnvelope(answer, 431, 'REQUEST_HEADER_FIELDS_TOO_LARGE', /headers exceed \d+ bytes/);
  });

  test('a malformed request line: 400 VALIDATION_ERROR', async () => {
    assertRawEnvelope(await rawExchange(app, 'THIS IS NOT HTTP\r\n\r\n'), 400, 'VALIDATION_ERROR', /^Malformed HTTP request/);
    assertRawEnvelope(await rawExchange(app, 'GET /health HTTP/9.9\r\n\r\n'), 400, 'VALIDATION_ERROR', /^Malformed HTTP request/);
  });

  test('a malformed header: 400 VALIDATION_ERROR', async () => {
    assertRawEnvelope(await rawExchange(app, 'GET /health HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n'), 400, 'VALIDATION_ERROR', /^Malformed HTTP request/);
  });

  test('Content-Length beside Transfer-Encoding, or twice: 400 VALIDATION_ERROR', async () => {
    const both = 'POST /v1/maps/search HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n';
    assertRawEnvelope(await rawExchange(app, both), 400, 'VALIDATION_ERROR', /^Malformed HTTP request: Transfer-Encoding can't be present with Content-Length/);
    const twice = 'POST /v1/maps/search HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}';
    assertRawEnvelope(await rawExchange(app, twice), 400, 'VALIDATION_ERROR', /^Malformed HTTP request: Duplicate Content-Length/);
  });

  test('each refusal carries a fresh request id', async () => {
    const first = await rawExchange(app, 'NOPE\r\n\r\n');
    const second = await rawExchange(app, 'NOPE\r\n\r\n');
    assert.notEqual(first.headers['x-request-id'], second.headers['x-request-id']);
  });
});

describe(`a request whose body stops arriving (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, { TOLLGATE_REQUEST_TIMEOUT_MS: '1000' });
  });
  after(() => app?.close());

  test('is answered 408 REQUEST_TIMEOUT and its connection closed, once TOLLGATE_REQUEST_TIMEOUT_MS has passed (Node checks every 30 s), not charged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const started = Date.now();
    const answer = await rawExchange(app, `POST /v1/tools/qr HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${apiKey}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"te`);
    assertRawEnvelope(answer, 408, 'REQUEST_TIMEOUT', /did not arrive in time/);
    assert.ok(Date.now() - started >= 1000, 'not before the timeout');
    assert.equal(await app.balance(accountId), 1_000_000);
  });
});

const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n';

/**
 * Sends `head` (with `Expect: 100-continue`), the body only once the server has answered
 * `100 Continue`, and reads until the server closes the connection: whether 100 came, and the final answer.
 */
function continuedExchange(app: TestApp, head: string, body: string): Promise<{ continued: boolean; answer: RawAnswer }> {
  const { port } = new URL(app.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(head));
    let text = '';
    let continued = false;
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (!continued && text.startsWith(CONTINUE)) {
        continued = true;
        text = text.slice(CONTINUE.length);
        socket.write(body);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ continued, answer: parseRawAnswer(text) }));
  });
}

describe(`requests refused before their body is read (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(() => app?.close());

  const query = JSON.stringify({ query: 'coffee in seattle' });

  async function assertUncharged(accountId: string): Promise<void> {
    assert.equal(await app.balance(accountId), 1_000_000);
    assert.deepEqual(await app.store.db.selectFrom('ledger_entries').select('kind').where('account_id', '=', accountId).where('kind', '!=', 'credit').execute(), []);
  }

  test('an HTTP/1.1 request without Host: 400 VALIDATION_ERROR naming Host, in the envelope, its connection closed, before its key is read', async () => {
    // The key is not even looked at: a bad one is still answered 400, not 401.
    const answer = await rawExchange(app, 'GET /v1/account HTTP/1.1\r\nx-api-key: tg_live_unknown\r\n\r\n');
    assertRawEnvelope(answer, 400, 'VALIDATION_ERROR', /^Host: an HTTP\/1\.1 request must carry a Host header/, 'Host');
    // HTTP/1.0 has no Host requirement.
    assert.equal((await rawExchange(app, 'GET /health HTTP/1.0\r\n\r\n')).status, 200);
  });

  test('a transfer coding other than chunked: 415 naming it, in the envelope, its connection closed, not charged; chunked alone is read', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const chunked = (body: Buffer) => Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]);
    const post = (transferEncoding: string, body: Buffer) =>
      rawExchange(app, Buffer.concat([Buffer.from(`POST /v1/maps/search HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nx-api-key: ${apiKey}\r\nTransfer-Encoding: ${transferEncoding}\r\nConnection: close\r\n\r\n`), body]));
    // Gzipped as it says, and plain under the same header: neither is read (nor charged).
    for (const body of [gzipSync(query), Buffer.from(query)]) {
      assertRawEnvelope(await post('gzip, chunked', chunked(body)), 415, 'UNSUPPORTED_MEDIA_TYPE', /^Transfer-Encoding: gzip is not supported/, 'Transfer-Encoding');
    }
    assertRawEnvelope(await post('deflate', Buffer.from(query)), 415, 'UNSUPPORTED_MEDIA_TYPE', /^Transfer-Encoding: deflate is not supported/, 'Transfer-Encoding');
    await assertUncharged(accountId);

    const read = await post('chunked', chunked(Buffer.from(query)));
    assert.equal(read.status, 200, read.body);
    assert.equal(await app.balance(accountId), 1_000_000 - Math.round(Number(read.headers['x-cost-usd']) * 1_000_000));
  });

  test('Expect: 100-continue: a bad key is answered 401 and a body over the limit 413, with no 100 before either; a good request gets 100, then its answer', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const head = (key: string, length: number) =>
      `POST /v1/maps/search HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nx-api-key: ${key}\r\nExpect: 100-continue\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;

    const badKey = await continuedExchange(app, head('tg_live_unknown', query.length), query);
    assert.equal(badKey.continued, false, 'no 100 Continue for a key that is refused');
    assertRawEnvelope(badKey.answer, 401, 'INVALID_API_KEY');

    const tooLarge = await continuedExchange(app, head(apiKey, 2_000_000), query);
    assert.equal(tooLarge.continued, false, 'no 100 Continue for a body over the limit');
    assertRawEnvelope(tooLarge.answer, 413, 'PAYLOAD_TOO_LARGE');

    await assertUncharged(accountId);

    const good = await continuedExchange(app, head(apiKey, query.length), query);
    assert.equal(good.continued, true, 'a request that passed the checks is invited to send its body');
    assert.equal(good.answer.status, 200, good.answer.body);
    assert.ok(await app.balance(accountId) < 1_000_000, 'the call was served and charged');
  });
});
