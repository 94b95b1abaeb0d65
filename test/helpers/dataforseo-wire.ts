import assert from 'node:assert/strict';
import { after, before, beforeEach } from 'node:test';
import { assertNeutralMessage, startFakeUpstream, type FakeUpstream } from './fake-upstream';
import { startTestApp, type TestApp, type TestResponse } from './test-app';

/**
 * The SEO data vendor's (DataForSEO v3) wire format, for fake-upstream replies: the envelope it
 * wraps every live task in, as its documentation shows it.
 */
export function dataForSeoEnvelope(path: string, task: { id?: string; status_code?: number; status_message?: string; result: unknown[] | null }) {
  const status = task.status_code ?? 20000;
  const segments = path.split('/').filter(Boolean);
  return {
    version: '0.1.20261104',
    status_code: 20000,
    status_message: 'Ok.',
    time: '0.3391 sec.',
    cost: 0.0103,
    tasks_count: 1,
    tasks_error: status === 20000 || status === 40102 ? 0 : 1,
    tasks: [{
      id: task.id ?? '11041536-1535-0465-0000-7a4c9d2e1f03',
      status_code: status,
      status_message: task.status_message ?? 'Ok.',
      time: '0.2871 sec.',
      cost: 0.0103,
      result_count: task.result?.length ?? 0,
      path: segments,
      data: { api: segments[1], function: segments.at(-2) === 'live' ? segments.at(-3) : segments.at(-2) },
      result: task.result,
    }],
  };
}

/** The environment that points the app's SEO data adapter at a fake vendor. */
export function dataForSeoEnvironment(fake: FakeUpstream, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATAFORSEO_LOGIN: 'login',
    DATAFORSEO_PASSWORD: 'pw',
    DATAFORSEO_BASE_URL: fake.url,
    TOLLGATE_UPSTREAM_TIMEOUT_MS: '2000',
    TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000',
    ...extra,
  };
}

/**
 * A running app whose SEO data adapter talks to a fake vendor, with the few moves every adapter
 * test makes: answer a vendor path, read back the task sent, call an endpoint and see its cost.
 */
export interface DataForSeoHarness {
  fake: FakeUpstream;
  app: TestApp;
  apiKey: string;
  accountId: string;
  /** Answers `POST /v3/{path}` with one live task's envelope. */
  reply(path: string, result: unknown[] | null, status?: { status_code: number; status_message: string }): void;
  /** The one task sent to `path`: checked to be one POST, with our credentials, of one task. */
  sentTask(path: string): Record<string, unknown>;
  /** Calls our endpoint; checks a 200 served by the vendor adapter costing exactly `micros`. */
  served(route: string, body: unknown, micros: number): Promise<TestResponse>;
  /**
   * Calls our endpoint; checks a 502 UPSTREAM_ERROR whose message matches, in our words (none of
   * `vendorTexts`, no vendor or setting named), with nothing charged.
   */
  failsUncharged(route: string, body: unknown, message: RegExp, vendorTexts?: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

async function startDataForSeoHarness(environment: Record<string, string> = {}): Promise<DataForSeoHarness> {
  const fake = await startFakeUpstream();
  const app = await startTestApp({}, dataForSeoEnvironment(fake, environment));
  const { apiKey, accountId } = await app.createAccount('20.00');
  return {
    fake,
    app,
    apiKey,
    accountId,
    reply(path, result, status) {
      fake.on(`POST /v3/${path}`, { json: dataForSeoEnvelope(`/v3/${path}`, { result, ...status }) });
    },
    sentTask(path) {
      const requests = fake.requests.filter((request) => request.path === `/v3/${path}`);
      assert.equal(requests.length, 1, `one call to ${path}`);
      assert.equal(requests[0]!.method, 'POST');
      assert.equal(requests[0]!.headers.authorization, `Basic ${Buffer.from('login:pw').toString('base64')}`);
      assert.equal(requests[0]!.body.length, 1, 'live endpoints take exactly one task');
      return requests[0]!.body[0];
    },
    async served(route, body, micros) {
      const before = await app.balance(accountId);
      const response = await app.post(route, body, apiKey);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.headers.get('x-tollgate-provider'), 'live');
      assert.equal(before - (await app.balance(accountId)), micros);
      return response;
    },
    async failsUncharged(route, body, message, vendorTexts = []) {
      const before = await app.balance(accountId);
      const response = await app.post(route, body, apiKey);
      assert.equal(response.status, 502, JSON.stringify(response.body));
      assert.equal(response.body.error.code, 'UPSTREAM_ERROR');
      assert.match(response.body.error.message, message);
      assertNeutralMessage(response.body.error.message, vendorTexts);
      assert.equal(response.headers.get('x-cost-usd'), null);
      assert.equal(await app.balance(accountId), before);
    },
    async close() {
      await app.close();
      await fake.close();
    },
  };
}

/**
 * The harness for the enclosing describe: started before its tests, the fake vendor's record
 * cleared before each, closed after. Its members are read when a test runs, so the moves can be
 * destructured where the describe is declared.
 */
export function useDataForSeoHarness(environment: Record<string, string> = {}): Omit<DataForSeoHarness, 'close'> {
  let harness: DataForSeoHarness | undefined;
  before(async () => {
    harness = await startDataForSeoHarness(environment);
  });
  after(() => harness?.close());
  beforeEach(() => harness!.fake.reset());
  const started = () => {
    if (!harness) throw new Error('the DataForSEO harness is used outside a test');
    return harness;
  };
  return {
    get fake() {
      return started().fake;
    },
    get app() {
      return started().app;
    },
    get apiKey() {
      return started().apiKey;
    },
    get accountId() {
      return started().accountId;
    },
    reply: (...args) => started().reply(...args),
    sentTask: (...args) => started().sentTask(...args),
    served: (...args) => started().served(...args),
    failsUncharged: (...args) => started().failsUncharged(...args),
  };
}
