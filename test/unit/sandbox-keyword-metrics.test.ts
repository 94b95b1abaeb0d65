import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keywordMetrics } from '../../src/providers/sandbox/keyword-metrics';

/** The sandbox's keyword numbers: deterministic, and shaped like real search demand. */

const SEEDS = ['running shoes', 'espresso machine', 'coffee', 'standing desk', 'dog food', 'yoga mat', 'electric bike'];
const MODIFIERS = ['best', 'cheap', 'buy', 'used', 'reviews', 'near me', 'for beginners', 'price'];

function variants(seed: string): string[] {
  return MODIFIERS.flatMap((modifier) => [`${modifier} ${seed}`, `${seed} ${modifier}`, `best ${seed} ${modifier}`]);
}

test('the same keyword always has the same metrics, whatever its case and spacing', () => {
  for (const seed of SEEDS) assert.deepEqual(keywordMetrics(`  ${seed.toUpperCase().replace(' ', '   ')} `), keywordMetrics(seed));
});

test('a long-tail variant never has more searches than a phrase of up to three words it contains', () => {
  for (const seed of SEEDS) {
    for (const variant of variants(seed)) {
      const words = variant.split(' ');
      for (let length = Math.min(3, words.length - 1); length >= 1; length -= 1) {
        for (let start = 0; start + length <= words.length; start += 1) {
          const contained = words.slice(start, start + length).join(' ');
          assert.ok(
            keywordMetrics(variant).volume <= keywordMetrics(contained).volume,
            `${variant} (${keywordMetrics(variant).volume}) > ${contained} (${keywordMetrics(contained).volume})`,
          );
        }
      }
    }
  }
});

test('volumes spread along a long tail: fewer searches for longer phrases, typically', () => {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const heads = SEEDS.map((seed) => keywordMetrics(seed).volume);
  const tails = SEEDS.flatMap(variants).map((keyword) => keywordMetrics(keyword).volume);
  assert.ok(median(tails) * 3 < median(heads), `median head ${median(heads)}, median tail ${median(tails)}`);
  assert.ok(new Set(tails).size > tails.length / 4, 'tail volumes are spread, not stuck at a cap');
});

test('commercial and transactional keywords cost more per click than informational ones, on average', () => {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const all = SEEDS.flatMap((seed) => [seed, ...variants(seed), `how to choose ${seed}`, `what is ${seed}`]).map(keywordMetrics);
  const buying = all.filter((keyword) => keyword.intent === 'commercial' || keyword.intent === 'transactional');
  const learning = all.filter((keyword) => keyword.intent === 'informational');
  assert.ok(buying.length > 0 && learning.length > 0);
  assert.ok(mean(buying.map((keyword) => keyword.cpc)) > mean(learning.map((keyword) => keyword.cpc)));
});
