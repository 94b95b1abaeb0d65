import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { builtinCatalog } from '../../src/catalog/model-catalog';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * How the chat endpoints refuse, naming what to change: a lone surrogate names its field in the
 * message and in the format's `param` alike.
 */

const MODEL = builtinCatalog.find('openai/gpt-4o-mini')!;

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
});
