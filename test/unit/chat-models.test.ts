import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chatModels, findChatModel } from '../../src/catalog/chat-models';

test('catalog has exactly 71 chat models', () => {
  assert.equal(chatModels.length, 71);
});

test('ids are unique and well-formed', () => {
  const ids = chatModels.map((m) => m.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const id of ids) {
    assert.match(id, /^[a-z0-9-]+\/[a-z0-9.:-]+$/);
  }
});

test('numeric fields are positive and finite; output fits in context', () => {
  for (const m of chatModels) {
    for (const key of ['contextWindow', 'maxOutputTokens', 'inputUsdPerMillion', 'outputUsdPerMillion'] as const) {
      const v = m[key];
      assert.ok(Number.isFinite(v) && v > 0, `${m.id}.${key} = ${v}`);
    }
    assert.ok(m.maxOutputTokens <= m.contextWindow, `${m.id}: maxOutputTokens > contextWindow`);
  }
});

test('prices have at most 6 decimals', () => {
  for (const m of chatModels) {
    for (const price of [m.inputUsdPerMillion, m.outputUsdPerMillion]) {
      assert.equal(Number(price.toFixed(6)), price, `${m.id}: ${price}`);
    }
  }
});

test('findChatModel finds every model and rejects unknown ids', () => {
  for (const m of chatModels) {
    assert.equal(findChatModel(m.id), m);
  }
  assert.equal(findChatModel('nope/not-a-model'), undefined);
  assert.equal(findChatModel(''), undefined);
});

test('z-ai/glm-5 is present', () => {
  const glm = findChatModel('z-ai/glm-5');
  assert.ok(glm);
  assert.equal(glm.name, 'GLM 5');
});
