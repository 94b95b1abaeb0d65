import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createAddressPolicy, type AddressPolicy } from '../../src/net/address-policy';
import { DestinationRefused } from '../../src/net/errors';
import { createFetcher } from '../../src/net/fetcher';
import { startNetFixture, PUBLIC_STAND_IN, type NetFixture } from '../helpers/net-fixture';

/**
 * The SSRF suite: every vector aims at the canary (127.0.0.1 and ::1, on the port the test site
 * uses on 127.0.0.2, the only network opened) and must be refused — the canary counts zero
 * connections. The control cases at the end show the canary would have counted.
 */

interface Vector {
  name: string;
  url: (port: number) => string;
  /** The refusal's reason must match this. */
  reason?: RegExp;
}

const DIRECT: Vector[] = [
  { name: 'dotted loopback', url: (port) => `http://127.0.0.1:${port}/`, reason: /^loopback$/ },
  { name: 'https to loopback', url: (port) => `https://127.0.0.1:${port}/`, reason: /^loopback$/ },
  { name: 'decimal', url: (port) => `http://2130706433:${port}/`, reason: /^loopback$/ },
  { name: 'hex', url: (port) => `http://0x7f000001:${port}/` },
  { name: 'dotted hex', url: (port) => `http://0x7f.0x0.0x0.0x1:${port}/` },
  { name: 'octal', url: (port) => `http://0177.0.0.1:${port}/` },
  { name: 'short form 127.1', url: (port) => `http://127.1:${port}/` },
  { name: 'short octal 0177.1', url: (port) => `http://0177.1:${port}/` },
  { name: 'trailing dot', url: (port) => `http://127.0.0.1.:${port}/` },
  { name: 'percent-encoded host', url: (port) => `http://%31%32%37.0.0.1:${port}/` },
  { name: 'full-width digits', url: (port) => `http://１２７.０.０.１:${port}/` },
  { name: 'userinfo trick', url: (port) => `http://site.test@127.0.0.1:${port}/` },
  { name: 'userinfo with password', url: (port) => `http://a:b@127.0.0.1:${port}/` },
  { name: '0.0.0.0', url: (port) => `http://0.0.0.0:${port}/`, reason: /^this network$/ },
  { name: '0', url: (port) => `http://0:${port}/` },
  { name: 'another loopback address', url: (port) => `http://127.0.0.3:${port}/` },
  { name: 'IPv6 loopback', url: (port) => `http://[::1]:${port}/`, reason: /^loopback$/ },
  { name: 'IPv6 loopback, long form', url: (port) => `http://[0:0:0:0:0:0:0:1]:${port}/` },
  { name: 'IPv6 unspecified', url: (port) => `http://[::]:${port}/` },
  { name: 'IPv4-mapped loopback', url: (port) => `http://[::ffff:127.0.0.1]:${port}/`, reason: /IPv4-mapped/ },
  { name: 'IPv4-mapped loopback, hex', url: (port) => `http://[::ffff:7f00:1]:${port}/` },
  { name: 'IPv4-compatible loopback', url: (port) => `http://[::127.0.0.1]:${port}/`, reason: /IPv4-compatible/ },
  { name: 'NAT64 loopback', url: (port) => `http://[64:ff9b::7f00:1]:${port}/`, reason: /NAT64/ },
  { name: '6to4 loopback', url: (port) => `http://[2002:7f00:1::1]:${port}/`, reason: /6to4/ },
  { name: 'Teredo loopback', url: (port) => `http://[2001:0:7f00:1::]:${port}/`, reason: /Teredo/ },
  { name: 'cloud metadata', url: () => 'http://169.254.169.254/latest/meta-data/', reason: /cloud metadata/ },
  { name: 'cloud metadata, decimal', url: () => 'http://2852039166/latest/meta-data/', reason: /cloud metadata/ },
  { name: 'AWS IPv6 metadata', url: () => 'http://[fd00:ec2::254]/latest/meta-data/', reason: /cloud metadata/ },
  { name: 'Alibaba metadata', url: () => 'http://100.100.100.200/latest/meta-data/', reason: /cloud metadata/ },
  { name: 'private 10/8', url: () => 'http://10.0.0.1/' },
  { name: 'private 192.168/16', url: () => 'http://192.168.0.1/' },
  { name: 'carrier-grade NAT', url: () => 'http://100.64.0.1/' },
  { name: 'loopback Redis port', url: () => 'http://127.0.0.1:6379/' },
  { name: 'loopback PostgreSQL port over IPv6', url: () => 'http://[::1]:5432/' },
  { name: 'gopher to Redis', url: () => 'gopher://127.0.0.1:6379/_INFO', reason: /gopher scheme/ },
  { name: 'file scheme', url: () => 'file:///etc/passwd', reason: /file scheme/ },
];

const BY_NAME: Vector[] = [
  { name: 'a name resolving to loopback', url: (port) => `http://canary.test:${port}/`, reason: /canary\.test resolves to a loopback address/ },
  { name: 'localhost through our DNS', url: (port) => `http://localhost:${port}/` },
  // RFC 6761: loopback by definition, never asked of DNS (whose answer here is the allowed stand-in).
  { name: 'a name under localhost, whatever DNS answers', url: (port) => `http://app.localhost:${port}/`, reason: /^app\.localhost resolves to a loopback address$/ },
  { name: 'localhost, upper case with a trailing dot', url: (port) => `http://LOCALHOST.:${port}/`, reason: /^localhost\.? resolves to a loopback address$/ },
  { name: 'a name with only an IPv6 loopback address', url: (port) => `http://v6only.test:${port}/` },
  { name: 'a name with a public and a private address', url: (port) => `http://mixed.test:${port}/` },
  { name: 'a name with a public IPv4 and an IPv6 loopback', url: (port) => `http://mixed6.test:${port}/` },
  { name: 'a name resolving to an IPv4-mapped loopback', url: (port) => `http://mapped.test:${port}/` },
  { name: 'a name resolving to cloud metadata', url: () => 'http://metadata.test/', reason: /cloud metadata/ },
  { name: 'a CNAME to a loopback name', url: (port) => `http://cname.test:${port}/` },
  { name: 'a name with a trailing dot', url: (port) => `http://canary.test.:${port}/` },
];

/** Redirects from the test site (allowed) towards the canary. */
const REDIRECTS: Vector[] = [
  ...[301, 302, 303, 307, 308].map((status) => ({
    name: `${status} to loopback`,
    url: (port: number) => siteRedirect(port, `http://127.0.0.1:${port}/`, status),
    reason: /^redirected to http:\/\/127\.0\.0\.1:\d+\/: loopback$/,
  })),
  { name: 'protocol-relative redirect to loopback', url: (port) => siteRedirect(port, `//127.0.0.1:${port}/`) },
  { name: 'redirect to localhost', url: (port) => siteRedirect(port, `http://localhost:${port}/`) },
  { name: 'redirect to IPv6 loopback', url: (port) => siteRedirect(port, `http://[::1]:${port}/`) },
  { name: 'redirect to decimal loopback', url: (port) => siteRedirect(port, `http://2130706433:${port}/`) },
  { name: 'redirect to a name resolving to loopback', url: (port) => siteRedirect(port, `http://canary.test:${port}/`) },
  { name: 'redirect to cloud metadata', url: (port) => siteRedirect(port, 'http://169.254.169.254/latest/meta-data/') },
  { name: 'redirect to the file scheme', url: (port) => siteRedirect(port, 'file:///etc/passwd'), reason: /file scheme/ },
  { name: 'redirect after a relative hop', url: (port) => siteRedirect(port, `/redirect?to=${encodeURIComponent(`http://127.0.0.1:${port}/`)}`) },
  { name: 'https to http loopback via redirect', url: (port) => siteRedirect(port, `http://[::ffff:127.0.0.1]:${port}/`) },
];

function siteRedirect(port: number, to: string, status = 302): string {
  return `http://site.test:${port}/redirect?status=${status}&to=${encodeURIComponent(to)}`;
}

describe('SSRF: every vector refused, the canary untouched', () => {
  let net: NetFixture;
  before(async () => {
    net = await startNetFixture({
      records: {
        localhost: { A: ['127.0.0.1'], AAAA: ['::1'] },
        'app.localhost': { A: [PUBLIC_STAND_IN] },
        'v6only.test': { AAAA: ['::1'] },
        'mixed.test': { A: [PUBLIC_STAND_IN, '127.0.0.1'] },
        'mixed6.test': { A: [PUBLIC_STAND_IN], AAAA: ['::1'] },
        'mapped.test': { AAAA: ['::ffff:127.0.0.1'] },
        'metadata.test': { A: ['169.254.169.254'] },
        'cname.test': { CNAME: 'canary.test' },
        // First public (the stand-in), then loopback: the answer a rebinding attacker gives.
        'rebind.test': [{ A: [PUBLIC_STAND_IN], ttl: 0 }, { A: ['127.0.0.1'], ttl: 0 }],
        'rebind-hop.test': [{ A: [PUBLIC_STAND_IN], ttl: 0 }, { A: ['127.0.0.1'], ttl: 0 }],
      },
    });
  });
  after(() => net.close());

  const fetch = (url: string) => net.fetcher.fetch(url, { signal: AbortSignal.timeout(10_000) });

  for (const vector of [...DIRECT, ...BY_NAME, ...REDIRECTS]) {
    test(vector.name, async () => {
      const url = vector.url(net.canary.port);
      await assert.rejects(fetch(url), (error: unknown) => {
        assert.ok(error instanceof DestinationRefused, `${url}: ${String(error)}`);
        if (vector.reason) assert.match(error.reason, vector.reason);
        assert.equal(error.status, 400);
        return true;
      });
      assert.equal(net.canary.hits, 0, `${url} reached the canary: ${net.canary.requests.join(', ')}`);
    });
  }

  test("a browser's bad port is refused before the name is resolved, at the first hop or any redirect, even on an opened network", async () => {
    const vectors = [
      ['http://ports.test:25/', /^port 25, /],
      ['https://ports.test:22/', /^port 22, /],
      [`http://${PUBLIC_STAND_IN}:6000/`, /^port 6000, /],
      ['http://ports.test:0/', /^port 0, /],
      [siteRedirect(net.canary.port, `http://${PUBLIC_STAND_IN}:6667/`), /^redirected to http:\/\/127\.0\.0\.2:6667\/: port 6667, /],
    ] as const;
    for (const [url, reason] of vectors) {
      await assert.rejects(fetch(url), (error: unknown) => error instanceof DestinationRefused && error.status === 400 && reason.test(error.reason), url);
    }
    assert.ok(!net.dns.queries.some((query) => query.name === 'ports.test'), 'the name was resolved');
  });

  test('DNS rebinding: the name is checked public, then answers loopback; the connection stays pinned', async () => {
    const page = await fetch(`http://rebind.test:${net.canary.port}/`);
    assert.equal(page.statusCode, 200);
    assert.match(page.text, /Test site/);
    const aQueries = net.dns.queries.filter((query) => query.name === 'rebind.test' && query.type === 'A');
    assert.equal(aQueries.length, 1, 'resolved once, by Tollgate; the HTTP client did not resolve again');
    assert.equal(net.canary.hits, 0);
  });

  test('DNS rebinding on the next connection: the name resolves again, gets loopback, and is refused', async () => {
    const port = net.canary.port;
    // The site closes this connection, so the next fetch has to connect (and resolve) again.
    const first = await fetch(`http://rebind-hop.test:${port}/close`);
    assert.equal(first.statusCode, 200);
    await assert.rejects(fetch(siteRedirect(port, `http://rebind-hop.test:${port}/`)), (error: unknown) => error instanceof DestinationRefused && /rebind-hop\.test resolves to a loopback/.test(error.reason));
    assert.equal(net.canary.hits, 0);
  });

  test('the allowed network is reached: by address, by name, through redirects', async () => {
    const port = net.canary.port;
    assert.equal((await fetch(`http://${PUBLIC_STAND_IN}:${port}/`)).statusCode, 200);
    assert.equal((await fetch(`http://site.test:${port}/article`)).statusCode, 200);
    const redirected = await fetch(siteRedirect(port, `http://site.test:${port}/table`, 301));
    assert.equal(redirected.url, `http://site.test:${port}/table`);
    assert.equal(net.canary.hits, 0);
  });

  test('control: with loopback opened, the same vectors do reach the canary (so it would count)', async () => {
    const open = createFetcher({ resolver: net.resolver, policy: createAddressPolicy({ allowedNetworks: ['127.0.0.0/8'] }), maxBytes: 65_536, timeoutMs: 5_000, maxRedirects: 5 });
    const canary = net.canary;
    try {
      await open.fetch(`http://2130706433:${canary.port}/decimal`, { signal: AbortSignal.timeout(5_000) });
      await open.fetch(`http://canary.test:${canary.port}/by-name`, { signal: AbortSignal.timeout(5_000) });
      await open.fetch(siteRedirect(canary.port, `http://127.0.0.1:${canary.port}/redirected`), { signal: AbortSignal.timeout(5_000) });
      assert.deepEqual(canary.requests, ['GET /decimal', 'GET /by-name', 'GET /redirected']);
    } finally {
      await open.close();
      canary.requests.length = 0;
    }
  });
});

describe('SSRF: the connected socket is checked again', () => {
  test('a socket that ends up at a refused address is closed before the request is sent', async () => {
    const net = await startNetFixture();
    // Allows the address when the name is checked, refuses it when the socket is: what a resolver
    // or connect path that disagreed with the check would look like.
    let asked = 0;
    const fickle: AddressPolicy = { refusal: () => (++asked === 1 ? undefined : 'loopback') };
    const fetcher = createFetcher({ resolver: net.resolver, policy: fickle, maxBytes: 65_536, timeoutMs: 5_000, maxRedirects: 5 });
    try {
      await assert.rejects(fetcher.fetch(net.siteUrlFor('site.test', '/never'), { signal: AbortSignal.timeout(5_000) }), (error: unknown) => error instanceof DestinationRefused && /connected to a loopback address/.test(error.reason));
      assert.equal(asked, 2);
      assert.ok(!net.site.requests.includes('GET /never'), 'no request was sent on the refused socket');
    } finally {
      await fetcher.close();
      await net.close();
    }
  });
});
