import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config';

const NAMECHEAP = { NAMECHEAP_API_USER: 'tollgate-api', NAMECHEAP_API_KEY: 'key', NAMECHEAP_CLIENT_IP: '203.0.113.7' };

test('live registration lookups are on by default; TOLLGATE_LIVE_LOOKUPS=false turns them off; TOLLGATE_RDAP_BOOTSTRAP names a replacement file', () => {
  assert.deepEqual(loadConfig({}).vendors.whois, { live: true, bootstrapFile: undefined });
  assert.deepEqual(loadConfig({ TOLLGATE_LIVE_LOOKUPS: 'false', TOLLGATE_RDAP_BOOTSTRAP: '/etc/tollgate/dns.json' }).vendors.whois, { live: false, bootstrapFile: '/etc/tollgate/dns.json' });
  assert.throws(() => loadConfig({ TOLLGATE_LIVE_LOOKUPS: 'no' }), /TOLLGATE_LIVE_LOOKUPS/);
});

test('Namecheap: off without credentials; the user name defaults to the API user; the base URL to the production API', () => {
  assert.equal(loadConfig({}).vendors.namecheap, undefined);
  assert.deepEqual(loadConfig(NAMECHEAP).vendors.namecheap, {
    apiUser: 'tollgate-api', apiKey: 'key', username: 'tollgate-api', clientIp: '203.0.113.7', baseUrl: 'https://api.namecheap.com/xml.response',
  });
  assert.equal(loadConfig({ ...NAMECHEAP, NAMECHEAP_USERNAME: 'reseller-account' }).vendors.namecheap?.username, 'reseller-account');
});

test('Namecheap: a partial set of credentials, or a client address that is not IPv4, stops start-up', () => {
  assert.throws(() => loadConfig({ NAMECHEAP_API_USER: 'tollgate-api', NAMECHEAP_API_KEY: 'key' }), /NAMECHEAP_API_KEY: set NAMECHEAP_API_USER, NAMECHEAP_API_KEY and NAMECHEAP_CLIENT_IP together/);
  assert.throws(() => loadConfig({ ...NAMECHEAP, NAMECHEAP_CLIENT_IP: 'my-laptop' }), /NAMECHEAP_CLIENT_IP/);
});
