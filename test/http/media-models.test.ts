import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseUsd } from '../../src/core/money';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('GET /v1/media/models', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.close());

  test('the nine models with their options and prices, free', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.get('/v1/media/models', apiKey);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(await app.balance(accountId), parseUsd('1.00'));
    const models = response.body.data as any[];
    assert.equal(models.length, 9);
    const seedance = models.find((model) => model.id === 'bytedance/seedance-2-0');
    assert.deepEqual(seedance.aliases, ['seedance']);
    assert.equal(seedance.category, 'text-to-video');
    assert.equal(seedance.imageData, 'optional');
    assert.deepEqual(Object.keys(seedance.options.properties), ['aspectRatio', 'duration', 'generateAudio', 'watermark', 'imageRole', 'referenceVideoUrl', 'referenceAudioUrl']);
    assert.equal(seedance.options.additionalProperties, false);
    assert.deepEqual(seedance.price, { unit: 'second', usd: 0.3, byOption: { option: 'aspectRatio', usd: { '21:9': 0.4 } }, description: '$0.30 per second of media made ($0.40 when aspectRatio is 21:9)' });
    // A duration's range (or its values) and default are published, as the queue enforces them.
    const duration = (id: string) => models.find((model) => model.id === id).options.properties.duration;
    assert.deepEqual([seedance.options.properties.duration.default, seedance.options.properties.duration.anyOf[0]], ['5', { type: 'integer', minimum: 4, maximum: 15 }]);
    assert.deepEqual(duration('lightricks/ltx-2-3-fast').anyOf[0].enum, [6, 8, 10, 12, 14, 16, 18, 20]);
    assert.deepEqual([duration('stabilityai/stable-audio-2-5').default, duration('stabilityai/stable-audio-2-5').anyOf[0].maximum], ['30', 190]);
    // What a model costs the operator is not shown.
    assert.doesNotMatch(JSON.stringify(models), /0\.2419|fal-ai\//);
  });

  test('filtered by category; an unknown category is a 400 naming it', async () => {
    const { apiKey } = await app.createAccount('1.00');
    const images = await app.get('/v1/media/models?category=text-to-image', apiKey);
    assert.deepEqual(images.body.data.map((model: any) => model.id), ['black-forest-labs/flux-1-schnell', 'black-forest-labs/flux-1-dev', 'recraft-ai/recraft-v3']);
    const bad = await app.get('/v1/media/models?category=text-to-3d', apiKey);
    assert.equal(bad.status, 400);
    assert.match(bad.body.error.message, /category/);
  });
});
