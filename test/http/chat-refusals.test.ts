import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { builtinCatalog } from '../../src/catalog/model-catalog';
import { formatUsd } from '../../src/core/money';
import { planChat } from '../../src/chat/plan';
import { chatHoldMicros } from '../../src/chat/call';
import { largestFittingLimit } from '../../src/chat/hold-advice';
import { ChatCompletionsRequest } from '../../src/schemas/chat-completions';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * How the chat endpoints refuse: a lone surrogate names its field in the message and in the
 * format's `param` alike; a hold the balance does not cover says what it counts (the prompt and
 * the completion limit), the amounts held and in the balance, and the largest limit that fits.
 */

const MODEL = builtinCatalog.find('openai/gpt-4o-mini')!;
const MESSAGES = [{ role: 'user' as const, content: 'How are tokens billed?' }];

describe('chat refusals that tell the caller what to change', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  const raw = (path: string, apiKey: string, body: string) =>
    fetch(`${app.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` }, body });

  test('a lone surrogate in a message: 400 whose param names messages[0].content, as its message does; nothing charged', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await raw('/v1/ai/chat/completions', apiKey, `{"model":"${MODEL.id}","messages":[{"role":"user","content":"caf\\ud800"}]}`);
    assert.equal(response.status, 400);
    const { error } = await response.json();
    assert.equal(error.param, 'messages[0].content');
    assert.equal(error.message, 'messages[0].content: must be valid Unicode text; it holds a lone UTF-16 surrogate');
    const sdk = new OpenAI({ baseURL: `${app.baseUrl}/v1/ai`, apiKey, maxRetries: 0 });
    await assert.rejects(
      sdk.chat.completions.create({ model: MODEL.id, messages: [{ role: 'user', content: [{ type: 'text', text: 'ok' }, { type: 'text', text: 'caf\ud800' }] }] }),
      (thrown: unknown) => thrown instanceof OpenAI.BadRequestError && thrown.param === 'messages[0].content[1].text',
    );
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('a hold above the balance: 402 NO_CREDITS saying the hold counts max_tokens (the model’s maximum when absent), held vs balance in USD, and the max_tokens that fits; that one is served', async () => {
    const { accountId, apiKey } = await app.createAccount('0.001');
    const plan = planChat(ChatCompletionsRequest.parse({ model: MODEL.id, messages: MESSAGES }), builtinCatalog);
    const fitting = largestFittingLimit(plan, 1_000)!;
    const refused = await app.post('/v1/ai/chat/completions', { model: MODEL.id, messages: MESSAGES }, apiKey);
    assert.equal(refused.status, 402);
    assert.equal(refused.body.error.code, 'NO_CREDITS');
    assert.equal(
      refused.body.error.message,
      `This call can cost up to $${formatUsd(chatHoldMicros(plan))} and the balance does not cover it. The hold counts the prompt and \`max_tokens\` (not given, so ${MODEL.id}'s maximum output, ${MODEL.maxOutputTokens} tokens) at the model's prices: $${formatUsd(chatHoldMicros(plan))} held, and the balance is $0.001. A smaller \`max_tokens\` lowers it: at most ${fitting} fits this balance. Add credits to continue.`,
    );
    assert.equal(await app.balance(accountId), 1_000);
    const served = await app.post('/v1/ai/chat/completions', { model: MODEL.id, messages: MESSAGES, max_tokens: fitting }, apiKey);
    assert.equal(served.status, 200);
    assert.equal(await app.balance(accountId), 1_000 - Math.round(served.body.usage.cost * 1e6));
  });

  test('the native chat: the advice names maxTokens', async () => {
    const { apiKey } = await app.createAccount('0.001');
    const refused = await app.post('/v1/ai/chat', { model: MODEL.id, messages: MESSAGES, maxTokens: 12_000 }, apiKey);
    assert.equal(refused.status, 402);
    assert.match(refused.body.error.message, /The hold counts the prompt and `maxTokens` \(12000 tokens\) at the model's prices: \$0\.\d+ held, and the balance is \$0\.001\. A smaller `maxTokens` lowers it: at most \d+ fits this balance\. Add credits to continue\.$/);
  });

  test('an image URL at an address Tollgate never fetches (loopback, private, metadata, localhost): 400 naming the part, nothing held or sent; a public name is taken', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const VISION = builtinCatalog.find('openai/gpt-4o')!;
    const asking = (url: string) => ({ model: VISION.id, messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url } }] }] });
    for (const url of ['https://127.0.0.1/cat.png', 'https://10.0.0.5/cat.png', 'https://169.254.169.254/latest', 'https://localhost/cat.png', 'https://[::1]/cat.png']) {
      const refused = await app.post('/v1/ai/chat/completions', asking(url), apiKey);
      assert.equal(refused.status, 400, url);
      assert.equal(refused.body.error.param, 'messages[0].content[1].image_url.url', url);
      assert.match(refused.body.error.message, /^messages\[0\]\.content\[1\]\.image_url\.url: Tollgate does not fetch this destination/, url);
    }
    assert.equal(await app.balance(accountId), 1_000_000);
    const taken = await app.post('/v1/ai/chat/completions', asking('https://images.example.com/cat.png'), apiKey);
    assert.equal(taken.status, 200);
  });
});
