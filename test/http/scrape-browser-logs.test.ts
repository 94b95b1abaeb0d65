import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiKeys } from '../../src/auth/api-keys';
import { Ledger } from '../../src/ledger/ledger';
import { openSharedDatabase, startServerProcess, stopServerProcess, type ServerProcess, type SharedDatabase } from '../helpers/server-process';

/**
 * The server's own log (pino JSON at info, a real process) after scrapes of a customer's URL that
 * holds a password and a token in its query, and that fails in the browser and in the fetcher:
 * neither is ever written (Playwright's error quotes the URL it was navigating to, whole).
 */

const PAGES_HOST = '127.0.0.2';
const PASSWORD = 's3cretPW';
const TOKEN = 'q7tokenVALUE';

describe('failed scrapes leave no password or query of the URL in the log', () => {
  let database: SharedDatabase;
  let pages: http.Server;
  let server: ServerProcess | undefined;
  before(async () => {
    database = await openSharedDatabase();
    pages = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from([0, 1, 2, 3, 0x89, 0x50, 0x4e, 0x47])));
    await new Promise<void>((resolve) => pages.listen(0, PAGES_HOST, resolve));
  });
  after(async () => {
    await stopServerProcess(server);
    pages.closeAllConnections();
    await new Promise((resolve) => pages.close(resolve));
    await database.close();
  });

  test('a binary page and an unreachable one, rendered and fetched: 502s, and the log names neither the password nor the query', async () => {
    const port = (pages.address() as AddressInfo).port;
    server = await startServerProcess({ ...database.environment, TOLLGATE_FETCH_ALLOWED_NETWORKS: `${PAGES_HOST}/32`, TOLLGATE_BROWSER_POOL_SIZE: '1' });
    const account = await new Ledger(database.store).createAccount('scrape-logs@example.com', 1_000_000, 'test_scrape_logs_credit');
    const { apiKey } = await new ApiKeys(database.store.db).issue(account.id);

    const binary = `http://alice:${PASSWORD}@${PAGES_HOST}:${port}/bin?token=${TOKEN}`;
    const unreachable = `http://alice:${PASSWORD}@${PAGES_HOST}:2/gone?token=${TOKEN}`;
    const calls = [
      ['/v1/scrape/js', binary],
      ['/v1/scrape', binary],
      ['/v1/scrape/js', unreachable],
      ['/v1/scrape', unreachable],
    ] as const;
    const answers: Array<{ status: number; message: string }> = [];
    for (const [path, url] of calls) {
      const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKey }, body: JSON.stringify({ url }) });
      answers.push({ status: response.status, message: ((await response.json()) as { error: { message: string } }).error.message });
    }
    // The log reaches the pipe after the answers do: wait for every call's last line.
    const completed = () => server!.logs.join('\n').match(/"msg":"request completed"/g)?.length ?? 0;
    for (let waited = 0; completed() < calls.length && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    const log = server.logs.join('\n');
    assert.match(log, /could not be fetched|an upstream failed the call/, 'the failures were logged');
    assert.ok(!log.includes(PASSWORD), 'the password was logged');
    assert.ok(!log.includes(TOKEN), 'the query was logged');
    for (const answer of answers) {
      assert.equal(answer.status, 502, answer.message);
      assert.match(answer.message, /^url: /);
    }
  });
});
