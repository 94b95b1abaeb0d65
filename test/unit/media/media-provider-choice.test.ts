import { test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { loadConfig } from '../../../src/config';
import { createNet } from '../../../src/net';
import { createBrowser } from '../../../src/net/browser';
import { createProviders } from '../../../src/providers';
import type { PagesProvider } from '../../../src/providers/families/pages';

test('media is served by fal when FAL_KEY is set, else by the sandbox; FAL_QUEUE_URL must be a URL', () => {
  const log = Fastify({ logger: false }).log;
  const net = createNet(loadConfig({}).net);
  const browser = createBrowser(loadConfig({}).browser, net, () => Promise.reject(new Error('not started in this test')));
  const pages: PagesProvider = { name: 'local', read: () => Promise.reject(new Error('not read in this test')), extract: () => Promise.reject(new Error('not extracted in this test')) };
  assert.equal(createProviders(loadConfig({}).vendors, log, net, browser, pages).media.name, 'sandbox');
  const withKey = loadConfig({ FAL_KEY: 'fal-test-key', FAL_QUEUE_URL: 'http://127.0.0.1:9/' });
  assert.deepEqual(withKey.vendors.media.fal, { key: 'fal-test-key', queueUrl: 'http://127.0.0.1:9' });
  assert.equal(createProviders(withKey.vendors, log, net, browser, pages).media.name, 'fal');
  assert.equal(loadConfig({}).vendors.media.sandboxJobSeconds, 5);
  assert.throws(() => loadConfig({ FAL_QUEUE_URL: 'queue.fal.run' }), /FAL_QUEUE_URL/);
});
