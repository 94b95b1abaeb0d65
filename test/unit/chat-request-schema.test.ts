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

  test('a field outside the format is still an unknown field, named', () => {
    assert.deepEqual(refusal({ reasoning: { effort: 'low' } }), { message: 'reasoning: unknown field (not accepted by this endpoint)', param: 'reasoning' });
  });
});
