import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinCatalog, type ChatModel } from '../../src/catalog/model-catalog';
import { ApiError, UpstreamError } from '../../src/core/errors';
import type { ChatProvider, ChatRequest, ChatRoute } from '../../src/providers/families/chat';
import { openAiCompatibleChat, type ChatUpstream } from '../../src/providers/openai-compatible';
import type { ChatCompletionChunk } from '../../src/schemas/chat-completions';
import { FAKE_PROMPT_TOKENS, FAKE_TEXT, startFakeChatUpstream, type FakeChatUpstream } from '../fakes/openai-compatible-upstream';
import { UPSTREAM_TEXTS } from '../../src/providers/openai-compatible/fixtures/wire';

/**
 * The OpenAI-compatible chat adapter driven directly (no server of ours), against two fake
 * upstreams on loopback: routing by model-id prefix, fallback order, which model answered,
 * streaming, failures in our words.
 */

function model(id: string, upstreamModel = id): ChatModel {
  const entry = builtinCatalog.find(id);
  assert.ok(entry, id);
  return { ...entry, upstream: { ...entry.upstream, model: upstreamModel } };
}

const GPT = model('openai/gpt-4o-mini');
const LLAMA = model('meta-llama/llama-3.3-70b-instruct', 'meta-llama/Llama-3.3-70B-Instruct');
const MISTRAL = model('mistralai/mistral-nemo');

function request(routeModels: ChatModel[], body: Partial<ChatRequest['body']> = {}): ChatRequest {
  const route: ChatRoute[] = routeModels.map((entry, index) => ({ model: entry, maxCompletionTokens: 100 + index }));
  return { body: { model: routeModels[0]!.id, messages: [{ role: 'user', content: 'Say hello.' }], ...body }, route };
}

const call = () => ({ signal: new AbortController().signal });

/** Long enough for a loaded machine's slowest loopback answer: only the silent upstream waits it out. */
const PATIENT_MS = 10_000;
/** For the test of a silent upstream: the one that answers must still beat it. */
const IMPATIENT_MS = 2_000;

async function collect(chunks: AsyncIterable<ChatCompletionChunk>): Promise<ChatCompletionChunk[]> {
  const all: ChatCompletionChunk[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

const text = (chunks: ChatCompletionChunk[]) => chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(() => assert.fail('expected a failure'), (thrown: unknown) => thrown);
  assert.ok(error instanceof ApiError, `expected an ApiError, got ${String(error)}`);
  for (const vendorText of [...UPSTREAM_TEXTS, '127.0.0.1', 'primary', 'secondary']) {
    assert.ok(!error.message.includes(vendorText), `upstream text or name reached the customer: ${error.message}`);
  }
  return error;
}

describe('OpenAI-compatible chat adapter', () => {
  let primary: FakeChatUpstream;
  let secondary: FakeChatUpstream;
  let upstreams: ChatUpstream[];
  let chat: ChatProvider;
  const failovers: string[] = [];

  before(async () => {
    primary = await startFakeChatUpstream();
    secondary = await startFakeChatUpstream();
    upstreams = [
      { name: 'primary', baseUrl: primary.url, apiKey: 'sk-primary', modelPrefixes: ['meta-llama/', 'mistralai/'] },
      { name: 'secondary', baseUrl: secondary.url, apiKey: undefined, modelPrefixes: undefined },
    ];
  });
  beforeEach(() => {
    // A provider of its own per test: it remembers which upstreams asked for a rest (Retry-After).
    chat = openAiCompatibleChat(upstreams, { firstByteTimeoutMs: PATIENT_MS, onFailover: ({ upstream, model: id }) => failovers.push(`${upstream}:${id}`) });
    primary.reset();
    secondary.reset();
    failovers.length = 0;
  });
  after(async () => {
    await primary.close();
    await secondary.close();
  });

  test('a plain completion: the upstream model id and the hold’s limit sent, the catalog id answered, usage as reported', async () => {
    const answer = await chat.complete(request([LLAMA], { max_tokens: 5000, max_completion_tokens: 4000, temperature: 0.2, stop: ['\n\n'], user: 'u-1' }), call());
    assert.equal(answer.model.id, LLAMA.id);
    assert.equal(answer.completion.model, LLAMA.id);
    assert.equal(answer.completion.choices[0]!.message.content, FAKE_TEXT);
    assert.equal(answer.completion.choices[0]!.finish_reason, 'stop');
    assert.deepEqual(answer.completion.usage, { prompt_tokens: FAKE_PROMPT_TOKENS, completion_tokens: 5, total_tokens: FAKE_PROMPT_TOKENS + 5 });
    assert.equal(primary.requests.length, 1);
    assert.equal(secondary.requests.length, 0);
    const sent = primary.requests[0]!;
    assert.equal(sent.path, '/v1/chat/completions');
    assert.equal(sent.headers.authorization, 'Bearer sk-primary');
    assert.deepEqual(sent.body, {
      model: 'meta-llama/Llama-3.3-70B-Instruct',
      messages: [{ role: 'user', content: 'Say hello.' }],
      temperature: 0.2,
      stop: ['\n\n'],
      user: 'u-1',
      max_tokens: 100,
      stream: false,
    });
  });

  test('routing by prefix: a model no prefix matches goes to the upstream that serves every model, with no key when none is set', async () => {
    await chat.complete(request([GPT]), call());
    assert.equal(primary.requests.length, 0);
    assert.equal(secondary.requests.length, 1);
    assert.equal(secondary.requests[0]!.headers.authorization, undefined);
    assert.equal(secondary.requests[0]!.body.model, 'openai/gpt-4o-mini');
  });

  test('a 200 whose body is not JSON: a failure that quotes none of the body (a parser quotes the text it stopped at)', async () => {
    const answerText = '{"choices": [{"message": {"content": Dear Jane Doe, your results}}]}';
    primary.script({ kind: 'status', status: 200, body: answerText });
    secondary.script({ kind: 'status', status: 200, body: answerText });
    const failure = await rejection(chat.complete(request([LLAMA]), call()));
    assert.equal(failure.status, 502);
    const logged = JSON.stringify({ message: failure.message, detail: (failure as UpstreamError).detail, causes: causesOf(failure) });
    assert.doesNotMatch(logged, /Jane/);
  });

  test('an upstream report without usage leaves usage absent', async () => {
    secondary.script({ kind: 'answer', usage: 'none' });
    const answer = await chat.complete(request([GPT]), call());
    assert.equal(answer.completion.usage, undefined);
  });

  test('a stream: usage always asked for, delivered once, last, on `choices: []`; text intact', async () => {
    const stream = await chat.stream(request([LLAMA], { stream: true, stream_options: { include_usage: false } }), call());
    assert.equal(stream.model.id, LLAMA.id);
    const chunks = await collect(stream.chunks);
    assert.deepEqual(primary.requests[0]!.body.stream_options, { include_usage: true });
    assert.equal(primary.requests[0]!.body.stream, true);
    assert.equal(text(chunks), FAKE_TEXT);
    const last = chunks.at(-1)!;
    assert.deepEqual(last.choices, []);
    assert.deepEqual(last.usage, { prompt_tokens: FAKE_PROMPT_TOKENS, completion_tokens: 5, total_tokens: FAKE_PROMPT_TOKENS + 5 });
    assert.equal(chunks.filter((chunk) => chunk.usage).length, 1);
    assert.ok(chunks.every((chunk) => chunk.model === LLAMA.id && chunk.object === 'chat.completion.chunk'));
    assert.equal(chunks.at(-2)!.choices[0]!.finish_reason, 'stop');
  });

  test('a stream without usage, with keep-alive comments: the text and no usage chunk', async () => {
    secondary.script({ kind: 'answer', usage: 'none', keepAlive: true });
    const chunks = await collect((await chat.stream(request([GPT]), call())).chunks);
    assert.equal(text(chunks), FAKE_TEXT);
    assert.equal(chunks.filter((chunk) => chunk.usage).length, 0);
  });

  test('usage on every chunk (continuous stats) is delivered once, with the final counts', async () => {
    secondary.script({ kind: 'answer', usage: 'every-chunk' });
    const chunks = await collect((await chat.stream(request([GPT]), call())).chunks);
    const withUsage = chunks.filter((chunk) => chunk.usage);
    assert.equal(withUsage.length, 1);
    assert.equal(withUsage[0], chunks.at(-1));
    assert.equal(withUsage[0]!.usage!.completion_tokens, 5);
  });

  test('tool-call deltas pass through as the format defines them', async () => {
    secondary.script({ kind: 'answer', toolCall: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
    const chunks = await collect((await chat.stream(request([GPT]), call())).chunks);
    const deltas = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
    assert.deepEqual(deltas[0], { index: 0, id: 'call_fake0', type: 'function', function: { name: 'get_weather', arguments: '' } });
    assert.equal(deltas.map((delta) => delta.function?.arguments ?? '').join(''), '{"city":"Paris"}');
    assert.ok(chunks.some((chunk) => chunk.choices[0]?.finish_reason === 'tool_calls'));
    assert.deepEqual(chunks.at(-1)!.choices, []);
  });

  test('429 with Retry-After on the first upstream, success on the next: the call moves on', async () => {
    primary.script({ kind: 'status', status: 429, headers: { 'retry-after': '7' }, body: { error: { code: 429, message: 'Rate limit exceeded (upstream-vendor-secret)' } } });
    const answer = await chat.complete(request([LLAMA]), call());
    assert.equal(answer.model.id, LLAMA.id);
    assert.equal(primary.requests.length, 1);
    assert.equal(secondary.requests.length, 1);
    assert.deepEqual(failovers, [`primary:${LLAMA.id}`]);
  });

  test('fallback order: each upstream of the model, then the fallback model; the answer names the model that answered', async () => {
    primary.script({ kind: 'status', status: 503, body: { error: { message: 'overloaded (upstream-vendor)' } } });
    secondary.script({ kind: 'status', status: 500 });
    const stream = await chat.stream(request([LLAMA, MISTRAL]), call());
    assert.equal(stream.model.id, MISTRAL.id);
    const chunks = await collect(stream.chunks);
    assert.ok(chunks.every((chunk) => chunk.model === MISTRAL.id));
    assert.deepEqual(failovers, [`primary:${LLAMA.id}`, `secondary:${LLAMA.id}`]);
    assert.deepEqual(primary.requests.map((seen) => [seen.body.model, seen.body.max_tokens]), [['meta-llama/Llama-3.3-70B-Instruct', 100], ['mistralai/mistral-nemo', 101]]);
    assert.deepEqual(secondary.requests.map((seen) => seen.body.model), ['meta-llama/Llama-3.3-70B-Instruct']);
  });

  test('Retry-After honoured: the model is not sent to the resting upstream again until then, other models are', async () => {
    primary.script({ kind: 'status', status: 429, headers: { 'retry-after': '30' } });
    await chat.complete(request([LLAMA]), call());
    await chat.complete(request([LLAMA]), call());
    assert.equal(primary.requests.length, 1, 'the second call went straight to the next upstream');
    assert.equal(secondary.requests.length, 2);
    await chat.complete(request([MISTRAL]), call());
    assert.equal(primary.requests.length, 2, 'another model is still sent there');
    assert.equal(primary.requests[1]!.body.model, MISTRAL.upstream.model);
  });

  test('every upstream resting: 429 with the rest of the wait, nothing sent', async () => {
    const only = openAiCompatibleChat([upstreams[0]!], { firstByteTimeoutMs: PATIENT_MS });
    primary.script({ kind: 'status', status: 429, headers: { 'retry-after': '40' } });
    const first = await rejection(only.complete(request([LLAMA]), call()));
    assert.equal(first.headers['retry-after'], '40');
    const second = await rejection(only.complete(request([LLAMA]), call()));
    assert.equal(second.code, 'RATE_LIMITED');
    assert.ok(Number(second.headers['retry-after']) >= 1 && Number(second.headers['retry-after']) <= 40, second.headers['retry-after']);
    assert.equal(primary.requests.length, 1);
  });

  test('a 429 without Retry-After: no rest, and the customer is told to wait a second', async () => {
    const only = openAiCompatibleChat([upstreams[0]!], { firstByteTimeoutMs: PATIENT_MS });
    primary.script({ kind: 'status', status: 429 }, { kind: 'status', status: 429 });
    assert.equal((await rejection(only.complete(request([LLAMA]), call()))).headers['retry-after'], '1');
    await rejection(only.complete(request([LLAMA]), call()));
    assert.equal(primary.requests.length, 2);
  });

  test('every upstream 429: RATE_LIMITED with the soonest Retry-After', async () => {
    primary.script({ kind: 'status', status: 429, headers: { 'retry-after': '30' } });
    secondary.script({ kind: 'status', status: 429, headers: { 'retry-after': '12' } });
    const error = await rejection(chat.complete(request([LLAMA]), call()));
    assert.equal(error.code, 'RATE_LIMITED');
    assert.equal(error.status, 429);
    assert.equal(error.headers['retry-after'], '12');
  });

  test('429 then 5xx: a 502 in our words, the detail for the log naming both', async () => {
    primary.script({ kind: 'status', status: 429, body: { error: { message: 'slow down (upstream-vendor-a)' } } });
    secondary.script({ kind: 'status', status: 502, body: '<html>Bad gateway (upstream-vendor-b)</html>' });
    const error = await rejection(chat.complete(request([LLAMA]), call()));
    assert.ok(error instanceof UpstreamError);
    assert.equal(error.status, 502);
    assert.match(error.detail ?? '', /primary: HTTP 429.*secondary: HTTP 502/);
  });

  test('an upstream 401 is the operator’s: 502 in our words, the key’s variable named in the log detail only', async () => {
    secondary.script({ kind: 'status', status: 401, body: { error: { message: 'Incorrect API key provided: sk-or-v1-xx (upstream-vendor)', code: 'invalid_api_key' } } });
    const error = await rejection(chat.complete(request([GPT]), call()));
    assert.ok(error instanceof UpstreamError);
    assert.equal(error.status, 502);
    assert.doesNotMatch(error.message, /API_KEY/);
    assert.match(error.detail ?? '', /SECONDARY_API_KEY/);
  });

  test('an upstream 400 refuses the request itself: a 400 in our words, no other upstream tried', async () => {
    primary.script({ kind: 'status', status: 400, body: { error: { message: "This model's maximum context length is 8192 (upstream-vendor)", code: 'context_length_exceeded' } } });
    const error = await rejection(chat.complete(request([LLAMA]), call()));
    assert.equal(error.code, 'VALIDATION_ERROR');
    assert.equal(error.status, 400);
    assert.equal(secondary.requests.length, 0);
  });

  test('a first byte slower than the timeout moves the call on', async () => {
    const impatient = openAiCompatibleChat(upstreams, { firstByteTimeoutMs: IMPATIENT_MS });
    primary.script({ kind: 'hang' });
    const stream = await impatient.stream(request([LLAMA]), call());
    assert.equal(text(await collect(stream.chunks)), FAKE_TEXT);
    assert.equal(secondary.requests.length, 1);
    await primary.requests[0]!.closed;
    assert.equal(primary.requests[0]!.abortedByClient, true, 'the silent upstream’s request was given up');
  });

  test('a plain answer’s head may come after the first-byte timeout (its upstream sends it once the whole completion is written): the call waits for it, no other upstream is paid', async () => {
    const impatient = openAiCompatibleChat(upstreams, { firstByteTimeoutMs: 300 });
    primary.script({ kind: 'answer', firstByteDelayMs: 1_000 });
    const answer = await impatient.complete(request([LLAMA]), call());
    assert.equal(answer.completion.choices[0]!.message.content, FAKE_TEXT);
    assert.equal(primary.requests.length, 1);
    assert.equal(primary.requests[0]!.abortedByClient, false);
    assert.equal(secondary.requests.length, 0);
  });

  test('an upstream configured for max_completion_tokens is sent the limit in it, and no max_tokens, plain and streamed', async () => {
    const openAi = openAiCompatibleChat([{ ...upstreams[1]!, completionLimitField: 'max_completion_tokens' }], { firstByteTimeoutMs: PATIENT_MS });
    await openAi.complete(request([GPT], { max_tokens: 64 }), call());
    await collect((await openAi.stream(request([GPT], { max_completion_tokens: 64 }), call())).chunks);
    for (const sent of secondary.requests) {
      assert.equal(sent.body.max_completion_tokens, 100);
      assert.equal('max_tokens' in sent.body, false);
    }
    assert.equal(secondary.requests.length, 2);
  });

  test('a connection refused moves the call on', async () => {
    const closed = await startFakeChatUpstream();
    const url = closed.url;
    await closed.close();
    const provider = openAiCompatibleChat([{ name: 'gone', baseUrl: url, apiKey: undefined, modelPrefixes: undefined }, upstreams[1]!], { firstByteTimeoutMs: PATIENT_MS });
    const answer = await provider.complete(request([GPT]), call());
    assert.equal(answer.completion.choices[0]!.message.content, FAKE_TEXT);
  });

  test('a stream cut mid-way throws after the chunks received, in our words', async () => {
    primary.script({ kind: 'answer', cutAfterChunks: 2 });
    const stream = await chat.stream(request([LLAMA]), call());
    const received: ChatCompletionChunk[] = [];
    const error = await rejection(
      (async () => {
        for await (const chunk of stream.chunks) received.push(chunk);
      })(),
    );
    assert.equal(error.status, 502);
    assert.equal(text(received), 'Hello from');
    assert.equal(secondary.requests.length, 0, 'nothing moves on once a chunk was delivered');
  });

  test('an error object mid-stream throws, in our words', async () => {
    primary.script({ kind: 'answer', errorEventAfterChunks: 1 });
    const stream = await chat.stream(request([LLAMA]), call());
    const error = await rejection(collect(stream.chunks));
    assert.equal(error.status, 502);
  });

  test('an error event before the first chunk moves the call on', async () => {
    primary.script({ kind: 'answer', errorEventAfterChunks: 0 });
    const stream = await chat.stream(request([LLAMA]), call());
    assert.equal(text(await collect(stream.chunks)), FAKE_TEXT);
    assert.equal(secondary.requests.length, 1);
  });

  test('return() mid-stream aborts the upstream request at once', async () => {
    primary.script({ kind: 'answer', words: 10_000, chunkDelayMs: 5 });
    const stream = await chat.stream(request([LLAMA]), call());
    const iterator = stream.chunks[Symbol.asyncIterator]();
    await iterator.next();
    await iterator.next();
    await iterator.return!();
    await primary.requests[0]!.closed;
    assert.equal(primary.requests[0]!.abortedByClient, true);
  });

  test('the call’s signal aborting mid-stream reaches the upstream, and ends the reading with its reason', async () => {
    primary.script({ kind: 'answer', words: 10_000, chunkDelayMs: 5 });
    const controller = new AbortController();
    const stream = await chat.stream(request([LLAMA]), { signal: controller.signal });
    const iterator = stream.chunks[Symbol.asyncIterator]();
    await iterator.next();
    const reason = new Error('client gone');
    controller.abort(reason);
    await assert.rejects(async () => {
      for (;;) if ((await iterator.next()).done) break;
    }, (thrown: unknown) => thrown === reason);
    await primary.requests[0]!.closed;
    assert.equal(primary.requests[0]!.abortedByClient, true);
  });

  test('no upstream serves the model: 502 before anything is sent', async () => {
    const provider = openAiCompatibleChat([upstreams[0]!], { firstByteTimeoutMs: PATIENT_MS });
    const error = await rejection(provider.complete(request([GPT]), call()));
    assert.equal(error.status, 502);
    assert.equal(primary.requests.length, 0);
  });
});

/** The messages along an error's causes (what a logger serialising it would print). */
function causesOf(error: Error): string[] {
  const messages: string[] = [];
  for (let cause = error.cause; cause instanceof Error; cause = cause.cause) messages.push(cause.message, String((cause as { detail?: unknown }).detail ?? ''));
  return messages;
}
