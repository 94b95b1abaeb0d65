import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiKeys } from '../../src/auth/api-keys';
import { Ledger } from '../../src/ledger/ledger';
import { NOT_FOUND, personalRegistration, registrarRecord, registryRecord } from '../../src/providers/rdap/fixtures/domains';
import { openSharedDatabase, startServerProcess, stopServerProcess, type ServerProcess, type SharedDatabase } from '../helpers/server-process';
import { startFakeRdap, type FakeRdap } from '../fakes/rdap-server';

/**
 * The server's own log (pino JSON at info, a real process) after lookups whose RDAP answers carry
 * people's contact data, well-formed, malformed or in a failing server's error body: none of it is
 * ever written, nor the domain of a failed lookup, only that a lookup happened and how it failed.
 */

const PERSONAL = ['Jane', 'Hostmaster', 'jane.hostmaster', 'John', 'Privateperson', 'john.privateperson', '6505550199', '1 Main St', 'Springfield'];

/** A failing registry's error body that echoes a registrant: neither it nor the domain asked about may be logged. */
const ECHOING_FAILURE = { error: 'backend failed for registrant Johanna Privatperson <johanna.private@personal.example> +1 415 555 0199' };
const ECHOED = ['Johanna', 'Privatperson', 'johanna.private', 'personal.example', '415 555 0199', 'backend failed'];
/** A registry's 200 that is not JSON, holding a registrant's address: a JSON parser's error would quote it. */
const NOT_JSON = '{"vcard": "jonas.privatmann@personal.example", "email": jonas.privatmann@personal.example}';
const UNPARSED = ['jonas', 'privatmann'];

describe('RDAP lookups leave no personal data in the log', () => {
  let database: SharedDatabase;
  let rdap: FakeRdap;
  let server: ServerProcess | undefined;
  before(async () => {
    database = await openSharedDatabase();
    rdap = await startFakeRdap();
  });
  after(async () => {
    await stopServerProcess(server);
    await rdap.close();
    await database.close();
  });

  test('registered, redacted, unregistered, malformed and failing lookups: the log names none of the contacts', async () => {
    rdap.answer('registry', 'google.com', { json: registryRecord('google.com', `${rdap.registrarBase}domain/google.com`) });
    rdap.answer('registrar', 'google.com', { json: registrarRecord('google.com') });
    rdap.answer('registry', 'person-owned.org', { json: personalRegistration('person-owned.org') });
    rdap.answer('registry', 'free-name.net', { status: 404, json: NOT_FOUND });
    rdap.answer('registry', 'garbled.org', { json: { ...personalRegistration('garbled.org'), ldhName: 42 } });
    rdap.answer('registry', 'thin.com', { json: registryRecord('thin.com', `${rdap.registrarBase}domain/thin.com`) });
    rdap.answer('registrar', 'thin.com', { json: { ...registrarRecord('thin.com'), status: 'not a list' } });
    rdap.answer('registry', 'leaky.com', { status: 503, json: ECHOING_FAILURE });
    rdap.answer('registry', 'broken.net', { raw: NOT_JSON });
    // A registry's server that refuses the connection: a loopback port nothing listens on.
    const unreachable = `127.0.0.1:${await closedPort()}`;
    rdap.answer('registry', 'gone-away.com', { status: 302, headers: { location: `http://${unreachable}/registry/domain/gone-away.com` } });
    server = await startServerProcess({ ...database.environment, ...rdap.environment, TOLLGATE_UPSTREAM_TIMEOUT_MS: '3000' });
    const account = await new Ledger(database.store).createAccount('whois-logs@example.com', 1_000_000, 'test_whois_logs_credit');
    const { apiKey } = await new ApiKeys(database.store.db).issue(account.id);

    const statuses: number[] = [];
    const domains = ['google.com', 'person-owned.org', 'free-name.net', 'garbled.org', 'thin.com', 'leaky.com', 'broken.net', 'gone-away.com'];
    for (const domain of domains) {
      const response = await fetch(`${server.url}/v1/tools/whois`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
        body: JSON.stringify({ domain }),
      });
      statuses.push(response.status);
      await response.text();
    }
    assert.deepEqual(statuses, [200, 200, 200, 502, 200, 502, 502, 502]);
    // The log reaches the pipe after the answers do: wait for every call's last line.
    const completed = () => server!.logs.join('\n').match(/"msg":"request completed"/g)?.length ?? 0;
    for (let waited = 0; completed() < domains.length && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    const log = server.logs.join('\n');
    assert.match(log, /RDAP answer at ldhName/, 'the failed lookup was logged, with where the answer went wrong');
    assert.match(log, /RDAP GET \(path not logged\): HTTP 503 \(\d+ characters of body, not logged/, 'the failing registry was logged by its status');
    assert.match(log, /RDAP GET \(path not logged\): HTTP 200 with a body that is not JSON/, 'the unparsable answer was logged by its status');
    for (const personal of [...PERSONAL, ...ECHOED, ...UNPARSED]) assert.ok(!log.toLowerCase().includes(personal.toLowerCase()), `${personal} was logged`);
    // A host the caller chose can be a person's name: the failed lookups' domains are not logged either.
    for (const domain of ['garbled', 'leaky', 'broken', 'gone-away']) assert.ok(!log.includes(domain), `${domain} was logged`);
    // A registry failing is expected, not a bug: logged at warn, without a stack; nothing at error.
    const failures = server.logs.flatMap((line) => line.split('\n')).filter((line) => line.includes('"msg":"an upstream failed the call"'));
    assert.equal(failures.length, 4, 'each failed lookup is logged once');
    assert.ok(failures.every((line) => JSON.parse(line).level === 40 && !line.includes('"stack"')), failures.join('\n'));
    // The server that could not be reached is named, with why: what the operator can look into.
    assert.ok(failures.some((line) => JSON.parse(line).detail?.startsWith(`RDAP GET ${unreachable}: could not be reached`)), failures.join('\n'));
    assert.ok(!log.includes('a destination the caller chose could not be fetched'), 'a registry failing is no destination of the caller\'s');
    assert.ok(!server.logs.some((line) => line.includes('"level":50')), 'nothing was logged as an error');
  });
});

/** A loopback port nothing listens on (one just closed): connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
