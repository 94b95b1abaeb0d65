import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createAddressPolicy } from '../../src/net/address-policy';
import { connectionFailure, DestinationRefused, FetchFailed, fetchFailureToApiError, withUrlsRedacted } from '../../src/net/errors';
import { createFetcher } from '../../src/net/fetcher';
import { startNetFixture, PUBLIC_STAND_IN, type NetFixture } from '../helpers/net-fixture';
import { TEST_SITE_TEXTS } from '../helpers/test-site';

describe('fetcher: pages from the (offline) public internet', () => {
  let net: NetFixture;
  const fetch = (path: string, extra: { method?: string; body?: string; headers?: Record<string, string>; maxBytes?: number } = {}) =>
    net.fetcher.fetch(net.siteUrlFor('site.test', path), { signal: AbortSignal.timeout(10_000), ...extra });

  before(async () => {
    net = await startNetFixture({ timeoutMs: 2_500, maxBytes: 1_048_576 });
  });
  after(() => net.close());

  test('a page comes back with its status, headers, body, decoded text and final URL', async () => {
    const page = await fetch('/article');
    assert.equal(page.statusCode, 200);
    assert.equal(page.url, net.siteUrlFor('site.test', '/article'));
    assert.equal(page.contentType, 'text/html; charset=utf-8');
    assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(page.text, /<h1>Fetching pages safely<\/h1>/);
    assert.equal(page.body.toString('utf8'), page.text);
    assert.deepEqual(page.redirects, []);
    assert.equal(net.canary.hits, 0);
  });

  test('404 and 500 are pages, reported with their status, not errors', async () => {
    for (const status of [404, 500]) {
      const page = await fetch(`/status/${status}`);
      assert.equal(page.statusCode, status);
      assert.match(page.text, new RegExp(`Status ${status}`));
    }
  });

  test('charsets: from Content-Type, from <meta charset>, from http-equiv, from a BOM, else UTF-8', async () => {
    assert.match((await fetch('/charset/windows-1252')).text, new RegExp(TEST_SITE_TEXTS.windows1252));
    assert.match((await fetch('/charset/shift_jis-meta')).text, new RegExp(TEST_SITE_TEXTS.shiftJis));
    assert.match((await fetch('/charset/http-equiv')).text, new RegExp(TEST_SITE_TEXTS.windows1252));
    const bom = await fetch('/charset/utf8-bom');
    assert.ok(bom.text.startsWith('<html>'), 'the BOM is not part of the text');
    assert.match(bom.text, new RegExp(TEST_SITE_TEXTS.utf8));
    assert.match((await fetch('/charset/utf8')).text, new RegExp(TEST_SITE_TEXTS.utf8));
  });

  test('gzip, deflate (zlib-wrapped or raw) and brotli bodies are decompressed', async () => {
    for (const path of ['/gzip', '/deflate', '/deflate-raw', '/brotli']) {
      const page = await fetch(path);
      assert.match(page.text, /<h1>Fetching pages safely<\/h1>/, path);
    }
  });

  test('an empty body under a Content-Encoding (a HEAD answer) is an empty page; a corrupt one is FetchFailed', async () => {
    const head = await fetch('/gzip', { method: 'HEAD' });
    assert.equal(head.statusCode, 200);
    assert.equal(head.body.length, 0);
    await assert.rejects(fetch('/corrupt-gzip'), (error: unknown) => error instanceof FetchFailed && /does not decompress/.test(error.message));
  });

  test('gzip and brotli bombs stop at the cap: 502 FetchFailed, "larger than"', async () => {
    for (const path of ['/gzip-bomb', '/brotli-bomb']) {
      await assert.rejects(fetch(path), (error: unknown) => error instanceof FetchFailed && /larger than 1048576 bytes/.test(error.message), path);
    }
  });

  test('an oversized plain body stops at the cap; a per-fetch cap overrides the default', async () => {
    await assert.rejects(fetch('/large?bytes=5000000'), (error: unknown) => error instanceof FetchFailed && /larger than/.test(error.message));
    const small = await fetch('/large?bytes=1000', { maxBytes: 1000 });
    assert.equal(small.body.length, 1000);
    await assert.rejects(fetch('/large?bytes=1001', { maxBytes: 1000 }), FetchFailed);
  });

  test('a body that never ends fails on the whole-fetch timeout, as FetchFailed saying the page was not all sent', async () => {
    await assert.rejects(fetch('/slow'), (error: unknown) => error instanceof FetchFailed && /^the site answered but did not finish sending the page within 3 s$/.test(error.message));
  });

  test("the caller's abort rejects with the caller's reason, not a FetchFailed", async () => {
    const controller = new AbortController();
    const reason = new Error('client went away');
    const pending = net.fetcher.fetch(net.siteUrlFor('site.test', '/slow'), { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    await assert.rejects(pending, (error: unknown) => error === reason);
  });

  test('redirects are followed (relative and absolute), up to 5 hops, and listed', async () => {
    const page = await fetch('/redirect-chain/5');
    assert.equal(page.statusCode, 200);
    assert.equal(page.redirects.length, 5);
    assert.equal(page.url, net.siteUrlFor('site.test', '/'));
    await assert.rejects(fetch('/redirect-chain/6'), (error: unknown) => error instanceof FetchFailed && /more than 5 times/.test(error.message));
    const absolute = await fetch(`/redirect?to=${encodeURIComponent(net.siteUrlFor('site.test', '/table'))}`);
    assert.equal(absolute.url, net.siteUrlFor('site.test', '/table'));
  });

  test('redirect method rules: 303 and POST-after-302 become GET without a body; 307 and 308 keep both', async () => {
    const post = { method: 'POST', body: 'payload', headers: { 'content-type': 'text/plain' } };
    for (const [status, method, body] of [[302, 'GET', ''], [303, 'GET', ''], [301, 'GET', ''], [307, 'POST', 'payload'], [308, 'POST', 'payload']] as const) {
      const page = await fetch(`/redirect?status=${status}&to=/echo`, post);
      const echoed = JSON.parse(page.text);
      assert.equal(echoed.method, method, `${status}`);
      assert.equal(echoed.body, body, `${status}`);
    }
  });

  test('cookies a hop sets are sent on the next hops of the same fetch only, as their domain, path, Secure and expiry allow', async () => {
    // The page sets a cookie and redirects to itself until it gets it back.
    const gate = await fetch('/cookie-gate');
    assert.equal(gate.statusCode, 200);
    assert.equal(gate.redirects.length, 1);
    assert.match(gate.text, /<p id="cookie">gate=open; kept=yes<\/p>/, 'an expired cookie (Max-Age=0) is not sent');
    assert.equal((await fetch('/cookie-gate')).redirects.length, 1, 'nothing is kept from one fetch to the next');
    // A Secure cookie is not sent over http, nor one for another path: the page redirects until the limit.
    for (const path of ['/cookie-gate?secure=1', '/cookie-gate?path=/elsewhere']) {
      await assert.rejects(fetch(path), (error: unknown) => error instanceof FetchFailed && /more than 5 times/.test(error.message), path);
    }
    const sameSite = JSON.parse((await fetch('/redirect?cookie=session%3Dabc&to=/echo')).text);
    assert.equal(sameSite.headers.cookie, 'session=abc');
    const callers = JSON.parse((await fetch('/redirect?cookie=session%3Dabc&to=/echo', { headers: { cookie: 'mine=1' } })).text);
    assert.equal(callers.headers.cookie, 'mine=1; session=abc');
    const otherHost = JSON.parse((await fetch(`/redirect?cookie=session%3Dabc&to=${encodeURIComponent(net.siteUrlFor('127.0.0.2', '/echo'))}`)).text);
    assert.equal(otherHost.headers.cookie, undefined, "a host-only cookie does not go to another host");
  });

  test('a Location in raw UTF-8 bytes is read as UTF-8 (as browsers read it), one that is not valid UTF-8 as Latin-1', async () => {
    for (const path of ['/utf8-location', '/latin1-location']) {
      const page = await fetch(path);
      assert.equal(page.statusCode, 200, path);
      assert.equal(page.url, net.siteUrlFor('site.test', '/caf%C3%A9%20page'), path);
    }
  });

  test('credentials do not follow a redirect to another origin', async () => {
    const other = net.siteUrlFor('127.0.0.2', '/echo');
    const page = await fetch(`/redirect?to=${encodeURIComponent(other)}`, { headers: { authorization: 'Bearer secret', cookie: 'a=b', 'x-kept': 'yes' } });
    const echoed = JSON.parse(page.text);
    assert.equal(echoed.headers.authorization, undefined);
    assert.equal(echoed.headers.cookie, undefined);
    assert.equal(echoed.headers['x-kept'], 'yes');
  });

  test('a name that does not resolve, and a port nobody listens on, are FetchFailed (502)', async () => {
    await assert.rejects(net.fetcher.fetch('http://nowhere.test/', { signal: AbortSignal.timeout(5_000) }), (error: unknown) => error instanceof FetchFailed && /does not resolve/.test(error.message));
    await assert.rejects(net.fetcher.fetch('http://127.0.0.2:2/', { signal: AbortSignal.timeout(5_000) }), (error: unknown) => error instanceof FetchFailed && error.status === 502);
  });

  test('fetchFailureToApiError names the field: 400 for a refusal, 502 for a failure, others unchanged', () => {
    const refused = fetchFailureToApiError(new DestinationRefused('loopback'), 'webhookUrl') as DestinationRefused;
    assert.equal(refused.status, 400);
    assert.equal(refused.code, 'VALIDATION_ERROR');
    assert.equal(refused.param, 'webhookUrl');
    assert.match(refused.message, /^webhookUrl: .*loopback/);
    const failed = fetchFailureToApiError(new FetchFailed('the site could not be reached')) as FetchFailed;
    assert.equal(failed.status, 502);
    assert.match(failed.message, /^url: the site could not be reached/);
    const other = new Error('bug');
    assert.equal(fetchFailureToApiError(other), other);
  });
});

describe('fetcher over https: pinned to the checked address, the certificate checked against the name', () => {
  let net: NetFixture;
  let server: https.Server;
  let cert: string;
  let port: number;
  before(async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', `${directory}/key.pem`, '-out', `${directory}/cert.pem`, '-days', '1', '-subj', '/CN=site.test', '-addext', 'subjectAltName=DNS:site.test'], { stdio: 'ignore' });
    cert = fs.readFileSync(`${directory}/cert.pem`, 'utf8');
    const key = fs.readFileSync(`${directory}/key.pem`, 'utf8');
    fs.rmSync(directory, { recursive: true, force: true });
    server = https.createServer({ cert, key }, (request, response) => response.end(`secure ${request.headers.host}`));
    await new Promise<void>((resolve) => server.listen(0, PUBLIC_STAND_IN, resolve));
    port = (server.address() as AddressInfo).port;
    net = await startNetFixture();
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await net.close();
  });

  const fetcherTrusting = (ca: string | undefined) =>
    createFetcher({ resolver: net.resolver, policy: createAddressPolicy({ allowedNetworks: [`${PUBLIC_STAND_IN}/32`] }), maxBytes: 65_536, timeoutMs: 5_000, maxRedirects: 5, ca });

  test('https by name: SNI and the certificate use the name while the socket goes to the pinned address', async () => {
    const fetcher = fetcherTrusting(cert);
    try {
      const page = await fetcher.fetch(`https://site.test:${port}/`, { signal: AbortSignal.timeout(5_000) });
      assert.equal(page.statusCode, 200);
      assert.equal(page.text, `secure site.test:${port}`);
    } finally {
      await fetcher.close();
    }
  });

  test('a certificate that does not cover the host, or is not trusted, is FetchFailed (502) saying the certificate was refused, and why', async () => {
    const trusting = fetcherTrusting(cert);
    const untrusting = fetcherTrusting(undefined);
    const refused = (reason: string) => (error: unknown) => error instanceof FetchFailed && error.message === `the site's certificate was refused (${reason})`;
    try {
      await assert.rejects(trusting.fetch(`https://${PUBLIC_STAND_IN}:${port}/`, { signal: AbortSignal.timeout(5_000) }), refused('it is not for this host name'));
      await assert.rejects(untrusting.fetch(`https://site.test:${port}/`, { signal: AbortSignal.timeout(5_000) }), refused('it is self-signed'));
    } finally {
      await trusting.close();
      await untrusting.close();
    }
  });
});

describe('what a fetch or browser failure may log of a URL', () => {
  test('every URL in an error loses its userinfo (user:password@) and its query and fragment', () => {
    const callLog = 'page.goto: Download is starting\nCall log:\n  - navigating to "http://alice:s3cretPW@127.0.0.1:18209/bin?token=abc&sig=x", waiting until "load"\n  - then https://bob@example.com/a/b#access_token=t';
    assert.equal(
      withUrlsRedacted(callLog),
      'page.goto: Download is starting\nCall log:\n  - navigating to "http://127.0.0.1:18209/bin?…", waiting until "load"\n  - then https://example.com/a/b#…',
    );
    assert.equal(withUrlsRedacted('connect ECONNREFUSED 127.0.0.1:80'), 'connect ECONNREFUSED 127.0.0.1:80');
  });

  test("a connection failure's detail for the log holds no password or query of the URL it quotes", () => {
    const failure = connectionFailure(new Error('boom'), 'UND_ERR: failed GET http://u:pw-secret@site.example/x?key=k-secret');
    assert.equal(failure.detail, 'UND_ERR: failed GET http://site.example/x?…');
  });
});
