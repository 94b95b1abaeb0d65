import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createAddressPolicy } from '../../src/net/address-policy';
import { startEgressProxy, type EgressProxy } from '../../src/net/egress-proxy';
import { startNetFixture, PUBLIC_STAND_IN, type NetFixture } from '../helpers/net-fixture';

/** A request through the proxy, absolute-form (http) as a browser sends it. */
function viaProxy(proxy: EgressProxy, url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, method: 'GET', path: url, headers: { host: new URL(url).host, ...headers } }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** CONNECT host:port; when the tunnel opens, a plain HTTP GET is sent through it. */
function tunnel(proxy: EgressProxy, authority: string): Promise<{ status: number; answer?: string }> {
  const { hostname, port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, method: 'CONNECT', path: authority });
    request.on('connect', (response, socket) => {
      if (response.statusCode !== 200) {
        socket.destroy();
        return resolve({ status: response.statusCode ?? 0 });
      }
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      socket.on('end', () => resolve({ status: 200, answer }));
      socket.write(`GET /table HTTP/1.1\r\nhost: ${authority}\r\nconnection: close\r\n\r\n`);
    });
    request.on('error', reject);
    request.end();
  });
}

/** A WebSocket-style upgrade in absolute form (ws:// through a plain proxy). */
function upgradeViaProxy(proxy: EgressProxy, url: string): Promise<number> {
  const { hostname, port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path: url, headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' } });
    request.on('response', (response) => resolve(response.statusCode ?? 0));
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}

describe('egress proxy: the browser way out, checked like the fetcher', () => {
  let net: NetFixture;
  let proxy: EgressProxy;
  before(async () => {
    net = await startNetFixture({ records: { localhost: { A: ['127.0.0.1'] }, 'mixed.test': { A: [PUBLIC_STAND_IN, '127.0.0.1'] } } });
    proxy = await startEgressProxy({ resolver: net.resolver, policy: createAddressPolicy({ allowedNetworks: [`${PUBLIC_STAND_IN}/32`] }) });
  });
  after(async () => {
    await proxy.close();
    await net.close();
  });

  test('absolute-form http to an allowed site is proxied, by name and by address', async () => {
    const byName = await viaProxy(proxy, net.siteUrlFor('site.test', '/table'));
    assert.equal(byName.status, 200);
    assert.match(byName.body, /<table id="prices">/);
    const byAddress = await viaProxy(proxy, net.siteUrlFor(PUBLIC_STAND_IN, '/status/404'));
    assert.equal(byAddress.status, 404, 'statuses pass through');
  });

  test('CONNECT to an allowed site opens a tunnel', async () => {
    const result = await tunnel(proxy, `site.test:${net.canary.port}`);
    assert.equal(result.status, 200);
    assert.match(result.answer ?? '', /Apple/);
  });

  test('refused destinations get 403 and are counted; the canary is never reached', async () => {
    const port = net.canary.port;
    const before = proxy.refusedCount;
    const absolute = [`http://127.0.0.1:${port}/`, `http://2130706433:${port}/`, `http://canary.test:${port}/`, `http://localhost:${port}/`, `http://[::1]:${port}/`, `http://mixed.test:${port}/`, 'http://169.254.169.254/latest/meta-data/'];
    for (const url of absolute) assert.equal((await viaProxy(proxy, url)).status, 403, url);
    const connects = [`127.0.0.1:${port}`, `canary.test:${port}`, `[::1]:${port}`, `[::ffff:127.0.0.1]:${port}`, `0x7f000001:${port}`, `127.1:${port}`, `mixed.test:${port}`];
    for (const authority of connects) assert.equal((await tunnel(proxy, authority)).status, 403, authority);
    assert.equal(await upgradeViaProxy(proxy, `ws://127.0.0.1:${port}/socket`), 403);
    assert.equal(await upgradeViaProxy(proxy, `ws://canary.test:${port}/socket`), 403);
    assert.equal(proxy.refusedCount - before, absolute.length + connects.length + 2);
    assert.ok(proxy.refused.some((entry) => entry.reason === 'cloud metadata'));
    assert.equal(net.canary.hits, 0);
  });

  test("a browser's bad port is refused with 403 and counted, even on the opened network", async () => {
    const before = proxy.refusedCount;
    assert.equal((await viaProxy(proxy, `http://${PUBLIC_STAND_IN}:6000/`)).status, 403);
    assert.equal((await tunnel(proxy, 'site.test:25')).status, 403);
    assert.equal(await upgradeViaProxy(proxy, `ws://${PUBLIC_STAND_IN}:6667/socket`), 403);
    assert.equal(proxy.refusedCount - before, 3);
    assert.match(proxy.refused.at(-2)?.reason ?? '', /^port 25, /);
  });

  test('an unreachable destination is 502, not 403', async () => {
    // Port 2: nobody listens there, and browsers do not refuse it (port 1 they do).
    assert.equal((await viaProxy(proxy, `http://${PUBLIC_STAND_IN}:2/`)).status, 502);
    assert.equal((await tunnel(proxy, `nowhere.test:443`)).status, 502);
  });
});
