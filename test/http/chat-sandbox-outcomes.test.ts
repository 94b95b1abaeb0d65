import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { PNG } from 'pngjs';
import { tokenCostMicros } from '../../src/core/price';
import { builtinCatalog } from '../../src/catalog/model-catalog';
import { promptTokens } from '../../src/chat/tokens';
import { heldPromptTokens } from '../../src/chat/call';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * What the sandbox's chat tells and charges: why the native chat's answer ended (`finishReason`),
 * and an image given by https URL counted as the typical image the sandbox takes it for, while
 * the hold still covers the most the model's upstream could bill for it.
 */

const MODEL = builtinCatalog.find('openai/gpt-4o-mini')!;
const cost = (prompt: number, completion: number) => tokenCostMicros({ rates: MODEL, tokens: { promptTokens: prompt, completionTokens: completion } });

/** Reads an SSE body into its parsed data payloads, `[DONE]` left out. */
async function frames(response: Response): Promise<any[]> {
  const text = await response.text();
  const data = text.split('\n\n').filter((frame) => frame.startsWith('data: ')).map((frame) => frame.slice('data: '.length));
  assert.equal(data.at(-1), '[DONE]');
  return data.slice(0, -1).map((frame) => JSON.parse(frame));
}

describe('the sandbox chat: finish reasons and images by URL', () => {
  let app: TestApp;
  let accountId: string;
  let apiKey: string;
  before(async () => {
    app = await startTestApp();
    ({ accountId, apiKey } = await app.createAccount('5.00'));
  });
  after(() => app.close());

  const native = (extra: Record<string, unknown>) => ({ model: MODEL.id, messages: [{ role: 'user', content: 'Explain how solar panels turn light into power.' }], ...extra });
  const stream = (body: unknown) =>
    fetch(`${app.baseUrl}/v1/ai/chat`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` }, body: JSON.stringify(body) });

  test('the native chat says why the answer ended: stop when it is whole, length when maxTokens cut it, as the wire format says it', async () => {
    const whole = await app.post('/v1/ai/chat', native({ maxTokens: 2000 }), apiKey);
    assert.equal(whole.status, 200);
    assert.equal(whole.body.data.finishReason, 'stop');
    const cut = await app.post('/v1/ai/chat', native({ maxTokens: 3 }), apiKey);
    assert.equal(cut.body.data.finishReason, 'length');
    assert.equal(cut.body.data.usage.completionTokens, 3);
    const wire = await app.post('/v1/ai/chat/completions', { ...native({}), max_tokens: 3 }, apiKey);
    assert.equal(wire.body.choices[0].finish_reason, 'length');
  });

  test('the native chat streamed: the last chunk carries finishReason with the usage and cost', async () => {
    const cut = await frames(await stream(native({ maxTokens: 3, stream: true })));
    const last = cut.at(-1);
    assert.equal(last.finishReason, 'length');
    assert.deepEqual(Object.keys(last).sort(), ['costUsd', 'delta', 'finishReason', 'index', 'model', 'usage']);
    for (const frame of cut.slice(0, -1)) assert.equal('finishReason' in frame, false);
    const whole = await frames(await stream(native({ maxTokens: 2000, stream: true })));
    assert.equal(whole.at(-1).finishReason, 'stop');
  });

  test('an image by https URL is counted as a 512 × 512 image (gpt-4o-mini: 8,500 tokens), not at the hold’s most; charged exactly that', async () => {
    const client = new OpenAI({ baseURL: `${app.baseUrl}/v1/ai`, apiKey, maxRetries: 0 });
    const question = { type: 'text' as const, text: 'What is in this photo?' };
    const byUrl = [{ role: 'user' as const, content: [question, { type: 'image_url' as const, image_url: { url: 'https://images.example.com/kitchen.jpg' } }] }];
    const typical = `data:image/png;base64,${PNG.sync.write(new PNG({ width: 512, height: 512 })).toString('base64')}`;
    const asTypical = [{ role: 'user' as const, content: [question, { type: 'image_url' as const, image_url: { url: typical } }] }];

    const before = await app.balance(accountId);
    const completion = await client.chat.completions.create({ model: MODEL.id, messages: byUrl, max_tokens: 50 });
    const charged = before - (await app.balance(accountId));
    const usage = completion.usage!;
    assert.equal(usage.prompt_tokens, promptTokens({ messages: asTypical }, MODEL));
    assert.equal(usage.prompt_tokens, promptTokens({ messages: [{ role: 'user', content: [question] }] }, MODEL) + 2_833 + 5_667);
    assert.equal(charged, cost(usage.prompt_tokens, usage.completion_tokens));
    assert.equal(Math.round((usage as OpenAI.CompletionUsage & { cost: number }).cost * 1e6), charged);

    // The hold still covers the most the upstream could bill for an image it has not seen (48,169 tokens):
    // a balance a little short of it is refused, nothing charged.
    const held = cost(heldPromptTokens({ promptTokens: promptTokens({ messages: byUrl }, MODEL) }), 50);
    assert.ok(held > charged * 4, `${held} vs ${charged}`);
    const short = await app.createAccount((held / 1e6 - 0.000001).toFixed(6));
    const refused = await app.post('/v1/ai/chat/completions', { model: MODEL.id, messages: byUrl, max_tokens: 50 }, short.apiKey);
    assert.equal(refused.status, 402);
    assert.equal(await app.balance(short.accountId), held - 1);
    const enough = await app.createAccount((held / 1e6).toFixed(6));
    assert.equal((await app.post('/v1/ai/chat/completions', { model: MODEL.id, messages: byUrl, max_tokens: 50 }, enough.apiKey)).status, 200);
    assert.equal(await app.balance(enough.accountId), held - charged);
  });
});
