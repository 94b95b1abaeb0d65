import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiKeys } from '../../src/auth/api-keys';
import { Ledger } from '../../src/ledger/ledger';
import { openSharedDatabase, startServerProcess, stopServerProcess, type ServerProcess, type SharedDatabase } from '../helpers/server-process';
import { startTestDnsServer, type TestDnsServer } from '../helpers/test-dns-server';

/**
 * The server's own log (pino JSON at info, a real process) after email calls about people —
 * addresses, names and phone numbers in the requests and in the answers, accepted and refused,
 * an article whose author is looked up, pages on hosts named after people that cannot be fetched:
 * none of it is ever written, only that the calls happened.
 */

/** What the calls below carry, in every spelling a log could hold them in. */
const PERSONAL = [
  'greta', 'stubridge', 'zebulon', 'quixworthy', 'jane.mockwell', 'mockwell', 'prince.of.persia',
  '5550125', '555-0125', '555 0125', '5550103', '555-0103', '555 0103', '7946 0958', '79460958',
];

const ARTICLE = `<!doctype html><html><head><meta charset="utf-8"><title>Cold chain lessons</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"BlogPosting","headline":"Cold chain lessons","author":{"@type":"Person","name":"Greta Stubridge"}}</script>
</head><body><article><h1>Cold chain lessons</h1><p>Packaging matters.</p></article></body></html>`;

/** A loopback port nobody listens on (taken, then given back). */
async function unusedPort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('email calls leave no personal data in the log', () => {
  let database: SharedDatabase;
  let dns: TestDnsServer;
  let site: http.Server;
  let server: ServerProcess | undefined;

  before(async () => {
    database = await openSharedDatabase();
    dns = await startTestDnsServer({
      'northwind.example': { MX: [{ exchange: 'aspmx.l.google.com', priority: 1 }] },
      'blog.northwind.example': { A: ['127.0.0.1'] },
    });
    site = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(ARTICLE);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    await stopServerProcess(server);
    await new Promise((resolve) => site?.close(resolve));
    await dns?.close();
    await database?.close();
  });

  test('lookups, finders, verification, phones and refusals: the log names no one', async () => {
    server = await startServerProcess({ ...database.environment, TOLLGATE_DNS_SERVERS: dns.servers.join(','), TOLLGATE_FETCH_ALLOWED_NETWORKS: '127.0.0.0/8' });
    const account = await new Ledger(database.store).createAccount('email-logs@example.com', 5_000_000, 'test_email_logs_credit');
    const { apiKey } = await new ApiKeys(database.store.db).issue(account.id);
    const port = (site.address() as AddressInfo).port;
    const closedPort = await unusedPort();

    const calls: Array<[path: string, body: Record<string, unknown>, status: number]> = [
      ['/v1/email/enrich', { email: 'Greta.Stubridge@northwind.example' }, 200],
      ['/v1/email/person', { email: 'greta.stubridge@northwind.example' }, 200],
      ['/v1/email/combined', { email: 'jane.mockwell@gmail.com' }, 200],
      ['/v1/email/finder', { domain: 'northwind.example', first_name: 'Zebulon', last_name: 'Quixworthy' }, 200],
      ['/v1/email/finder', { domain: 'northwind.example', full_name: 'Greta Stubridge' }, 200],
      ['/v1/email/verify', { email: 'greta.stubridge@northwind.example' }, 200],
      ['/v1/email/verify', { email: 'zebulon.quixworthy@northwind.example' }, 200],
      ['/v1/email/sources', { email: 'greta.stubridge@northwind.example' }, 200],
      ['/v1/email/phone-finder', { email: 'greta.stubridge@northwind.example' }, 200],
      ['/v1/email/phone-validator', { phone: '(512) 555-0125', country_code: 'us' }, 200],
      ['/v1/email/phone-validator', { phone: '+44 20 7946 0958' }, 200],
      ['/v1/email/domain-search', { domain: 'northwind.example', limit: 20 }, 200],
      ['/v1/email/author-finder', { url: `http://blog.northwind.example:${port}/2026/cold-chain` }, 200],
      // Pages that cannot be fetched: 502, and their hosts (here people's names) stay out of the log.
      ['/v1/email/author-finder', { url: 'http://greta-stubridge.northwind.example/about' }, 502],
      ['/v1/email/author-finder', { url: `http://blog.northwind.example:${closedPort}/zebulon-quixworthy` }, 502],
      ['/v1/email/technology', { domain: 'zebulon-quixworthy.example' }, 502],
      // Refused: the messages name the field and the rule, not the value.
      ['/v1/email/enrich', { email: 'prince.of.persia@' }, 400],
      ['/v1/email/finder', { domain: 'northwind.example', full_name: 'Quixworthy' }, 400],
      ['/v1/email/phone-finder', { email: 'jane.mockwell@gmail.com', prof: 'https://www.prof.com/in/zebulon-quixworthy' }, 400],
      ['/v1/email/phone-validator', { phone: 'greta stubridge 555-0125?' }, 400],
    ];
    const statuses: number[] = [];
    for (const [path, body] of calls) {
      const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKey }, body: JSON.stringify(body) });
      const answer = await response.text();
      statuses.push(response.status);
      if (path === '/v1/email/enrich' && response.status === 200) assert.match(answer, /greta\.stubridge@northwind\.example/, 'the answer itself is about the person');
    }
    assert.deepEqual(statuses, calls.map(([, , status]) => status));
    // The log reaches the pipe after the answers do: wait for every call's last line.
    const completed = () => server!.logs.join('\n').match(/"msg":"request completed"/g)?.length ?? 0;
    for (let waited = 0; completed() < calls.length && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(completed() >= calls.length, 'every call was logged');
    const log = server.logs.join('\n').toLowerCase();
    assert.match(log, /"url":"\/v1\/email\/enrich"/, 'the calls themselves are logged');
    for (const personal of PERSONAL) assert.ok(!log.includes(personal), `${personal} was logged`);
    // A page the caller chose failing is not the operator's error: logged at info, by its cause's code.
    const failures = server.logs.flatMap((line) => line.split('\n')).filter((line) => line.includes('a destination the caller chose could not be fetched'));
    assert.equal(failures.length, 3, 'each failed fetch is logged once');
    assert.ok(failures.every((line) => JSON.parse(line).level === 30 && !line.includes('"stack"')), failures.join('\n'));
    assert.ok(failures.some((line) => JSON.parse(line).code === 'ECONNREFUSED'), 'the refused connection is logged by its code');
    assert.ok(!server.logs.some((line) => line.includes('"level":50')), 'nothing was logged as an error');
  });
});
