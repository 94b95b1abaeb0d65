import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { startTestSite, type TestSite } from '../helpers/test-site';

/**
 * The sandbox model's JSON under a schema with `pattern`s, through HTTP: /v1/scrape/ai-extract
 * (whose answer is checked against the schema) and a chat completion's `json_schema` answer match
 * the patterns; a pattern that no string matches is a 502 that says asking again cannot help,
 * not charged.
 */
describe(`sandbox JSON with patterns: ai-extract and chat (${testDatabaseLabel()})`, () => {
  let site: TestSite;
  let app: TestApp;
  before(async () => {
    site = await startTestSite();
    app = await startTestApp({}, { TOLLGATE_FETCH_ALLOWED_NETWORKS: '127.0.0.0/8', TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(async () => {
    await app?.close();
    await site?.close();
  });

  const schema = {
    type: 'object',
    properties: { currency: { type: 'string', pattern: '^[A-Z]{3}$' }, sku: { type: 'string', pattern: '^[A-Z]{2}-\\d{4}$' }, prices: { type: 'object', minProperties: 3, additionalProperties: { type: 'integer' } } },
    required: ['currency', 'sku', 'prices'],
  };

  test('ai-extract: strings under patterns match them; charged $0.03', async () => {
    for (const prompt of ['The currency of the prices', 'Every product, and the cheapest price', 'The SKU of the first product']) {
      const { response, cost } = await app.paidCall('/v1/scrape/ai-extract', { url: `${site.url}/table`, prompt, schema }, 'live, sandbox');
      assert.equal(cost, 30_000);
      const { extracted } = response.body.data;
      assert.match(extracted.currency, /^[A-Z]{3}$/, prompt);
      assert.match(extracted.sku, /^[A-Z]{2}-\d{4}$/, prompt);
      assert.ok(Object.keys(extracted.prices).length >= 3 && Object.values(extracted.prices).every(Number.isInteger), JSON.stringify(extracted.prices));
    }
  });

  test('chat: a json_schema answer matches its patterns', async () => {
    const { response } = await app.paidCall('/v1/ai/chat/completions', {
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: 'Give me a product code' }],
      response_format: { type: 'json_schema', json_schema: { name: 'code', schema } },
    });
    const answer = JSON.parse(response.body.choices[0].message.content);
    assert.match(answer.currency, /^[A-Z]{3}$/);
    assert.match(answer.sku, /^[A-Z]{2}-\d{4}$/);
  });

  test('a pattern no string matches: 502 saying the sandbox cannot, and that asking again fails the same way; not charged', async () => {
    const impossible = { type: 'object', properties: { code: { type: 'string', pattern: '^[A-Z]{3}$', minLength: 5 } }, required: ['code'] };
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/scrape/ai-extract', { url: `${site.url}/table`, prompt: 'The code', schema: impossible }, apiKey);
    assert.equal(response.status, 502, JSON.stringify(response.body));
    assert.match(response.body.error.message, /^The sandbox model cannot write a string matching the schema's pattern "\^\[A-Z\]\{3\}\$" \(for "code"\) within its length limits\. Its answers are deterministic/);
    assert.doesNotMatch(response.body.error.message, /try again/i);
    assert.equal(response.headers.get('x-cost-usd'), null);
    assert.equal(await app.balance(accountId), 1_000_000);
  });
});
