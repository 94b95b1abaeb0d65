import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clientAddressKey } from '../../src/ratelimit/client-address';

test('an IPv4 address is counted as it is, also when a dual-stack socket reports it IPv4-mapped', () => {
  assert.equal(clientAddressKey('192.0.2.7'), '192.0.2.7');
  assert.equal(clientAddressKey('::ffff:192.0.2.7'), '192.0.2.7');
  assert.equal(clientAddressKey('::FFFF:192.0.2.7'), '192.0.2.7');
  assert.equal(clientAddressKey('::ffff:c000:207'), '192.0.2.7');
  assert.equal(clientAddressKey('0:0:0:0:0:ffff:c000:0207'), '192.0.2.7');
});

test('an IPv6 address is counted by its /64, however it is written', () => {
  const key = '2001:db8:a:b::/64';
  for (const address of ['2001:db8:a:b::1', '2001:0db8:000a:000b:0000:0000:0000:0001', '2001:DB8:A:B:ffff:ffff:ffff:ffff', '2001:db8:a:b:1:2:3:4', '2001:db8:a:b::192.0.2.7', '2001:db8:a:b::9%eth0']) {
    assert.equal(clientAddressKey(address), key, address);
  }
  assert.equal(clientAddressKey('2001:db8:a:c::1'), '2001:db8:a:c::/64');
  assert.equal(clientAddressKey('2001:db8::1'), '2001:db8:0:0::/64');
  assert.equal(clientAddressKey('::1'), '0:0:0:0::/64');
  assert.equal(clientAddressKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
});

test('anything else is counted as it is', () => {
  assert.equal(clientAddressKey('unknown'), 'unknown');
});
