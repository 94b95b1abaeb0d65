import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinCatalog } from '../../src/catalog/model-catalog';
import { planChat } from '../../src/chat/plan';
import { chatHoldMicros } from '../../src/chat/call';
import { chatHoldAdvice, largestFittingLimit } from '../../src/chat/hold-advice';
import { ChatCompletionsRequest } from '../../src/schemas/chat-completions';
import { formatUsd } from '../../src/core/money';

const MODEL = builtinCatalog.find('openai/gpt-4o-mini')!;
const plan = (extra: object = {}, fieldNames = {}) =>
  planChat(ChatCompletionsRequest.parse({ model: MODEL.id, messages: [{ role: 'user', content: 'How are tokens billed?' }], ...extra }), builtinCatalog, fieldNames);

test('the largest completion limit a balance covers: its hold fits, one more token’s does not', () => {
  const planned = plan();
  for (const balance of [100, 1_000, 5_432, 9_000]) {
    const fitting = largestFittingLimit(planned, balance)!;
    assert.ok(chatHoldMicros(planned, fitting) <= balance, `${balance}`);
    assert.ok(chatHoldMicros(planned, fitting + 1) > balance, `${balance}`);
  }
  assert.equal(largestFittingLimit(planned, 0), undefined);
  assert.equal(chatHoldMicros(planned), chatHoldMicros(planned, Infinity));
});

test('the advice names the limit field, says the model’s maximum counts when it is absent, and the hold and balance in USD', () => {
  const absent = plan();
  assert.equal(
    chatHoldAdvice(absent, 1_000),
    `The hold counts the prompt and \`max_tokens\` (not given, so openai/gpt-4o-mini's maximum output, 16384 tokens) at the model's prices: $${formatUsd(chatHoldMicros(absent))} held, and the balance is $0.001. A smaller \`max_tokens\` lowers it: at most ${largestFittingLimit(absent, 1_000)} fits this balance.`,
  );
  const native = plan({ max_tokens: 12_000 }, { max_tokens: 'maxTokens' });
  assert.match(chatHoldAdvice(native, 1_000), /^The hold counts the prompt and `maxTokens` \(12000 tokens\) at the model's prices: \$0\.0\d+ held, and the balance is \$0\.001\. A smaller `maxTokens` lowers it: at most \d+ fits this balance\.$/);
  assert.equal(chatHoldAdvice(absent, 0), `The hold counts the prompt and \`max_tokens\` (not given, so openai/gpt-4o-mini's maximum output, 16384 tokens) at the model's prices: $${formatUsd(chatHoldMicros(absent))} held, and the balance is $0.00. The prompt alone holds more than the balance: a shorter prompt lowers it.`);
});
