import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tokenCostMicros } from '../../src/core/price';
import { builtinCatalog } from '../../src/catalog/model-catalog';
import { promptTokens, textTokens } from '../../src/chat/tokens';
import { ApiKeys } from '../../src/auth/api-keys';
import { Ledger } from '../../src/ledger/ledger';
import type { ChatProvider } from '../../src/providers/families/chat';
import type { ChatCompletionChunk } from '../../src/schemas/chat-completions';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';
import { dataForSeoEnvelope, dataForSeoEnvironment } from '../helpers/dataforseo-wire';
import { openSharedDatabase, startServerProcess, stopServerProcess, type ServerProcess, type SharedDatabase } from '../helpers/server-process';
import { SERVER_NODE_FLAGS } from '../../scripts/node-flags.mjs';
import { REPOSITORY } from '../../scripts/repository';

/**
 * Graceful shutdown: a SIGTERM lets the calls in flight finish and be charged once, refuses new
 * connections and exits 0 within the grace period; event streams under way are ended with an
 * error event and charged for what they delivered.
 */

const MODEL = builtinCatalog.find('openai/gpt-4o-mini')!;
const WORDS = ['Tokens', ' are', ' billed', ' exactly'];
const chunk = (delta: ChatCompletionChunk['choices'][number]['delta']): ChatCompletionChunk => ({
  id: 'chatcmpl-scripted',
  object: 'chat.completion.chunk',
  created: 1795000000,
  model: MODEL.upstream.model,
  choices: [{ index: 0, delta, finish_reason: null }],
});

/** Streams four words, then waits for more that never come, until its call is aborted. */
const endless: ChatProvider = {
  name: 'scripted',
  async complete() {
    throw new Error('only streams are asked of this provider');
  },
  async stream(request, call) {
    async function* chunks(): AsyncGenerator<ChatCompletionChunk> {
      yield chunk({ role: 'assistant', content: '' });
      for (const word of WORDS) yield chunk({ content: word });
      await new Promise((_resolve, reject) => call.signal.addEventListener('abort', () => reject(call.signal.reason), { once: true }));
    }
    return { model: request.route[0]!.model, chunks: chunks() };
  },
};

describe('shutdown of a stream in flight', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ providers: { chat: endless } });
  });
  after(() => app.store.close());

  test('the stream ends with an UNAVAILABLE error event and is charged for the tokens it delivered; the shutdown completes', async () => {
    const account = await app.createAccount('1.00');
    const request = { model: MODEL.id, messages: [{ role: 'user' as const, content: 'How are tokens billed?' }], max_tokens: 100, stream: true };
    const response = await fetch(`${app.baseUrl}/v1/ai/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.apiKey}` },
      body: JSON.stringify(request),
    });
    assert.equal(response.status, 200);
    const reader = response.body!.getReader();
    let received = '';
    while (!received.includes('exactly')) received += new TextDecoder().decode((await reader.read()).value);

    const shutdown = app.shutdown(10_000);
    for (let read = await reader.read(); !read.done; read = await reader.read()) received += new TextDecoder().decode(read.value);
    await shutdown;

    const last = received.trim().split('\n\n').at(-1)!;
    const failure = JSON.parse(last.slice('data: '.length));
    assert.equal(failure.error.code, 'UNAVAILABLE');
    assert.match(failure.error.message, /charged only for what was delivered/);
    const charged = tokenCostMicros({ rates: MODEL, tokens: { promptTokens: promptTokens(request), completionTokens: textTokens(WORDS.join('')) } });
    assert.ok(charged > 0);
    assert.equal(1_000_000 - (await app.balance(account.accountId)), charged);
    assert.equal(await app.ledgerSum(account.accountId), await app.balance(account.accountId));
  });
});

/** Resolves true once a new TCP connection to `url` is refused (polling: the signal is handled asynchronously). */
async function refusesConnections(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  for (let attempt = 0; attempt < 500; attempt++) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(Number(port), hostname);
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
    if (refused) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

describe('SIGTERM to a server process', () => {
  const TECHNOLOGIES = '/v3/domain_analytics/technologies/domain_technologies/live';
  let database: SharedDatabase;
  let fake: FakeUpstream;
  let server: ServerProcess | undefined;
  before(async () => {
    database = await openSharedDatabase();
    fake = await startFakeUpstream();
  });
  after(async () => {
    await stopServerProcess(server);
    await fake.close();
    await database.close();
  });

  test('a slow call in flight completes and is charged once, new connections are refused, and the process exits 0', async () => {
    let answerVendor: () => void = () => undefined;
    const vendorAsked = new Promise<void>((resolveAsked) => {
      fake.on(`POST ${TECHNOLOGIES}`, () => {
        resolveAsked();
        return new Promise((resolve) => {
          answerVendor = () => resolve({ json: dataForSeoEnvelope(TECHNOLOGIES, { result: [{ technologies: null }] }) });
        });
      });
    });
    server = await startServerProcess({
      ...database.environment,
      ...dataForSeoEnvironment(fake, { TOLLGATE_UPSTREAM_TIMEOUT_MS: '30000' }),
      TOLLGATE_SHUTDOWN_GRACE_MS: '20000',
    });
    const ledger = new Ledger(database.store);
    const account = await ledger.createAccount('shutdown@example.com', 1_000_000, 'test_shutdown_credit');
    const { apiKey } = await new ApiKeys(database.store.db).issue(account.id);

    const call = fetch(`${server.url}/v1/seo/domain/technologies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ domain: 'example.com' }),
    });
    await vendorAsked;
    server.child.kill('SIGTERM');
    assert.ok(await refusesConnections(server.url), 'new connections are still accepted after SIGTERM');
    answerVendor();

    const response = await call;
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('x-cost-usd'), '0.03');
    await response.text();
    assert.deepEqual(await server.exited, { code: 0, signal: null });

    assert.equal(await ledger.balance(account.id), 1_000_000 - 30_000);
    const entries = await database.store.db.selectFrom('ledger_entries').select(['kind', 'cost_micros']).where('account_id', '=', account.id).where('kind', '!=', 'credit').execute();
    assert.deepEqual(entries.filter((entry) => entry.kind === 'capture').map((entry) => Number(entry.cost_micros)), [30_000]);
    assert.equal(entries.filter((entry) => entry.kind === 'release').length, 0);
    assert.ok(server.logs.some((line) => line.includes('"msg":"shut down"')), 'the process did not log its shutdown');
    // Started with PORT=0: its own start line names the port it was given.
    assert.ok(server.logs.some((line) => line.includes(`"msg":"Tollgate listening on ${server!.url} (docs at /docs)"`)), 'the start was not logged with the address bound');
  });

  test('a call still running when the grace period ends: its connection is closed, its hold released, and the log says the shutdown cut it (not its client)', async () => {
    let answerLate: () => void = () => undefined;
    const vendorAsked = new Promise<void>((resolveAsked) => {
      fake.on(`POST ${TECHNOLOGIES}`, () => {
        resolveAsked();
        // Answers only after the test, so the fake can close.
        return new Promise((resolve) => {
          answerLate = () => resolve({ json: dataForSeoEnvelope(TECHNOLOGIES, { result: [{ technologies: null }] }) });
        });
      });
    });
    // 2 s: the call is cut at 1 s, leaving the settling its least time (1 s).
    server = await startServerProcess({
      ...database.environment,
      ...dataForSeoEnvironment(fake, { TOLLGATE_UPSTREAM_TIMEOUT_MS: '30000' }),
      TOLLGATE_SHUTDOWN_GRACE_MS: '2000',
    });
    const ledger = new Ledger(database.store);
    const account = await ledger.createAccount('shutdown-cut@example.com', 1_000_000, 'test_shutdown_cut_credit');
    const { apiKey } = await new ApiKeys(database.store.db).issue(account.id);

    const call = fetch(`${server.url}/v1/seo/domain/technologies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ domain: 'example.com' }),
    }).then(
      () => 'answered',
      () => 'cut',
    );
    await vendorAsked;
    server.child.kill('SIGTERM');
    assert.equal(await call, 'cut');
    assert.deepEqual(await server.exited, { code: 0, signal: null }, `the shutdown did not complete within its grace period (exit 1: an overrun or a failure):\n${server.logs.slice(-8).join('\n')}`);

    assert.equal(await ledger.balance(account.id), 1_000_000);
    assert.ok(server.logs.some((line) => line.includes("the shutdown's grace period ended and the server closed the call's connection")), 'the cut was not logged as the shutdown');
    assert.ok(!server.logs.some((line) => line.includes('client closed the connection before the answer')), 'the cut was logged as the client leaving');
    answerLate();
  });

  test('a second SIGTERM while draining ends the process at once with exit 1 (not the signal\'s own 143)', async () => {
    const vendorAsked = new Promise<void>((resolveAsked) => {
      fake.on(`POST ${TECHNOLOGIES}`, () => {
        resolveAsked();
        return new Promise(() => undefined); // never answers: the drain cannot finish
      });
    });
    server = await startServerProcess({
      ...database.environment,
      ...dataForSeoEnvironment(fake, { TOLLGATE_UPSTREAM_TIMEOUT_MS: '30000' }),
      TOLLGATE_SHUTDOWN_GRACE_MS: '20000',
    });
    const account = await new Ledger(database.store).createAccount('second-signal@example.com', 1_000_000, 'test_second_signal_credit');
    const { apiKey } = await new ApiKeys(database.store.db).issue(account.id);
    const call = fetch(`${server.url}/v1/seo/domain/technologies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ domain: 'example.com' }),
    }).catch(() => undefined);
    await vendorAsked;
    server.child.kill('SIGTERM');
    assert.ok(await refusesConnections(server.url), 'new connections are still accepted after SIGTERM');
    server.child.kill('SIGTERM');
    assert.deepEqual(await server.exited, { code: 1, signal: null });
    await call;
    assert.ok(server.logs.some((line) => line.includes('second signal during shutdown')), 'the process did not say why it stopped');
  });
});

describe('SIGTERM to a server process with a browser call in flight', () => {
  let database: SharedDatabase;
  let site: http.Server;
  let server: ServerProcess | undefined;
  let pageAsked: () => void = () => undefined;
  let answerPage: () => void = () => undefined;
  before(async () => {
    database = await openSharedDatabase();
    // The page's answer waits for the test: the browser is mid-navigation when the signal comes.
    site = http.createServer((_request, response) => {
      pageAsked();
      answerPage = () => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end('<html><head><title>Late page</title></head><body><p>Rendered after the signal.</p></body></html>');
      };
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    await stopServerProcess(server);
    site.close();
    await database.close();
  });

  // Playwright, left to itself, takes SIGTERM over: it kills the browsers at once (failing the call)
  // and leaves the process running. The app owns its signals; the pool closes in the shutdown.
  test('the page being rendered completes and is charged once, and the process exits 0', async () => {
    server = await startServerProcess({
      ...database.environment,
      TOLLGATE_FETCH_ALLOWED_NETWORKS: '127.0.0.0/8',
      TOLLGATE_BROWSER_POOL_SIZE: '1',
      TOLLGATE_SHUTDOWN_GRACE_MS: '20000',
    });
    const ledger = new Ledger(database.store);
    const account = await ledger.createAccount('shutdown-browser@example.com', 1_000_000, 'test_shutdown_browser_credit');
    const { apiKey } = await new ApiKeys(database.store.db).issue(account.id);
    let pageWasAsked = false;
    const asked = new Promise<void>((resolve) => (pageAsked = () => ((pageWasAsked = true), resolve())));

    const call = fetch(`${server.url}/v1/scrape/js`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ url: `http://127.0.0.1:${(site.address() as AddressInfo).port}/late` }),
    });
    // A call answered before its page was asked for (no browser to ask it, say) fails the test at
    // once, with its answer, instead of leaving it waiting for ever.
    await Promise.race([
      asked,
      call.then(async (response) => {
        if (!pageWasAsked) throw new Error(`the call answered ${response.status} before its page was asked for: ${await response.text()}`);
      }),
    ]);
    server.child.kill('SIGTERM');
    assert.ok(await refusesConnections(server.url), 'new connections are still accepted after SIGTERM');
    answerPage();

    const response = await call;
    const body = await response.json();
    assert.equal(response.status, 200, JSON.stringify(body));
    assert.match(JSON.stringify(body.data), /Rendered after the signal/);
    assert.deepEqual(await server.exited, { code: 0, signal: null });
    const price = Number(response.headers.get('x-cost-usd')) * 1_000_000;
    assert.ok(price > 0);
    assert.equal(await ledger.balance(account.id), 1_000_000 - price);
  });
});

describe('a server process that cannot listen', () => {
  let database: SharedDatabase;
  let taken: net.Server;
  before(async () => {
    database = await openSharedDatabase();
    taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    await new Promise((resolve) => taken?.close(resolve));
    await database?.close();
  });

  test('its port taken: it says so and exits 1, leaving nothing running (no media workers claiming jobs)', async () => {
    const port = String((taken.address() as AddressInfo).port);
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'bin/tollgate', 'serve'], {
      cwd: REPOSITORY,
      env: { PATH: process.env.PATH, ...database.environment, HOST: '127.0.0.1', PORT: port, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 1, stderr);
    assert.match(stderr, new RegExp(`tollgate: PORT ${port} is in use on 127\\.0\\.0\\.1: another process listens there`));
  });
});
