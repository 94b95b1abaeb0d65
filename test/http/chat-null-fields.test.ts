import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { tokenCostMicros } from '../../src/core/price';
import { builtinCatalog } from '../../src/catalog/model-catalog';
import { ChatCompletionsRequest } from '../../src/schemas/chat-completions';
import { FAKE_TEXT, startFakeChatUpstream, type FakeChatUpstream } from '../fakes/openai-compatible-upstream';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * An optional field sent as `null` is a field left out, on both chat endpoints, as in the format's
 * own API (LangChain and LiteLLM send explicit nulls): the call is served, charged as without it,
 * and the null never reaches the upstream.
 */

const MODEL = builtinCatalog.find('openai/gpt-4o-mini')!;
const cost = (prompt: number, completion: number) => tokenCostMicros({ rates: MODEL, tokens: { promptTokens: prompt, completionTokens: completion } });
/** Every optional top-level field of the chat-completions request, as the schema declares them. */
const OPTIONAL_FIELDS = Object.keys(ChatCompletionsRequest.shape).filter((field) => field !== 'model' && field !== 'messages');
const NATIVE_OPTIONAL_FIELDS = ['maxTokens', 'temperature', 'topP', 'frequencyPenalty', 'presencePenalty', 'stream'];

describe('null for an optional chat field means left out', () => {
  let upstream: FakeChatUpstream;
  let app: TestApp;
  let accountId: string;
  let apiKey: string;
  let client: OpenAI;

  before(async () => {
    upstream = await startFakeChatUpstream();
    app = await startTestApp({}, { TOLLGATE_CHAT_UPSTREAMS: 'only', ONLY_BASE_URL: upstream.url, TOLLGATE_RATE_LIMIT_PER_MINUTE: '10000' });
    ({ accountId, apiKey } = await app.createAccount('5.00'));
    client = new OpenAI({ baseURL: `${app.baseUrl}/v1/ai`, apiKey, maxRetries: 0 });
  });
  after(async () => {
    await app.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  /** The upstream's body's top-level fields that hold null. */
  const nullsSent = () => Object.entries(upstream.requests[0]!.body as Record<string, unknown>).filter(([, value]) => value === null).map(([field]) => field);

  test('the openai SDK with every optional field null: served, charged the reported usage exactly, no null sent upstream', async () => {
    assert.ok(OPTIONAL_FIELDS.length >= 25, OPTIONAL_FIELDS.join(', '));
    for (const field of ['tools', 'tool_choice', 'response_format', 'user', 'stop', 'seed', 'logprobs', 'top_logprobs', 'max_tokens', 'temperature', 'top_p', 'n', 'presence_penalty', 'frequency_penalty', 'parallel_tool_calls', 'stream_options', 'metadata']) {
      assert.ok(OPTIONAL_FIELDS.includes(field), field);
    }
    upstream.script({ kind: 'answer', counts: { prompt_tokens: 12, completion_tokens: 5 } });
    const nulls = Object.fromEntries(OPTIONAL_FIELDS.map((field) => [field, null]));
    const before = await app.balance(accountId);
    const completion = await client.chat.completions.create({ model: MODEL.id, messages: [{ role: 'user', content: 'Say hello.' }], ...nulls } as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming);
    assert.equal(completion.choices[0]!.message.content, FAKE_TEXT);
    assert.equal(before - (await app.balance(accountId)), cost(12, 5));
    assert.deepEqual(nullsSent(), []);
    // Absent, not null: the completion limit is the hold's (the model's maximum), the rest left out.
    const sent = upstream.requests[0]!.body as Record<string, unknown>;
    assert.equal(sent.max_tokens, MODEL.maxOutputTokens);
    for (const field of ['tools', 'tool_choice', 'response_format', 'user', 'temperature', 'stop', 'seed', 'parallel_tool_calls']) assert.equal(field in sent, false, field);
  });

  test('each optional field alone as null is taken (a 200), never a 400', async () => {
    for (const field of OPTIONAL_FIELDS) {
      const response = await app.post('/v1/ai/chat/completions', { model: MODEL.id, messages: [{ role: 'user', content: 'Hi' }], max_tokens: 16, [field]: null }, apiKey);
      assert.equal(response.status, 200, `${field}: ${JSON.stringify(response.body)}`);
    }
  });

  test('a required field as null is still a 400 naming it, nothing sent upstream', async () => {
    const response = await app.post('/v1/ai/chat/completions', { model: null, messages: [{ role: 'user', content: 'Hi' }] }, apiKey);
    assert.equal(response.status, 400);
    assert.equal(response.body.error.param, 'model');
    assert.equal(upstream.requests.length, 0);
  });

  test('the native chat: every optional field null is served as if left out (a plain answer), charged exactly, no null sent upstream', async () => {
    upstream.script({ kind: 'answer', counts: { prompt_tokens: 9, completion_tokens: 5 } });
    const before = await app.balance(accountId);
    const nulls = Object.fromEntries(NATIVE_OPTIONAL_FIELDS.map((field) => [field, null]));
    const response = await app.post('/v1/ai/chat', { model: MODEL.id, messages: [{ role: 'user', content: 'Say hello.' }], ...nulls }, apiKey);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.data.message.content, FAKE_TEXT);
    assert.equal(before - (await app.balance(accountId)), cost(9, 5));
    assert.equal(response.body.data.costUsd, cost(9, 5) / 1e6);
    assert.deepEqual(nullsSent(), []);
    assert.equal(upstream.requests[0]!.body.stream, false);
  });
});
