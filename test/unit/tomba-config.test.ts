import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config';

/** TOMBA_KEY and TOMBA_SECRET: both or neither, a clear start-up error otherwise; the base URL defaults to Tomba's. */

test('no Tomba settings: no vendor (the sandbox serves the contacts family)', () => {
  assert.equal(loadConfig({}).vendors.tomba, undefined);
  assert.equal(loadConfig({ TOMBA_KEY: '', TOMBA_SECRET: '' }).vendors.tomba, undefined, 'empty means unset');
});

test('key and secret: the vendor, on https://api.tomba.io/v1 unless TOMBA_BASE_URL says otherwise (trailing slashes dropped)', () => {
  assert.deepEqual(loadConfig({ TOMBA_KEY: 'ta_key', TOMBA_SECRET: 'ts_secret' }).vendors.tomba, { key: 'ta_key', secret: 'ts_secret', baseUrl: 'https://api.tomba.io/v1' });
  assert.equal(loadConfig({ TOMBA_KEY: 'ta_key', TOMBA_SECRET: 'ts_secret', TOMBA_BASE_URL: 'http://127.0.0.1:9999/v1/' }).vendors.tomba?.baseUrl, 'http://127.0.0.1:9999/v1');
});

test('one without the other stops start-up, naming the missing one', () => {
  assert.throws(() => loadConfig({ TOMBA_KEY: 'ta_key' }), /Invalid configuration:\n {2}TOMBA_SECRET: required with TOMBA_KEY/);
  assert.throws(() => loadConfig({ TOMBA_SECRET: 'ts_secret' }), /Invalid configuration:\n {2}TOMBA_KEY: required with TOMBA_SECRET/);
  assert.throws(() => loadConfig({ TOMBA_KEY: 'ta_key', TOMBA_SECRET: 'ts_secret', TOMBA_BASE_URL: 'not a url' }), /TOMBA_BASE_URL/);
});
