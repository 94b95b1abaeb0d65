import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { installErrorHandling } from '../../src/core/error-handling';
import { ApiError, UpstreamError } from '../../src/core/errors';
import { FetchFailed } from '../../src/net/errors';
import { TransientUpstreamError, upstreamRequest, type UpstreamRequest } from '../../src/providers/http/upstream-request';
import { RdapClient, RDAP_MAX_BODY_BYTES } from '../../src/providers/rdap/client';
import { rdapFailure } from '../../src/providers/rdap/errors';
import { parseExtraction } from '../../src/scrape/ai-extraction';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

/**
 * What the log says of a vendor's failure: no part of a body the vendor sent (through the error's
 * message, detail or cause), a body past its cap never read whole, and expected failures (a
 * vendor's, a destination's, a model's) below error level and without stacks, bugs at error.
 */

/** A registrant's address in a body that is not JSON: the parser's error would quote it. */
const EMAIL = 'johnny.private@mail.example';
const NOT_JSON = `{"email": ${EMAIL}, "status": "active"}`;

/** A server with the app's error handling whose log lines (pino JSON) are kept; `fail` sets what its one route throws. */
async function loggingServer(): Promise<{ server: FastifyInstance; lines: string[]; fail(error: unknown): Promise<number> }> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter((line) => line !== ''));
      done();
    },
  });
  const server = Fastify({ logger: { level: 'info', stream } });
  installErrorHandling(server, { maxBodyBytes: 1024 });
  let thrown: unknown;
  server.get('/fail', async () => {
    throw thrown;
  });
  await server.ready();
  return {
    server,
    lines,
    async fail(error) {
      thrown = error;
      lines.length = 0;
      return (await server.inject({ method: 'GET', url: '/fail' })).statusCode;
    },
  };
}

/** The log line the error handler wrote for the failure (not Fastify's own request lines). */
function failureLine(lines: string[]): { level: number; [field: string]: unknown } {
  const own = lines.map((line) => JSON.parse(line)).filter((line) => line.msg !== 'incoming request' && line.msg !== 'request completed');
  assert.equal(own.length, 1, lines.join('\n'));
  return own[0];
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  let caught: unknown;
  await promise.then(
    () => assert.fail('the call succeeded'),
    (error: unknown) => (caught = error),
  );
  assert.ok(caught instanceof Error);
  return caught;
}

/** Everything a log line could hold of an error: the app's error handler's line, and pino's `err` serialisation (as the media jobs log). */
function everythingLogged(error: unknown, handlerLines: string[]): string {
  const serialised: string[] = [];
  const log = pino({}, new Writable({ write: (chunk, _encoding, done) => (serialised.push(String(chunk)), done()) }));
  log.warn({ err: error }, 'logged whole');
  return [...handlerLines, ...serialised].join('\n');
}

describe('vendor failures in the log', () => {
  let vendor: FakeUpstream;
  let logging: Awaited<ReturnType<typeof loggingServer>>;
  before(async () => {
    vendor = await startFakeUpstream();
    logging = await loggingServer();
  });
  after(async () => {
    await logging?.server.close();
    await vendor?.close();
  });
  beforeEach(() => vendor.reset());

  const call = (path: string, extra: Partial<UpstreamRequest> = {}): UpstreamRequest => ({
    vendor: 'Vendor',
    method: 'GET',
    url: `${vendor.url}${path}`,
    timeoutMs: 3000,
    signal: new AbortController().signal,
    ...extra,
  });

  test('a 200 that is not JSON: a 502 whose log holds no part of the body, whether the body may be quoted or not', async () => {
    vendor.on('GET /answer', { raw: NOT_JSON });
    for (const loggable of [undefined, { path: false, body: false }]) {
      const error = await rejection(upstreamRequest(call('/answer', loggable ? { loggable } : {})));
      assert.ok(error instanceof UpstreamError && !(error instanceof TransientUpstreamError));
      assert.equal(await logging.fail(error), 502);
      assert.match(failureLine(logging.lines).detail as string, /HTTP 200 with a body that is not JSON/);
      const logged = everythingLogged(error, logging.lines);
      for (const part of [EMAIL, 'johnny', 'mail.example']) assert.ok(!logged.includes(part), `${part} was logged: ${logged}`);
    }
  });

  test('RDAP: a registry answering 200 with a body that is not JSON leaves none of it in the log', async () => {
    vendor.on('GET /domain/example.com', { raw: NOT_JSON, headers: { 'content-type': 'application/rdap+json' } });
    const error = await rejection(new RdapClient(3000).get(`${vendor.url}/domain/example.com`, { signal: new AbortController().signal }));
    assert.equal(await logging.fail(error), 502);
    const logged = everythingLogged(error, logging.lines);
    for (const part of [EMAIL, 'johnny', 'mail.example', 'example.com']) assert.ok(!logged.includes(part), `${part} was logged: ${logged}`);
  });

  test("a body past the call's cap is not read whole: a 502, not transient; one at the cap is read, as undici's text() reads it", async () => {
    const padded = (bytes: number) => JSON.stringify({ pad: 'x'.repeat(bytes - 10) });
    assert.equal(padded(1024).length, 1024);
    vendor.on('GET /at-cap', { raw: padded(1024) });
    vendor.on('GET /past-cap', { raw: padded(1025) });
    vendor.on('GET /bom', { raw: '\uFEFF{"name":"Zoë"}' });
    assert.deepEqual((await upstreamRequest(call('/at-cap', { maxBodyBytes: 1024 }))).body, JSON.parse(padded(1024)));
    assert.deepEqual((await upstreamRequest(call('/bom'))).body, { name: 'Zoë' });
    const error = await rejection(upstreamRequest(call('/past-cap', { maxBodyBytes: 1024 })));
    assert.ok(error instanceof UpstreamError && !(error instanceof TransientUpstreamError), String(error));
    assert.equal(error.status, 502);
    assert.match(error.message, /too large/);
    assert.match(error.detail ?? '', /Vendor GET \/past-cap: HTTP 200 with a body over 1024 bytes/);
  });

  test('RDAP answers are capped: a registry answering more than RDAP_MAX_BODY_BYTES is a 502, asked once', async () => {
    vendor.on('GET /domain/huge.com', { raw: JSON.stringify({ objectClassName: 'domain', remarks: 'x'.repeat(RDAP_MAX_BODY_BYTES) }) });
    const error = await rejection(new RdapClient(3000).get(`${vendor.url}/domain/huge.com`, { signal: new AbortController().signal }));
    assert.ok(error instanceof UpstreamError, String(error));
    assert.match(error.message, /too large/);
    assert.equal(vendor.requests.length, 1, 'not tried again');
  });

  test('levels: vendors, registries and models failing at warn, destinations at info, neither with a stack; bugs at error with theirs', async () => {
    const parserError = (() => {
      try {
        JSON.parse(NOT_JSON);
      } catch (error) {
        return error;
      }
    })();
    const expected: Array<[string, unknown, number]> = [
      ['a vendor answering what is not JSON', new UpstreamError('The upstream data provider sent a malformed answer.', { cause: parserError, detail: 'Vendor GET /x: HTTP 200' }), 40],
      ['a vendor unreachable', new TransientUpstreamError('The upstream data provider is unreachable right now.', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) }), 40],
      ['a page that is an image', new UpstreamError('url: the page is image/png, not HTML or text: there is nothing to scrape.'), 40],
      ["a registry's 403", rdapFailure({ status: 403, headers: {}, body: undefined, quote: (text) => text }, 'rdap.example'), 40],
      ['a model not answering JSON', (() => {
        try {
          parseExtraction('not json', undefined);
        } catch (error) {
          return error;
        }
      })(), 40],
      ['a page that cannot be reached', new FetchFailed('url: the site could not be reached', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) }), 30],
    ];
    for (const [what, error, level] of expected) {
      assert.equal(await logging.fail(error), 502, what);
      const line = failureLine(logging.lines);
      assert.equal(line.level, level, `${what}: ${JSON.stringify(line)}`);
      assert.equal(line.failure, (error as Error).message, what);
      assert.ok(!('stack' in line) && !('err' in line), `${what}: ${JSON.stringify(line)}`);
      assert.ok(!JSON.stringify(line).includes('johnny'), what);
    }
    assert.equal(failureLine((await logging.fail(expected[1]![1]), logging.lines)).code, 'ECONNRESET', "a vendor's failure is logged by its cause's code");

    for (const [what, bug, status] of [
      ['an internal error', new ApiError('INTERNAL_ERROR', 'Internal error.', { cause: new TypeError('x is undefined') }), 500],
      ['an error no one caught', new TypeError('y is undefined'), 500],
    ] as const) {
      assert.equal(await logging.fail(bug), status, what);
      const line = failureLine(logging.lines) as { level: number; err?: { stack?: string } };
      assert.equal(line.level, 50, what);
      assert.match(line.err?.stack ?? '', /TypeError/, what);
    }
  });
});
