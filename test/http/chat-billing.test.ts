import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { UpstreamError } from '../../src/core/errors';
import { tokenCostMicros } from '../../src/core/price';
import { formatUsd } from '../../src/core/money';
import { builtinCatalog } from '../../src/catalog/model-catalog';
import { promptTokens, textTokens } from '../../src/chat/tokens';
import type { ChatProvider, ChatRequest } from '../../src/providers/families/chat';
import type { ChatCompletionChunk, ChatCompletionsRequest } from '../../src/schemas/chat-completions';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Exact billing of the chat endpoints, on a scripted provider whose every token and usage report
 * the test decides: each case's balance delta is computed here from the model's prices.
 */

const MODEL = builtinCatalog.find('openai/gpt-4o-mini')!;
const WORDS = ['Tokens', ' are', ' billed', ' exactly', ',', ' to', ' the', ' micro', '-dollar', '.'];

interface Script {
  /** Content pieces streamed (or joined for a plain answer). */
  pieces: string[];
  /** Usage the upstream reports; undefined: none. */
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Fail after this many pieces (an upstream cut mid-stream). */
  cutAfter?: number;
  /** Wait after this many pieces until `resume` is called (the client leaves meanwhile). */
  pauseAfter?: number;
  toolCall?: { name: string; arguments: string };
  /** Every stream waits here after its first piece, until the test opens it. */
  gate?: Promise<void>;
}

let script: Script = { pieces: WORDS };
let resume: () => void = () => undefined;
let upstreamAborted = false;
/** How many content pieces the server has asked of the current stream. */
let piecesPulled = 0;

function chunk(delta: ChatCompletionChunk['choices'][number]['delta'], finish: ChatCompletionChunk['choices'][number]['finish_reason'] = null): ChatCompletionChunk {
  return { id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created: 1795000000, model: MODEL.upstream.model, choices: [{ index: 0, delta, finish_reason: finish }] };
}

const scripted: ChatProvider = {
  name: 'scripted',
  async complete(request: ChatRequest) {
    const current = script;
    const message = current.toolCall
      ? { role: 'assistant' as const, content: null, tool_calls: [{ id: 'call_1', type: 'function' as const, function: current.toolCall }] }
      : { role: 'assistant' as const, content: current.pieces.join('') };
    return {
      model: request.route[0]!.model,
      completion: {
        id: 'chatcmpl-scripted',
        object: 'chat.completion' as const,
        created: 1795000000,
        model: request.route[0]!.model.id,
        choices: [{ index: 0, message, finish_reason: current.toolCall ? ('tool_calls' as const) : ('stop' as const) }],
        ...(current.usage ? { usage: { ...current.usage, total_tokens: current.usage.prompt_tokens + current.usage.completion_tokens } } : {}),
      },
    };
  },
  async stream(request: ChatRequest, call) {
    const current = script;
    upstreamAborted = false;
    piecesPulled = 0;
    async function* chunks(): AsyncGenerator<ChatCompletionChunk> {
      try {
        yield chunk({ role: 'assistant', content: '' });
        if (current.toolCall) {
          yield chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: current.toolCall.name, arguments: '' } }] });
          yield chunk({ tool_calls: [{ index: 0, function: { arguments: current.toolCall.arguments } }] });
        }
        for (const [index, piece] of current.pieces.entries()) {
          if (current.cutAfter === index) throw new UpstreamError('The model stopped answering mid-stream.');
          if (current.pauseAfter === index) {
            await new Promise<void>((resolve, reject) => {
              resume = resolve;
              call.signal.addEventListener('abort', () => reject(call.signal.reason), { once: true });
            });
          }
          yield chunk({ content: piece });
          piecesPulled = index + 1;
          if (index === 0 && current.gate) await current.gate;
        }
        yield chunk({}, current.toolCall ? 'tool_calls' : 'stop');
        if (current.usage) {
          yield { ...chunk({}), choices: [], usage: { ...current.usage, total_tokens: current.usage.prompt_tokens + current.usage.completion_tokens } };
        }
      } finally {
        upstreamAborted = call.signal.aborted;
      }
    }
    return { model: request.route[0]!.model, chunks: chunks() };
  },
};

const body = (extra: Partial<ChatCompletionsRequest> = {}): ChatCompletionsRequest => ({
  model: MODEL.id,
  messages: [{ role: 'user', content: 'How are tokens billed?' }],
  max_tokens: 100,
  ...extra,
});
const cost = (prompt: number, completion: number) => tokenCostMicros({ rates: MODEL, tokens: { promptTokens: prompt, completionTokens: completion } });

/** Reads an SSE body into its data payloads. */
async function events(response: Response): Promise<string[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => frame.slice('data: '.length));
}

describe('chat billing, exact to the micro-dollar', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ providers: { chat: scripted } });
  });
  after(() => app.close());

  /** The chat row of GET /v1/account/usage by endpoint (which writes the call log's pending rows first): successful calls and their cost. */
  const chatUsage = async (apiKey: string) =>
    ((await app.get('/v1/account/usage?groupBy=endpoint', apiKey)).body.data.rows as Array<{ group: string }>).find((row) => row.group === 'ai.chat_completions');
  /** The statuses the call log has for the account's calls of `endpointId` (after a usage read has written them). */
  const callStatuses = async (accountId: string, endpointId: string) =>
    (await app.store.db.selectFrom('api_calls').select('status').where('account_id', '=', accountId).where('endpoint_id', '=', endpointId).execute()).map((row) => Number(row.status));

  const post = (apiKey: string, request: unknown, init: RequestInit = {}) =>
    fetch(`${app.baseUrl}/v1/ai/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body: JSON.stringify(request),
      ...init,
    });

  test('plain: charged the reported usage at the model’s prices, reported in usage.cost and the headers', async () => {
    // The upstream's tokenizer counts the prompt a little longer than ours.
    const reportedPrompt = promptTokens(body()) + 2;
    script = { pieces: WORDS, usage: { prompt_tokens: reportedPrompt, completion_tokens: 56 } };
    const account = await app.createAccount('1.00');
    const response = await post(account.apiKey, body());
    const completion = await response.json();
    assert.equal(response.status, 200);
    const expected = cost(reportedPrompt, 56);
    assert.equal(1_000_000 - (await app.balance(account.accountId)), expected);
    assert.equal(completion.usage.cost, expected / 1e6);
    assert.equal(completion.usage.prompt_tokens, reportedPrompt);
    assert.equal(response.headers.get('x-cost-usd'), formatUsd(expected));
    assert.equal(response.headers.get('x-tollgate-usage'), null);
    assert.equal(await app.ledgerSum(account.accountId), await app.balance(account.accountId));
  });

  test('usage reported beyond the hold is charged the hold, never more', async () => {
    script = { pieces: WORDS, usage: { prompt_tokens: 50_000, completion_tokens: 100 } };
    const account = await app.createAccount('1.00');
    const completion = await (await post(account.apiKey, body())).json();
    const hold = cost(Math.ceil(promptTokens(body()) * 1.25), 100);
    assert.equal(1_000_000 - (await app.balance(account.accountId)), hold);
    assert.equal(completion.usage.cost, hold / 1e6);
  });

  test('plain, no usage reported: counted with the tokenizer and said so', async () => {
    script = { pieces: WORDS };
    const account = await app.createAccount('1.00');
    const response = await post(account.apiKey, body());
    const completion = await response.json();
    const prompt = promptTokens(body());
    const completionTokens = textTokens(WORDS.join(''));
    assert.equal(response.headers.get('x-tollgate-usage'), 'estimated');
    assert.deepEqual([completion.usage.prompt_tokens, completion.usage.completion_tokens, completion.usage.estimated], [prompt, completionTokens, true]);
    assert.equal(1_000_000 - (await app.balance(account.accountId)), cost(prompt, completionTokens));
  });

  test('streamed with include_usage: the usage chunk carries the cost; charged exactly that', async () => {
    script = { pieces: WORDS, usage: { prompt_tokens: 12, completion_tokens: 10 } };
    const account = await app.createAccount('1.00');
    const response = await post(account.apiKey, body({ stream: true, stream_options: { include_usage: true } }));
    assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    const data = await events(response);
    assert.equal(data.at(-1), '[DONE]');
    const usageChunk = JSON.parse(data.at(-2)!);
    assert.deepEqual(usageChunk.choices, []);
    assert.equal(usageChunk.usage.cost, cost(12, 10) / 1e6);
    const content = data.slice(0, -2).map((frame) => JSON.parse(frame).choices[0].delta.content ?? '').join('');
    assert.equal(content, WORDS.join(''));
    assert.ok(data.slice(0, -2).every((frame) => JSON.parse(frame).model === MODEL.id), 'chunks name the catalog model');
    assert.equal(1_000_000 - (await app.balance(account.accountId)), cost(12, 10));
  });

  test('streamed with an Idempotency-Key: a retry after it ended replays its events and is not charged again', async () => {
    script = { pieces: WORDS, usage: { prompt_tokens: 12, completion_tokens: 10 } };
    const account = await app.createAccount('1.00');
    const request = body({ stream: true, stream_options: { include_usage: true } });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${account.apiKey}`, 'idempotency-key': 'stream-once' };
    const first = await post(account.apiKey, request, { headers });
    const firstText = await first.text();
    const balance = await app.balance(account.accountId);
    assert.equal(1_000_000 - balance, cost(12, 10));
    const retry = await post(account.apiKey, request, { headers });
    assert.equal(retry.status, 200);
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
    assert.equal(retry.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    assert.equal(retry.headers.get('x-cost-usd'), formatUsd(cost(12, 10)));
    assert.equal(await retry.text(), firstText, 'the same events, in the same frames');
    assert.equal(await app.balance(account.accountId), balance, 'charged once');
    assert.equal(await app.ledgerSum(account.accountId), balance);
  });

  test('a stream with an Idempotency-Key that did not end whole (an upstream cut): its key is free, a retry streams again', async () => {
    const account = await app.createAccount('1.00');
    const request = body({ stream: true });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${account.apiKey}`, 'idempotency-key': 'stream-cut' };
    script = { pieces: WORDS, cutAfter: 2 };
    await (await post(account.apiKey, request, { headers })).text();
    assert.equal(await app.balance(account.accountId), 1_000_000, 'the cut stream is not charged');
    script = { pieces: WORDS, usage: { prompt_tokens: 12, completion_tokens: 10 } };
    const retry = await post(account.apiKey, request, { headers });
    assert.equal(retry.headers.get('idempotent-replayed'), null);
    assert.match(await retry.text(), /\[DONE\]/);
    assert.equal(1_000_000 - (await app.balance(account.accountId)), cost(12, 10));
  });

  test('streamed without include_usage: no usage chunk reaches the client; still charged the reported usage', async () => {
    script = { pieces: WORDS, usage: { prompt_tokens: 12, completion_tokens: 10 } };
    const account = await app.createAccount('1.00');
    const data = await events(await post(account.apiKey, body({ stream: true })));
    assert.ok(data.slice(0, -1).every((frame) => JSON.parse(frame).choices.length === 1 && JSON.parse(frame).usage === undefined));
    assert.equal(1_000_000 - (await app.balance(account.accountId)), cost(12, 10));
  });

  test('streamed, no usage reported: the final chunk says estimated; charged the counted tokens', async () => {
    script = { pieces: WORDS };
    const account = await app.createAccount('1.00');
    const data = await events(await post(account.apiKey, body({ stream: true, stream_options: { include_usage: true } })));
    const usage = JSON.parse(data.at(-2)!).usage;
    const expected = cost(promptTokens(body()), textTokens(WORDS.join('')));
    assert.equal(usage.estimated, true);
    assert.equal(usage.cost, expected / 1e6);
    assert.equal(1_000_000 - (await app.balance(account.accountId)), expected);
  });

  test('tool calls, plain and streamed: billed from usage; the deltas as the format streams them', async () => {
    script = { pieces: [], toolCall: { name: 'get_weather', arguments: '{"city":"Lisbon"}' }, usage: { prompt_tokens: 300, completion_tokens: 18 } };
    const tools = [{ type: 'function' as const, function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
    const account = await app.createAccount('1.00');
    const plain = await (await post(account.apiKey, body({ tools }))).json();
    assert.equal(plain.choices[0].finish_reason, 'tool_calls');
    assert.equal(plain.choices[0].message.tool_calls[0].function.arguments, '{"city":"Lisbon"}');
    const data = await events(await post(account.apiKey, body({ tools, stream: true })));
    const deltas = data.slice(0, -1).map((frame) => JSON.parse(frame).choices[0].delta.tool_calls).filter(Boolean).flat();
    assert.equal(deltas[0].function.name, 'get_weather');
    assert.equal(deltas.map((delta: { function?: { arguments?: string } }) => delta.function?.arguments ?? '').join(''), '{"city":"Lisbon"}');
    assert.equal(1_000_000 - (await app.balance(account.accountId)), 2 * cost(300, 18));
  });

  test('a client that leaves mid-stream: the upstream is aborted; charged the prompt and the tokens it received', async () => {
    script = { pieces: WORDS, usage: { prompt_tokens: 999, completion_tokens: 999 }, pauseAfter: 4 };
    const account = await app.createAccount('1.00');
    const controller = new AbortController();
    const response = await post(account.apiKey, body({ stream: true }), { signal: controller.signal });
    const reader = response.body!.getReader();
    let received = '';
    while (!received.includes('exactly')) received += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    // Settled: the hold alone already lowers the balance, so wait for it to be closed too.
    const settled = async () => (await app.openHolds(account.accountId)) === 0;
    await waitFor(async () => upstreamAborted && (await app.balance(account.accountId)) < 1_000_000 && (await settled()));
    const delivered = textTokens(WORDS.slice(0, 4).join(''));
    assert.equal(1_000_000 - (await app.balance(account.accountId)), cost(promptTokens(body()), delivered));
    assert.equal(await app.ledgerSum(account.accountId), await app.balance(account.accountId));
    // Its usage is the call and what it was charged, as the ledger has it.
    await waitFor(async () => (await chatUsage(account.apiKey)) !== undefined);
    assert.deepEqual(await chatUsage(account.apiKey), { group: 'ai.chat_completions', calls: 1, costUsd: Number(formatUsd(cost(promptTokens(body()), delivered))) });
  });

  test('an upstream cut mid-stream: one error event, nothing charged', async () => {
    script = { pieces: WORDS, usage: { prompt_tokens: 10, completion_tokens: 10 }, cutAfter: 3 };
    const account = await app.createAccount('1.00');
    const data = await events(await post(account.apiKey, body({ stream: true })));
    const failure = JSON.parse(data.at(-1)!);
    assert.equal(failure.ok, false);
    assert.equal(failure.error.code, 'UPSTREAM_ERROR');
    assert.ok(!data.includes('[DONE]'));
    assert.equal(await app.balance(account.accountId), 1_000_000);
    // Its head said 200, but it failed: the call log has it as the 502 it ended with, not a successful call.
    assert.equal(await chatUsage(account.apiKey), undefined);
    assert.deepEqual(await callStatuses(account.accountId, 'ai.chat_completions'), [502]);
  });

  test('concurrent streams on a balance that covers only some: exactly those are served, the rest 402, never below zero', async () => {
    let open: () => void = () => undefined;
    script = { pieces: WORDS, usage: { prompt_tokens: 10, completion_tokens: 10 }, gate: new Promise<void>((resolve) => (open = resolve)) };
    const request = body({ stream: true, max_tokens: 1_000 });
    const hold = cost(Math.ceil(promptTokens(request) * 1.25), 1_000);
    const account = await app.createAccount(((hold * 3 + hold / 2) / 1e6).toFixed(6));
    // All eight are in flight together: the served ones hold their reservations until the gate opens.
    const responses = await Promise.all(Array.from({ length: 8 }, () => post(account.apiKey, request)));
    const statuses = responses.map((response) => response.status).sort();
    open();
    await Promise.all(responses.map((response) => response.text()));
    assert.deepEqual(statuses, [200, 200, 200, 402, 402, 402, 402, 402]);
    const start = Math.floor(hold * 3.5);
    assert.equal(await app.balance(account.accountId), start - 3 * cost(10, 10));
  });

  test('the native chat: costUsd and usage in the envelope, the same charge', async () => {
    script = { pieces: WORDS, usage: { prompt_tokens: 77, completion_tokens: 12 } };
    const account = await app.createAccount('1.00');
    const response = await app.post('/v1/ai/chat', { model: MODEL.id, messages: [{ role: 'user', content: 'Hi' }], maxTokens: 50 }, account.apiKey);
    assert.equal(response.status, 200);
    const data = (response.body as { data: { costUsd: number; usage: { totalTokens: number }; message: { content: string } } }).data;
    assert.equal(data.costUsd, cost(77, 12) / 1e6);
    assert.equal(data.usage.totalTokens, 89);
    assert.equal(data.message.content, WORDS.join(''));
    assert.equal(1_000_000 - (await app.balance(account.accountId)), cost(77, 12));
  });

  test("the native chat takes the spec's sampling defaults for any model; a value a model cannot honour is a 400 naming the native field", async () => {
    script = { pieces: WORDS, usage: { prompt_tokens: 7, completion_tokens: 12 } };
    const account = await app.createAccount('1.00');
    const defaults = { temperature: 1.0, topP: 1.0, frequencyPenalty: 0, presencePenalty: 0 };
    const request = { model: 'anthropic/claude-sonnet-4', messages: [{ role: 'user', content: 'Hi' }], maxTokens: 50 };
    assert.equal((await app.post('/v1/ai/chat', { ...request, ...defaults }, account.apiKey)).status, 200);
    const refused = await app.post('/v1/ai/chat', { ...request, ...defaults, frequencyPenalty: 0.5 }, account.apiKey);
    assert.equal(refused.status, 400);
    assert.equal(
      refused.body.error.message,
      'frequencyPenalty: anthropic/claude-sonnet-4 does not take this parameter except at its default, 0 (GET /v1/ai/models/anthropic/claude-sonnet-4 lists those it takes, as frequency_penalty).',
    );
  });

  test('the native chat streamed: {delta, model, index} events, a last one with why it ended, the usage and what it cost, then [DONE]', async () => {
    script = { pieces: WORDS, usage: { prompt_tokens: 77, completion_tokens: 12 } };
    const account = await app.createAccount('1.00');
    const response = await fetch(`${app.baseUrl}/v1/ai/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': account.apiKey },
      body: JSON.stringify({ model: MODEL.id, messages: [{ role: 'user', content: 'Hi' }], stream: true }),
    });
    const data = await events(response);
    assert.equal(data.at(-1), '[DONE]');
    const frames = data.slice(0, -1).map((frame) => JSON.parse(frame));
    assert.deepEqual(frames[0], { delta: { content: WORDS[0] }, model: MODEL.id, index: 0 });
    assert.equal(frames.map((frame) => frame.delta.content).join(''), WORDS.join(''));
    const charged = 1_000_000 - (await app.balance(account.accountId));
    assert.equal(charged, cost(77, 12));
    assert.deepEqual(frames.at(-1), { delta: { content: '' }, model: MODEL.id, index: 0, finishReason: 'stop', usage: { promptTokens: 77, completionTokens: 12, totalTokens: 89 }, costUsd: charged / 1_000_000 });
  });

  test('a client that stops reading: nothing more is made until it reads, and it pays for what it was sent', async () => {
    const big = builtinCatalog.find('openai/gpt-5')!;
    // ~19 MB of events: about twice what the sockets between the server and the client hold.
    const pieces = Array.from({ length: 120_000 }, (_, index) => ` w${index}`);
    script = { pieces };
    const account = await app.createAccount('5.00');
    const before = await app.balance(account.accountId);
    const request = http.request(`${app.baseUrl}/v1/ai/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' } });
    request.on('error', () => undefined);
    const response = await new Promise<http.IncomingMessage>((resolve) => {
      request.once('response', resolve);
      request.end(JSON.stringify(body({ model: big.id, max_tokens: big.maxOutputTokens, stream: true })));
    });
    assert.equal(response.statusCode, 200);
    // The client takes one packet, then nothing: the server must stop asking for more.
    await new Promise((resolve) => response.once('data', resolve));
    response.pause();
    let seen = -1;
    while (piecesPulled !== seen && piecesPulled < pieces.length) {
      seen = piecesPulled;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    assert.ok(piecesPulled < pieces.length, `the stream waits for its client (${piecesPulled} of ${pieces.length} pieces made)`);
    request.destroy();
    let spent = 0;
    for (let attempt = 0; attempt < 500 && spent === 0; attempt++) {
      spent = (await app.openHolds(account.accountId)) === 0 ? before - (await app.balance(account.accountId)) : 0;
      if (spent === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const full = tokenCostMicros({ rates: big, tokens: { promptTokens: promptTokens(body()), completionTokens: pieces.length } });
    assert.ok(spent > 0 && spent < full, `charged ${spent} µ$ for what was sent, where the whole answer costs ${full}`);
  });
});

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.fail('condition not reached within 2 s');
}
