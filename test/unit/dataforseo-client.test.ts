import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DataForSeoClient } from '../../src/providers/dataforseo/client';
import { ApiError } from '../../src/core/errors';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

/** The vendor client's transport rules, against a fake server speaking the vendor's envelope. */

const PATH = 'serp/google/organic/live/advanced';

function envelope(task: { status_code: number; status_message?: string; result?: unknown[] | null }, top = { status_code: 20000, status_message: 'Ok.' }) {
  return {
    version: '0.1.20261101',
    ...top,
    time: '0.51 sec.',
    cost: 0.002,
    tasks_count: 1,
    tasks_error: task.status_code === 20000 ? 0 : 1,
    tasks: [{ id: '11211200-1535-0066-0000-5a0c1b2e8d1f', time: '0.49 sec.', cost: 0.002, result_count: task.result?.length ?? 0, path: ['v3', ...PATH.split('/')], data: {}, status_message: 'Ok.', ...task }],
  };
}

async function upstreamFailure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(() => assert.fail('expected an upstream failure'), (thrown: unknown) => thrown);
  assert.ok(error instanceof ApiError, `expected ApiError, got ${String(error)}`);
  assert.equal(error.code, 'UPSTREAM_ERROR');
  assert.equal(error.status, 502);
  return error;
}

describe('DataForSEO client', () => {
  let fake: FakeUpstream;
  let client: DataForSeoClient;
  const signal = new AbortController().signal;

  before(async () => {
    fake = await startFakeUpstream();
    client = new DataForSeoClient({ login: 'ops@example.com', password: 's3cret', baseUrl: fake.url, timeoutMs: 300 });
  });
  after(() => fake.close());
  beforeEach(() => fake.reset());

  test('sends one task as a JSON array with HTTP Basic credentials, and returns the task result', async () => {
    fake.on(`POST /v3/${PATH}`, { json: envelope({ status_code: 20000, result: [{ keyword: 'coffee', items: [] }] }) });
    const result = await client.live(PATH, { keyword: 'coffee', location_code: 2840 }, { signal });
    assert.deepEqual(result, [{ keyword: 'coffee', items: [] }]);
    const [sent] = fake.requests;
    assert.equal(sent!.headers.authorization, `Basic ${Buffer.from('ops@example.com:s3cret').toString('base64')}`);
    assert.equal(sent!.headers['content-type'], 'application/json');
    assert.deepEqual(sent!.body, [{ keyword: 'coffee', location_code: 2840 }]);
  });

  test('task status 40102 (no search results) is an empty answer, not an error', async () => {
    fake.on(`POST /v3/${PATH}`, { json: envelope({ status_code: 40102, status_message: 'No Search Results.', result: null }) });
    assert.deepEqual(await client.live(PATH, {}, { signal }), []);
  });

  test('a null result on success is an empty answer', async () => {
    fake.on(`POST /v3/${PATH}`, { json: envelope({ status_code: 20000, result: null }) });
    assert.deepEqual(await client.live(PATH, {}, { signal }), []);
    assert.equal(await client.liveOne(PATH, {}, (await import('zod')).z.object({}), { signal }), undefined);
  });

  test('a task-level error is 502 with the vendor status code', async () => {
    fake.on(`POST /v3/${PATH}`, { json: envelope({ status_code: 40501, status_message: 'Invalid Field: location_code.', result: null }) });
    const error = await upstreamFailure(client.live(PATH, {}, { signal }));
    assert.match(error.message, /40501/);
    assert.match(error.message, /Invalid Field/);
  });

  test('a call-level error is 502 (rate limiting named as such)', async () => {
    fake.on(`POST /v3/${PATH}`, { json: { status_code: 40202, status_message: 'Rate limit per minute exceeded.', tasks: null } });
    const error = await upstreamFailure(client.live(PATH, {}, { signal }));
    assert.match(error.message, /rate-limiting/);
  });

  test('HTTP 401 names the operator settings, never the secret', async () => {
    fake.on(`POST /v3/${PATH}`, { status: 401, json: { status_code: 40100, status_message: 'You are not authorized.' } });
    const error = await upstreamFailure(client.live(PATH, {}, { signal }));
    assert.match(error.message, /DATAFORSEO_LOGIN/);
    assert.doesNotMatch(error.message, /s3cret/);
  });

  test('HTTP 500 without a body is 502', async () => {
    fake.on(`POST /v3/${PATH}`, { status: 500, raw: '' });
    await upstreamFailure(client.live(PATH, {}, { signal }));
  });

  test('a malformed (non-JSON) answer is 502', async () => {
    fake.on(`POST /v3/${PATH}`, { raw: '<html>502 Bad Gateway</html>' });
    const error = await upstreamFailure(client.live(PATH, {}, { signal }));
    assert.match(error.message, /malformed/);
  });

  test('an envelope in an unexpected shape is 502 naming where', async () => {
    fake.on(`POST /v3/${PATH}`, { json: { status_code: 'ok', tasks: [] } });
    const error = await upstreamFailure(client.live(PATH, {}, { signal }));
    assert.match(error.message, /status_code/);
  });

  test('an envelope without tasks is 502', async () => {
    fake.on(`POST /v3/${PATH}`, { json: { status_code: 20000, status_message: 'Ok.', tasks: [] } });
    await upstreamFailure(client.live(PATH, {}, { signal }));
  });

  test('no answer within the timeout is 502 saying so', async () => {
    fake.on(`POST /v3/${PATH}`, { delayMs: 1_000, json: envelope({ status_code: 20000, result: [] }) });
    const error = await upstreamFailure(client.live(PATH, {}, { signal }));
    assert.match(error.message, /did not answer within 300 ms/);
  });

  test('a dropped connection is 502', async () => {
    fake.on(`POST /v3/${PATH}`, { hangUp: true });
    await upstreamFailure(client.live(PATH, {}, { signal }));
  });

  test('an unreachable vendor is 502', async () => {
    const closed = await startFakeUpstream();
    await closed.close();
    const offline = new DataForSeoClient({ login: 'a', password: 'b', baseUrl: closed.url, timeoutMs: 1_000 });
    const error = await upstreamFailure(offline.live(PATH, {}, { signal }));
    assert.match(error.message, /unreachable/);
  });

  describe('one more try for a transient failure', () => {
    let patient: DataForSeoClient;
    before(() => {
      patient = new DataForSeoClient({ login: 'ops@example.com', password: 's3cret', baseUrl: fake.url, timeoutMs: 5_000 });
    });

    function answerInTurn(...replies: Array<{ status?: number; json?: unknown; raw?: string }>) {
      let call = 0;
      fake.on(`POST /v3/${PATH}`, () => replies[Math.min(call++, replies.length - 1)]!);
    }

    test('an internal vendor error, then success: the result, after two calls', async () => {
      answerInTurn({ json: envelope({ status_code: 50000, status_message: 'Internal Error.', result: null }) }, { json: envelope({ status_code: 20000, result: [{ ok: 1 }] }) });
      assert.deepEqual(await patient.live(PATH, {}, { signal }), [{ ok: 1 }]);
      assert.equal(fake.requests.length, 2);
    });

    test('an HTTP 5xx without a body, then success: the result', async () => {
      answerInTurn({ status: 503, raw: '' }, { json: envelope({ status_code: 20000, result: [] }) });
      assert.deepEqual(await patient.live(PATH, {}, { signal }), []);
      assert.equal(fake.requests.length, 2);
    });

    test('rate limiting that persists: 502 after the second call, no third', async () => {
      answerInTurn({ json: { status_code: 40202, status_message: 'Rate limit per minute exceeded.', tasks: null } });
      const error = await upstreamFailure(patient.live(PATH, {}, { signal }));
      assert.match(error.message, /rate-limiting/);
      assert.equal(fake.requests.length, 2);
    });

    test('a refused request (invalid field) is not tried again', async () => {
      answerInTurn({ json: envelope({ status_code: 40501, status_message: 'Invalid Field.', result: null }) });
      await upstreamFailure(patient.live(PATH, {}, { signal }));
      assert.equal(fake.requests.length, 1);
    });

    test('no second try when less than half the timeout would be left', async () => {
      answerInTurn({ json: envelope({ status_code: 50000, result: null }) });
      await upstreamFailure(client.live(PATH, {}, { signal })); // a 300 ms budget: no room for a pause and a retry
      assert.equal(fake.requests.length, 1);
    });
  });
});
