import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinCatalog } from '../../src/catalog/model-catalog';
import { ApiError } from '../../src/core/errors';
import type { ChatProvider, ChatRequest } from '../../src/providers/families/chat';
import { openAiCompatibleChat } from '../../src/providers/openai-compatible';
import {
  COMPLETION,
  STREAM_ERROR_EVENT,
  TEXT_CHUNKS,
  TEXT_CONTENT,
  TOOL_CALL_ARGUMENTS,
  TOOL_CALL_CHUNKS,
  TOOL_CALL_COMPLETION,
  UPSTREAM_TEXTS,
  USAGE_CHUNK,
  BARE_USAGE_CHUNK,
} from '../../src/providers/openai-compatible/fixtures/wire';
import { finishReasonOf } from '../../src/providers/openai-compatible/wire';
import type { ChatCompletionChunk } from '../../src/schemas/chat-completions';
import { ChatCompletion, ChatCompletionChunk as ChunkSchema } from '../../src/schemas/chat-completions';
import { startFakeChatUpstream, type FakeChatUpstream } from '../fakes/openai-compatible-upstream';

/**
 * Recorded-looking upstream answers (./fixtures/wire.ts) replayed through the adapter: what comes
 * out is our format exactly (the catalog's model id, the upstream's extra fields stripped, usage
 * once and last), valid against the customer-facing schemas.
 */

const MODEL = builtinCatalog.find('openai/gpt-4o-mini')!;
const request: ChatRequest = { body: { model: MODEL.id, messages: [{ role: 'user', content: 'Capital of France?' }] }, route: [{ model: MODEL, maxCompletionTokens: 64 }] };
const call = () => ({ signal: new AbortController().signal });

async function collect(chunks: AsyncIterable<ChatCompletionChunk>): Promise<ChatCompletionChunk[]> {
  const all: ChatCompletionChunk[] = [];
  for await (const chunk of chunks) all.push(ChunkSchema.parse(chunk));
  return all;
}

describe('OpenAI-compatible wire replay', () => {
  let fake: FakeChatUpstream;
  let second: FakeChatUpstream;
  let chat: ChatProvider;

  before(async () => {
    fake = await startFakeChatUpstream();
    second = await startFakeChatUpstream();
    chat = openAiCompatibleChat(
      [
        { name: 'openrouter', baseUrl: fake.url, apiKey: 'sk-or-v1-test', modelPrefixes: undefined },
        { name: 'spare', baseUrl: second.url, apiKey: undefined, modelPrefixes: undefined },
      ],
      { firstByteTimeoutMs: 10_000 },
    );
  });
  beforeEach(() => {
    fake.reset();
    second.reset();
  });
  after(async () => {
    await fake.close();
    await second.close();
  });

  test('a completion: our shape exactly, the upstream’s own fields (provider, usage cost, reasoning) stripped', async () => {
    fake.script({ kind: 'replay', json: COMPLETION });
    const { completion } = await chat.complete(request, call());
    assert.deepEqual(completion, {
      id: COMPLETION.id,
      object: 'chat.completion',
      created: COMPLETION.created,
      model: 'openai/gpt-4o-mini',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Paris is the capital of France.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 14, completion_tokens: 8, total_tokens: 22 },
      system_fingerprint: 'fp_560af6e559',
    });
    ChatCompletion.parse(completion);
  });

  test('a tool-call completion (vLLM’s shape): the call as the format has it, the model id ours', async () => {
    fake.script({ kind: 'replay', json: TOOL_CALL_COMPLETION });
    const { completion } = await chat.complete(request, call());
    assert.equal(completion.model, MODEL.id);
    assert.deepEqual(completion.choices[0], {
      index: 0,
      message: { role: 'assistant', content: null, tool_calls: [{ id: 'chatcmpl-tool-5f1e2d3c4b5a', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Paris", "unit": "celsius"}' } }] },
      finish_reason: 'tool_calls',
    });
    assert.deepEqual(completion.usage, { prompt_tokens: 187, completion_tokens: 24, total_tokens: 211 });
  });

  test('an OpenRouter stream with keep-alive comments: text intact, its usage chunk (one empty choice) becomes `choices: []`', async () => {
    fake.script({ kind: 'replay', events: [': OPENROUTER PROCESSING', ...TEXT_CHUNKS.slice(0, 2), ': OPENROUTER PROCESSING', ...TEXT_CHUNKS.slice(2), USAGE_CHUNK, 'data: [DONE]'] });
    const chunks = await collect((await chat.stream(request, call())).chunks);
    assert.equal(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join(''), TEXT_CONTENT);
    assert.deepEqual(chunks.at(-1), { id: USAGE_CHUNK.id, object: 'chat.completion.chunk', created: USAGE_CHUNK.created, model: MODEL.id, choices: [], usage: { prompt_tokens: 14, completion_tokens: 6, total_tokens: 20 } });
    assert.equal(chunks.length, TEXT_CHUNKS.length + 1);
    assert.ok(chunks.every((chunk) => !('provider' in chunk) && chunk.model === MODEL.id));
    assert.equal(chunks.at(-2)!.choices[0]!.finish_reason, 'stop');
  });

  test('OpenRouter’s bare terminal usage chunk (no id, no model) is completed from the stream’s own', async () => {
    fake.script({ kind: 'replay', events: [...TEXT_CHUNKS, BARE_USAGE_CHUNK, 'data: [DONE]'] });
    const chunks = await collect((await chat.stream(request, call())).chunks);
    assert.deepEqual(chunks.at(-1), { id: TEXT_CHUNKS[0]!.id, object: 'chat.completion.chunk', created: TEXT_CHUNKS[0]!.created, model: MODEL.id, choices: [], usage: { prompt_tokens: 14, completion_tokens: 6, total_tokens: 20 } });
  });

  test('an OpenAI tool-call stream: the deltas as sent, arguments whole when joined', async () => {
    fake.script({ kind: 'replay', events: [...TOOL_CALL_CHUNKS, 'data: [DONE]'] });
    const chunks = await collect((await chat.stream(request, call())).chunks);
    const deltas = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
    assert.deepEqual(deltas[0], { index: 0, id: 'call_Qh7pV2mX9kLr4Tn8', type: 'function', function: { name: 'get_weather', arguments: '' } });
    assert.equal(deltas.map((delta) => delta.function?.arguments).join(''), TOOL_CALL_ARGUMENTS);
    assert.deepEqual(chunks.at(-1)!.usage, { prompt_tokens: 81, completion_tokens: 16, total_tokens: 97 });
  });

  test('a stream that ends cleanly after its finish, without `[DONE]`, is complete', async () => {
    fake.script({ kind: 'replay', events: [...TEXT_CHUNKS, USAGE_CHUNK] });
    const chunks = await collect((await chat.stream(request, call())).chunks);
    assert.equal(chunks.at(-1)!.usage?.total_tokens, 20);
  });

  test('a stream that ends before its finish, without `[DONE]`, was cut: it throws in our words', async () => {
    fake.script({ kind: 'replay', events: TEXT_CHUNKS.slice(0, 3) });
    const stream = await chat.stream(request, call());
    const error = await collect(stream.chunks).then(() => assert.fail('expected the stream to fail'), (thrown: unknown) => thrown);
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 502);
  });

  test('OpenRouter’s error event mid-stream throws, none of its text reaching the customer', async () => {
    fake.script({ kind: 'replay', events: [...TEXT_CHUNKS.slice(0, 2), STREAM_ERROR_EVENT] });
    const stream = await chat.stream(request, call());
    const error = await collect(stream.chunks).then(() => assert.fail('expected the stream to fail'), (thrown: unknown) => thrown);
    assert.ok(error instanceof ApiError);
    assert.equal(error.code, 'UPSTREAM_ERROR');
    for (const text of UPSTREAM_TEXTS) assert.ok(!error.message.includes(text), error.message);
  });

  test('an event that is not JSON mid-stream throws a 502', async () => {
    fake.script({ kind: 'replay', events: [...TEXT_CHUNKS.slice(0, 2), 'data: {"id": "gen-1", "choi'] });
    const stream = await chat.stream(request, call());
    await assert.rejects(collect(stream.chunks), (error: unknown) => error instanceof ApiError && error.status === 502);
  });

  test('a 200 carrying an error object (OpenRouter, once its keep-alive whitespace committed the status) moves the call on', async () => {
    fake.script({ kind: 'replay', json: { error: { code: 502, message: 'Provider returned error (upstream-vendor)' } } });
    const answer = await chat.complete(request, call());
    assert.equal(answer.completion.choices[0]!.message.content, 'Hello from the fake upstream.');
    assert.equal(second.requests.length, 1);
  });

  test('finish reasons outside the format’s four are mapped onto them', () => {
    assert.equal(finishReasonOf('function_call'), 'tool_calls');
    assert.equal(finishReasonOf('max_tokens'), 'length');
    assert.equal(finishReasonOf('end_turn'), 'stop');
    assert.equal(finishReasonOf('something_new'), 'stop');
    assert.equal(finishReasonOf(null), null);
    assert.equal(finishReasonOf('content_filter'), 'content_filter');
  });
});
