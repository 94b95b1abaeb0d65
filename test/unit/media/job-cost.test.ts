import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findMediaModel } from '../../../src/media/models';
import { heldMicros, jobCost } from '../../../src/media/job-cost';

const model = (name: string) => findMediaModel(name)!;
const options = (name: string, given: Record<string, unknown>) => model(name).options.parse(given) as Record<string, unknown>;

test('held: the most expensive outcome for the options', () => {
  assert.equal(heldMicros(model('seedance'), options('seedance', { duration: '10' })), 3_000_000);
  assert.equal(heldMicros(model('seedance'), options('seedance', { duration: 10, aspectRatio: '21:9' })), 4_000_000);
  assert.equal(heldMicros(model('flux-schnell'), options('flux-schnell', { count: 4 })), 40_000);
  assert.equal(heldMicros(model('stable-audio'), options('stable-audio', { duration: 190 })), 250_000);
  assert.equal(heldMicros(model('moondream'), {}), 150_000);
  assert.equal(heldMicros(model('video-understanding'), options('video-understanding', { referenceVideoUrl: 'https://example.com/a.mp4' })), 360_000);
});

test('charged: the measured outcome at the rate, a started unit counting in full, never more than held', () => {
  const seedance = options('seedance', { duration: '5', aspectRatio: '21:9' });
  assert.deepEqual(jobCost(model('seedance'), seedance, { seconds: 4.2 }), { priceMicros: 2_000_000, upstreamMicros: 1_588_000, units: 5 });
  // A vendor making a longer video than asked: the customer pays for what was asked.
  assert.equal(jobCost(model('seedance'), seedance, { seconds: 9 }).priceMicros, 2_000_000);
  assert.deepEqual(jobCost(model('flux-dev'), options('flux-dev', { count: 3 }), { images: 2 }), { priceMicros: 120_000, upstreamMicros: 100_000, units: 2 });
  assert.equal(jobCost(model('moondream'), {}, { characters: 1_001 }).priceMicros, 30_000);
  assert.equal(jobCost(model('moondream'), {}, { characters: 0 }).priceMicros, 0);
  const video = options('video-understanding', { referenceVideoUrl: 'https://example.com/a.mp4' });
  assert.equal(jobCost(model('video-understanding'), video, { seconds: 7 }).priceMicros, 30_000);
  assert.equal(jobCost(model('minimax-music'), options('minimax-music', { lyrics: '[verse] la la la la' }), { seconds: 48 }).priceMicros, 50_000);
});

test('what a job costs the operator never exceeds what it is charged, for any outcome', () => {
  for (const seconds of [0, 1, 4.5, 15, 30]) {
    for (const aspectRatio of ['21:9', '16:9', '4:3', '1:1', '3:4', '9:16']) {
      const cost = jobCost(model('seedance'), options('seedance', { duration: 15, aspectRatio }), { seconds });
      assert.ok(cost.upstreamMicros <= cost.priceMicros, `${aspectRatio} ${seconds} s`);
    }
  }
});
