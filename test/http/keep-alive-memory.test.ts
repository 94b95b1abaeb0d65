import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Client } from 'undici';
import { z } from 'zod';
import { defineEndpoint } from '../../src/core/define-endpoint';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Combines its signal with a timeout, as every vendor adapter does for its upstream call. */
const adapterLike = defineEndpoint({
  id: 'test.adapter_like',
  method: 'GET',
  path: '/v1/test/adapter-like',
  summary: 'adapter-like',
  description: 'Combines the call signal with a timeout.',
  input: z.strictObject({}),
  output: z.object({ aborted: z.boolean() }),
  price: ({ free }) => free(),
  examples: { request: {}, response: { aborted: false } },
  async handler({ call }) {
    const combined = AbortSignal.any([call.signal, AbortSignal.timeout(10)]);
    return { aborted: combined.aborted };
  },
});

/**
 * Many calls on one keep-alive connection leave nothing behind per call: the signal a call hands
 * its adapters is its own, not the connection's (on Node 20, `AbortSignal.any` over a long-lived
 * signal kept an entry per call on it, never freed).
 */
describe(`memory on a keep-alive connection (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ endpoints: [adapterLike] }, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000000' });
  });
  after(() => app.close());

  test('100,000 calls on one connection keep the heap flat', async () => {
    const { apiKey } = await app.createAccount('1.00');
    const client = new Client(app.baseUrl, { pipelining: 1 });
    const call = async () => {
      const response = await client.request({ path: '/v1/test/adapter-like', method: 'GET', headers: { 'x-api-key': apiKey } });
      assert.equal(response.statusCode, 200);
      await response.body.dump();
    };
    const heapAfter = async (calls: number) => {
      for (let index = 0; index < calls; index += 1) await call();
      gc();
      await new Promise((resolve) => setImmediate(resolve));
      gc();
      return process.memoryUsage().heapUsed;
    };
    try {
      const warm = await heapAfter(10_000);
      const later = await heapAfter(90_000);
      const growth = later - warm;
      assert.ok(growth < 4 * 1024 * 1024, `the heap grew by ${(growth / 1024 / 1024).toFixed(1)} MB over 90,000 calls`);
    } finally {
      await client.close();
    }
  });
});
