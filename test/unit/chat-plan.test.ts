import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { z } from 'zod';
import { ApiError } from '../../src/core/errors';
import { builtinCatalog, catalogOf } from '../../src/catalog/model-catalog';
import { planChat } from '../../src/chat/plan';
import { completionLimitField, upstreamBody } from '../../src/providers/openai-compatible';
import { promptTokens } from '../../src/chat/tokens';
import { chatChargeMicros, heldPromptTokens } from '../../src/chat/call';
import { ChatCompletionsRequest } from '../../src/schemas/chat-completions';

/** A request as the endpoint reads it: through its schema (which takes a null as left out). */
const ask = (extra: Partial<z.input<typeof ChatCompletionsRequest>> = {}): ChatCompletionsRequest =>
  ChatCompletionsRequest.parse({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Hello there' }], ...extra });

function refusal(request: ChatCompletionsRequest, catalog = builtinCatalog): ApiError {
  try {
    planChat(request, catalog);
  } catch (error) {
    assert.ok(error instanceof ApiError);
    return error;
  }
  assert.fail('the request was planned');
}

describe('planning a chat call against the catalog', () => {
  test('the completion limit: the request’s, else the model’s output maximum, within what the window leaves', () => {
    const model = builtinCatalog.find('openai/gpt-4o-mini')!;
    assert.equal(planChat(ask({ max_tokens: 50 }), builtinCatalog).route[0]!.maxCompletionTokens, 50);
    assert.equal(planChat(ask({ max_tokens: 50, max_completion_tokens: 40 }), builtinCatalog).route[0]!.maxCompletionTokens, 40);
    assert.equal(planChat(ask(), builtinCatalog).route[0]!.maxCompletionTokens, model.maxOutputTokens);
    const long = 'word '.repeat(120_000);
    const plan = planChat(ask({ messages: [{ role: 'user', content: long }] }), builtinCatalog);
    assert.equal(plan.route[0]!.maxCompletionTokens, model.contextWindow - plan.promptTokens);
    assert.equal(plan.promptTokens, promptTokens({ messages: [{ role: 'user', content: long }] }));
  });

  test('an unknown model is 404 MODEL_NOT_FOUND naming model', () => {
    const error = refusal(ask({ model: 'nobody/nothing' }));
    assert.deepEqual([error.code, error.status, error.param], ['MODEL_NOT_FOUND', 404, 'model']);
  });

  test('a parameter the model does not take is a 400 naming it', () => {
    const error = refusal(ask({ model: 'openai/o3', top_p: 0.9 }));
    assert.deepEqual([error.code, error.param], ['VALIDATION_ERROR', 'top_p']);
    assert.match(error.message, /^top_p: openai\/o3 does not take this parameter/);
    assert.match(error.message, /except at its default, 1 \(GET \/v1\/ai\/models\/openai\/o3 lists those it takes\)\.$/);
    // Explicit nulls are "not given", as the format treats them.
    assert.ok(planChat(ask({ model: 'openai/o3', top_p: null }), builtinCatalog));
  });

  test('a sampling parameter at its default (the spec\'s: temperature and top_p 1, penalties 0) is taken by every model, and not sent to one that does not take it', () => {
    const defaults = { temperature: 1, top_p: 1, frequency_penalty: 0, presence_penalty: 0 };
    const plan = planChat(ask({ model: 'openai/o3', ...defaults }), builtinCatalog);
    const sent = upstreamBody(plan.body, plan.route[0]!, false);
    for (const parameter of Object.keys(defaults)) assert.equal(parameter in sent, false, parameter);
    // A model that takes them gets them as sent.
    const taking = planChat(ask({ model: 'openai/gpt-4o', ...defaults }), builtinCatalog);
    assert.deepEqual(Object.fromEntries(Object.keys(defaults).map((parameter) => [parameter, upstreamBody(taking.body, taking.route[0]!, false)[parameter]])), defaults);
    const penalty = refusal(ask({ model: 'openai/o3', frequency_penalty: 0.5 }));
    assert.equal(penalty.param, 'frequency_penalty');
    assert.match(penalty.message, /except at its default, 0/);
  });

  test('reasoning_effort and logit_bias reach the upstream as sent; store, metadata, service_tier and logprobs are answered by the gateway, not sent', () => {
    const plan = planChat(
      ask({ model: 'openai/o3', reasoning_effort: 'high', logit_bias: { '50256': -100 }, store: true, metadata: { team: 'search' }, service_tier: 'default', logprobs: false, top_logprobs: null }),
      builtinCatalog,
    );
    const sent = upstreamBody(plan.body, plan.route[0]!, false);
    assert.equal(sent.reasoning_effort, 'high');
    assert.deepEqual(sent.logit_bias, { '50256': -100 });
    for (const field of ['store', 'metadata', 'service_tier', 'logprobs', 'top_logprobs']) assert.equal(field in sent, false, field);
  });

  test('verbosity reaches the upstream as sent; safety_identifier, prompt_cache_key, modalities, include_obfuscation and the null unsupported fields are not sent', () => {
    const plan = planChat(
      ask({
        verbosity: 'low',
        safety_identifier: 'user-7f3a',
        prompt_cache_key: 'bakery',
        modalities: ['text'],
        audio: null,
        prediction: null,
        web_search_options: null,
        stream: true,
        stream_options: { include_usage: false, include_obfuscation: false },
      }),
      builtinCatalog,
    );
    const sent = upstreamBody(plan.body, plan.route[0]!, true);
    assert.equal(sent.verbosity, 'low');
    for (const field of ['safety_identifier', 'prompt_cache_key', 'modalities', 'audio', 'prediction', 'web_search_options']) assert.equal(field in sent, false, field);
    assert.deepEqual(sent.stream_options, { include_usage: true });
  });

  test('the completion limit is sent in the field the upstream takes: max_tokens, or max_completion_tokens (OpenAI’s own API by default)', () => {
    const plan = planChat(ask({ max_tokens: 70, max_completion_tokens: 90 }), builtinCatalog);
    const inField = (field?: 'max_tokens' | 'max_completion_tokens') => upstreamBody(plan.body, plan.route[0]!, false, field);
    assert.equal(inField().max_tokens, 70);
    assert.equal('max_completion_tokens' in inField(), false);
    assert.equal(inField('max_completion_tokens').max_completion_tokens, 70);
    assert.equal('max_tokens' in inField('max_completion_tokens'), false);
    const upstream = (baseUrl: string, completionLimitField?: 'max_tokens' | 'max_completion_tokens') => ({ name: 'u', baseUrl, apiKey: undefined, modelPrefixes: undefined, ...(completionLimitField ? { completionLimitField } : {}) });
    assert.equal(completionLimitField(upstream('https://api.openai.com/v1')), 'max_completion_tokens');
    assert.equal(completionLimitField(upstream('https://openrouter.ai/api/v1')), 'max_tokens');
    assert.equal(completionLimitField(upstream('http://127.0.0.1:8000/v1')), 'max_tokens');
    assert.equal(completionLimitField(upstream('https://api.openai.com/v1', 'max_tokens')), 'max_tokens');
    assert.equal(completionLimitField(upstream('https://openai-proxy.example/v1', 'max_completion_tokens')), 'max_completion_tokens');
  });

  test('an image for a text-only model, a prompt past the window, max_tokens past the output limit', () => {
    const image = refusal(ask({ model: 'deepseek/deepseek-chat', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }] }] }));
    assert.equal(image.param, 'messages[0].content[0]');
    const window = refusal(ask({ model: 'microsoft/phi-4', messages: [{ role: 'user', content: 'word '.repeat(20_000) }] }));
    assert.equal(window.param, 'messages');
    assert.match(window.message, /context window is 16384/);
    const output = refusal(ask({ max_tokens: 1_000_000 }));
    assert.equal(output.param, 'max_tokens');
  });

  test('tool rules: tool_choice needs tools and names one of them; a tool result answers an earlier call', () => {
    assert.equal(refusal(ask({ tool_choice: 'auto' })).param, 'tool_choice');
    const tools = [{ type: 'function' as const, function: { name: 'a' } }];
    assert.equal(refusal(ask({ tools, tool_choice: { type: 'function', function: { name: 'b' } } })).param, 'tool_choice.function.name');
    assert.equal(refusal(ask({ messages: [{ role: 'tool', tool_call_id: 'call_9', content: '{}' }] })).param, 'messages[0].tool_call_id');
    assert.equal(refusal(ask({ stream_options: { include_usage: true } })).param, 'stream_options');
  });

  test('native field names in messages when the caller names them so', () => {
    try {
      planChat(ask({ model: 'openai/o3', top_p: 0.5 }), builtinCatalog, { top_p: 'topP' });
      assert.fail('planned');
    } catch (error) {
      assert.equal((error as ApiError).param, 'topP');
      assert.match((error as ApiError).message, /^topP: /);
    }
  });

  test('fallbacks that can take the request join the route; the hold is the dearest, the charge the one that answered', () => {
    const cheap = { ...builtinCatalog.find('openai/gpt-4o-mini')!, fallbacks: ['anthropic/claude-sonnet-4', 'deepseek/deepseek-chat'] };
    const catalog = catalogOf([cheap, builtinCatalog.find('anthropic/claude-sonnet-4')!, builtinCatalog.find('deepseek/deepseek-chat')!]);
    const plan = planChat(ask({ max_tokens: 100 }), catalog);
    assert.deepEqual(plan.route.map((route) => route.model.id), ['openai/gpt-4o-mini', 'anthropic/claude-sonnet-4', 'deepseek/deepseek-chat']);
    // An image: the text-only fallback cannot take it, so it is left out rather than the call refused.
    const withImage = planChat(ask({ messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }] }], max_tokens: 100 }), catalog);
    assert.deepEqual(withImage.route.map((route) => route.model.id), ['openai/gpt-4o-mini', 'anthropic/claude-sonnet-4']);
    const usage = { promptTokens: plan.promptTokens, completionTokens: 100 };
    const sonnet = chatChargeMicros(plan, { modelId: 'anthropic/claude-sonnet-4', usage, estimated: false });
    const mini = chatChargeMicros(plan, { modelId: 'openai/gpt-4o-mini', usage, estimated: false });
    assert.ok(sonnet > mini);
    assert.equal(heldPromptTokens(plan), Math.ceil(plan.promptTokens * 1.25));
  });
});
