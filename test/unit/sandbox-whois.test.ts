import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { noRegistrationService } from '../../src/providers/families/whois';
import { loadRdapBootstrap } from '../../src/providers/rdap/bootstrap';
import { sandboxRegistrar } from '../../src/providers/sandbox/registrar';
import { sandboxWhois } from '../../src/providers/sandbox/whois';
import type { CallOptions } from '../../src/providers/providers';

/**
 * The sandbox's registration data answers what the live path answers: refused exactly where the
 * shipped RDAP bootstrap names no service, with the live path's 400; IANA's reserved names held by
 * IANA; and its registrar charges ICANN's fee on gTLDs only.
 */
const call: CallOptions = { signal: AbortSignal.timeout(10_000) };

describe('sandbox WHOIS and registrar', () => {
  test('a TLD without RDAP (.de, .io, .eu, .zz) is refused with the live path\'s 400; one with RDAP is answered, sold by the sandbox registrar or not', async () => {
    const bootstrap = loadRdapBootstrap(undefined);
    for (const domain of ['foo.de', 'foo.io', 'www.foo.eu', 'foo.zz']) {
      assert.equal(bootstrap.baseUrlFor(domain), undefined, domain);
      const expected = noRegistrationService(domain.replace(/^www\./, ''));
      await assert.rejects(sandboxWhois.lookup({ domain }, call), (error: any) => error.status === 400 && error.param === 'domain' && error.message === expected.message, domain);
    }
    for (const domain of ['foo.com', 'foo.fr', 'acme.co.uk', 'foo.club', 'coffee.shop']) {
      assert.notEqual(bootstrap.baseUrlFor(domain), undefined, domain);
      const record = await sandboxWhois.lookup({ domain }, call);
      assert.equal(record.domain, domain);
    }
  });

  test("IANA's reserved names are registered by IANA on IANA's name servers; example.com is the record the live path documents", async () => {
    for (const domain of ['example.com', 'www.example.net', 'example.org']) {
      const record = await sandboxWhois.lookup({ domain }, call);
      assert.deepEqual(record.registrar, { name: 'RESERVED-Internet Assigned Numbers Authority', ianaId: '376' }, domain);
      assert.deepEqual([record.registered, record.nameServers, record.dnssec, record.registrant], [true, ['a.iana-servers.net', 'b.iana-servers.net'], true, null], domain);
    }
    const exampleCom = await sandboxWhois.lookup({ domain: 'example.com' }, call);
    assert.deepEqual([exampleCom.handle, exampleCom.createdDate], ['2336799_DOMAIN_COM-VRSN', '1995-08-14T04:00:00+00:00']);
  });

  test("ICANN's fee is a gTLD's: country codes (.de, .io, .uk, .fr, .co) carry none, taken or free", async () => {
    const checks = await sandboxRegistrar.availability(['zq-tollgate-9x.com', 'zq-tollgate-9x.app', 'google.com', 'zq-tollgate-9x.de', 'zq-tollgate-9x.io', 'zq-tollgate-9x.uk', 'zq-tollgate-9x.fr', 'zq-tollgate-9x.co', 'bmw.de'], call);
    assert.deepEqual(checks.map((check) => [check.domain, check.icannFee]), [
      ['zq-tollgate-9x.com', 0.2], ['zq-tollgate-9x.app', 0.2], ['google.com', 0.2], ['zq-tollgate-9x.de', 0], ['zq-tollgate-9x.io', 0], ['zq-tollgate-9x.uk', 0], ['zq-tollgate-9x.fr', 0], ['zq-tollgate-9x.co', 0], ['bmw.de', 0],
    ]);
  });
});
