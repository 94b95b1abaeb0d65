import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinCatalog } from '../../src/catalog/model-catalog';
import { formatUsd } from '../../src/core/money';
import { tokenCostMicros } from '../../src/core/price';
import { upstreamCostMicros } from '../../src/providers/openai-compatible/costs';

/**
 * A chat call never costs the operator more than the customer pays: for every catalog model, at
 * the largest call it allows (the context window filled, the most output), the upstream's cost on
 * the same tokens stays at or under the charge.
 */

test('upstream cost ≤ price at the largest call, for every catalog model', () => {
  assert.ok(builtinCatalog.models.length >= 71);
  for (const model of builtinCatalog.models) {
    const tokens = { promptTokens: model.contextWindow - model.maxOutputTokens, completionTokens: model.maxOutputTokens };
    const cost = upstreamCostMicros(model, tokens);
    const price = tokenCostMicros({ rates: model, tokens });
    assert.ok(cost > 0, `${model.id}: an upstream that costs nothing is a catalog mistake`);
    assert.ok(cost <= price, `${model.id}: the upstream costs $${formatUsd(cost)} for a $${formatUsd(price)} call`);
  }
});

test('the upstream cost is its list price on the reported tokens, rounded up to the micro-dollar', () => {
  const model = builtinCatalog.find('openai/gpt-4o-mini')!;
  // 14 × $0.15 + 8 × $0.60 per million = 6.9 micro-USD, rounded up.
  assert.equal(upstreamCostMicros(model, { promptTokens: 14, completionTokens: 8 }), 7);
  assert.equal(upstreamCostMicros(model, { promptTokens: 1_000_000, completionTokens: 1_000_000 }), 750_000);
  assert.equal(upstreamCostMicros(model, { promptTokens: 0, completionTokens: 0 }), 0);
});
