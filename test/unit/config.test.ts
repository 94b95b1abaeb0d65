import { test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { loadConfig, unreachableLinks } from '../../src/config';

/** The environment as operators write it: defaults, empty variables, vendor credentials. */

test('defaults: no vendor configured, a 60 s upstream timeout', () => {
  const config = loadConfig({});
  assert.equal(config.vendors.timeoutMs, 60_000);
  assert.equal(config.vendors.dataForSeo, undefined);
  assert.equal(config.vendors.googlePlaces, undefined);
});

test('the SEO data vendor needs both login and password; its base URL loses a trailing slash', () => {
  const config = loadConfig({ DATAFORSEO_LOGIN: 'ops@example.com', DATAFORSEO_PASSWORD: 'pw', DATAFORSEO_BASE_URL: 'https://sandbox.dataforseo.com/' });
  assert.deepEqual(config.vendors.dataForSeo, { login: 'ops@example.com', password: 'pw', baseUrl: 'https://sandbox.dataforseo.com', pollMs: 2_000 });
  assert.throws(() => loadConfig({ DATAFORSEO_LOGIN: 'ops@example.com' }), /DATAFORSEO_PASSWORD: set both DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD, or neither/);
});

test('an empty variable counts as unset', () => {
  const config = loadConfig({ DATAFORSEO_LOGIN: '', DATAFORSEO_PASSWORD: '', GOOGLE_PLACES_API_KEY: '', TOLLGATE_UPSTREAM_TIMEOUT_MS: '' });
  assert.equal(config.vendors.dataForSeo, undefined);
  assert.equal(config.vendors.googlePlaces, undefined);
  assert.equal(config.vendors.timeoutMs, 60_000);
});

test('the places vendor is configured by its key alone', () => {
  const config = loadConfig({ GOOGLE_PLACES_API_KEY: 'AIza-test', TOLLGATE_UPSTREAM_TIMEOUT_MS: '15000' });
  assert.deepEqual(config.vendors.googlePlaces, { apiKey: 'AIza-test', baseUrl: 'https://places.googleapis.com' });
  assert.equal(config.vendors.timeoutMs, 15_000);
});

test('a bad value stops start-up naming the variable', () => {
  assert.throws(() => loadConfig({ TOLLGATE_UPSTREAM_TIMEOUT_MS: 'soon' }), /TOLLGATE_UPSTREAM_TIMEOUT_MS/);
  assert.throws(() => loadConfig({ DATAFORSEO_BASE_URL: 'not a url' }), /DATAFORSEO_BASE_URL/);
});

test('a bad value is described as the API describes a bad field, with the value given (never a secret\'s)', () => {
  const problem = (environment: Record<string, string>) => {
    try {
      loadConfig(environment);
    } catch (error) {
      return (error as Error).message;
    }
    return assert.fail('accepted');
  };
  assert.equal(problem({ PORT: 'abc' }), "Invalid configuration:\n  PORT: must be a number (got 'abc')");
  assert.equal(problem({ TOLLGATE_MAX_BODY_BYTES: '1MB' }), "Invalid configuration:\n  TOLLGATE_MAX_BODY_BYTES: must be a number (got '1MB')");
  assert.equal(problem({ TOLLGATE_RATE_LIMIT_PER_MINUTE: '1.5' }), "Invalid configuration:\n  TOLLGATE_RATE_LIMIT_PER_MINUTE: must be a whole number (got '1.5')");
  // A malformed amount is refused in words, not with the amount parser's own exception.
  assert.equal(problem({ TOLLGATE_SIGNUP_CREDIT_USD: '5,00' }), "Invalid configuration:\n  TOLLGATE_SIGNUP_CREDIT_USD: a USD amount with at most 6 decimals, e.g. 5.00 (got '5,00')");
  // Keys, tokens and URLs (which may carry a password) are named, not repeated.
  assert.equal(problem({ TOLLGATE_ADMIN_TOKEN: 'hunter2' }), 'Invalid configuration:\n  TOLLGATE_ADMIN_TOKEN: use at least 16 characters');
  assert.doesNotMatch(problem({ DATABASE_URL: 'mysql://u:s3cret@127.0.0.1/db' }), /s3cret/);
});

test('a TOLLGATE_ variable Tollgate does not read is reported, with the setting it most likely meant', () => {
  assert.deepEqual(loadConfig({ TOLLGATE_ADMIN_TOKEN: 'a'.repeat(16) }).unrecognisedSettings, []);
  // `tollgate mcp` reads its key from there: every CLI start would warn about it otherwise.
  assert.deepEqual(loadConfig({ TOLLGATE_API_KEY: 'tg_live_x' }).unrecognisedSettings, []);
  assert.deepEqual(loadConfig({ TOLLGATE_ADMIN_TOKN: 'a'.repeat(16), TOLLGATE_RATELIMIT_PER_MINUTE: '10', TOLLGATE_COLOUR_SCHEME: 'dark', OTHER_TOOL_SETTING: '1' }).unrecognisedSettings, [
    'TOLLGATE_ADMIN_TOKN is not a Tollgate setting and is ignored; did you mean TOLLGATE_ADMIN_TOKEN?',
    'TOLLGATE_COLOUR_SCHEME is not a Tollgate setting and is ignored (the README lists the settings under Configuration)',
    'TOLLGATE_RATELIMIT_PER_MINUTE is not a Tollgate setting and is ignored; did you mean TOLLGATE_RATE_LIMIT_PER_MINUTE?',
  ]);
});

test('values a start would accept but the server could not use stop start-up too, naming the variable', () => {
  // Above what a Node timer can wait, a timeout would fire after 1 ms.
  for (const name of ['TOLLGATE_FETCH_TIMEOUT_MS', 'TOLLGATE_SHUTDOWN_GRACE_MS', 'TOLLGATE_RECONCILE_INTERVAL_MS', 'TOLLGATE_CALL_DEADLINE_MS']) {
    assert.throws(() => loadConfig({ [name]: '3000000000' }), new RegExp(`${name}: at most 2147483647`));
    assert.doesNotThrow(() => loadConfig({ [name]: '2147483647' }));
  }
  // A sign-up credit no balance can hold would fail every sign-up.
  assert.throws(() => loadConfig({ TOLLGATE_SIGNUP_CREDIT_USD: '2000000000' }), /TOLLGATE_SIGNUP_CREDIT_USD: at most 1000000000/);
  assert.equal(loadConfig({ TOLLGATE_SIGNUP_CREDIT_USD: '1000000000' }).signupCreditUsd, '1000000000');
  // URLs of the wrong kind.
  assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://u@127.0.0.1/db' }), /DATABASE_URL: a postgres or postgresql URL/);
  assert.throws(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:1' }), /REDIS_URL: a redis or rediss URL/);
  assert.throws(() => loadConfig({ TOLLGATE_PUBLIC_URL: 'ftp://files.example.com' }), /TOLLGATE_PUBLIC_URL: a http or https URL/);
  assert.throws(() => loadConfig({ DATAFORSEO_BASE_URL: 'file:///etc/passwd' }), /DATAFORSEO_BASE_URL: a http or https URL/);
  assert.throws(() => loadConfig({ TOLLGATE_METRICS_ADDRESS: '127.0.0.1:99999' }), /TOLLGATE_METRICS_ADDRESS: the port must be 0 to 65535/);
  assert.equal(loadConfig({ DATABASE_URL: 'postgresql://u@127.0.0.1/db', REDIS_URL: 'rediss://cache.example:6380' }).redisUrl, 'rediss://cache.example:6380');
});

test('failed authentications: 300 per address per minute unless TOLLGATE_AUTH_FAILURES_PER_MINUTE says otherwise', () => {
  assert.equal(loadConfig({}).authFailuresPerMinute, 300);
  assert.equal(loadConfig({ TOLLGATE_AUTH_FAILURES_PER_MINUTE: '20' }).authFailuresPerMinute, 20);
  assert.throws(() => loadConfig({ TOLLGATE_AUTH_FAILURES_PER_MINUTE: '0' }), /TOLLGATE_AUTH_FAILURES_PER_MINUTE/);
});

test('TOLLGATE_TRUST_PROXY: unset trusts nobody; a list of addresses and CIDR ranges; anything else stops start-up naming it', () => {
  assert.deepEqual(loadConfig({}).trustProxy, []);
  assert.deepEqual(loadConfig({ TOLLGATE_TRUST_PROXY: ' 10.0.0.2, 10.1.0.0/16,fd00::/8 ,::1,' }).trustProxy, ['10.0.0.2', '10.1.0.0/16', 'fd00::/8', '::1']);
  assert.throws(
    () => loadConfig({ TOLLGATE_TRUST_PROXY: '10.0.0.2, 10.0.0.300, true' }),
    /TOLLGATE_TRUST_PROXY: '10\.0\.0\.300' is not an IP address or CIDR range[^\n]*\n\s+TOLLGATE_TRUST_PROXY: 'true' is not/,
  );
  for (const unsupported of ['0.0.0.0/0', '::/0', '10.0.0.0/33', 'fd00::/129', 'loopback']) {
    assert.throws(() => loadConfig({ TOLLGATE_TRUST_PROXY: unsupported }), /TOLLGATE_TRUST_PROXY: '.*' is not an IP address or CIDR range/, unsupported);
  }
});

test('every TOLLGATE_TRUST_PROXY the configuration accepts, Fastify accepts too', () => {
  const { trustProxy } = loadConfig({ TOLLGATE_TRUST_PROXY: '127.0.0.1, ::1, 10.0.0.0/8, 172.16.0.0/12, 192.168.1.1/32, fd00::/8, 2001:db8::/128, ::ffff:10.0.0.1, 1.0.0.0/1, ::/1' });
  assert.equal(trustProxy.length, 10);
  assert.doesNotThrow(() => Fastify({ trustProxy }));
});

test('listening on every address without TOLLGATE_PUBLIC_URL is warned about: the links given out would name 0.0.0.0', () => {
  assert.match(unreachableLinks(loadConfig({ HOST: '0.0.0.0' })) ?? '', /^HOST 0\.0\.0\.0 listens on every address.*set TOLLGATE_PUBLIC_URL/);
  assert.match(unreachableLinks(loadConfig({ HOST: '::' })) ?? '', /set TOLLGATE_PUBLIC_URL/);
  assert.equal(unreachableLinks(loadConfig({ HOST: '0.0.0.0', TOLLGATE_PUBLIC_URL: 'https://api.example.com' })), undefined);
  assert.equal(unreachableLinks(loadConfig({})), undefined);
});
