import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { manualClock, startTestApp, testDatabaseLabel, type TestApp, type TestResponse } from '../helpers/test-app';

const limiterLabel = process.env.REDIS_URL ? 'Redis limiter' : 'in-memory limiter';
const PAID_ROUTE = '/v1/seo/domain/available';
const PAID_BODY = { domain: 'tollgate-example.com' };

function assertRateHeaders(response: TestResponse, limit: number, remaining: number): void {
  assert.equal(response.headers.get('x-ratelimit-limit'), String(limit));
  assert.equal(response.headers.get('x-ratelimit-remaining'), String(remaining));
  assert.match(response.headers.get('x-ratelimit-reset') ?? '', /^\d+$/);
}

function assertRateLimited(response: TestResponse, limit: number): number {
  assert.equal(response.status, 429, JSON.stringify(response.body));
  assert.deepEqual(Object.keys(response.body).sort(), ['error', 'ok']);
  assert.deepEqual(Object.keys(response.body.error).sort(), ['code', 'message']);
  assert.equal(response.body.error.code, 'RATE_LIMITED');
  assertRateHeaders(response, limit, 0);
  const retryAfter = Number(response.headers.get('retry-after'));
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `retry-after ${response.headers.get('retry-after')}`);
  assert.equal(response.headers.get('x-ratelimit-reset'), String(retryAfter));
  assert.equal(response.headers.get('x-cost-usd'), null);
  return retryAfter;
}

describe(`rate limit through HTTP at 5 per minute (${testDatabaseLabel()}, ${limiterLabel})`, () => {
  const clock = manualClock();
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ clock: clock.now }, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '5' });
  });
  after(() => app.close());

  test('five pass with remaining 4..0; the sixth is 429 RATE_LIMITED, not charged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    for (let index = 0; index < 5; index += 1) {
      const response = await app.post(PAID_ROUTE, PAID_BODY, apiKey);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assertRateHeaders(response, 5, 4 - index);
      assert.equal(response.headers.get('x-cost-usd'), '0.02');
    }
    assert.equal(await app.balance(accountId), 900_000);
    const refused = await app.post(PAID_ROUTE, PAID_BODY, apiKey);
    const retryAfter = assertRateLimited(refused, 5);
    assert.equal(retryAfter, 60);
    assert.match(refused.headers.get('x-request-id') ?? '', /^req_[0-9a-f]{32}$/);
    assert.equal(await app.balance(accountId), 900_000);
    assert.equal(await app.ledgerSum(accountId), 900_000);
    // Free endpoints share the same budget.
    assertRateLimited(await app.get('/v1/account', apiKey), 5);
    assertRateLimited(await app.get('/v1/ai/models', apiKey), 5);
    assert.equal(await app.balance(accountId), 900_000);
  });

  test('after 60 s requests pass again', async () => {
    const { apiKey } = await app.createAccount('1.00');
    for (let index = 0; index < 5; index += 1) assert.equal((await app.get('/v1/account', apiKey)).status, 200);
    assertRateLimited(await app.get('/v1/account', apiKey), 5);
    clock.advance(59_999);
    assertRateLimited(await app.get('/v1/account', apiKey), 5);
    clock.advance(1);
    const again = await app.get('/v1/account', apiKey);
    assert.equal(again.status, 200);
    assertRateHeaders(again, 5, 4);
  });

  test('retry-after is truthful: refused one second early, admitted on time', async () => {
    const { apiKey } = await app.createAccount('1.00');
    // One request every 10 s: the oldest leaves the window 60 s after it was made.
    for (let index = 0; index < 5; index += 1) {
      if (index > 0) clock.advance(10_000);
      assert.equal((await app.get('/v1/account', apiKey)).status, 200);
    }
    clock.advance(5_000); // now = first + 45 s
    const retryAfter = assertRateLimited(await app.get('/v1/account', apiKey), 5);
    assert.equal(retryAfter, 15);
    clock.advance((retryAfter - 1) * 1000);
    assert.equal(assertRateLimited(await app.get('/v1/account', apiKey), 5), 1);
    clock.advance(1000);
    const admitted = await app.get('/v1/account', apiKey);
    assert.equal(admitted.status, 200);
    assertRateHeaders(admitted, 5, 0);
    clock.advance(60_000);
  });

  test('every request carrying a valid key counts, including ones that fail validation or parsing', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const invalidBody = await app.post(PAID_ROUTE, { domain: 'tollgate-example.com', colour: 'red' }, apiKey);
    assert.equal(invalidBody.status, 400);
    assertRateHeaders(invalidBody, 5, 4);
    const malformedJson = await app.post(PAID_ROUTE, '{"domain":', apiKey);
    assert.equal(malformedJson.status, 400);
    assertRateHeaders(malformedJson, 5, 3);
    const wrongType = await app.post(PAID_ROUTE, 'domain=x.com', apiKey, { 'content-type': 'text/plain' });
    assert.equal(wrongType.status, 415);
    assertRateHeaders(wrongType, 5, 2);
    assert.equal((await app.post(PAID_ROUTE, PAID_BODY, apiKey)).status, 200);
    assert.equal((await app.post(PAID_ROUTE, PAID_BODY, apiKey)).status, 200);
    assertRateLimited(await app.post(PAID_ROUTE, PAID_BODY, apiKey), 5);
    // A refused request with a bad body is refused for the rate, before its body is looked at.
    assertRateLimited(await app.post(PAID_ROUTE, { colour: 'red' }, apiKey), 5);
    assert.equal(await app.balance(accountId), 960_000);
    assert.equal(await app.ledgerSum(accountId), 960_000);
  });

  test('requests without a valid key do not use up anyone\'s budget', async () => {
    const { apiKey } = await app.createAccount('1.00');
    for (let index = 0; index < 10; index += 1) {
      assert.equal((await app.get('/v1/account', `${apiKey.slice(0, -1)}${index % 2 ? '-' : '_'}`)).status, 401);
      assert.equal((await app.get('/v1/account')).status, 401);
    }
    const first = await app.get('/v1/account', apiKey);
    assert.equal(first.status, 200);
    assertRateHeaders(first, 5, 4);
  });

  test('two keys of the same account have separate limits', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const second = await app.keys.issue(accountId);
    for (let index = 0; index < 5; index += 1) assert.equal((await app.get('/v1/account', apiKey)).status, 200);
    assertRateLimited(await app.get('/v1/account', apiKey), 5);
    for (let index = 0; index < 5; index += 1) {
      const response = await app.get('/v1/account', second.apiKey);
      assert.equal(response.status, 200);
      assertRateHeaders(response, 5, 4 - index);
    }
    assertRateLimited(await app.get('/v1/account', second.apiKey), 5);
  });

  test('two accounts have separate limits', async () => {
    const one = await app.createAccount('1.00');
    const two = await app.createAccount('1.00');
    for (let index = 0; index < 5; index += 1) assert.equal((await app.get('/v1/account', one.apiKey)).status, 200);
    assertRateLimited(await app.get('/v1/account', one.apiKey), 5);
    const other = await app.get('/v1/account', two.apiKey);
    assert.equal(other.status, 200);
    assertRateHeaders(other, 5, 4);
  });
});

describe('rate limit state in Redis', { skip: !process.env.REDIS_URL && 'REDIS_URL is not set' }, () => {
  const clock = manualClock();
  let app: TestApp;
  let redis: Redis;
  before(async () => {
    app = await startTestApp({ clock: clock.now }, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '5' });
    redis = new Redis(process.env.REDIS_URL!);
  });
  after(async () => {
    await redis.quit();
    await app.close();
  });

  test('with REDIS_URL set, the log of each key lives in Redis', async () => {
    const { apiKey, keyId } = await app.createAccount('1.00');
    for (let index = 0; index < 3; index += 1) assert.equal((await app.get('/v1/account', apiKey)).status, 200);
    assert.equal(await redis.zcard(`tollgate:ratelimit:${keyId}`), 3);
  });
});

describe(`rate limit default (${testDatabaseLabel()}, ${limiterLabel})`, () => {
  const clock = manualClock();
  let app: TestApp;
  before(async () => {
    assert.equal(process.env.TOLLGATE_RATE_LIMIT_PER_MINUTE, undefined, 'the default is only tested without the variable');
    app = await startTestApp({ clock: clock.now });
  });
  after(() => app.close());

  test('60 requests per minute per key: 60 pass, the 61st is refused', async () => {
    assert.equal(app.config.rateLimitPerMinute, 60);
    const { apiKey } = await app.createAccount('1.00');
    for (let index = 0; index < 60; index += 1) {
      const response = await app.get('/v1/ai/models', apiKey);
      assert.equal(response.status, 200);
      assertRateHeaders(response, 60, 59 - index);
    }
    assertRateLimited(await app.get('/v1/ai/models', apiKey), 60);
    clock.advance(60_000);
    assert.equal((await app.get('/v1/ai/models', apiKey)).status, 200);
  });
});
