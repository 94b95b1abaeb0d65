import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeIssues, issueField } from '../../src/core/validation';
import { ChatCompletionsRequest, REASONING_EFFORTS } from '../../src/schemas/chat-completions';

/**
 * The chat-completions request fields a program written for the format sends beside the usual
 * ones: taken where Tollgate can honour them, refused with a 400 naming the field and saying why
 * where it cannot (as the pipeline words a schema's refusal: `describeIssues`, `issueField`).
 */

const base = { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }] };

function accepts(extra: Record<string, unknown>): void {
  const parsed = ChatCompletionsRequest.safeParse({ ...base, ...extra });
  assert.ok(parsed.success, `${JSON.stringify(extra)}: ${parsed.success ? '' : describeIssues(parsed.error.issues)}`);
}

/** The refusal's message and the field it names (`param`). */
function refusal(extra: Record<string, unknown>): { message: string; param: string } {
  const parsed = ChatCompletionsRequest.safeParse({ ...base, ...extra });
  assert.ok(!parsed.success, `${JSON.stringify(extra)} was accepted`);
  return { message: describeIssues(parsed.error.issues), param: issueField(parsed.error.issues[0]!) };
}

describe('chat-completions request fields beyond the core ones', () => {
  test('reasoning_effort: the format’s efforts, none to max; anything else names the field and the values', () => {
    for (const effort of REASONING_EFFORTS) accepts({ reasoning_effort: effort });
    accepts({ reasoning_effort: null });
    const { message, param } = refusal({ reasoning_effort: 'extreme' });
    assert.equal(param, 'reasoning_effort');
    assert.equal(message, 'reasoning_effort: must be one of "none", "minimal", "low", "medium", "high", "xhigh", "max"');
  });

  test('logit_bias: token ids to biases from -100 to 100; another key, a bias out of range or too many tokens is refused there', () => {
    accepts({ logit_bias: { '50256': -100, '0': 100, '1234': 0.5 } });
    accepts({ logit_bias: {} });
    accepts({ logit_bias: null });
    assert.deepEqual(refusal({ logit_bias: { hello: -100 } }), { message: 'logit_bias.hello: must be a token id (a whole number, as a string)', param: 'logit_bias.hello' });
    assert.equal(refusal({ logit_bias: { '-1': 5 } }).param, 'logit_bias.-1');
    assert.deepEqual(refusal({ logit_bias: { '42': 101 } }), { message: 'logit_bias.42: must be at most 100', param: 'logit_bias.42' });
    assert.equal(refusal({ logit_bias: { '42': -100.5 } }).param, 'logit_bias.42');
    assert.equal(refusal({ logit_bias: { '42': 'ban' } }).param, 'logit_bias.42');
    const many = Object.fromEntries(Array.from({ length: 1025 }, (_, index) => [String(index), -1]));
    assert.deepEqual(refusal({ logit_bias: many }), { message: 'logit_bias: at most 1024 tokens', param: 'logit_bias' });
  });

  test('logprobs: false is taken; true, or any top_logprobs, is refused saying Tollgate returns none', () => {
    accepts({ logprobs: false });
    accepts({ logprobs: null, top_logprobs: null });
    assert.deepEqual(refusal({ logprobs: true }), { message: 'logprobs: Tollgate does not return log probabilities; send false or leave it out', param: 'logprobs' });
    const top = refusal({ logprobs: true, top_logprobs: 5 });
    assert.match(top.message, /top_logprobs: Tollgate does not return log probabilities \(it needs `logprobs: true`\); leave it out/);
    assert.equal(refusal({ top_logprobs: 0 }).param, 'top_logprobs');
  });

  test('store and metadata are taken (within the format’s limits: 16 keys of 64 characters, values of 512)', () => {
    accepts({ store: true, metadata: { team: 'search', ticket: 'T-1' } });
    accepts({ store: false, metadata: null });
    const keys = Object.fromEntries(Array.from({ length: 17 }, (_, index) => [`key${index}`, 'value']));
    assert.deepEqual(refusal({ metadata: keys }), { message: 'metadata: at most 16 keys', param: 'metadata' });
    assert.deepEqual(refusal({ metadata: { ['k'.repeat(65)]: 'value' } }), { message: 'metadata: keys of at most 64 characters', param: 'metadata' });
    assert.equal(refusal({ metadata: { team: 'x'.repeat(513) } }).param, 'metadata.team');
    assert.equal(refusal({ metadata: { count: 3 } }).param, 'metadata.count');
    assert.equal(refusal({ store: 'yes' }).param, 'store');
  });

  test('service_tier: auto and default, which leave the price as the catalog states it; flex, scale and priority are refused saying so', () => {
    accepts({ service_tier: 'auto' });
    accepts({ service_tier: 'default' });
    accepts({ service_tier: null });
    for (const tier of ['flex', 'scale', 'priority']) {
      const { message, param } = refusal({ service_tier: tier });
      assert.equal(param, 'service_tier');
      assert.equal(message, `service_tier: only "auto" or "default": every call is billed at the catalog's prices, which "flex", "scale" and "priority" would change`);
    }
  });

  test('safety_identifier, prompt_cache_key, stream_options.include_obfuscation, verbosity and modalities ["text"] are taken, each checked for its type', () => {
    accepts({ safety_identifier: 'user-7f3a', prompt_cache_key: 'bakery-names', verbosity: 'high', modalities: ['text'] });
    accepts({ stream: true, stream_options: { include_usage: true, include_obfuscation: false } });
    accepts({ safety_identifier: null, prompt_cache_key: null, verbosity: null, modalities: null });
    assert.equal(refusal({ safety_identifier: 42 }).param, 'safety_identifier');
    assert.equal(refusal({ prompt_cache_key: ['a'] }).param, 'prompt_cache_key');
    assert.equal(refusal({ stream: true, stream_options: { include_obfuscation: 'no' } }).param, 'stream_options.include_obfuscation');
    assert.deepEqual(refusal({ verbosity: 'terse' }), { message: 'verbosity: must be one of "low", "medium", "high"', param: 'verbosity' });
  });

  test('modalities other than ["text"], audio, prediction and web_search_options are refused saying Tollgate does not support them, not as unknown fields', () => {
    for (const modalities of [['text', 'audio'], ['audio']]) {
      assert.deepEqual(refusal({ modalities }), { message: 'modalities: audio output is not supported: Tollgate returns text only; send ["text"] or leave it out', param: 'modalities' });
    }
    assert.deepEqual(refusal({ audio: { voice: 'alloy', format: 'wav' } }), { message: 'audio: Tollgate does not support audio output; leave it out', param: 'audio' });
    assert.deepEqual(refusal({ prediction: { type: 'content', content: 'x' } }), { message: 'prediction: Tollgate does not support predicted outputs; leave it out', param: 'prediction' });
    assert.deepEqual(refusal({ web_search_options: {} }), { message: 'web_search_options: Tollgate does not support web search; leave it out', param: 'web_search_options' });
    accepts({ audio: null, prediction: null, web_search_options: null });
  });

  test('a tool’s parameters and a response schema must be valid JSON Schema (2020-12, or draft-07 when $schema says so): what is wrong is named, at the field', () => {
    const tool = (parameters: unknown) => ({ tools: [{ type: 'function', function: { name: 'f', parameters } }] });
    const format = (schema: unknown) => ({ response_format: { type: 'json_schema', json_schema: { name: 'r', schema } } });
    const allowed = '(array, boolean, integer, null, number, object, string)';
    assert.deepEqual(refusal(format({ type: 'objekt' })), {
      message: `response_format.json_schema.schema: not a valid JSON Schema (draft 2020-12): the value at /type must be equal to one of the allowed values ${allowed}`,
      param: 'response_format.json_schema.schema',
    });
    assert.deepEqual(refusal(tool({ type: 'objekt' })), {
      message: `tools[0].function.parameters: not a valid JSON Schema (draft 2020-12): the value at /type must be equal to one of the allowed values ${allowed}`,
      param: 'tools[0].function.parameters',
    });
    assert.match(refusal(tool({ type: 'object', properties: { name: { type: 'string', minLength: -1 } } })).message, /at \/properties\/name\/minLength must be >= 0/);
    assert.match(refusal(tool({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', required: 'name' })).message, /\(draft-07\): the value at \/required must be array/);
    accepts(tool({ type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } }, required: ['city'], additionalProperties: false }));
    accepts(format({ type: 'object', $defs: { day: { type: 'string', format: 'date' } }, properties: { days: { type: 'array', items: { $ref: '#/$defs/day' } } } }));
    accepts(tool({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', definitions: { a: { type: 'string' } } }));
  });

  test('a field outside the format is still an unknown field, named', () => {
    assert.deepEqual(refusal({ reasoning: { effort: 'low' } }), { message: 'reasoning: unknown field (not accepted by this endpoint)', param: 'reasoning' });
  });
});
