import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { PNG } from 'pngjs';
import { tokenCostMicros } from '../../src/core/price';
import { builtinCatalog } from '../../src/catalog/model-catalog';
import { promptTokens, textTokens } from '../../src/chat/tokens';
import { UPSTREAM_TEXTS } from '../../src/providers/openai-compatible/fixtures/wire';
import { FAKE_TEXT, startFakeChatUpstream, type FakeChatUpstream } from '../fakes/openai-compatible-upstream';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The whole path a customer's SDK call takes when an upstream is configured: the server, the
 * OpenAI-compatible adapter, and two fake upstreams on loopback speaking the format. Balances are
 * checked to the micro-dollar against what the fakes reported.
 */

const MODEL = builtinCatalog.find('openai/gpt-4o-mini')!;
const cost = (prompt: number, completion: number) => tokenCostMicros({ rates: MODEL, tokens: { promptTokens: prompt, completionTokens: completion } });
const ask = { model: MODEL.id, messages: [{ role: 'user' as const, content: 'Say hello.' }], max_tokens: 64 };

describe('chat through the OpenAI-compatible adapter, against fake upstreams', () => {
  let first: FakeChatUpstream;
  let second: FakeChatUpstream;
  let app: TestApp;
  let client: OpenAI;
  let accountId: string;
  let apiKey: string;

  before(async () => {
    first = await startFakeChatUpstream();
    second = await startFakeChatUpstream();
    app = await startTestApp(
      {},
      {
        TOLLGATE_CHAT_UPSTREAMS: 'first,second',
        FIRST_BASE_URL: first.url,
        FIRST_API_KEY: 'sk-first',
        SECOND_BASE_URL: second.url,
        TOLLGATE_CHAT_FIRST_BYTE_TIMEOUT_MS: '3000',
        TOLLGATE_RATE_LIMIT_PER_MINUTE: '10000',
      },
    );
    const account = await app.createAccount('5.00');
    accountId = account.accountId;
    apiKey = account.apiKey;
    client = new OpenAI({ baseURL: `${app.baseUrl}/v1/ai`, apiKey: account.apiKey, maxRetries: 0 });
  });
  after(async () => {
    await app.close();
    await first.close();
    await second.close();
  });
  beforeEach(() => {
    first.reset();
    second.reset();
  });

  /** Runs `call` and returns what it cost the account. */
  async function charged(call: () => Promise<unknown>): Promise<number> {
    const before = await app.balance(accountId);
    await call();
    for (let attempt = 0; attempt < 200; attempt++) {
      if ((await app.openHolds(accountId)) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return before - (await app.balance(accountId));
  }

  test('plain: sent with the upstream model id, the hold’s completion limit and the key; billed the reported usage', async () => {
    first.script({ kind: 'answer', counts: { prompt_tokens: 12, completion_tokens: 5 } });
    let completion: OpenAI.ChatCompletion | undefined;
    const spent = await charged(async () => (completion = await client.chat.completions.create(ask)));
    assert.equal(completion!.choices[0]!.message.content, FAKE_TEXT);
    assert.equal(completion!.model, MODEL.id);
    assert.equal(spent, cost(12, 5));
    const sent = first.requests[0]!;
    assert.equal(sent.body.model, MODEL.upstream.model);
    assert.equal(sent.body.max_tokens, 64);
    assert.equal(sent.headers.authorization, 'Bearer sk-first');
    assert.equal(second.requests.length, 0);
  });

  test('streamed: usage always asked for upstream, the usage chunk only when the client asked, keep-alive comments ignored', async () => {
    first.setDefault({ kind: 'answer', keepAlive: true, counts: { prompt_tokens: 12 } });
    let content = '';
    const spent = await charged(async () => {
      for await (const chunk of await client.chat.completions.create({ ...ask, stream: true })) {
        assert.equal(chunk.usage ?? undefined, undefined, 'no usage chunk unless asked for');
        content += chunk.choices[0]?.delta.content ?? '';
      }
    });
    assert.equal(content, FAKE_TEXT);
    assert.deepEqual(first.requests[0]!.body.stream_options, { include_usage: true });
    assert.equal(spent, cost(12, 5));

    let usage: (OpenAI.CompletionUsage & { cost?: number }) | undefined;
    const spentWithUsage = await charged(async () => {
      for await (const chunk of await client.chat.completions.create({ ...ask, stream: true, stream_options: { include_usage: true } })) usage = chunk.usage ?? usage;
    });
    assert.equal(usage?.completion_tokens, 5);
    assert.equal(Math.round(usage!.cost! * 1e6), spentWithUsage);
  });

  test('what each call cost the operator upstream is recorded (the /admin margin): the catalog’s upstream rates on the reported usage, plain and streamed', async () => {
    const upstreamCost = tokenCostMicros({ rates: MODEL.upstream, tokens: { promptTokens: 12, completionTokens: 5 } });
    assert.ok(upstreamCost > 0 && upstreamCost <= cost(12, 5));
    first.setDefault({ kind: 'answer', counts: { prompt_tokens: 12, completion_tokens: 5 } });
    const plain = await client.chat.completions.create(ask).withResponse();
    const streamed = await client.chat.completions.create({ ...ask, stream: true }).withResponse();
    for await (const chunk of streamed.data) void chunk;
    // The call log is written in batches, a moment after the answers.
    const requestIds = [plain.response.headers.get('x-request-id')!, streamed.response.headers.get('x-request-id')!];
    let rows: Array<{ upstream_cost_micros: number | string }> = [];
    for (let attempt = 0; attempt < 100 && rows.length < 2; attempt++) {
      rows = await app.store.db.selectFrom('api_calls').select('upstream_cost_micros').where('request_id', 'in', requestIds).execute();
      if (rows.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.deepEqual(rows.map((row) => Number(row.upstream_cost_micros)), [upstreamCost, upstreamCost]);
  });

  test('an upstream that reports no usage: counted with the tokenizer, and said so', async () => {
    first.setDefault({ kind: 'answer', usage: 'none' });
    const expected = cost(promptTokens(ask), textTokens(FAKE_TEXT));
    const { data, response } = await client.chat.completions.create(ask).withResponse();
    assert.equal(response.headers.get('x-tollgate-usage'), 'estimated');
    assert.equal(Math.round((data.usage as { cost: number } & OpenAI.CompletionUsage).cost * 1e6), expected);
    let final: (OpenAI.CompletionUsage & { estimated?: boolean }) | undefined;
    const spent = await charged(async () => {
      for await (const chunk of await client.chat.completions.create({ ...ask, stream: true, stream_options: { include_usage: true } })) final = chunk.usage ?? final;
    });
    assert.equal(final?.estimated, true);
    assert.equal(spent, expected);
  });

  test('an image is held at what the model’s upstream bills for it (gpt-4o-mini: 25,501 tokens for a 2048 × 2048 photo) and charged the upstream’s usage in full', async () => {
    const photo = `data:image/png;base64,${PNG.sync.write(new PNG({ width: 2048, height: 2048 })).toString('base64')}`;
    const withPhoto = { ...ask, messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'What is in this photo?' }, { type: 'image_url' as const, image_url: { url: photo, detail: 'high' as const } }] }] };
    // What OpenAI bills gpt-4o-mini for it: 2,833 + 4 tiles of 5,667, and the text.
    first.script({ kind: 'answer', counts: { prompt_tokens: 25_520, completion_tokens: 5 } });
    const spent = await charged(() => client.chat.completions.create(withPhoto));
    assert.equal(spent, cost(25_520, 5));
    assert.equal(first.requests[0]!.body.messages[0].content[1].image_url.url, photo);
  });

  test('a plain call’s head may come after the first-byte timeout (a non-streaming upstream answers once the whole completion is written): 200 from that upstream, charged once', async () => {
    first.script({ kind: 'answer', firstByteDelayMs: 3_500, counts: { prompt_tokens: 12, completion_tokens: 5 } });
    let completion: OpenAI.ChatCompletion | undefined;
    const spent = await charged(async () => (completion = await client.chat.completions.create(ask)));
    assert.equal(completion!.choices[0]!.message.content, FAKE_TEXT);
    assert.equal(first.requests[0]!.abortedByClient, false);
    assert.equal(second.requests.length, 0);
    assert.equal(spent, cost(12, 5));
  });

  test('streamed tool-call deltas reach the SDK as one call', async () => {
    first.setDefault({ kind: 'answer', toolCall: { name: 'lookup', arguments: '{"id":"A-1"}' }, counts: { prompt_tokens: 30, completion_tokens: 9 } });
    const tools: OpenAI.ChatCompletionTool[] = [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: { id: { type: 'string' } } } } }];
    let final: OpenAI.ChatCompletion | undefined;
    const spent = await charged(async () => (final = await client.chat.completions.stream({ ...ask, tools }).finalChatCompletion()));
    const call = final!.choices[0]!.message.tool_calls![0]!;
    assert.ok(call.type === 'function');
    assert.deepEqual([call.function.name, JSON.parse(call.function.arguments)], ['lookup', { id: 'A-1' }]);
    assert.equal(spent, cost(30, 9));
  });

  test('429 on the first upstream, then the second answers: one charge, nothing reached the client before', async () => {
    // Another model: the adapter then rests the first upstream for that model until Retry-After passes.
    const nano = builtinCatalog.find('openai/gpt-4.1-nano')!;
    first.script({ kind: 'status', status: 429, headers: { 'retry-after': '1' }, body: { error: { message: UPSTREAM_TEXTS[0] ?? 'slow down', code: 429 } } });
    const spent = await charged(() => client.chat.completions.create({ ...ask, model: nano.id }));
    assert.equal(first.requests.length, 1);
    assert.equal(second.requests.length, 1);
    assert.equal(spent, tokenCostMicros({ rates: nano, tokens: { promptTokens: 10, completionTokens: 5 } }));
  });

  test('a first byte slower than the timeout moves the call on', async () => {
    first.script({ kind: 'answer', firstByteDelayMs: 10_000 });
    let content = '';
    await charged(async () => {
      for await (const chunk of await client.chat.completions.create({ ...ask, stream: true })) content += chunk.choices[0]?.delta.content ?? '';
    });
    assert.equal(content, FAKE_TEXT);
    assert.equal(second.requests.length, 1);
  });

  test('every upstream rate-limited: RateLimitError with Retry-After, in our words, nothing charged', async () => {
    const refusal = { kind: 'status' as const, status: 429, headers: { 'retry-after': '3' }, body: { error: { message: 'Provider returned error: upstream-secret-detail', code: 429 } } };
    first.setDefault(refusal);
    second.setDefault(refusal);
    const spent = await charged(() =>
      assert.rejects(client.chat.completions.create({ ...ask, model: 'openai/gpt-4o' }), (error: unknown) => {
        assert.ok(error instanceof OpenAI.RateLimitError);
        assert.ok(Number(error.headers?.get('retry-after')) >= 1);
        assert.doesNotMatch(error.message, /upstream-secret-detail|Provider returned/);
        return true;
      }),
    );
    assert.equal(spent, 0);
  });

  test('a cut mid-stream: one error event after the first byte, nothing charged', async () => {
    first.setDefault({ kind: 'answer', words: 20, cutAfterChunks: 3 });
    const spent = await charged(async () => {
      await assert.rejects(async () => {
        for await (const _chunk of await client.chat.completions.create({ ...ask, stream: true })) {
          // drain
        }
      }, OpenAI.APIError);
    });
    assert.equal(spent, 0);
  });

  test('a client that leaves mid-stream: the upstream request is aborted; charged the prompt and what was received', async () => {
    first.setDefault({ kind: 'answer', words: 200, chunkDelayMs: 5 });
    const controller = new AbortController();
    let received = '';
    const before = await app.balance(accountId);
    const stream = await client.chat.completions.create({ ...ask, max_tokens: 400, stream: true }, { signal: controller.signal });
    let chunks = 0;
    for await (const chunk of stream) {
      received += chunk.choices[0]?.delta.content ?? '';
      if (++chunks === 10) controller.abort();
    }
    await first.requests[0]!.closed;
    // The server learns of the departure when its socket closes, which a loaded machine delays:
    // the charge is read once the call has settled, not at a fixed moment after the abort.
    let spent = 0;
    for (let attempt = 0; attempt < 500 && spent === 0; attempt++) {
      spent = (await app.openHolds(accountId)) === 0 ? before - (await app.balance(accountId)) : 0;
      if (spent === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.equal(first.requests[0]!.abortedByClient, true, 'the upstream request was aborted');
    assert.ok(spent > cost(promptTokens({ ...ask }), 0), `the prompt and some tokens are charged (charged ${spent}, the prompt alone ${cost(promptTokens({ ...ask }), 0)})`);
    assert.ok(spent < cost(promptTokens({ ...ask }), 200), 'not the whole answer');
    assert.ok(received.length > 0);
  });

  /** What the account was charged once its holds have settled (the server learns of a departure when the socket closes). */
  async function settledCharge(before: number): Promise<number> {
    for (let attempt = 0; attempt < 500; attempt++) {
      if ((await app.openHolds(accountId)) === 0 && (await app.balance(accountId)) !== before) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return before - (await app.balance(accountId));
  }

  test('a client that stops at the finish chunk: the upstream is left to send its usage, and the call is billed by it (reasoning tokens included)', async () => {
    // A thinking model's usage counts its reasoning, which the client never sees; it comes after the finish.
    first.setDefault({ kind: 'answer', counts: { prompt_tokens: 20, completion_tokens: 300 }, usageDelayMs: 300 });
    const controller = new AbortController();
    const before = await app.balance(accountId);
    const stream = await client.chat.completions.create({ ...ask, max_tokens: 400, stream: true }, { signal: controller.signal });
    let content = '';
    for await (const chunk of stream) {
      content += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason) controller.abort();
    }
    assert.equal(content, FAKE_TEXT);
    await first.requests[0]!.closed;
    assert.equal(first.requests[0]!.abortedByClient, false, 'the upstream was not cut before its usage');
    assert.equal(await settledCharge(before), cost(20, 300));
  });

  test('a thinking model: its reasoning starts the stream, so the head and a chunk per thought reach the client before the answer', async () => {
    let answer!: () => void;
    const answerAfter = new Promise<void>((resolve) => (answer = resolve));
    first.setDefault({ kind: 'answer', reasoning: { chunks: 3, answerAfter } });
    try {
      const response = fetch(`${app.baseUrl}/v1/ai/chat/completions`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ ...ask, stream: true }),
      });
      // A hang guard, not a measurement: the answer is held back until the head has arrived.
      const head = await Promise.race([response, new Promise<'none'>((resolve) => setTimeout(() => resolve('none'), 10_000))]);
      assert.notEqual(head, 'none', 'the head arrives while the upstream is still thinking');
      const reader = (head as Response).body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      while ((text.match(/^data: /gm) ?? []).length < 4) {
        const { value, done } = await reader.read();
        assert.equal(done, false);
        text += decoder.decode(value, { stream: true });
      }
      const thoughts = text.split('\n\n').filter((event) => event.startsWith('data: ')).map((event) => JSON.parse(event.slice(6)));
      assert.ok(thoughts.every((chunk) => !chunk.choices[0].delta.content), 'the reasoning itself is not relayed');
      answer();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      const content = text
        .split('\n\n')
        .filter((event) => event.startsWith('data: {'))
        .map((event) => JSON.parse(event.slice(6)).choices[0]?.delta.content ?? '')
        .join('');
      assert.equal(content, FAKE_TEXT);
    } finally {
      answer();
    }
  });

  test('the native chat relays why the upstream stopped (content_filter), plain and in the last streamed chunk; charged the reported usage', async () => {
    const usage = { prompt_tokens: 11, completion_tokens: 4, total_tokens: 15 };
    first.script({ kind: 'replay', json: { id: 'up-1', choices: [{ index: 0, message: { role: 'assistant', content: 'I can only say' }, finish_reason: 'content_filter' }], usage } });
    let response: Awaited<ReturnType<TestApp['post']>> | undefined;
    const spent = await charged(async () => (response = await app.post('/v1/ai/chat', { model: MODEL.id, messages: [{ role: 'user', content: 'Hi' }], maxTokens: 64 }, apiKey)));
    assert.equal(response!.status, 200);
    assert.equal(response!.body.data.finishReason, 'content_filter');
    assert.equal(spent, cost(11, 4));

    const chunk = (delta: object, finish: string | null) => ({ id: 'up-2', object: 'chat.completion.chunk', created: 1, model: 'x', choices: [{ index: 0, delta, finish_reason: finish }] });
    first.script({ kind: 'replay', events: [chunk({ role: 'assistant', content: 'I can' }, null), chunk({}, 'content_filter'), { id: 'up-2', choices: [], usage }, 'data: [DONE]'] });
    const streamed = await fetch(`${app.baseUrl}/v1/ai/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ model: MODEL.id, messages: [{ role: 'user', content: 'Hi' }], maxTokens: 64, stream: true }),
    });
    const frames = (await streamed.text()).split('\n\n').filter((frame) => frame.startsWith('data: {')).map((frame) => JSON.parse(frame.slice('data: '.length)));
    assert.equal(frames.at(-1).finishReason, 'content_filter');
    assert.deepEqual(frames.at(-1).usage, { promptTokens: 11, completionTokens: 4, totalTokens: 15 });
  });
});
