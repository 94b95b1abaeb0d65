import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { randomBytes, randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { manualClock, startTestApp, testDatabaseLabel, type TestApp, type TestResponse } from '../helpers/test-app';

const limiterLabel = process.env.REDIS_URL ? 'Redis limiter' : 'in-memory limiter';
const PAID_ROUTE = '/v1/seo/domain/available';
const PAID_BODY = { domain: 'tollgate-example.com' };
const LIMIT = 5;

/**
 * Every client gets addresses no other test uses: a Redis limiter is shared by every test file
 * (and by runs less than a minute apart), and it counts per address.
 */
const freshLoopbackAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const freshClientAddress = () => `198.${randomInt(18, 20)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const freshIpv6Prefix = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
const unknownKey = () => `tg_live_${randomBytes(32).toString('base64url')}`;

interface Call {
  apiKey?: string;
  /** The local address the request leaves from (a loopback address other than 127.0.0.1). */
  from?: string;
  forwardedFor?: string;
  method?: 'GET' | 'POST';
  path?: string;
  body?: unknown;
}

/** fetch cannot choose its local address; node:http can. */
function send(app: TestApp, { apiKey, from, forwardedFor, method = 'GET', path = '/v1/account', body }: Call): Promise<TestResponse> {
  const headers: Record<string, string> = {};
  if (apiKey !== undefined) headers['x-api-key'] = apiKey;
  if (forwardedFor !== undefined) headers['x-forwarded-for'] = forwardedFor;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const request = http.request(`${app.baseUrl}${path}`, { method, headers, localAddress: from }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        resolve({ status: response.statusCode!, headers: responseHeaders, body: JSON.parse(text) });
      });
    });
    request.on('error', reject);
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

function assertUnauthorized(response: TestResponse, code = 'INVALID_API_KEY'): void {
  assert.equal(response.status, 401, JSON.stringify(response.body));
  assert.equal(response.body.error.code, code);
  assert.equal(response.headers.get('retry-after'), null);
}

/** 429 in the envelope with Retry-After; the x-ratelimit-* headers belong to keys, so none here. */
function assertFailuresLimited(response: TestResponse): number {
  assert.equal(response.status, 429, JSON.stringify(response.body));
  assert.deepEqual(response.body, {
    ok: false,
    error: { code: 'RATE_LIMITED', message: response.body.error.message },
  });
  assert.match(response.body.error.message, new RegExp(`failed authentications from this address \\(at most ${LIMIT} a minute\\)`));
  assert.equal(response.headers.get('x-ratelimit-limit'), null);
  assert.equal(response.headers.get('x-cost-usd'), null);
  assert.match(response.headers.get('x-request-id') ?? '', /^req_[0-9a-f]{32}$/);
  const retryAfter = Number(response.headers.get('retry-after'));
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `retry-after ${response.headers.get('retry-after')}`);
  return retryAfter;
}

async function failTimes(app: TestApp, call: Omit<Call, 'apiKey'>, times: number): Promise<void> {
  for (let index = 0; index < times; index += 1) assertUnauthorized(await send(app, { ...call, apiKey: unknownKey() }));
}

describe(`failed authentications: ${LIMIT} per address per minute (${testDatabaseLabel()}, ${limiterLabel})`, () => {
  const clock = manualClock();
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ clock: clock.now }, { TOLLGATE_AUTH_FAILURES_PER_MINUTE: String(LIMIT) });
  });
  after(() => app.close());

  test('missing, malformed, unknown and revoked keys all count; the sixth failure in a minute is 429 with Retry-After, before the body is read', async () => {
    const from = freshLoopbackAddress();
    const { accountId } = await app.createAccount('1.00');
    const revoked = await app.keys.issue(accountId);
    await app.keys.revoke(revoked.keyId);
    app.authenticator.forgetAll();

    assertUnauthorized(await send(app, { from }));
    assertUnauthorized(await send(app, { from, apiKey: 'garbage' }));
    assertUnauthorized(await send(app, { from, apiKey: unknownKey() }));
    assertUnauthorized(await send(app, { from, apiKey: revoked.apiKey }), 'REVOKED_API_KEY');
    assertUnauthorized(await send(app, { from, method: 'POST', path: PAID_ROUTE, body: PAID_BODY, apiKey: unknownKey() }));

    assert.equal(assertFailuresLimited(await send(app, { from, apiKey: unknownKey() })), 60);
    assertFailuresLimited(await send(app, { from }));
    assertFailuresLimited(await send(app, { from, apiKey: revoked.apiKey }));
    assertFailuresLimited(await send(app, { from, method: 'POST', path: PAID_ROUTE, body: { colour: 'red' }, apiKey: 'garbage' }));
    assert.equal(await app.balance(accountId), 1_000_000);
    clock.advance(60_000);
  });

  test('Retry-After is truthful: an address is admitted again when its oldest failure leaves the minute', async () => {
    const from = freshLoopbackAddress();
    await failTimes(app, { from }, 1);
    clock.advance(10_000);
    await failTimes(app, { from }, LIMIT - 1);
    clock.advance(5_000);
    assert.equal(assertFailuresLimited(await send(app, { from })), 45);
    clock.advance(44_000);
    assert.equal(assertFailuresLimited(await send(app, { from })), 1);
    clock.advance(1_000);
    // One slot is free (the first failure left); the other four leave 10 s later.
    assertUnauthorized(await send(app, { from }));
    assert.equal(assertFailuresLimited(await send(app, { from })), 10);
    clock.advance(60_000);
  });

  test('a valid key from an address over its limit keeps working, and valid requests never count', async () => {
    const from = freshLoopbackAddress();
    const { accountId, apiKey } = await app.createAccount('1.00');
    for (let index = 0; index < 2 * LIMIT; index += 1) assert.equal((await send(app, { from, apiKey })).status, 200);
    await failTimes(app, { from }, LIMIT);
    assertFailuresLimited(await send(app, { from, apiKey: unknownKey() }));

    const account = await send(app, { from, apiKey });
    assert.equal(account.status, 200);
    assert.equal(account.body.data.accountId, accountId);
    const paid = await send(app, { from, apiKey, method: 'POST', path: PAID_ROUTE, body: PAID_BODY });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.equal(paid.headers.get('x-cost-usd'), '0.02');
    assert.equal(paid.headers.get('x-ratelimit-limit'), '60');
    assert.equal(await app.balance(accountId), 980_000);
    // Its successes did not lift the block of the address.
    assertFailuresLimited(await send(app, { from }));
    clock.advance(60_000);
  });

  test('addresses are counted separately', async () => {
    const blocked = freshLoopbackAddress();
    await failTimes(app, { from: blocked }, LIMIT);
    assertFailuresLimited(await send(app, { from: blocked }));
    const neighbour = freshLoopbackAddress();
    await failTimes(app, { from: neighbour }, LIMIT);
    assertFailuresLimited(await send(app, { from: neighbour }));
    clock.advance(60_000);
  });

  test('without TOLLGATE_TRUST_PROXY, X-Forwarded-For is ignored: a new value each time does not escape the limit', async () => {
    assert.deepEqual(app.config.trustProxy, []);
    const from = freshLoopbackAddress();
    for (let index = 0; index < LIMIT; index += 1) {
      assertUnauthorized(await send(app, { from, forwardedFor: freshClientAddress(), apiKey: unknownKey() }));
    }
    assertFailuresLimited(await send(app, { from, forwardedFor: freshClientAddress(), apiKey: unknownKey() }));
    clock.advance(60_000);
  });
});

describe(`failed authentications behind a trusted proxy, TOLLGATE_TRUST_PROXY=127.0.0.1 (${testDatabaseLabel()}, ${limiterLabel})`, () => {
  const clock = manualClock();
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ clock: clock.now }, { TOLLGATE_AUTH_FAILURES_PER_MINUTE: String(LIMIT), TOLLGATE_TRUST_PROXY: '127.0.0.1' });
  });
  after(() => app.close());

  test('each client the proxy names in X-Forwarded-For is counted separately', async () => {
    const client = freshClientAddress();
    await failTimes(app, { forwardedFor: client }, LIMIT);
    assertFailuresLimited(await send(app, { forwardedFor: client }));
    const other = freshClientAddress();
    await failTimes(app, { forwardedFor: other }, LIMIT);
    assertFailuresLimited(await send(app, { forwardedFor: other }));
    clock.advance(60_000);
  });

  test('entries a client puts before the proxy\'s own are not believed', async () => {
    const client = freshClientAddress();
    for (let index = 0; index < LIMIT; index += 1) {
      assertUnauthorized(await send(app, { forwardedFor: `${freshClientAddress()}, ${client}`, apiKey: unknownKey() }));
    }
    assertFailuresLimited(await send(app, { forwardedFor: `${freshClientAddress()}, ${client}` }));
    assertFailuresLimited(await send(app, { forwardedFor: client }));
    clock.advance(60_000);
  });

  test('from an address not listed, X-Forwarded-For is ignored', async () => {
    const from = freshLoopbackAddress();
    for (let index = 0; index < LIMIT; index += 1) {
      assertUnauthorized(await send(app, { from, forwardedFor: freshClientAddress(), apiKey: unknownKey() }));
    }
    assertFailuresLimited(await send(app, { from, forwardedFor: freshClientAddress() }));
    clock.advance(60_000);
  });

  test('IPv6 clients are counted per /64', async () => {
    const prefix = freshIpv6Prefix();
    for (let index = 1; index <= LIMIT; index += 1) {
      assertUnauthorized(await send(app, { forwardedFor: `${prefix}::${index}`, apiKey: unknownKey() }));
    }
    assertFailuresLimited(await send(app, { forwardedFor: `${prefix}:ffff:ffff:ffff:ffff` }));
    assertUnauthorized(await send(app, { forwardedFor: `${freshIpv6Prefix()}::1` }));
    clock.advance(60_000);
  });

  test('a valid key behind the proxy works for a client over its limit', async () => {
    const client = freshClientAddress();
    const { apiKey } = await app.createAccount('1.00');
    await failTimes(app, { forwardedFor: client }, LIMIT);
    assertFailuresLimited(await send(app, { forwardedFor: client }));
    assert.equal((await send(app, { forwardedFor: client, apiKey })).status, 200);
    clock.advance(60_000);
  });
});

describe('failed authentications counted in Redis', { skip: !process.env.REDIS_URL && 'REDIS_URL is not set' }, () => {
  const clock = manualClock();
  let app: TestApp;
  let redis: Redis;
  before(async () => {
    app = await startTestApp({ clock: clock.now }, { TOLLGATE_AUTH_FAILURES_PER_MINUTE: String(LIMIT) });
    redis = new Redis(process.env.REDIS_URL!);
  });
  after(async () => {
    await redis.quit();
    await app.close();
  });

  test('with REDIS_URL set, each address\'s failures live under tollgate:authfail:<address>; valid requests add none', async () => {
    const from = freshLoopbackAddress();
    const { apiKey } = await app.createAccount('1.00');
    await failTimes(app, { from }, 3);
    assert.equal((await send(app, { from, apiKey })).status, 200);
    assert.equal(await redis.zcard(`tollgate:authfail:${from}`), 3);
  });
});
