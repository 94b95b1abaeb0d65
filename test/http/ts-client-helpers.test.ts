import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseUsd } from '../../src/core/money';
import type { MediaProvider } from '../../src/providers/families/media';
import { createClient, TollgateError, TollgateJobError, TollgateTimeoutError, type TollgateClient } from '../../clients/typescript/src/index';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/** The TypeScript client's helpers (pages, media jobs, timeouts, what it retries) against a real server. */

/** A client whose requests are recorded: method, path, body. */
function recordingClient(app: TestApp, apiKey: string, options: { retries?: number } = {}) {
  const sent: Array<{ path: string; body: any; idempotencyKey: string | null }> = [];
  const client = createClient({
    baseUrl: app.baseUrl,
    apiKey,
    retryDelayMs: 10,
    ...options,
    async fetch(input, init) {
      const url = new URL(String(input));
      sent.push({ path: url.pathname + url.search, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined, idempotencyKey: new Headers(init?.headers).get('idempotency-key') });
      return fetch(input, init);
    },
  });
  return { client, sent };
}

describe(`the TypeScript client's helpers (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, { TOLLGATE_SANDBOX_MEDIA_SECONDS: '0', TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(() => app.close());

  test('pages.accountLedger walks the ledger with before ← nextBefore, to the page whose nextBefore is null', async () => {
    const { apiKey } = await app.createAccount('5.00');
    const tollgate = createClient({ baseUrl: app.baseUrl, apiKey });
    for (const keyword of ['one', 'two', 'three', 'four']) await tollgate.seoKeywordIdeas({ keyword, limit: 10 });
    const all = (await tollgate.accountLedger({ limit: 100 })).entries;
    assert.ok(all.length >= 5, `${all.length} entries`);

    const { client, sent } = recordingClient(app, apiKey);
    const pages = [];
    for await (const page of client.pages.accountLedger({ limit: 2 })) pages.push(page);
    assert.deepEqual(pages.flatMap((page) => page.entries.map((entry) => entry.id)), all.map((entry) => entry.id));
    assert.equal(pages.at(-1)!.nextBefore, null);
    assert.ok(pages.slice(0, -1).every((page) => page.nextBefore !== null));
    assert.deepEqual(sent.slice(1).map((request) => request.path), pages.slice(0, -1).map((page) => `/v1/account/ledger?limit=2&before=${page.nextBefore}`));
  });

  test('pages.clipsSearch sends the cursor the last page answered; leaving the loop sends no further call', async () => {
    const { accountId, apiKey } = await app.createAccount('5.00');
    const { client, sent } = recordingClient(app, apiKey);
    const before = await app.balance(accountId);
    const cursors: Array<string | null> = [];
    for await (const page of client.pages.clipsSearch({ keywords: 'cooking', count: 5 })) {
      assert.equal(page.videos.length, 5);
      cursors.push(page.cursor);
      if (cursors.length === 2) break;
    }
    assert.deepEqual(sent.map((request) => request.body), [{ keywords: 'cooking', count: 5 }, { keywords: 'cooking', count: 5, cursor: cursors[0] }]);
    assert.notEqual(sent[0]!.idempotencyKey, sent[1]!.idempotencyKey, 'each page is a call of its own');
    assert.ok(before - (await app.balance(accountId)) > 0, 'each page is charged');
  });

  test('mediaQueueAndWait: queued, polled until it succeeds, resolved with the job and its files; charged what the job reports', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const tollgate = createClient({ baseUrl: app.baseUrl, apiKey });
    const job = await tollgate.mediaQueueAndWait({ model: 'flux-schnell', prompt: 'A lighthouse at dawn' }, { pollIntervalMs: 50 });
    assert.equal(job.status, 'succeeded');
    assert.equal(job.result?.files.length, 1);
    assert.equal(job.result!.files[0]!.mimeType, 'image/png');
    const file = await fetch(job.result!.files[0]!.url);
    assert.equal(file.status, 200);
    assert.ok(job.costUsd !== null && job.costUsd > 0);
    assert.equal(await app.balance(accountId), parseUsd('1.00') - parseUsd(String(job.costUsd)));
  });

  test("mediaWait honours the status answer's Retry-After over its own interval", async () => {
    const { apiKey } = await app.createAccount('1.00');
    let statusCalls = 0;
    const tollgate = createClient({
      baseUrl: app.baseUrl,
      apiKey,
      async fetch(input, init) {
        const response = await fetch(input, init);
        if (!String(input).includes('/v1/media/status/')) return response;
        statusCalls += 1;
        return new Response(response.body, { status: response.status, headers: { 'content-type': 'application/json', 'retry-after': '0' } });
      },
    });
    // Ten minutes between polls unless the answer says otherwise: the wait would time out first.
    const job = await tollgate.mediaQueueAndWait({ model: 'flux-schnell', prompt: 'A fox' }, { pollIntervalMs: 600_000, timeoutMs: 20_000 });
    assert.equal(job.status, 'succeeded');
    assert.ok(statusCalls >= 1);
  });

  test('mediaWait: a timeout is a TollgateTimeoutError, an abort rejects with its reason; neither cancels the job', async () => {
    const { apiKey } = await app.createAccount('1.00');
    const tollgate = createClient({ baseUrl: app.baseUrl, apiKey });
    const { jobId } = await tollgate.mediaQueue({ model: 'flux-schnell', prompt: 'A heron' });
    const timedOut = await tollgate.mediaWait(jobId, { timeoutMs: 1, pollIntervalMs: 600_000 }).catch((thrown: unknown) => thrown);
    assert.ok(timedOut instanceof TollgateTimeoutError, String(timedOut));
    assert.equal(timedOut.code, 'TIMEOUT');
    assert.match(timedOut.message, new RegExp(jobId));

    const reason = new Error('the user left');
    const controller = new AbortController();
    const waiting = tollgate.mediaWait(jobId, { signal: controller.signal, pollIntervalMs: 600_000 }).catch((thrown: unknown) => thrown);
    controller.abort(reason);
    assert.equal(await waiting, reason);
    assert.notEqual((await tollgate.mediaStatus({ jobId })).status, 'canceled');
  });

  test('a 502 whose error names the request field (the caller\'s own URL failed) is not retried; uncharged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const { client, sent } = recordingClient(app, apiKey, { retries: 2 });
    const error = await client.scrapeScrape({ url: 'http://no-such-host.example/' }).catch((thrown: unknown) => thrown);
    assert.ok(error instanceof TollgateError, String(error));
    assert.equal(error.status, 502);
    assert.equal(error.code, 'UPSTREAM_ERROR');
    assert.equal(error.param, 'url');
    assert.equal(sent.length, 1, 'sent once');
    assert.equal(await app.balance(accountId), parseUsd('1.00'));
  });
});

describe(`the TypeScript client's media helper: jobs that do not succeed (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  let tollgate: TollgateClient;
  let accountId: string;
  /** Fails the job whose prompt is "fail"; runs any other until it is canceled. */
  const vendor: MediaProvider = {
    name: 'test-vendor',
    async submit(request) {
      return { requestId: `r_${request.jobId}`, handle: { prompt: String(request.input.prompt) } };
    },
    async status(submission) {
      if (submission.handle.prompt === 'fail') return { status: 'failed', code: 'GENERATION_FAILED', message: 'The model could not produce a result for this request.' };
      return { status: 'running', progress: null };
    },
    async cancel() {
      return true;
    },
  };

  before(async () => {
    app = await startTestApp({ providers: { media: vendor } }, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
    const account = await app.createAccount('1.00');
    accountId = account.accountId;
    tollgate = createClient({ baseUrl: app.baseUrl, apiKey: account.apiKey });
  });
  after(() => app.close());

  test('a failed job rejects with a TollgateJobError JOB_FAILED carrying the job and its error; nothing charged', async () => {
    const error = await tollgate.mediaQueueAndWait({ model: 'flux-dev', prompt: 'fail' }, { pollIntervalMs: 50 }).catch((thrown: unknown) => thrown);
    assert.ok(error instanceof TollgateJobError, String(error));
    assert.equal(error.code, 'JOB_FAILED');
    assert.equal(error.job.status, 'failed');
    assert.equal(error.job.error?.code, 'GENERATION_FAILED');
    assert.match(error.message, /GENERATION_FAILED/);
    assert.equal(error.job.costUsd, 0);
    assert.equal(await app.balance(accountId), parseUsd('1.00'));
  });

  test('a canceled job rejects with JOB_CANCELED', async () => {
    const { jobId } = await tollgate.mediaQueue({ model: 'flux-dev', prompt: 'a slow one' });
    const waiting = tollgate.mediaWait(jobId, { pollIntervalMs: 50 }).catch((thrown: unknown) => thrown);
    await tollgate.mediaCancel({ jobId });
    const error = await waiting;
    assert.ok(error instanceof TollgateJobError, String(error));
    assert.equal(error.code, 'JOB_CANCELED');
    assert.equal(error.job.jobId, jobId);
  });
});

describe('the TypeScript client: timeouts', () => {
  /** A fetch that never answers until its signal aborts, counting its calls. */
  function hangingFetch() {
    const calls: Array<string | null> = [];
    const fetch = (_input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(new Headers(init?.headers).get('idempotency-key'));
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason), { once: true });
      });
    };
    return { fetch, calls };
  }

  test('an attempt with no answer in timeoutMs is a TollgateTimeoutError, retried where a retry is safe (a free call, a paid one with its key)', async () => {
    const free = hangingFetch();
    const error = await createClient({ baseUrl: 'http://tollgate.invalid', apiKey: 'k', fetch: free.fetch, timeoutMs: 20, retryDelayMs: 1 }).accountGet().catch((thrown: unknown) => thrown);
    assert.ok(error instanceof TollgateTimeoutError, String(error));
    assert.equal(error.code, 'TIMEOUT');
    assert.ok(error instanceof TollgateError);
    assert.equal(free.calls.length, 3, 'the first attempt and two retries');

    const paid = hangingFetch();
    await createClient({ baseUrl: 'http://tollgate.invalid', apiKey: 'k', fetch: paid.fetch, timeoutMs: 20, retryDelayMs: 1 })
      .seoKeywordIdeas({ keyword: 'x' })
      .catch(() => undefined);
    assert.equal(paid.calls.length, 3);
    assert.ok(paid.calls.every((key) => key !== null && key === paid.calls[0]), 'each retry with the same Idempotency-Key');
  });

  test('a stream that does not start is not sent again', async () => {
    const hanging = hangingFetch();
    const tollgate = createClient({ baseUrl: 'http://tollgate.invalid', apiKey: 'k', fetch: hanging.fetch, timeoutMs: 20 });
    const error = await (async () => {
      for await (const _event of tollgate.chatStream({ model: 'm', messages: [{ role: 'user', content: 'hi' }] })) assert.fail('no event');
    })().catch((thrown: unknown) => thrown);
    assert.ok(error instanceof TollgateTimeoutError, String(error));
    assert.equal(hanging.calls.length, 1);
  });

  test("a stream's limit ends when its response starts: events slower than timeoutMs still arrive", async () => {
    const event = (content: string) => `data: ${JSON.stringify({ delta: { content }, model: 'm', index: 0 })}\n\n`;
    const encoder = new TextEncoder();
    const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode(event('Hel')));
          await new Promise((resolve) => setTimeout(resolve, 200));
          if (init?.signal?.aborted) return controller.error(init.signal.reason);
          controller.enqueue(encoder.encode(`${event('lo')}data: [DONE]\n\n`));
          controller.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    };
    const tollgate = createClient({ baseUrl: 'http://tollgate.invalid', apiKey: 'k', fetch, timeoutMs: 20 });
    let text = '';
    for await (const chunk of tollgate.chatStream({ model: 'm', messages: [{ role: 'user', content: 'hi' }] })) text += chunk.delta.content;
    assert.equal(text, 'Hello');
  });

  test('a call sets its own timeoutMs over the client\'s; 0 is none', async () => {
    const hanging = hangingFetch();
    const noLimit = createClient({ baseUrl: 'http://tollgate.invalid', apiKey: 'k', fetch: hanging.fetch, timeoutMs: 0, retries: 0 });
    const error = await noLimit.accountGet({ timeoutMs: 20 }).catch((thrown: unknown) => thrown);
    assert.ok(error instanceof TollgateTimeoutError, String(error));

    const slow = (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const timer = setTimeout(() => resolve(Response.json({ ok: true, data: { accountId: 'a' } })), 200);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(init.signal!.reason);
        }, { once: true });
      });
    const short = createClient({ baseUrl: 'http://tollgate.invalid', apiKey: 'k', fetch: slow, timeoutMs: 20, retries: 0 });
    assert.deepEqual(await short.accountGet({ timeoutMs: 0 }), { accountId: 'a' });
  });

  test("the caller's abort is not a timeout", async () => {
    const hanging = hangingFetch();
    const controller = new AbortController();
    const reason = new Error('stop');
    const call = createClient({ baseUrl: 'http://tollgate.invalid', apiKey: 'k', fetch: hanging.fetch }).accountGet({ signal: controller.signal }).catch((thrown: unknown) => thrown);
    controller.abort(reason);
    assert.equal(await call, reason);
    assert.equal(hanging.calls.length, 1);
  });
});
