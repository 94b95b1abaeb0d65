import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config';

test('fetch settings: defaults (system resolvers, nothing opened, 10 MB, 15 s)', () => {
  // SMTP probing's settings (also under `net`) are tested in contacts-smtp-probe.test.ts.
  const { smtpProbe: _probing, ...fetch } = loadConfig({}).net;
  assert.deepEqual(fetch, { dnsServers: undefined, allowedNetworks: [], fetchMaxBytes: 10_485_760, fetchTimeoutMs: 15_000 });
});

test('fetch settings: lists are split and trimmed', () => {
  const { smtpProbe: _probing, ...net } = loadConfig({
    TOLLGATE_DNS_SERVERS: '127.0.0.1:5353, [::1]:53,9.9.9.9',
    TOLLGATE_FETCH_ALLOWED_NETWORKS: '10.20.0.0/16, 192.168.1.5 ,fd00::/8',
    TOLLGATE_FETCH_MAX_BYTES: '2048',
    TOLLGATE_FETCH_TIMEOUT_MS: '500',
  }).net;
  assert.deepEqual(net, { dnsServers: ['127.0.0.1:5353', '[::1]:53', '9.9.9.9'], allowedNetworks: ['10.20.0.0/16', '192.168.1.5', 'fd00::/8'], fetchMaxBytes: 2048, fetchTimeoutMs: 500 });
});

test('fetch settings: a malformed entry stops start-up, naming the variable and the entry', () => {
  assert.throws(() => loadConfig({ TOLLGATE_DNS_SERVERS: 'dns.example.com:53' }), /TOLLGATE_DNS_SERVERS: 'dns\.example\.com:53' is not a resolver address/);
  assert.throws(() => loadConfig({ TOLLGATE_DNS_SERVERS: '127.0.0.1:70000' }), /TOLLGATE_DNS_SERVERS/);
  assert.throws(() => loadConfig({ TOLLGATE_FETCH_ALLOWED_NETWORKS: 'intranet' }), /TOLLGATE_FETCH_ALLOWED_NETWORKS: 'intranet' is not an IP address or CIDR range/);
  assert.throws(() => loadConfig({ TOLLGATE_FETCH_ALLOWED_NETWORKS: '10.0.0.0/33' }), /TOLLGATE_FETCH_ALLOWED_NETWORKS/);
  assert.throws(() => loadConfig({ TOLLGATE_FETCH_MAX_BYTES: '10' }), /TOLLGATE_FETCH_MAX_BYTES/);
});
