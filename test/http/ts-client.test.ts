import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseUsd } from '../../src/core/money';
import { createClient, TollgateError, type TollgateClient } from '../../clients/typescript/src/index';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** The generated TypeScript client (clients/typescript) against a real server and database. */

const MODEL = 'openai/gpt-4o-mini';

describe('the TypeScript client', () => {
  let app: TestApp;
  let account: { accountId: string; apiKey: string };
  let tollgate: TollgateClient;
  const charged = async (call: () => Promise<unknown>) => {
    const before = await app.balance(account.accountId);
    await call();
    return before - (await app.balance(account.accountId));
  };

  before(async () => {
    app = await startTestApp();
    account = await app.createAccount('5.00');
    tollgate = createClient({ baseUrl: app.baseUrl, apiKey: account.apiKey, retryDelayMs: 10 });
  });
  after(() => app.close());

  test('a paid call through a generated function: its typed data, charged exactly what the call reports', async () => {
    let response: Awaited<ReturnType<TollgateClient['withResponse']['seoKeywordIdeas']>> | undefined;
    const cost = await charged(async () => {
      response = await tollgate.withResponse.seoKeywordIdeas({ keyword: 'running shoes', limit: 10 });
    });
    const { data, costUsd, balanceUsd, provider, requestId, replayed } = response!;
    assert.equal(data.seed, 'running shoes');
    assert.equal(data.keywords.length, 10);
    assert.ok(data.keywords.every((idea) => typeof idea.keyword === 'string' && typeof idea.volume === 'number'));
    // $0.03 + $0.03 per 100 ideas, rounded up to the cent.
    assert.equal(cost, parseUsd('0.04'));
    assert.equal(costUsd, 0.04);
    assert.equal(parseUsd(String(balanceUsd)), await app.balance(account.accountId));
    assert.equal(provider, 'sandbox');
    assert.match(requestId ?? '', /\S/);
    assert.equal(replayed, false);

    const plain = await tollgate.seoKeywordIdeas({ keyword: 'running shoes', limit: 10 });
    assert.deepEqual(plain, data, 'the plain function answers the same data alone');
  });

  test('a free call: the account, uncharged', async () => {
    const cost = await charged(async () => {
      const me = await tollgate.accountGet();
      assert.equal(me.accountId, account.accountId);
      assert.equal(parseUsd(String(me.balanceUsd)), await app.balance(account.accountId));
    });
    assert.equal(cost, 0);
    const model = await tollgate.aiGetModel({ id: MODEL });
    assert.equal(model.id, MODEL, 'a path parameter with a slash, and a wire-format answer');
  });

  test('a bad request: a TollgateError naming the field, uncharged', async () => {
    let error: unknown;
    const cost = await charged(async () => {
      error = await tollgate.seoKeywordIdeas({ keyword: 'running shoes', limit: 5000 }).catch((thrown: unknown) => thrown);
    });
    assert.ok(error instanceof TollgateError, String(error));
    assert.equal(error.code, 'VALIDATION_ERROR');
    assert.equal(error.status, 400);
    assert.equal(error.param, 'limit');
    assert.match(error.message, /^limit: /);
    assert.match(error.requestId ?? '', /\S/);
    assert.equal(cost, 0);

    const unknownField = await tollgate.seoKeywordIdeas({ keyword: 'x', colour: 'red' } as never).catch((thrown: unknown) => thrown);
    assert.ok(unknownField instanceof TollgateError);
    assert.equal(unknownField.param, 'colour');
  });

  test('a paid POST whose answer is lost is sent again with the same Idempotency-Key, and charged once', async () => {
    const keys: string[] = [];
    let dropped = false;
    const flaky = createClient({
      baseUrl: app.baseUrl,
      apiKey: account.apiKey,
      retryDelayMs: 10,
      async fetch(input, init) {
        keys.push(new Headers(init?.headers).get('idempotency-key') ?? '');
        const response = await fetch(input, init);
        if (dropped) return response;
        // The server answered (and charged); the connection fails before the client reads it.
        dropped = true;
        await response.arrayBuffer();
        throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
      },
    });
    let response: Awaited<ReturnType<TollgateClient['withResponse']['seoKeywordIdeas']>> | undefined;
    const cost = await charged(async () => {
      response = await flaky.withResponse.seoKeywordIdeas({ keyword: 'trail shoes', limit: 10 });
    });
    assert.equal(keys.length, 2);
    assert.match(keys[0]!, /^[0-9a-f-]{36}$/);
    assert.equal(keys[1], keys[0]);
    assert.equal(response!.replayed, true, 'the retry is answered the stored response');
    assert.equal(response!.data.keywords.length, 10);
    assert.equal(cost, parseUsd('0.04'));
    assert.equal(response!.costUsd, 0.04);

    const again = await flaky.withResponse.seoKeywordIdeas({ keyword: 'trail shoes', limit: 10 });
    assert.notEqual(keys[2], keys[0], 'a new logical call has a new key');
    assert.equal(again.replayed, false);
  });

  test('429 with Retry-After, 502 and 503 are retried; other failures and the last attempt are not', async () => {
    const statuses = [429, 503, 502];
    let sent = 0;
    const busy = createClient({
      baseUrl: app.baseUrl,
      apiKey: account.apiKey,
      retries: 3,
      retryDelayMs: 10,
      async fetch(input, init) {
        sent += 1;
        const status = statuses.shift();
        if (status === undefined) return fetch(input, init);
        const error = { ok: false, error: { code: status === 429 ? 'RATE_LIMITED' : status === 503 ? 'UNAVAILABLE' : 'UPSTREAM_ERROR', message: 'Try again.' } };
        return Response.json(error, { status, headers: status === 429 ? { 'retry-after': '0' } : {} });
      },
    });
    const cost = await charged(() => busy.seoKeywordIdeas({ keyword: 'hiking boots', limit: 10 }));
    assert.equal(sent, 4);
    assert.equal(cost, parseUsd('0.04'));

    const once = createClient({ baseUrl: app.baseUrl, apiKey: account.apiKey, retries: 0, fetch: async () => Response.json({ ok: false, error: { code: 'UNAVAILABLE', message: 'Down.' } }, { status: 503 }) });
    const error = await once.accountGet().catch((thrown: unknown) => thrown);
    assert.ok(error instanceof TollgateError);
    assert.equal(error.code, 'UNAVAILABLE');
    assert.equal(error.status, 503);

    const proxyPage = createClient({ baseUrl: app.baseUrl, apiKey: account.apiKey, retries: 0, fetch: async () => new Response('<html>Bad gateway</html>', { status: 504 }) });
    const invalid = await proxyPage.accountGet().catch((thrown: unknown) => thrown);
    assert.ok(invalid instanceof TollgateError);
    assert.equal(invalid.code, 'INVALID_RESPONSE');
  });

  test('chatStream and chatCompletionsStream yield the events, ending at [DONE]; the stream is charged', async () => {
    const messages = [{ role: 'user' as const, content: 'Describe the water cycle.' }];
    let text = '';
    let events = 0;
    const cost = await charged(async () => {
      for await (const event of tollgate.chatStream({ model: MODEL, messages, maxTokens: 60 })) {
        assert.equal(event.model, MODEL);
        text += event.delta.content;
        events += 1;
      }
    });
    assert.ok(events > 1, `${events} events`);
    assert.match(text, /\w/);
    assert.ok(cost > 0);

    const plain = await tollgate.aiChat({ model: MODEL, messages, maxTokens: 60 });
    assert.equal(text, plain.message.content, 'the streamed text is the plain answer');

    let content = '';
    let cost_usd: number | undefined;
    for await (const chunk of tollgate.chatCompletionsStream({ model: MODEL, messages, max_tokens: 60, stream_options: { include_usage: true } })) {
      assert.equal(chunk.object, 'chat.completion.chunk');
      content += chunk.choices[0]?.delta.content ?? '';
      cost_usd = chunk.usage?.cost ?? cost_usd;
    }
    assert.equal(content, text);
    assert.ok(cost_usd !== undefined && cost_usd > 0);
  });

  test('a stream refused before it starts, and an error event inside one, throw a TollgateError', async () => {
    const refused = await (async () => {
      for await (const _event of tollgate.chatStream({ model: 'nobody/no-model', messages: [{ role: 'user', content: 'hi' }] })) assert.fail('no event');
    })().catch((thrown: unknown) => thrown);
    assert.ok(refused instanceof TollgateError, String(refused));
    assert.equal(refused.code, 'MODEL_NOT_FOUND');
    assert.equal(refused.status, 404);

    const sse = 'data: {"delta":{"content":"Hel"},"model":"m","index":0}\n\n: keep-alive\n\ndata: {"ok":false,"error":{"code":"STREAM_ERROR","message":"The stream failed; nothing was charged.","type":"api_error","param":null}}\n\n';
    const failing = createClient({
      baseUrl: app.baseUrl,
      apiKey: account.apiKey,
      fetch: async () => new Response(sse, { headers: { 'content-type': 'text/event-stream', 'x-request-id': 'req_stream' } }),
    });
    const received: string[] = [];
    const error = await (async () => {
      for await (const event of failing.chatStream({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] })) received.push(event.delta.content);
    })().catch((thrown: unknown) => thrown);
    assert.deepEqual(received, ['Hel']);
    assert.ok(error instanceof TollgateError);
    assert.equal(error.code, 'STREAM_ERROR');
    assert.equal(error.status, 502);
    assert.equal(error.requestId, 'req_stream');
  });
});
