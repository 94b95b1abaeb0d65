import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { ApiKeys } from '../../src/auth/api-keys';
import { Ledger } from '../../src/ledger/ledger';
import type { SerpProvider } from '../../src/providers/families/serp';
import { sandboxProviders } from '../../src/providers/sandbox';
import { openSharedDatabase, startServerProcess, stopServerProcess, type ServerProcess, type SharedDatabase } from '../helpers/server-process';
import { hangingSerp } from '../helpers/hanging-serp';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/**
 * A client that goes away mid-call: the signal handed to the provider aborts (so an upstream call
 * stops), the hold is released (nothing charged), and the server goes on serving.
 */
describe(`a client leaving mid-call (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  const { provider: hangingProvider, seen } = hangingSerp();

  before(async () => {
    app = await startTestApp({ providers: { serp: hangingProvider } });
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

/**
 * A call pipelined behind another on its connection, whose client then leaves: its response is not
 * attached to the socket yet and never emits 'close', so the socket's state says the client has
 * gone. Its provider ignores its signal and answers: the answer is not charged, as for the call ahead.
 */
describe(`a pipelined call whose client left (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  const waiting: Array<() => void> = [];

  /** The sandbox, except for the query "wait", answered only when the test says (its signal ignored). */
  const waitingSerp: SerpProvider = {
    ...sandboxProviders.serp,
    search(request, options) {
      if (request.query !== 'wait') return sandboxProviders.serp.search(request, options);
      return new Promise((resolve) => waiting.push(() => resolve(sandboxProviders.serp.search({ ...request, query: 'coffee' }, options))));
    },
  };

  before(async () => {
    app = await startTestApp({ providers: { serp: waitingSerp } });
  });
  after(() => app.close());

  test('neither call is charged nor left held; usage lists neither', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const body = JSON.stringify({ query: 'wait', depth: 10 });
    const call = `POST /v1/serp/websearch HTTP/1.1\r\nHost: tollgate\r\nx-api-key: ${apiKey}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`;
    const { port } = new URL(app.baseUrl);
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(call + call));
    socket.on('error', () => {});
    for (let waited = 0; waiting.length < 2 && waited < 5_000; waited += 10) await delay(10);
    assert.equal(waiting.length, 2, 'both calls reached their provider');
    assert.equal(await app.balance(accountId), 980_000, 'both are held');
    socket.destroy();
    const connections = () => new Promise<number>((resolve, reject) => app.server.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
    for (let waited = 0; (await connections()) > 0 && waited < 5_000; waited += 10) await delay(10);
    assert.equal(await connections(), 0, 'the server saw the connection close');
    for (const answer of waiting) answer();
    for (let waited = 0; (await app.openHolds(accountId)) > 0 && waited < 5_000; waited += 10) await delay(10);
    assert.equal(await app.openHolds(accountId), 0, 'both calls settled');
    assert.equal(await app.balance(accountId), 1_000_000, 'nothing charged');
    assert.equal(await app.ledgerSum(accountId), 1_000_000);
    await app.get('/v1/account/usage', apiKey); // writes the call log's pending rows
    const calls = await app.store.db.selectFrom('api_calls').select('status').where('account_id', '=', accountId).where('endpoint_id', '=', 'serp.websearch').execute();
    assert.deepEqual(calls, []);
  });
});

/**
 * A client that hangs up while its body is still arriving (Node raises that as ECONNRESET,
 * "aborted"): a disconnect, logged at info — not a database outage logged as an error (a real
 * process, for its log lines).
 */
describe(`a client leaving mid-upload (${testDatabaseLabel()})`, () => {
  let database: SharedDatabase;
  let server: ServerProcess | undefined;
  before(async () => {
    database = await openSharedDatabase();
  });
  after(async () => {
    await stopServerProcess(server);
    await database.close();
  });

  test('is logged at info as a disconnect, nothing at error, nothing charged', async () => {
    server = await startServerProcess({ ...database.environment });
    const account = await new Ledger(database.store).createAccount('mid-upload@example.com', 1_000_000, 'test_mid_upload_credit');
    const { apiKey } = await new ApiKeys(database.store.db).issue(account.id);
    const { hostname, port } = new URL(server.url);
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(`POST /v1/serp/websearch HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nx-api-key: ${apiKey}\r\nContent-Length: 100000\r\nExpect: 100-continue\r\n\r\n`);
      });
      // The server asks for the body once the key is accepted: it is reading it when the client goes, part-way.
      socket.once('data', () => {
        socket.write('{"query":"cof');
        socket.destroy();
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });

    const lines = () => server!.logs.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown });
    const disconnect = () => lines().find((line) => line.msg.startsWith('client closed the connection before the answer'));
    for (let waited = 0; !disconnect() && waited < 10_000; waited += 50) await delay(50);
    assert.equal(disconnect()?.level, 30, server.logs.join('\n'));
    assert.deepEqual(lines().filter((line) => line.level >= 50), []);
    assert.equal(await new Ledger(database.store).balance(account.id), 1_000_000);
  });
});
