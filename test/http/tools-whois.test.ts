import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NOT_FOUND, personalRegistration, registrarRecord, registryRecord } from '../../src/providers/rdap/fixtures/domains';
import { RDAP_MAX_BODY_BYTES } from '../../src/providers/rdap/client';
import { endpoints } from '../../src/endpoints';
import { assertNeutralMessage } from '../helpers/fake-upstream';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { startFakeRdap, type FakeRdap } from '../fakes/rdap-server';

/**
 * WHOIS over RDAP (POST /v1/tools/whois, POST /v1/seo/domain/whois) against a fake registry and
 * registrar: the bootstrap chooses the server, a registered name maps field by field (the
 * registrar's record adding the registrant), an unknown one is a success with nothing in it,
 * redirects are followed, failures are 502 and unknown TLDs 400, neither charged; no person's
 * contact data ever reaches a response.
 */

/** Personal data the fixtures hold in their contacts: none of it may leave the adapter. */
const PERSONAL = ['Jane', 'Hostmaster', 'jane.hostmaster', 'John', 'Privateperson', 'john.privateperson', '6505550199', '1 Main St', 'abusecomplaints', '2086851750'];

describe(`RDAP: /v1/tools/whois and /v1/seo/domain/whois (${testDatabaseLabel()})`, () => {
  let rdap: FakeRdap;
  let app: TestApp;
  before(async () => {
    rdap = await startFakeRdap(['com', 'net', 'org', 'example']);
    app = await startTestApp({}, { ...rdap.environment, TOLLGATE_UPSTREAM_TIMEOUT_MS: '3000' });
  });
  after(async () => {
    await app?.close();
    await rdap?.close();
  });
  beforeEach(() => rdap.fake.reset());

  async function refusedUncharged(path: string, body: unknown, status: number, code: string): Promise<string> {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post(path, body, apiKey);
    assert.equal(response.status, status, JSON.stringify(response.body));
    assert.equal(response.body.error.code, code);
    assert.equal(response.headers.get('x-cost-usd'), null);
    assert.equal(await app.balance(accountId), 1_000_000, 'not charged');
    assert.equal(await app.ledgerSum(accountId), 1_000_000);
    return response.body.error.message;
  }

  test('a registered .com: the registry record, the registrar’s registrant and redactions, no personal data; $0.01, served live', async () => {
    rdap.answer('registry', 'google.com', { json: registryRecord('google.com', `${rdap.registrarBase}domain/google.com`) });
    rdap.answer('registrar', 'google.com', { json: registrarRecord('google.com') });
    const { response, cost } = await app.paidCall('/v1/tools/whois', { domain: 'Google.COM' }, 'live');
    assert.equal(cost, 10_000);
    assert.deepEqual(response.body.data, {
      domain: 'google.com',
      registered: true,
      ldhName: 'GOOGLE.COM',
      handle: '2336799_DOMAIN_COM-VRSN',
      status: ['client delete prohibited', 'client transfer prohibited', 'client update prohibited'],
      registrar: { name: 'MarkMonitor Inc.', ianaId: '292' },
      createdDate: '1997-09-15T04:00:00+00:00',
      updatedDate: '2019-09-09T15:39:04+00:00',
      expiryDate: '2028-09-14T04:00:00+00:00',
      nameServers: ['ns1.google.com', 'ns2.google.com', 'ns3.google.com'],
      dnssec: false,
      registrant: { organization: 'Google LLC', country: 'US' },
      redacted: ['Registrant Name', 'Registrant Email', 'Registrant Phone'],
    });
    const text = JSON.stringify(response.body);
    for (const personal of PERSONAL) assert.ok(!text.includes(personal), `${personal} reached the response`);
    assert.deepEqual(rdap.lookups(), ['registry google.com', 'registrar google.com']);
    assert.match(String(rdap.fake.requests[0]!.headers.accept), /^application\/rdap\+json/);
  });

  test('a subdomain is looked up as the domain registered, on both endpoints, and the answer names it', async () => {
    rdap.answer('registry', 'google.com', { json: registryRecord('google.com', `${rdap.registrarBase}domain/google.com`) });
    rdap.answer('registrar', 'google.com', { json: registrarRecord('google.com') });
    for (const domain of ['www.google.com', 'a.b.c.Google.com']) {
      const tools = await app.paidCall('/v1/tools/whois', { domain }, 'live');
      assert.deepEqual([tools.response.body.data.domain, tools.response.body.data.registered, tools.response.body.data.ldhName], ['google.com', true, 'GOOGLE.COM'], domain);
      const seo = await app.paidCall('/v1/seo/domain/whois', { domain }, 'live');
      assert.deepEqual([seo.response.body.data.domain, seo.response.body.data.registrar], ['google.com', 'MarkMonitor Inc.'], domain);
    }
    assert.deepEqual(new Set(rdap.lookups()), new Set(['registry google.com', 'registrar google.com']), 'only the registered name was asked about');
  });

  test('/v1/seo/domain/whois: the same registration as WhoisRecord, $0.02', async () => {
    rdap.answer('registry', 'google.com', { json: registryRecord('google.com', `${rdap.registrarBase}domain/google.com`) });
    rdap.answer('registrar', 'google.com', { json: registrarRecord('google.com') });
    const { response, cost } = await app.paidCall('/v1/seo/domain/whois', { domain: 'google.com' }, 'live');
    assert.equal(cost, 20_000);
    assert.deepEqual(response.body.data, {
      domain: 'google.com',
      registrar: 'MarkMonitor Inc.',
      createdDate: '1997-09-15T04:00:00+00:00',
      updatedDate: '2019-09-09T15:39:04+00:00',
      expiryDate: '2028-09-14T04:00:00+00:00',
      nameServers: ['ns1.google.com', 'ns2.google.com', 'ns3.google.com'],
    });
  });

  test('a thick registry’s record of a person’s name: no organisation (the person’s name is not one), the country as published', async () => {
    rdap.answer('registry', 'person-owned.org', { json: personalRegistration('person-owned.org') });
    const { response } = await app.paidCall('/v1/tools/whois', { domain: 'person-owned.org' }, 'live');
    const data = response.body.data;
    assert.deepEqual(data.registrant, { organization: null, country: 'United States' });
    assert.deepEqual(data.registrar, { name: 'NameCheap, Inc.', ianaId: '1068' });
    assert.equal(data.createdDate, '2012-03-01T10:11:12+00:00');
    assert.equal(data.dnssec, true);
    assert.equal(data.updatedDate, null);
    const text = JSON.stringify(response.body);
    for (const personal of PERSONAL) assert.ok(!text.includes(personal), `${personal} reached the response`);
  });

  test('not registered: the registry’s 404 is a success with nothing in it, charged on both endpoints', async () => {
    rdap.answer('registry', 'tollgate-unregistered-name.com', { status: 404, json: NOT_FOUND });
    const tools = await app.paidCall('/v1/tools/whois', { domain: 'tollgate-unregistered-name.com' }, 'live');
    assert.deepEqual(tools.response.body.data, {
      domain: 'tollgate-unregistered-name.com', registered: false, ldhName: null, handle: null, status: [], registrar: null,
      createdDate: null, updatedDate: null, expiryDate: null, nameServers: [], dnssec: null, registrant: null, redacted: [],
    });
    assert.equal(tools.cost, 10_000);
    const seo = await app.paidCall('/v1/seo/domain/whois', { domain: 'tollgate-unregistered-name.com' }, 'live');
    assert.deepEqual(seo.response.body.data, { domain: 'tollgate-unregistered-name.com', registrar: null, createdDate: null, updatedDate: null, expiryDate: null, nameServers: [] });
    assert.equal(seo.cost, 20_000);
  });

  test('a registry that redirects to another RDAP server is followed', async () => {
    rdap.answer('registry', 'moved.net', { status: 302, headers: { location: '/registrar/domain/moved.net' } });
    rdap.answer('registrar', 'moved.net', { json: { ...personalRegistration('moved.net'), entities: [] } });
    const { response } = await app.paidCall('/v1/tools/whois', { domain: 'moved.net' }, 'live');
    assert.equal(response.body.data.ldhName, 'moved.net');
    assert.equal(response.body.data.registrar, null);
    assert.deepEqual(rdap.lookups(), ['registry moved.net', 'registrar moved.net']);
  });

  test('a redirect loop is a 502, not charged', async () => {
    rdap.answer('registry', 'loop.net', { status: 301, headers: { location: `${rdap.registryBase}domain/loop.net` } });
    const message = await refusedUncharged('/v1/tools/whois', { domain: 'loop.net' }, 502, 'UPSTREAM_ERROR');
    assertNeutralMessage(message, ['127.0.0.1', 'registry/']);
    assert.equal(rdap.lookups().length, 4, 'the first request and three redirects');
  });

  test('a registry server that cannot be reached is a 502 naming that server, not the domain, on both endpoints; not charged', async () => {
    const port = await closedPort();
    rdap.answer('registry', 'gone.com', { status: 302, headers: { location: `http://127.0.0.1:${port}/registry/domain/gone.com` } });
    for (const path of ['/v1/tools/whois', '/v1/seo/domain/whois']) {
      const message = await refusedUncharged(path, { domain: 'gone.com' }, 502, 'UPSTREAM_ERROR');
      assert.equal(message, `The registry's RDAP server (127.0.0.1:${port}) could not be reached; try again later.`);
    }
  });

  test('a redirect or a registrar link to an address the fetch policy refuses is never followed: 502 for the redirect, the registry’s record alone for the link', async () => {
    // 127.0.0.2 is loopback too, but not in TOLLGATE_FETCH_ALLOWED_NETWORKS (127.0.0.1/32 only).
    let reached = 0;
    const internal = http.createServer((_request, response) => {
      reached += 1;
      response.writeHead(200, { 'content-type': 'application/rdap+json' }).end(JSON.stringify(registrarRecord('inside.com')));
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.2', resolve));
    try {
      const inside = `http://127.0.0.2:${(internal.address() as AddressInfo).port}/registrar/domain/inside.com`;
      rdap.answer('registry', 'inside.com', { status: 302, headers: { location: inside } });
      const message = await refusedUncharged('/v1/tools/whois', { domain: 'inside.com' }, 502, 'UPSTREAM_ERROR');
      assert.match(message, /sent the lookup to an address Tollgate does not connect to/);
      assertNeutralMessage(message, ['127.0.0.2', 'registrar/']);
      assert.deepEqual(rdap.lookups(), ['registry inside.com'], 'asked once: a refused destination is not retried');

      rdap.answer('registry', 'linked.com', { json: registryRecord('linked.com', inside) });
      const { response } = await app.paidCall('/v1/tools/whois', { domain: 'linked.com' }, 'live');
      assert.equal(response.body.data.registered, true);
      assert.equal(response.body.data.registrant, null, 'the registrar’s record was not read');
      assert.equal(reached, 0, 'nothing connected to the refused address');
    } finally {
      await new Promise((resolve) => internal.close(resolve));
    }
  });

  test('the registrar failing leaves the registry’s record standing (no registrant)', async () => {
    rdap.answer('registry', 'thin.com', { json: registryRecord('thin.com', `${rdap.registrarBase}domain/thin.com`) });
    rdap.answer('registrar', 'thin.com', { status: 403, json: { errorCode: 403, title: 'Forbidden' } });
    const { response } = await app.paidCall('/v1/tools/whois', { domain: 'thin.com' }, 'live');
    assert.equal(response.body.data.registered, true);
    assert.equal(response.body.data.registrant, null);
    assert.deepEqual(response.body.data.redacted, []);
  });

  test('a registry failing (HTTP 503, after the retries) is a 502 in our words, not charged, on both endpoints', async () => {
    rdap.answer('registry', 'down.com', { status: 503, json: { errorCode: 503, title: 'Service Unavailable', description: ['Backend down at db-7.internal'] } });
    for (const path of ['/v1/tools/whois', '/v1/seo/domain/whois']) {
      const message = await refusedUncharged(path, { domain: 'down.com' }, 502, 'UPSTREAM_ERROR');
      assertNeutralMessage(message, ['Service Unavailable', 'db-7', '127.0.0.1']);
    }
  });

  test('an answer that is not an RDAP domain object is a 502, not charged', async () => {
    rdap.answer('registry', 'garbled.com', { json: { ldhName: 42, status: 'active' } });
    const message = await refusedUncharged('/v1/tools/whois', { domain: 'garbled.com' }, 502, 'UPSTREAM_ERROR');
    assert.match(message, /unexpected shape/);
  });

  test('an answer larger than RDAP answers are read to is a 502, not charged, asked once; the registrar’s leaves the registry’s record standing', async () => {
    const huge = (domain: string) => ({ ...registryRecord(domain, `${rdap.registrarBase}domain/${domain}`), remarks: [{ description: ['x'.repeat(RDAP_MAX_BODY_BYTES)] }] });
    rdap.answer('registry', 'huge.com', { json: huge('huge.com') });
    const message = await refusedUncharged('/v1/tools/whois', { domain: 'huge.com' }, 502, 'UPSTREAM_ERROR');
    assert.match(message, /too large/);
    assert.deepEqual(rdap.lookups(), ['registry huge.com']);
    rdap.answer('registry', 'thin.com', { json: registryRecord('thin.com', `${rdap.registrarBase}domain/thin.com`) });
    rdap.answer('registrar', 'thin.com', { json: huge('thin.com') });
    const { response } = await app.paidCall('/v1/tools/whois', { domain: 'thin.com' }, 'live');
    assert.equal(response.body.data.registered, true);
    assert.equal(response.body.data.registrant, null);
  });

  test('a TLD with no RDAP service in the bootstrap: 400 naming domain, nothing asked, not charged', async () => {
    for (const [path, domain] of [['/v1/tools/whois', 'coffee.zz'], ['/v1/seo/domain/whois', 'example.io'], ['/v1/tools/whois', 'example.de']] as const) {
      const message = await refusedUncharged(path, { domain }, 400, 'VALIDATION_ERROR');
      assert.match(message, new RegExp(`^domain: no registration data service is known for \\.${domain.split('.')[1]}`));
    }
    assert.deepEqual(rdap.lookups(), []);
  });

  test('bad input is a 400 naming the field before any lookup', async () => {
    await refusedUncharged('/v1/tools/whois', { domain: 'https://example.com/' }, 400, 'VALIDATION_ERROR');
    await refusedUncharged('/v1/tools/whois', {}, 400, 'VALIDATION_ERROR');
    assert.deepEqual(rdap.lookups(), []);
  });
});

describe(`RDAP: live lookups turned off (${testDatabaseLabel()})`, () => {
  test('TOLLGATE_LIVE_LOOKUPS=false: the sandbox answers, the RDAP server is never asked', async () => {
    const rdap = await startFakeRdap();
    const app = await startTestApp({}, { ...rdap.environment, TOLLGATE_LIVE_LOOKUPS: 'false' });
    try {
      const { response } = await app.paidCall('/v1/tools/whois', { domain: 'example.com' }, 'sandbox');
      assert.equal(response.body.data.registered, true);
      assert.equal(typeof response.body.data.registrar.name, 'string');
      await app.paidCall('/v1/seo/domain/whois', { domain: 'example.com' }, 'sandbox');
      const subdomain = await app.paidCall('/v1/tools/whois', { domain: 'www.example.com' }, 'sandbox');
      assert.deepEqual(subdomain.response.body.data, response.body.data, 'a subdomain is answered for the domain registered');
      assert.deepEqual(rdap.lookups(), []);
    } finally {
      await app.close();
      await rdap.close();
    }
  });

  test('TOLLGATE_LIVE_LOOKUPS=false: a registered company\'s domain was registered no later than the year the company was founded, before any of its addresses was seen, by a registrant in its country', async () => {
    const app = await startTestApp({}, { TOLLGATE_LIVE_LOOKUPS: 'false' });
    try {
      const { apiKey } = await app.createAccount('20.00');
      const data = async (path: string, body: unknown) => {
        const response = await app.post(path, body, apiKey);
        assert.equal(response.status, 200, JSON.stringify(response.body));
        return response.body.data;
      };
      // The reported cases (soylent.com's domain was created after its company's first address was seen, hooli.com's registrant was abroad) and famous names.
      for (const domain of ['soylent.com', 'hooli.com', 'stripe.com', 'google.com', 'nike.com']) {
        const whois = await data('/v1/tools/whois', { domain });
        assert.equal(whois.registered, true, domain);
        const { company } = await data('/v1/email/company', { domain });
        assert.ok(Number(whois.createdDate.slice(0, 4)) <= company.foundedYear, `${domain}: created ${whois.createdDate}, founded ${company.foundedYear}`);
        assert.equal(whois.registrant.country, company.geo.countryCode, domain);
        const { emails } = await data('/v1/email/domain-search', { domain, limit: 50 });
        for (const source of emails.flatMap((email: { sources: Array<{ firstSeen: string }> }) => email.sources)) {
          assert.ok(whois.createdDate < source.firstSeen, `${domain}: created ${whois.createdDate}, an address seen ${source.firstSeen}`);
        }
        const seo = await data('/v1/seo/domain/whois', { domain });
        assert.equal(seo.createdDate, whois.createdDate, domain);
      }
    } finally {
      await app.close();
    }
  });

  test('TOLLGATE_LIVE_LOOKUPS=false: WHOIS, the registrar and the contacts world agree on who owns a domain: a free name is no company, a similar company\'s is registered', async () => {
    const app = await startTestApp({}, { TOLLGATE_LIVE_LOOKUPS: 'false' });
    try {
      const { apiKey } = await app.createAccount('20.00');
      const data = async (path: string, body: unknown) => {
        const response = await app.post(path, body, apiKey);
        assert.equal(response.status, 200, JSON.stringify(response.body));
        return response.body.data;
      };
      // The reported cases: free names the contacts world gave a company, founding year and mailboxes.
      const free = ['acme-widgets.com', 'cyberdyne.com', 'stark-industries.com', 'quillo-software.com'];
      const checks = (await data('/v1/seo/domain/available', { domains: free })).domains as Array<{ domain: string; available: boolean }>;
      for (const domain of free) {
        assert.equal((await data('/v1/tools/whois', { domain })).registered, false, domain);
        assert.equal(checks.find((check) => check.domain === domain)?.available, true, domain);
        const { company } = await data('/v1/email/company', { domain });
        assert.deepEqual([company.name, company.foundedYear, company.emails], [null, null, []], domain);
        assert.equal((await data('/v1/email/count', { domain })).total, 0, domain);
        assert.deepEqual((await data('/v1/email/similar', { domain })).domains, [], domain);
      }
      for (const domain of ['soylent.com', 'hooli.com']) {
        const similar = (await data('/v1/email/similar', { domain })).domains as Array<{ domain: string; name: string }>;
        assert.ok(similar.length >= 3, domain);
        for (const other of similar) {
          const whois = await data('/v1/tools/whois', { domain: other.domain });
          assert.equal(whois.registered, true, `${domain}: similar names ${other.domain}, which WHOIS says nobody registered`);
          const { company } = await data('/v1/email/company', { domain: other.domain });
          assert.equal(company.name, other.name);
          assert.ok(Number(whois.createdDate.slice(0, 4)) <= company.foundedYear, `${other.domain}: created ${whois.createdDate}, founded ${company.foundedYear}`);
          assert.equal(whois.registrant.country, company.geo.countryCode, other.domain);
        }
      }
    } finally {
      await app.close();
    }
  });

  test('TOLLGATE_LIVE_LOOKUPS=false: a TLD without RDAP (.de, .io) is the live path\'s 400, not charged; example.com is both endpoints\' documented example', async () => {
    const app = await startTestApp({}, { TOLLGATE_LIVE_LOOKUPS: 'false' });
    try {
      for (const path of ['/v1/tools/whois', '/v1/seo/domain/whois']) {
        for (const domain of ['foo.de', 'foo.io']) {
          const { accountId, apiKey } = await app.createAccount('1.00');
          const response = await app.post(path, { domain }, apiKey);
          assert.equal(response.status, 400, JSON.stringify(response.body));
          assert.equal(response.body.error.code, 'VALIDATION_ERROR');
          assert.equal(response.body.error.message, `domain: no registration data service is known for .${domain.split('.')[1]} (its registry publishes no RDAP service), so ${domain} cannot be looked up.`);
          assert.equal(await app.balance(accountId), 1_000_000, 'not charged');
        }
        const endpoint = endpoints.find((candidate) => candidate.path === path)!;
        const { response } = await app.paidCall(path, endpoint.examples.request, 'sandbox');
        assert.deepEqual(response.body.data, endpoint.examples.response, path);
      }
    } finally {
      await app.close();
    }
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
