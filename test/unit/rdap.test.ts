import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadRdapBootstrap, parseRdapBootstrap } from '../../src/providers/rdap/bootstrap';
import { isoTimestamp, registrationOf } from '../../src/providers/rdap/registration';
import { registryRecord } from '../../src/providers/rdap/fixtures/domains';
import { RdapDomain } from '../../src/providers/rdap/wire';

test('the shipped IANA bootstrap names the registries of the common TLDs, and none for TLDs without RDAP', () => {
  const bootstrap = loadRdapBootstrap(undefined);
  assert.match(bootstrap.publication ?? '', /^\d{4}-\d{2}-\d{2}T/);
  assert.equal(bootstrap.baseUrlFor('example.com'), 'https://rdap.verisign.com/com/v1/');
  assert.equal(bootstrap.baseUrlFor('www.example.net'), 'https://rdap.verisign.com/net/v1/');
  assert.equal(bootstrap.baseUrlFor('wikipedia.org'), 'https://rdap.publicinterestregistry.org/rdap/');
  assert.equal(bootstrap.baseUrlFor('bbc.co.uk'), 'https://rdap.nominet.uk/uk/');
  assert.equal(bootstrap.baseUrlFor('example.app'), 'https://pubapi.registry.google/rdap/');
  assert.equal(bootstrap.baseUrlFor('openai.ai'), 'https://rdap.identitydigital.services/rdap/');
  assert.equal(bootstrap.baseUrlFor('EXAMPLE.FR.'), 'https://rdap.nic.fr/');
  for (const domain of ['example.zz', 'example.de', 'example.io', 'com']) assert.equal(bootstrap.baseUrlFor(domain), undefined, domain);
});

test('bootstrap rules: the longest matching entry wins, HTTPS is preferred, a base URL always ends in a slash', () => {
  const bootstrap = parseRdapBootstrap({
    services: [
      [['uk'], ['http://rdap.example/uk', 'https://rdap.example/uk']],
      [['co.uk'], ['http://co-uk.rdap.example/']],
    ],
  }, 'test');
  assert.equal(bootstrap.baseUrlFor('shop.co.uk'), 'http://co-uk.rdap.example/');
  assert.equal(bootstrap.baseUrlFor('example.uk'), 'https://rdap.example/uk/');
  assert.equal(bootstrap.publication, undefined);
});

test('a bootstrap file that cannot be read or is not the IANA format stops start-up, naming it', () => {
  assert.throws(() => loadRdapBootstrap('/nonexistent/dns.json'), /Cannot read the RDAP bootstrap \/nonexistent\/dns\.json \(TOLLGATE_RDAP_BOOTSTRAP\)/);
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-rdap-unit-'));
  try {
    const file = path.join(directory, 'dns.json');
    fs.writeFileSync(file, JSON.stringify({ services: [[['com'], ['not a url']]] }));
    assert.throws(() => loadRdapBootstrap(file), /Invalid RDAP bootstrap .*dns\.json at services\.0\.1\.0/);
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
});

test('RDAP dates become ISO 8601 in UTC to the second; unreadable ones null', () => {
  assert.equal(isoTimestamp('1997-09-15T04:00:00Z'), '1997-09-15T04:00:00+00:00');
  assert.equal(isoTimestamp('2012-03-01T10:11:12.5Z'), '2012-03-01T10:11:12+00:00');
  assert.equal(isoTimestamp('2024-05-01T12:00:00+02:00'), '2024-05-01T10:00:00+00:00');
  assert.equal(isoTimestamp('last Tuesday'), null);
  assert.equal(isoTimestamp(undefined), null);
});

test('mapping: an organisation registrant by kind, a country by name, nested registrar entities, duplicate name servers folded', () => {
  const record = registryRecord('example.com', 'https://rdap.registrar.example/domain/example.com');
  const answer = {
    ...record,
    nameservers: [{ ldhName: 'NS1.EXAMPLE.NET.' }, { ldhName: 'ns1.example.net' }, {}],
    entities: [
      { roles: ['reseller'], entities: record.entities },
      {
        roles: ['registrant'],
        vcardArray: ['vcard', [['version', {}, 'text', '4.0'], ['kind', {}, 'text', 'org'], ['fn', {}, 'text', 'Example Org Ltd'], ['adr', {}, 'text', ['', '', '', '', '', '', 'Ireland']]]],
      },
    ],
    redacted: [{ name: { description: 'Administrative Contact' } }],
  };
  const registration = registrationOf('example.com', RdapDomain.parse(answer));
  assert.deepEqual(registration.registrar, { name: 'MarkMonitor Inc.', ianaId: '292' });
  assert.deepEqual(registration.registrant, { organization: 'Example Org Ltd', country: 'Ireland' });
  assert.deepEqual(registration.nameServers, ['ns1.example.net']);
  assert.deepEqual(registration.redacted, ['Administrative Contact']);
  assert.equal(registration.dnssec, false);
});

test('mapping: a registrant without a vCard, and an answer with none of the optional members', () => {
  const registration = registrationOf('example.com', { entities: [{ roles: ['registrant'] }] });
  assert.deepEqual(registration, {
    domain: 'example.com', registered: true, ldhName: null, handle: null, status: [], registrar: null,
    createdDate: null, updatedDate: null, expiryDate: null, nameServers: [], dnssec: null,
    registrant: { organization: null, country: null }, redacted: [],
  });
});
