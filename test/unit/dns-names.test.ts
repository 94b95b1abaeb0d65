import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { internalNameRefusal } from '../../src/net/dns-names';

const ZEROS_20 = Array(20).fill('0').join('.');

describe('DNS names only private networks answer', () => {
  test('names under special-use and private zones are refused, the zone said', () => {
    for (const [name, reason] of [
      ['kubernetes.default.svc.cluster.local', /multicast DNS/],
      ['ip-10-0-0-5.ec2.internal', /private-use/],
      ['metadata.google.internal', /private-use/],
      ['_ldap._tcp.corp.lan', /private network name/],
      ['app.localhost', /loopback/],
      ['nas.home.arpa', /RFC 8375/],
      ['web.service.consul', /private network name/],
      ['x.test', /testing/],
      ['x.invalid', /invalid/],
      ['abc.onion', /onion/],
    ] as const) {
      assert.match(internalNameRefusal(name) ?? '', reason, name);
    }
  });

  test('reverse-lookup names of networks with no public address are refused, whatever their length', () => {
    for (const [name, reason] of [
      ['1.0.0.127.in-addr.arpa', /\(loopback\)$/],
      ['127.in-addr.arpa', /\(loopback\)$/],
      ['10.in-addr.arpa', /\(private network\)$/],
      ['5.0.0.10.in-addr.arpa', /\(private network\)$/],
      ['31.172.in-addr.arpa', /\(private network\)$/],
      ['168.192.in-addr.arpa', /\(private network\)$/],
      ['254.169.in-addr.arpa', /\(link-local\)$/],
      ['254.169.254.169.in-addr.arpa', /\(cloud metadata\)$/],
      ['64.100.in-addr.arpa', /\(carrier-grade NAT\)$/],
      ['0-25.2.0.192.in-addr.arpa', /\(documentation range\)$/],
      [`1.${'0.'.repeat(31)}ip6.arpa`, /\(loopback\)$/],
      ['d.f.ip6.arpa', /\(private network\)$/],
      ['8.e.f.ip6.arpa', /\(link-local\)$/],
      [`f.7.f.f.f.f.${ZEROS_20}.ip6.arpa`, /\(loopback \(IPv4-mapped\)\)$/],
    ] as const) {
      assert.match(internalNameRefusal(name) ?? '', reason, name);
    }
  });

  test('public names, and reverse zones holding public addresses, are not refused', () => {
    for (const name of [
      'example.com', 'docs.example', 'internal.example.com', 'local.example.org', 'test.com', '_dmarc.example.com',
      'in-addr.arpa', 'ip6.arpa', '8.8.8.8.in-addr.arpa', '192.in-addr.arpa', '172.in-addr.arpa', '100.in-addr.arpa',
      '2.0.0.2.ip6.arpa', '0.ip6.arpa', `8.0.8.0.f.f.f.f.${ZEROS_20}.ip6.arpa`, '999.in-addr.arpa',
    ]) {
      assert.equal(internalNameRefusal(name), undefined, name);
    }
  });
});
