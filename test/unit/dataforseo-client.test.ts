import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DataForSeoClient } from '../../src/providers/dataforseo/client';
import { UpstreamError } from '../../src/core/errors';
import { INVALID_FIELD, NOT_AUTHORIZED, RATE_LIMITED, taskEnvelope } from '../../src/providers/dataforseo/fixtures/failures';
import { startFakeUpstream, type FakeReply, type FakeUpstream } from '../helpers/fake-upstream';

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

async function upstreamFailure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(() => assert.fail('expected an upstream failure'), (thrown: unknown) => thrown);
  assert.ok(error instanceof UpstreamError, `expected UpstreamError, got ${String(error)}`);
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

  test('a task-level error is 502 in our words; the code and the vendor text go to the log only', async () => {
    fake.on(`POST /v3/${PATH}`, { json: taskEnvelope(PATH, INVALID_FIELD) });
    const error = await upstreamFailure(client.live(PATH, {}, { signal }));
    assert.match(error.message, /^The upstream data provider refused the request/);
    assert.doesNotMatch(error.message, /Invalid Field|40501|DataForSEO/);
    assert.match(error.detail ?? '', /status 40501: Invalid Field: location_code\./);
  });

  test('a call-level error is 502 (rate limiting named as such)', async () => {
    fake.on(`POST /v3/${PATH}`, { json: RATE_LIMITED });
    const error = await upstreamFailure(client.live(PATH, {}, { signal }));
    assert.match(error.message, /rate-limiting us/);
    assert.doesNotMatch(error.message, /Rate limit per minute/);
  });

  test('HTTP 401 tells the customer the source is unavailable; the settings to check go to the log, never the secret', async () => {
    fake.on(`POST /v3/${PATH}`, { status: 401, json: NOT_AUTHORIZED });
    const error = await upstreamFailure(client.live(PATH, {}, { signal }));
    assert.equal(error.message, 'The data source for this endpoint is unavailable (configuration); try again later.');
    assert.match(error.detail ?? '', /DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD/);
    assert.doesNotMatch(`${error.message} ${error.detail}`, /s3cret/);
  });

  test('HTTP 500 without a body is 502 describing the HTTP failure', async () => {
    fake.on(`POST /v3/${PATH}`, { status: 500, raw: '' });
    const error = await upstreamFailure(client.live(PATH, {}, { signal }));
    assert.match(error.message, /answered HTTP 500/);
  });

  test('an error page (non-JSON 5xx) is an HTTP failure, not a malformed answer', async () => {
    fake.on(`POST /v3/${PATH}`, { status: 502, raw: '<html>502 Bad Gateway</html>' });
    const error = await upstreamFailure(client.live(PATH, {}, { signal }));
    assert.match(error.message, /answered HTTP 502/);
    assert.doesNotMatch(error.message, /malformed|Bad Gateway/);
  });

  test('a malformed (non-JSON) success is 502', async () => {
    fake.on(`POST /v3/${PATH}`, { raw: '<html>Welcome</html>' });
    const error = await upstreamFailure(client.live(PATH, {}, { signal }));
    assert.match(error.message, /malformed/);
    assert.doesNotMatch(error.message, /Welcome/);
  });

  test('an envelope in an unexpected shape is 502; where it went wrong is for the log', async () => {
    fake.on(`POST /v3/${PATH}`, { json: { status_code: 'ok', tasks: [] } });
    const error = await upstreamFailure(client.live(PATH, {}, { signal }));
    assert.match(error.message, /unexpected shape/);
    assert.doesNotMatch(error.message, /status_code/);
    assert.match(error.detail ?? '', /status_code/);
  });

  test('an envelope without tasks is 502', async () => {
    fake.on(`POST /v3/${PATH}`, { json: { status_code: 20000, status_message: 'Ok.', tasks: [] } });
    await upstreamFailure(client.live(PATH, {}, { signal }));
  });

  test('no answer within the timeout is 502 saying so', async () => {
    fake.on(`POST /v3/${PATH}`, { delayMs: 1_000, json: envelope({ status_code: 20000, result: [] }) });
    const error = await upstreamFailure(client.live(PATH, {}, { signal }));
    assert.match(error.message, /did not answer in time/);
    // The attempt waits for what is left of the call's 300 ms: 300, or a millisecond less when the
    // clock ticked before the attempt began.
    const waited = Number(/within (\d+) ms/.exec(error.detail ?? '')?.[1]);
    assert.ok(waited >= 290 && waited <= 300, error.detail);
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

  describe('transient failures are tried again, within the time the call has', () => {
    let patient: DataForSeoClient;
    before(() => {
      patient = new DataForSeoClient({ login: 'ops@example.com', password: 's3cret', baseUrl: fake.url, timeoutMs: 5_000, pollMs: 10 });
    });

    function answerInTurn(route: string, ...replies: FakeReply[]) {
      let call = 0;
      fake.on(route, () => replies[Math.min(call++, replies.length - 1)]!);
    }
    const live = `POST /v3/${PATH}`;

    test('an internal vendor error, then success: the result, after two calls', async () => {
      answerInTurn(live, { json: envelope({ status_code: 50000, status_message: 'Internal Error.', result: null }) }, { json: envelope({ status_code: 20000, result: [{ ok: 1 }] }) });
      assert.deepEqual(await patient.live(PATH, {}, { signal }), [{ ok: 1 }]);
      assert.equal(fake.requests.length, 2);
    });

    test('HTTP 503 with an HTML body, then success: the result', async () => {
      answerInTurn(live, { status: 503, raw: '<html><body>Service Unavailable</body></html>', headers: { 'content-type': 'text/html' } }, { json: envelope({ status_code: 20000, result: [{ ok: 2 }] }) });
      assert.deepEqual(await patient.live(PATH, {}, { signal }), [{ ok: 2 }]);
      assert.equal(fake.requests.length, 2);
    });

    test('HTTP 429 with Retry-After: 1, then success: the result, after the wait', async () => {
      answerInTurn(live, { status: 429, raw: 'Too Many Requests', headers: { 'retry-after': '1' } }, { json: envelope({ status_code: 20000, result: [] }) });
      assert.deepEqual(await patient.live(PATH, {}, { signal }), []);
      assert.equal(fake.requests.length, 2);
    });

    test('a connection reset, then success: the result', async () => {
      answerInTurn(live, { hangUp: true }, { json: envelope({ status_code: 20000, result: [{ ok: 3 }] }) });
      assert.deepEqual(await patient.live(PATH, {}, { signal }), [{ ok: 3 }]);
      assert.equal(fake.requests.length, 2);
    });

    test('a failure that persists: 502 after three calls, no fourth', async () => {
      answerInTurn(live, { status: 500, raw: 'upstream exploded' });
      const error = await upstreamFailure(patient.live(PATH, {}, { signal }));
      assert.match(error.message, /answered HTTP 500/);
      assert.doesNotMatch(error.message, /exploded/);
      assert.equal(fake.requests.length, 3);
    });

    test('a Retry-After longer than the time left: no wait, no second call, 502', async () => {
      answerInTurn(live, { status: 503, raw: '', headers: { 'retry-after': '30' } }, { json: envelope({ status_code: 20000, result: [] }) });
      const error = await upstreamFailure(patient.live(PATH, {}, { signal }));
      assert.match(error.message, /answered HTTP 503/);
      assert.equal(fake.requests.length, 1);
    });

    test('a refused request (invalid field) is not tried again', async () => {
      answerInTurn(live, { json: envelope({ status_code: 40501, status_message: 'Invalid Field.', result: null }) });
      await upstreamFailure(patient.live(PATH, {}, { signal }));
      assert.equal(fake.requests.length, 1);
    });

    test('no second try when the pause and an attempt no longer fit in the budget', async () => {
      answerInTurn(live, { json: envelope({ status_code: 50000, result: null }) });
      await upstreamFailure(client.live(PATH, {}, { signal })); // a 300 ms budget: a 200 ms pause leaves too little for an attempt
      assert.equal(fake.requests.length, 1);
    });

    test('a task_post that may have created the task (HTTP 500) is not repeated', async () => {
      answerInTurn('POST /v3/serp/baidu/organic/task_post', { status: 500, raw: '' });
      await upstreamFailure(patient.queued('serp/baidu/organic', 'advanced', {}, { signal }));
      assert.equal(fake.requests.length, 1);
    });

    test('a task_post turned away as rate-limited is repeated, and the task then fetched', async () => {
      const created = { ...envelope({ status_code: 20100, status_message: 'Task Created.', result: null }) };
      answerInTurn('POST /v3/serp/baidu/organic/task_post', { status: 429, raw: '' }, { json: created });
      fake.on(`GET /v3/serp/baidu/organic/task_get/advanced/${created.tasks[0]!.id}`, { json: envelope({ status_code: 20000, result: [{ ok: 4 }] }) });
      assert.deepEqual(await patient.queued('serp/baidu/organic', 'advanced', {}, { signal }), [{ ok: 4 }]);
      assert.deepEqual(fake.requests.map((request) => request.method), ['POST', 'POST', 'GET']);
    });
  });
});
