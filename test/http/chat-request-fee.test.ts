import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { formatUsd } from '../../src/core/money';
import { tokenCostMicros } from '../../src/core/price';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/**
 * A model whose upstream bills a fee per request besides its tokens (Perplexity's search fee) is
 * priced so too: held and charged its tokens plus the fee, so a short call never costs the
 * operator more than the customer pays.
 */
describe(`chat: a price per request on top of the tokens (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app?.close());

  test('the models list shows the fee; a call is charged its tokens at the model’s rates plus the fee', async () => {
    const { apiKey, accountId } = await app.createAccount('1.00');
    const models = (await app.get('/v1/ai/models', apiKey)).body.data as Array<{ id: string; requestUsd: number; inputUsdPerMillion: number; outputUsdPerMillion: number }>;
    const sonar = models.find((model) => model.id === 'perplexity/sonar')!;
    assert.equal(sonar.requestUsd, 0.012);
    assert.equal(models.find((model) => model.id === 'openai/gpt-4o-mini')!.requestUsd, 0);

    const response = await app.post('/v1/ai/chat/completions', { model: 'perplexity/sonar', messages: [{ role: 'user', content: 'Who won the match?' }], max_tokens: 20 }, apiKey);
    assert.equal(response.status, 200);
    const { prompt_tokens: promptTokens, completion_tokens: completionTokens } = response.body.usage;
    const expected = tokenCostMicros({ rates: sonar, tokens: { promptTokens, completionTokens } });
    assert.equal(expected, Math.ceil((promptTokens + completionTokens) * 1) + 12_000);
    assert.equal(1_000_000 - (await app.balance(accountId)), expected);
    assert.equal(response.headers.get('x-cost-usd'), formatUsd(expected));
  });
});
