import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { ApiKeys } from '../../src/auth/api-keys';
import { Ledger } from '../../src/ledger/ledger';
import { openSharedDatabase, startServerProcess, stopServerProcess, type ServerProcess, type SharedDatabase } from '../helpers/server-process';

/**
 * The server's request log (pino JSON at info, a real process): one line per answered request —
 * method, the route's pattern, status, time, request id — and nothing that came with the request:
 * no query (a dashboard link's token, an address), no path segment a client made up, no client
 * address or port, no API key, not even when Node's HTTP parser refuses the request.
 */

const SECRETS = ['SECRET-RESET-TOKEN-4711', 'SECRET-VERIFY-TOKEN-4712', 'greta.stubridge', 'tg_live_LEAKED', 'remoteAddress', 'remotePort', 'rawPacket'];

interface LogLine {
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  responseTime?: number;
  code?: string;
}

/** Sends bytes no HTTP parser accepts (a header line without a colon) and returns the answer's status line. */
function sendMalformed(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('the request log', () => {
  let database: SharedDatabase;
  let server: ServerProcess | undefined;
  before(async () => {
    database = await openSharedDatabase();
  });
  after(async () => {
    await stopServerProcess(server);
    await database.close();
  });

  test('one line per request, with the route and never what the request carried', async () => {
    server = await startServerProcess({ ...database.environment });
    const account = await new Ledger(database.store).createAccount('access-log@example.com', 1_000_000, 'test_access_log_credit');
    const { apiKey } = await new ApiKeys(database.store.db).issue(account.id);
    const statusOf = async (path: string, init?: RequestInit) => {
      const response = await fetch(`${server!.url}${path}`, init);
      await response.text();
      return response.status;
    };

    const statuses = [
      await statusOf('/dashboard/reset?token=SECRET-RESET-TOKEN-4711'),
      await statusOf('/dashboard/verify?token=SECRET-VERIFY-TOKEN-4712'),
      await statusOf('/v1/people/greta.stubridge@northwind.example?email=greta.stubridge@northwind.example'),
      await statusOf('/v1/seo/domain/available', { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKey }, body: JSON.stringify({ domain: 'tollgate-example.com' }) }),
    ];
    assert.deepEqual(statuses.slice(2), [404, 200]);
    const malformed = await sendMalformed(server.url, 'GET /v1/ai/models?email=greta.stubridge@x.example HTTP/1.1\r\nHost: x\r\nx-api-key: tg_live_LEAKED\r\nNo colon here\r\n\r\n');
    assert.match(malformed, /^HTTP\/1\.1 400 /);

    const lines = () => server!.logs.flatMap((chunk) => chunk.split('\n')).filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as LogLine);
    const completed = () => lines().filter((line) => line.msg === 'request completed');
    for (let waited = 0; (completed().length < 4 || !lines().some((line) => line.msg === 'request refused by the HTTP parser')) && waited < 10_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    assert.deepEqual(
      completed().map(({ method, url, statusCode }) => ({ method, url, statusCode })),
      [
        { method: 'GET', url: '/dashboard/reset', statusCode: statuses[0] },
        { method: 'GET', url: '/dashboard/verify', statusCode: statuses[1] },
        // No route matched: the path a client made up is not written.
        { method: 'GET', url: undefined, statusCode: 404 },
        { method: 'POST', url: '/v1/seo/domain/available', statusCode: 200 },
      ],
    );
    for (const line of completed()) {
      assert.match(line.reqId ?? '', /^req_/, 'each line carries its request id');
      assert.ok(typeof line.responseTime === 'number' && line.responseTime >= 0, 'and its time');
    }
    assert.equal(lines().filter((line) => line.msg === 'incoming request').length, 0, 'one line per request, not two');
    const refused = lines().find((line) => line.msg === 'request refused by the HTTP parser');
    assert.equal(refused?.code, 'HPE_INVALID_HEADER_TOKEN');

    const log = server.logs.join('\n');
    for (const secret of SECRETS) assert.ok(!log.includes(secret), `${secret} was logged`);
  });
});
