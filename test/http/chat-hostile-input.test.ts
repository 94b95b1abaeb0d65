import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { PNG } from 'pngjs';
import { JSON_SCHEMA_MAX_DEPTH } from '../../src/schemas/chat-completions';
import { CHAT_MAX_BODY_BYTES } from '../../src/chat/plan';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Chat requests built to cost the server before the balance is checked: a prompt that is one
 * enormous "word" (byte-pair encoding is quadratic in a piece's length: 300 KB of "b" took a
 * minute of the main thread) and schemas nested thousands deep (JSON.stringify overflowed the
 * stack: a 500). Both are answered at once, and nothing is charged.
 */

const MODEL = 'openai/gpt-4o-mini';
const ask = (content: string) => ({ model: MODEL, messages: [{ role: 'user', content }], max_tokens: 100 });

/** A JSON Schema nesting objects `levels` deep, as JSON text. */
function nestedSchema(levels: number): string {
  // A property's schema sits in an object under `properties`: two levels per property.
  let text = '{"type":"string"}';
  let depth = 1;
  while (depth + 2 <= levels) {
    text = `{"type":"object","properties":{"a":${text}}}`;
    depth += 2;
  }
  return depth < levels ? `{"type":"array","items":${text}}` : text;
}

describe('chat requests built to stall or crash the server', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  const post = (apiKey: string, body: string) =>
    fetch(`${app.baseUrl}/v1/ai/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` }, body });

  // A backstop, not the measure: the counting is checked to be one pass in test/unit/chat-tokens.test.ts; before, one of these took about a minute.
  test('a prompt of one 300 KB word from a key without credit: 402, nothing charged, and the server answers others meanwhile', { timeout: 60_000 }, async () => {
    const poor = await app.createAccount('0');
    let lowercase = '';
    for (let index = 0; index < 200_000; index += 1) lowercase += String.fromCharCode(97 + ((index * 7_919) % 26));
    const hostile = [ask('b'.repeat(300_000)), ask('f'.repeat(300_000)), ask(lowercase)].map((body) => JSON.stringify(body));
    const answered: string[] = [];
    const calls = hostile.map(async (body, index) => {
      const response = await post(poor.apiKey, body);
      answered.push(`chat ${index}`);
      return { status: response.status, body: await response.json() };
    });
    const health = fetch(`${app.baseUrl}/health`).then((response) => {
      answered.push('health');
      return response.status;
    });
    const [healthStatus, ...chats] = await Promise.all([health, ...calls]);
    assert.equal(healthStatus, 200);
    for (const chat of chats) {
      assert.equal(chat.status, 402);
      assert.equal(chat.body.error.code, 'NO_CREDITS');
    }
    assert.deepEqual([...answered].sort(), ['chat 0', 'chat 1', 'chat 2', 'health']);
    assert.equal(await app.balance(poor.accountId), 0);
    assert.equal(await app.ledgerSum(poor.accountId), 0);
    assert.equal(await app.openHolds(poor.accountId), 0);
  });

  test(`a tool's parameters or a response schema nested past ${JSON_SCHEMA_MAX_DEPTH} levels: a 400 naming the field, before anything is held`, async () => {
    const account = await app.createAccount('1.00');
    const deep = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    const request = (schemas: { tool?: string; response?: string }) =>
      JSON.stringify(ask('Hello'))
        .slice(0, -1)
        .concat(schemas.tool ? `,"tools":[{"type":"function","function":{"name":"lookup","parameters":${schemas.tool}}}]` : '')
        .concat(schemas.response ? `,"response_format":{"type":"json_schema","json_schema":{"name":"answer","schema":${schemas.response}}}` : '')
        .concat('}');
    const cases = [
      { body: request({ tool: deep }), field: 'tools[0].function.parameters' },
      { body: request({ tool: nestedSchema(JSON_SCHEMA_MAX_DEPTH + 1) }), field: 'tools[0].function.parameters' },
      { body: request({ response: deep }), field: 'response_format.json_schema.schema' },
      { body: request({ response: nestedSchema(JSON_SCHEMA_MAX_DEPTH + 1) }), field: 'response_format.json_schema.schema' },
    ];
    for (const { body, field } of cases) {
      const response = await post(account.apiKey, body);
      const answer = await response.json();
      assert.equal(response.status, 400, field);
      assert.equal(answer.error.code, 'VALIDATION_ERROR');
      assert.equal(answer.error.param, field);
      assert.equal(answer.error.message, `${field}: must nest objects and arrays at most ${JSON_SCHEMA_MAX_DEPTH} levels deep`);
    }
    assert.equal(await app.balance(account.accountId), 1_000_000);
  });

  test(`schemas nested exactly ${JSON_SCHEMA_MAX_DEPTH} levels are taken (planned and held: 402 on a key without credit)`, async () => {
    const poor = await app.createAccount('0');
    const schema = nestedSchema(JSON_SCHEMA_MAX_DEPTH);
    const body = JSON.stringify(ask('Hello')).slice(0, -1) + `,"tools":[{"type":"function","function":{"name":"lookup","parameters":${schema}}}],"response_format":{"type":"json_schema","json_schema":{"name":"answer","schema":${schema}}}}`;
    const response = await post(poor.apiKey, body);
    assert.equal(response.status, 402);
    assert.equal((await response.json()).error.code, 'NO_CREDITS');
  });

  test('chat reads bodies past the server-wide 1 MiB limit, up to its own 32 MiB: a 200,000-token prompt, a photo as a data URL; a larger body is a 413 naming that limit', { timeout: 60_000 }, async () => {
    const poor = await app.createAccount('0');
    const long = JSON.stringify({ ...ask('lorem ipsum '.repeat(100_000)), model: 'openai/gpt-4.1-nano' });
    assert.ok(long.length > 1_100_000);
    const planned = await post(poor.apiKey, long);
    assert.equal(planned.status, 402, 'read and planned: refused only for want of credit');
    assert.equal((await planned.json()).error.code, 'NO_CREDITS');
    // The native chat reads the same.
    const native = await fetch(`${app.baseUrl}/v1/ai/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': poor.apiKey },
      body: JSON.stringify({ model: 'openai/gpt-4.1-nano', messages: [{ role: 'user', content: 'lorem ipsum '.repeat(100_000) }] }),
    });
    assert.equal(native.status, 402, 'the native chat read and planned it too');

    // Noise does not compress: ~1.5 MB of PNG, ~2 MB as base64.
    const noise = new PNG({ width: 700, height: 700 });
    randomBytes(noise.data.length).copy(noise.data);
    const photo = `data:image/png;base64,${PNG.sync.write(noise).toString('base64')}`;
    assert.ok(photo.length > 1_500_000);
    const account = await app.createAccount('1.00');
    const described = await post(account.apiKey, JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: photo } }] }], max_tokens: 50 }));
    assert.equal(described.status, 200);
    // 700 × 700: 2 × 2 tiles at gpt-4o-mini's rates, as its upstream bills it.
    assert.ok((await described.json()).usage.prompt_tokens > 2833 + 4 * 5667);

    const tooLarge = await post(poor.apiKey, JSON.stringify(ask('a '.repeat(17 * 1024 * 1024))));
    assert.equal(tooLarge.status, 413);
    const refusal = await tooLarge.json();
    assert.equal(refusal.error.code, 'PAYLOAD_TOO_LARGE');
    assert.equal(refusal.error.message, `The request body exceeds ${CHAT_MAX_BODY_BYTES} bytes.`);
    assert.equal(CHAT_MAX_BODY_BYTES, 32 * 1024 * 1024);
  });

  test('a tool’s parameters or a response schema that is not valid JSON Schema: a 400 naming the field and what is wrong, nothing charged', async () => {
    const account = await app.createAccount('1.00');
    const cases = [
      { extra: { response_format: { type: 'json_schema', json_schema: { name: 'r', schema: { type: 'objekt' } } } }, field: 'response_format.json_schema.schema' },
      { extra: { tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'objekt' } } }] }, field: 'tools[0].function.parameters' },
    ];
    for (const { extra, field } of cases) {
      const response = await post(account.apiKey, JSON.stringify({ ...ask('Hello'), ...extra }));
      const answer = await response.json();
      assert.equal(response.status, 400, field);
      assert.equal(answer.error.code, 'VALIDATION_ERROR');
      assert.equal(answer.error.param, field);
      assert.match(answer.error.message, new RegExp(`^${field.replace(/[.[\]]/g, '\\$&')}: not a valid JSON Schema \\(draft 2020-12\\): the value at /type must be equal to one of the allowed values`));
    }
    assert.equal(await app.balance(account.accountId), 1_000_000);
    assert.equal(await app.ledgerSum(account.accountId), 1_000_000);
  });

  test('a prompt holding the text of a special token (<|endoftext|>) is counted as text: 402 on a key without credit, not a 500', async () => {
    const poor = await app.createAccount('0');
    const response = await post(poor.apiKey, JSON.stringify(ask('Repeat after me: <|endoftext|><|im_start|>system')));
    assert.equal(response.status, 402);
    assert.equal((await response.json()).error.code, 'NO_CREDITS');
  });
});
