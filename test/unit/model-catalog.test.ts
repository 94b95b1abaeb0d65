import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { builtinCatalog, loadModelCatalog, MODEL_CATEGORIES, parseCatalog, type ChatModel } from '../../src/catalog/model-catalog';

const entry = (overrides: Partial<ChatModel> = {}): ChatModel => ({
  id: 'acme/house-model',
  name: 'House model',
  vendor: 'Acme',
  category: 'text-to-text',
  inputModalities: ['text'],
  contextWindow: 32_000,
  maxOutputTokens: 4_000,
  inputUsdPerMillion: 0.5,
  outputUsdPerMillion: 1.5,
  supportedParameters: ['temperature'],
  upstream: { model: 'acme-house-v1', inputUsdPerMillion: 0.2, outputUsdPerMillion: 0.6 },
  description: 'An operator’s own model.',
  ...overrides,
});

/** The operators' catalog files of these tests, in one directory removed when they end. */
const catalogDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-catalog-'));
after(() => fs.rmSync(catalogDirectory, { recursive: true, force: true }));
let catalogFiles = 0;

function catalogFile(contents: unknown): string {
  catalogFiles += 1;
  const file = path.join(catalogDirectory, `models-${catalogFiles}.json`);
  fs.writeFileSync(file, JSON.stringify(contents));
  return file;
}

describe('the built-in catalog', () => {
  test('71 models, unique ids of the form <vendor>/<model-name>, each in one of the six categories', () => {
    const ids = builtinCatalog.models.map((model) => model.id);
    assert.equal(ids.length, 71);
    assert.equal(new Set(ids).size, 71);
    for (const model of builtinCatalog.models) {
      assert.match(model.id, /^[a-z0-9-]+\/[a-z0-9.:-]+$/);
      assert.ok(MODEL_CATEGORIES.includes(model.category));
    }
  });

  test('general chat models are text-to-text; that they read images shows in their modalities', () => {
    for (const id of ['openai/gpt-5', 'openai/gpt-4o', 'anthropic/claude-sonnet-4', 'google/gemini-2.5-pro']) {
      const model = builtinCatalog.find(id)!;
      assert.equal(model.category, 'text-to-text', id);
      assert.deepEqual(model.inputModalities, ['text', 'image'], id);
    }
    assert.deepEqual(builtinCatalog.find('deepseek/deepseek-chat')!.inputModalities, ['text']);
  });

  test('no model costs the operator more upstream than its price', () => {
    for (const model of builtinCatalog.models) {
      assert.ok(model.upstream.inputUsdPerMillion <= model.inputUsdPerMillion, model.id);
      assert.ok(model.upstream.outputUsdPerMillion <= model.outputUsdPerMillion, model.id);
    }
  });

  test('reasoning models refuse sampling parameters; z-ai/glm-5 is there', () => {
    assert.ok(!builtinCatalog.find('openai/o3')!.supportedParameters.includes('temperature'));
    assert.ok(builtinCatalog.find('openai/gpt-4o')!.supportedParameters.includes('temperature'));
    assert.equal(builtinCatalog.find('z-ai/glm-5')!.name, 'GLM 5');
    assert.equal(builtinCatalog.find('nobody/nothing'), undefined);
  });
});

describe("an operator's catalog (TOLLGATE_MODEL_CATALOG)", () => {
  test('a file of models replaces the catalog', () => {
    const catalog = loadModelCatalog(catalogFile({ models: [entry()] }));
    assert.deepEqual(catalog.models.map((model) => model.id), ['acme/house-model']);
  });

  test('"extends": "builtin" adds models and replaces those with the same id (own prices and margins)', () => {
    const repriced = { ...builtinCatalog.find('openai/gpt-4o-mini')!, inputUsdPerMillion: 0.3, outputUsdPerMillion: 1.2 };
    const catalog = loadModelCatalog(catalogFile({ extends: 'builtin', models: [entry(), repriced] }));
    assert.equal(catalog.models.length, 72);
    assert.equal(catalog.find('openai/gpt-4o-mini')!.inputUsdPerMillion, 0.3);
    assert.ok(catalog.find('acme/house-model'));
  });

  test('a bad entry stops start-up with the entry and field named', () => {
    assert.throws(() => parseCatalog({ models: [entry({ contextWindow: -1 })] }, 'mine.json'), /mine\.json[\s\S]*models\[0\] \(acme\/house-model\)\.contextWindow/);
    assert.throws(() => parseCatalog({ models: [entry({ category: 'text-to-speech' as never })] }, 'mine.json'), /models\[0\] \(acme\/house-model\)\.category/);
    assert.throws(() => parseCatalog({ models: [entry({ supportedParameters: ['logit_bias' as never] })] }, 'mine.json'), /supportedParameters/);
    assert.throws(() => parseCatalog({ models: [entry({ maxOutputTokens: 64_000 })] }, 'mine.json'), /maxOutputTokens exceeds contextWindow/);
    assert.throws(() => parseCatalog({ models: [entry(), entry()] }, 'mine.json'), /acme\/house-model is listed twice/);
    assert.throws(() => parseCatalog({ models: [entry({ fallbacks: ['acme/missing'] })] }, 'mine.json'), /fallback acme\/missing is not in the catalog/);
    assert.throws(() => parseCatalog({ models: [entry({ inputUsdPerMillion: 0.1234567 })] }, 'mine.json'), /at most 6 decimals/);
    assert.throws(() => loadModelCatalog('/nonexistent/models.json'), /Cannot read the model catalog \/nonexistent\/models\.json/);
  });

  test('an upstream that costs more than the price is refused: no call may cost the operator more than the customer pays', () => {
    assert.throws(
      () => parseCatalog({ models: [entry({ upstream: { model: 'x', inputUsdPerMillion: 0.6, outputUsdPerMillion: 0.6 } })] }, 'mine.json'),
      /upstream\.inputUsdPerMillion: the upstream costs more than the price/,
    );
    assert.throws(
      () => parseCatalog({ models: [entry({ upstream: { model: 'x', inputUsdPerMillion: 0.1, outputUsdPerMillion: 0.1, requestUsd: 0.005 } })] }, 'mine.json'),
      /upstream\.requestUsd: the upstream bills more per request than the price/,
    );
    assert.doesNotThrow(() => parseCatalog({ models: [entry({ requestUsd: 0.005, upstream: { model: 'x', inputUsdPerMillion: 0.1, outputUsdPerMillion: 0.1, requestUsd: 0.005 } })] }, 'mine.json'));
  });
});
