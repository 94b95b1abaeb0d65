import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createAddressPolicy } from '../../src/net/address-policy';
import { parseFetchTarget } from '../../src/net/target-url';
import { refusalWithoutDns } from '../../src/net/pinned-connector';
import { DestinationRefused } from '../../src/net/errors';

const policy = createAddressPolicy({ allowedNetworks: [] });

/** Each address and the reason it is refused for (a prefix: embedded forms add their name). */
const REFUSED: Array<[string, string]> = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.1', 'private network'],
  ['10.255.255.255', 'private network'],
  ['172.16.0.1', 'private network'],
  ['172.31.255.255', 'private network'],
  ['192.168.1.1', 'private network'],
  ['169.254.0.1', 'link-local'],
  ['169.254.169.254', 'cloud metadata'],
  ['100.100.100.200', 'cloud metadata'],
  ['192.0.0.192', 'cloud metadata'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.255', 'carrier-grade NAT'],
  ['0.0.0.0', 'this network'],
  ['0.1.2.3', 'this network'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['192.0.2.1', 'documentation range'],
  ['198.51.100.7', 'documentation range'],
  ['203.0.113.9', 'documentation range'],
  ['::', 'unspecified address'],
  ['::1', 'loopback'],
  ['fc00::1', 'private network'],
  ['fd12:3456::1', 'private network'],
  ['fd00:ec2::254', 'cloud metadata'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['febf::1', 'link-local'],
  ['fec0::1', 'private network'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'documentation range'],
  ['100::1', 'reserved'],
  ['::ffff:127.0.0.1', 'loopback (IPv4-mapped)'],
  ['::ffff:7f00:1', 'loopback (IPv4-mapped)'],
  ['::ffff:10.1.2.3', 'private network (IPv4-mapped)'],
  ['::ffff:169.254.169.254', 'cloud metadata (IPv4-mapped)'],
  ['[::ffff:192.168.0.1]', 'private network (IPv4-mapped)'],
  ['::127.0.0.1', 'loopback (IPv4-compatible)'],
  ['::10.0.0.1', 'private network (IPv4-compatible)'],
  ['::8.8.8.8', 'reserved (IPv4-compatible)'],
  ['2002:7f00:1::', 'loopback (6to4)'],
  ['2002:a9fe:a9fe::1', 'cloud metadata (6to4)'],
  ['2002:c0a8:101::', 'private network (6to4)'],
  ['64:ff9b::127.0.0.1', 'loopback (NAT64)'],
  ['64:ff9b::a00:1', 'private network (NAT64)'],
  ['64:ff9b::169.254.169.254', 'cloud metadata (NAT64)'],
  ['64:ff9b:1::808:808', 'private network'],
  // Teredo: server 127.0.0.1 in bits 32–64; client 10.0.0.1 inverted in the last 32 bits.
  ['2001:0:7f00:1::', 'loopback (Teredo)'],
  ['2001:0:808:808::f5ff:fffe', 'private network (Teredo)'],
  ['::ffff:0:7f00:1', 'reserved'],
  ['3fff::1', 'documentation range'],
  ['not-an-address', 'not an IP address'],
  ['127.1', 'not an IP address'],
];

const PUBLIC = ['8.8.8.8', '1.1.1.1', '93.184.215.14', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8', '2002:808:808::1', '64:ff9b::808:808', '2001:0:808:808::f7f7:f7f7'];

describe('address policy: what is refused', () => {
  for (const [address, reason] of REFUSED) {
    test(`${address} is refused: ${reason}`, () => {
      assert.equal(policy.refusal(address), reason);
    });
  }

  test('public addresses pass, in any form that reaches a public host', () => {
    for (const address of PUBLIC) assert.equal(policy.refusal(address), undefined, address);
  });

  test('TOLLGATE_FETCH_ALLOWED_NETWORKS opens the networks named, in every form, and nothing else', () => {
    const open = createAddressPolicy({ allowedNetworks: ['10.20.0.0/16', '127.0.0.2', 'fd00:1::/32'] });
    assert.equal(open.refusal('10.20.3.4'), undefined);
    assert.equal(open.refusal('::ffff:10.20.3.4'), undefined);
    assert.equal(open.refusal('127.0.0.2'), undefined);
    assert.equal(open.refusal('fd00:1::5'), undefined);
    assert.equal(open.refusal('10.21.0.1'), 'private network');
    assert.equal(open.refusal('127.0.0.1'), 'loopback');
    assert.equal(open.refusal('fd00:2::5'), 'private network');
    assert.equal(open.refusal('169.254.169.254'), 'cloud metadata');
  });

  test('a malformed allowed network stops start-up', () => {
    assert.throws(() => createAddressPolicy({ allowedNetworks: ['10.0.0.0/33'] }));
    assert.throws(() => createAddressPolicy({ allowedNetworks: ['intranet'] }));
  });
});

/** URL notations: the host the WHATWG parser makes of them, and what the policy says of that. */
const URL_NOTATIONS: Array<[string, string]> = [
  ['http://2130706433/', '127.0.0.1'],
  ['http://0x7f000001/', '127.0.0.1'],
  ['http://0x7f.0x0.0x0.0x1/', '127.0.0.1'],
  ['http://0177.0.0.1/', '127.0.0.1'],
  ['http://0177.1/', '127.0.0.1'],
  ['http://127.1/', '127.0.0.1'],
  ['http://127.0.1/', '127.0.0.1'],
  ['http://127.000.000.001/', '127.0.0.1'],
  ['http://127.0.0.1./', '127.0.0.1'],
  ['http://evil.example@127.0.0.1/', '127.0.0.1'],
  ['http://user:pass@127.0.0.1:80/', '127.0.0.1'],
  ['http://[::1]/', '::1'],
  ['http://[0:0:0:0:0:0:0:1]/', '::1'],
  ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
  ['http://[::ffff:a9fe:a9fe]/', '::ffff:a9fe:a9fe'],
  ['http://0/', '0.0.0.0'],
  ['http://0x0/', '0.0.0.0'],
  ['http://3232235777/', '192.168.1.1'],
  ['http://0xa9fea9fe/', '169.254.169.254'],
  ['http://169.254.43518/', '169.254.169.254'],
  ['http://%31%32%37.0.0.1/', '127.0.0.1'],
  ['http://１２７.０.０.１/', '127.0.0.1'],
  ['HTTP://127.0.0.1/', '127.0.0.1'],
];

describe('URL notations reach the policy as the address they mean', () => {
  for (const [url, address] of URL_NOTATIONS) {
    test(`${url} → ${address}, refused`, () => {
      const target = parseFetchTarget(url);
      assert.equal(target.address, address);
      assert.notEqual(policy.refusal(target.address!), undefined);
    });
  }

  test('schemes other than http and https are refused, naming the scheme', () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'gopher://127.0.0.1:25/', 'data:text/html,hi', 'javascript:alert(1)', 'ws://example.com/']) {
      assert.throws(() => parseFetchTarget(url), (error: unknown) => error instanceof DestinationRefused && /scheme/.test(error.reason), url);
    }
  });

  test('what is not a URL is refused as such', () => {
    for (const url of ['', 'example.com', 'http://', 'http://[::1/', 'http://exa mple.com/']) {
      assert.throws(() => parseFetchTarget(url), DestinationRefused, url);
    }
  });

  test('a name stays a name to resolve (no address), its port defaulted by scheme', () => {
    const target = parseFetchTarget('https://Example.COM./page');
    assert.equal(target.host, 'example.com');
    assert.equal(target.address, undefined);
    assert.equal(target.port, 443);
    assert.equal(parseFetchTarget('http://example.com:8080/').port, 8080);
  });

  test("the ports browsers refuse (WHATWG Fetch's bad ports) are refused, the others kept", () => {
    for (const url of ['http://example.com:25/', 'https://example.com:22/', 'http://example.com:1/', 'http://example.com:0/', 'http://example.com:6667/', 'http://example.com:10080/', 'http://[2606:4700::1]:587/']) {
      assert.throws(() => parseFetchTarget(url), (error: unknown) => error instanceof DestinationRefused && /^port \d+, a non-web service's port that browsers refuse too$/.test(error.reason), url);
    }
    for (const port of [80, 443, 2, 3000, 8080, 8443, 6379, 65535]) assert.equal(parseFetchTarget(`http://example.com:${port}/`).port, port);
    assert.equal(refusalWithoutDns('http://hooks.example.com:25/deliver', policy), "port 25, a non-web service's port that browsers refuse too");
  });
});
