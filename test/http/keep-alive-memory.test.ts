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

/** Calls per measured run. */
const RUN_CALLS = 30_000;

/** Every 100th call's signal, held weakly: a signal still alive after its call is kept by something. */
const sampledSignals: Array<WeakRef<AbortSignal>> = [];
let calls = 0;

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
    if (calls++ % 100 === 0) sampledSignals.push(new WeakRef(call.signal));
    const combined = AbortSignal.any([call.signal, AbortSignal.timeout(10)]);
    return { aborted: combined.aborted };
  },
});

/**
 * Many calls on one keep-alive connection leave nothing behind per call: the signal a call hands
 * its adapters is its own, not the connection's, and goes with the call (on Node 20,
 * `AbortSignal.any` over a signal that lives as long as the connection kept an entry per call on
 * it, never freed).
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
    /** The heap once what the calls left is collected: weak references and finalizers settle over a few turns. */
    const settledHeap = async () => {
      for (let pass = 0; pass < 3; pass += 1) {
        gc();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      gc();
      return process.memoryUsage().heapUsed;
    };
    const heapAfter = async (calls: number) => {
      for (let index = 0; index < calls; index += 1) await call();
      return settledHeap();
    };
    try {
      // Warmed up first (the JIT, the caches, the call log's and the rate limiter's buffers reach
      // their working size), then equal runs: what each call leaves behind shows as growth from
      // each run to the next, what warms once does not. A leak grows the heap in every step; the
      // heap's own noise (a few MB, now and then more on a loaded machine) rarely in one, and not
      // in several running. So after two steps the runs go on until a step stays under the
      // bound, four steps at most: 100,000 calls on the connection, up to 160,000.
      await heapAfter(10_000);
      // 140 bytes a call would be 4.2 MB a run, in every run (the rate limiter keeps each call's
      // time for a minute, 8 bytes).
      const limit = RUN_CALLS * 140;
      const growth: number[] = [];
      let heap = await heapAfter(RUN_CALLS);
      while (growth.length < 2 || (growth.length < 4 && !growth.some((step) => step < limit))) {
        const next = await heapAfter(RUN_CALLS);
        growth.push(next - heap);
        heap = next;
      }
      // Each call's signal is its own and is gone with its call (a signal shared by the connection
      // would still be alive: the connection is); at most the last call's may linger.
      const alive = sampledSignals.filter((signal) => signal.deref() !== undefined).length;
      assert.ok(sampledSignals.length >= 1_000, `${sampledSignals.length} signals sampled`);
      assert.ok(alive <= 1, `${alive} of ${sampledSignals.length} sampled call signals are still alive`);
      const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
      assert.ok(Math.min(...growth) < limit, `the heap grew by ${growth.map(megabytes).join(', then by ')} over ${growth.length} runs of ${RUN_CALLS} calls`);
    } finally {
      await client.close();
    }
  });
});
