import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { startTestDnsServer, type TestDnsServer } from '../helpers/test-dns-server';

const LONG_TXT = ['v=spf1 ' + 'include:_spf.example.net '.repeat(9).trim(), 'x'.repeat(250), 'y'.repeat(250)];

describe(`POST /v1/tools/dns (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  let dns: TestDnsServer;
  before(async () => {
    dns = await startTestDnsServer({
      'example.com': {
        ttl: 3600,
        A: ['93.184.215.14', '93.184.215.15'],
        AAAA: ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
        MX: [{ exchange: 'mail.example.com', priority: 10 }, { exchange: 'backup.example.com', priority: 20 }],
        TXT: [['v=spf1 -all'], ['part one ', 'part two']],
        NS: ['a.iana-servers.net', 'b.iana-servers.net'],
        SOA: { primaryNameServer: 'ns.icann.org', hostmaster: 'noc.dns.icann.org', serial: 2025011601, refresh: 7200, retry: 3600, expire: 1209600, minimumTtl: 3600 },
        CAA: [{ tag: 'issue', value: 'letsencrypt.org' }, { critical: true, tag: 'iodef', value: 'mailto:security@example.com' }],
      },
      'www.example.com': { CNAME: 'example.com' },
      '_sip._tcp.example.com': { SRV: [{ priority: 10, weight: 60, port: 5060, target: 'sip.example.com' }] },
      'long.example.com': { TXT: [LONG_TXT] },
      'broken.example.com': { rcode: 'SERVFAIL' },
      'refused.example.com': { rcode: 'REFUSED' },
      'silent.example.com': { silent: true },
      'xn--mnchen-3ya.de': { A: ['93.184.215.20'] },
      'inward.example.com': { A: ['10.0.0.5'] },
      'kubernetes.default.svc.cluster.local': { A: ['10.96.0.1'] },
      '1.0.0.127.in-addr.arpa': { TXT: [['internal']] },
    });
    app = await startTestApp({}, { TOLLGATE_DNS_SERVERS: dns.servers.join(','), TOLLGATE_FETCH_TIMEOUT_MS: '3000' });
  });
  after(async () => {
    await app.close();
    await dns.close();
  });

  const lookup = async (name: string, type?: string) => {
    const { response, cost } = await app.paidCall('/v1/tools/dns', type === undefined ? { name } : { name, type }, 'live');
    assert.equal(cost, 10_000, 'one cent per lookup');
    return response.body.data;
  };

  test('A by default, with each address and its TTL', async () => {
    assert.deepEqual(await lookup('Example.COM.'), {
      name: 'example.com',
      type: 'A',
      status: 'NOERROR',
      records: [
        { type: 'A', address: '93.184.215.14', ttl: 3600 },
        { type: 'A', address: '93.184.215.15', ttl: 3600 },
      ],
    });
    assert.deepEqual((await lookup('example.com', 'AAAA')).records, [{ type: 'AAAA', address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', ttl: 3600 }]);
  });

  test('MX, TXT (strings joined per record), NS, SOA, CAA, CNAME and SRV in their shapes', async () => {
    assert.deepEqual(
      (await lookup('example.com', 'MX')).records.sort((a: { priority: number }, b: { priority: number }) => a.priority - b.priority),
      [
        { type: 'MX', exchange: 'mail.example.com', priority: 10 },
        { type: 'MX', exchange: 'backup.example.com', priority: 20 },
      ],
    );
    assert.deepEqual((await lookup('example.com', 'TXT')).records.map((record: { text: string }) => record.text).sort(), ['part one part two', 'v=spf1 -all']);
    assert.deepEqual((await lookup('example.com', 'NS')).records.map((record: { host: string }) => record.host).sort(), ['a.iana-servers.net', 'b.iana-servers.net']);
    assert.deepEqual((await lookup('example.com', 'SOA')).records, [
      { type: 'SOA', primaryNameServer: 'ns.icann.org', hostmaster: 'noc.dns.icann.org', serial: 2025011601, refresh: 7200, retry: 3600, expire: 1209600, minimumTtl: 3600 },
    ]);
    assert.deepEqual(
      (await lookup('example.com', 'CAA')).records,
      [
        { type: 'CAA', critical: false, tag: 'issue', value: 'letsencrypt.org' },
        { type: 'CAA', critical: true, tag: 'iodef', value: 'mailto:security@example.com' },
      ],
    );
    assert.deepEqual((await lookup('www.example.com', 'CNAME')).records, [{ type: 'CNAME', target: 'example.com' }]);
    assert.deepEqual((await lookup('_sip._tcp.example.com', 'SRV')).records, [{ type: 'SRV', priority: 10, weight: 60, port: 5060, target: 'sip.example.com' }]);
  });

  test('an answer too long for UDP comes over TCP, whole', async () => {
    const data = await lookup('long.example.com', 'TXT');
    assert.deepEqual(data.records, [{ type: 'TXT', text: LONG_TXT.join('') }]);
    assert.ok(dns.queries.some((query) => query.name === 'long.example.com' && query.transport === 'tcp'));
  });

  test('an internationalised name is asked in its ASCII form', async () => {
    const data = await lookup('münchen.de');
    assert.equal(data.name, 'xn--mnchen-3ya.de');
    assert.deepEqual(data.records, [{ type: 'A', address: '93.184.215.20', ttl: 300 }]);
  });

  test('NXDOMAIN is an answer (charged), and so is a name without records of the type', async () => {
    assert.deepEqual(await lookup('nothing-here.example.org', 'A'), { name: 'nothing-here.example.org', type: 'A', status: 'NXDOMAIN', records: [] });
    assert.deepEqual(await lookup('example.com', 'SRV'), { name: 'example.com', type: 'SRV', status: 'NOERROR', records: [] });
  });

  test('SERVFAIL, REFUSED and a silent resolver are 502 UPSTREAM_ERROR saying which, not charged', async () => {
    for (const [name, said] of [
      ['broken.example.com', /DNS servers answered SERVFAIL: they could not resolve the name/],
      ['refused.example.com', /DNS servers refused the query \(REFUSED\)/],
      ['silent.example.com', /DNS servers did not answer/],
    ] as const) {
      const { accountId, apiKey } = await app.createAccount('1.00');
      const response = await app.post('/v1/tools/dns', { name, type: 'A' }, apiKey);
      assert.equal(response.status, 502, JSON.stringify(response.body));
      assert.equal(response.body.error.code, 'UPSTREAM_ERROR');
      assert.match(response.body.error.message, said, name);
      assert.equal(await app.balance(accountId), 1_000_000);
    }
  });

  test('a name that is not a domain, or an unknown type, is a 400 naming the field, not charged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    for (const [body, field, message] of [
      [{ name: 'https://example.com/' }, 'name'],
      [{ name: 'exa mple.com' }, 'name'],
      [{ name: 'localhost' }, 'name'],
      [{ name: '1.2.3.4' }, 'name', /^name: '1\.2\.3\.4' is an IP address, not a domain name/],
      [{ name: '2001:db8::1' }, 'name', /is an IP address/],
      [{ name: 'example.com', type: 'PTR' }, 'type'],
      [{ name: 'example.com', type: 'a' }, 'type'],
    ] as Array<[Record<string, string>, string, RegExp?]>) {
      const response = await app.post('/v1/tools/dns', body, apiKey);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.ok(response.body.error.message.startsWith(`${field}: `), response.body.error.message);
      if (message) assert.match(response.body.error.message, message);
    }
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test("a name only private networks answer is a 400 naming name, not charged, and the resolvers are never asked", async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    for (const [name, type, said] of [
      ['kubernetes.default.svc.cluster.local', 'A', /multicast DNS name/],
      ['ip-10-0-0-5.ec2.internal', 'A', /private-use name/],
      ['metadata.google.internal', 'A', /private-use name/],
      ['_ldap._tcp.corp.lan', 'SRV', /private network name/],
      ['printer.home.arpa', 'A', /home network name/],
      ['staging.corp', 'A', /private network name/],
      ['db.intranet', 'A', /private network name/],
      ['site.test', 'A', /reserved for testing/],
      ['1.0.0.127.in-addr.arpa', 'TXT', /reverse-lookup name of addresses that are not public \(loopback\)/],
      ['5.0.0.10.in-addr.arpa', 'SOA', /\(private network\)/],
      ['168.192.in-addr.arpa', 'NS', /\(private network\)/],
      ['254.169.in-addr.arpa', 'SOA', /\(link-local\)/],
      ['d.f.ip6.arpa', 'SOA', /\(private network\)/],
      ['kubernetes', 'A', /is not a domain name/],
    ] as const) {
      const response = await app.post('/v1/tools/dns', { name, type }, apiKey);
      assert.equal(response.status, 400, name);
      assert.equal(response.body.error.code, 'VALIDATION_ERROR');
      assert.ok(response.body.error.message.startsWith('name: '), response.body.error.message);
      assert.match(response.body.error.message, said, name);
      assert.ok(!dns.queries.some((query) => query.name === name), `${name} was asked of the resolver`);
    }
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('reverse zones of public networks and names under example stay answerable', async () => {
    assert.equal((await lookup('8.8.8.8.in-addr.arpa', 'TXT')).status, 'NXDOMAIN');
    assert.equal((await lookup('192.in-addr.arpa', 'NS')).status, 'NXDOMAIN');
    assert.equal((await lookup('docs.example', 'A')).status, 'NXDOMAIN');
  });

  test("a public name's private addresses are answered as the resolvers gave them (as public DNS lookup APIs do)", async () => {
    assert.deepEqual((await lookup('inward.example.com')).records, [{ type: 'A', address: '10.0.0.5', ttl: 300 }]);
  });
});
