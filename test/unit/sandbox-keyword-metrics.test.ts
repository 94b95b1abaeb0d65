import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keywordMetrics, keywordVolume } from '../../src/providers/sandbox/keyword-metrics';
import { HEAD_TOPICS } from '../../src/providers/sandbox/search-vocabulary';
import { gridOf } from '../../src/providers/sandbox/keyword-grid';

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
  const all = SEEDS.flatMap((seed) => [seed, ...variants(seed), `how to choose ${seed}`, `what is ${seed}`]).map((keyword) => keywordMetrics(keyword));
  const buying = all.filter((keyword) => keyword.intent === 'commercial' || keyword.intent === 'transactional');
  const learning = all.filter((keyword) => keyword.intent === 'informational');
  assert.ok(buying.length > 0 && learning.length > 0);
  assert.ok(mean(buying.map((keyword) => keyword.cpc)) > mean(learning.map((keyword) => keyword.cpc)));
});

const US = { locationCode: 2840, language: 'en' };
const UK = { locationCode: 2826, language: 'en' };
const INDIA = { locationCode: 2356, language: 'en' };

test("a keyword's market is the United States in English unless given, and another market has its own volume and CPC", () => {
  const keywords = SEEDS.flatMap((seed) => [seed, ...variants(seed)]);
  const ratios: number[] = [];
  for (const keyword of keywords) {
    const us = keywordMetrics(keyword);
    assert.deepEqual(keywordMetrics(keyword, US), us);
    const uk = keywordMetrics(keyword, UK);
    assert.deepEqual(keywordMetrics(keyword.toUpperCase(), UK), uk);
    // What a market does not change.
    assert.deepEqual([uk.difficulty, uk.competition, uk.intent, uk.totalResults, uk.serpFeatures], [us.difficulty, us.competition, us.intent, us.totalResults, us.serpFeatures]);
    ratios.push(uk.volume / us.volume);
  }
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
  assert.ok(median > 0.1 && median < 0.35, `median United Kingdom / United States volume ${median}`);
  assert.ok(new Set(ratios.map((ratio) => ratio.toFixed(2))).size > 10, 'each keyword has its own local taste, not one factor');
  const meanCpc = (market: typeof US) => keywords.reduce((sum, keyword) => sum + keywordMetrics(keyword, market).cpc, 0) / keywords.length;
  assert.ok(meanCpc(INDIA) < meanCpc(UK) && meanCpc(UK) < meanCpc(US));
});

test('searches in a language the country does not speak are few', () => {
  for (const seed of SEEDS) {
    assert.ok(keywordMetrics(seed, { locationCode: 2840, language: 'de' }).volume < keywordMetrics(seed).volume / 5, seed);
    assert.ok(keywordMetrics(seed, { locationCode: 2276, language: 'de' }).volume > keywordMetrics(seed, { locationCode: 2276, language: 'fr' }).volume, seed);
  }
});

test('in every market, a long-tail variant never has more searches than a phrase of up to three words it contains', () => {
  for (const market of [UK, INDIA, { locationCode: 2276, language: 'de' }, { locationCode: 1023191, language: 'en' }]) {
    for (const seed of SEEDS) {
      for (const variant of variants(seed)) {
        const words = variant.split(' ');
        const length = Math.min(3, words.length - 1);
        for (let start = 0; start + length <= words.length; start += 1) {
          const contained = words.slice(start, start + length).join(' ');
          assert.ok(keywordMetrics(variant, market).volume <= keywordMetrics(contained, market).volume, `${variant} > ${contained} in ${market.locationCode}`);
        }
      }
    }
  }
});

test("keywordVolume is keywordMetrics' volume, in every market", () => {
  for (const keyword of ['laptops', 'running shoes', 'best running shoes for women', 'ebay login']) {
    for (const market of [{ locationCode: 2840, language: 'en' }, { locationCode: 2826, language: 'en' }, { locationCode: 2276, language: 'de' }]) {
      assert.equal(keywordVolume(keyword, market), keywordMetrics(keyword, market).volume, `${keyword} in ${market.locationCode}`);
    }
  }
});

test('a keyword of no words (gibberish) is hardly searched, easy and cheap to rank for, in every market', () => {
  for (const keyword of ['qqqqqqqqqqqq', 'asdfgh jkl', 'xkqzvbt']) {
    for (const market of [US, UK, { locationCode: 2392, language: 'ja' }]) {
      const metrics = keywordMetrics(keyword, market);
      assert.equal(metrics.volume, 10, `${keyword} in ${market.locationCode}`);
      assert.ok(metrics.difficulty < 10, `${keyword}: difficulty ${metrics.difficulty}`);
    }
  }
  // A part that is no word does not cap a phrase of words: "gaming pc" is searched.
  assert.ok(keywordMetrics('gaming pc').volume >= 100);
});

test("real words the sandbox's vocabulary does not hold are searched like any phrase, short ones too", () => {
  for (const keyword of ['tv', 'pc', 'ai', 'espresso machine', 'python tutorial', '90210']) assert.ok(keywordMetrics(keyword).volume >= 1000, keyword);
});

test('a head term outsearches its long tail, and is as a rule at least as hard and as contested', () => {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  let harder = 0;
  let contested = 0;
  for (const topic of HEAD_TOPICS) {
    const head = keywordMetrics(topic);
    assert.ok(head.volume >= 10_000, `${topic}: ${head.volume}`);
    const tail = gridOf(topic).slice(1).filter((_, index) => index % 7 === 0).map((keyword) => keywordMetrics(keyword));
    for (const variant of tail) assert.ok(variant.volume < head.volume, `${variant.keyword} (${variant.volume}) >= ${topic} (${head.volume})`);
    if (head.difficulty >= median(tail.map((variant) => variant.difficulty))) harder += 1;
    if (head.competition >= median(tail.map((variant) => variant.competition))) contested += 1;
  }
  assert.ok(harder >= HEAD_TOPICS.length * 0.9, `${harder} of ${HEAD_TOPICS.length} head terms at least as hard as their tail`);
  assert.ok(contested >= HEAD_TOPICS.length * 0.75, `${contested} of ${HEAD_TOPICS.length} head terms at least as contested as their tail`);
});

test('an English keyword in a market of another language is a small share of its English searches there; a brand is searched by name everywhere', () => {
  const JAPAN = { locationCode: 2392, language: 'ja' };
  assert.ok(keywordMetrics('coffee', JAPAN).volume < keywordMetrics('coffee', UK).volume / 2);
  const ratios = HEAD_TOPICS.map((topic) => keywordMetrics(topic, JAPAN).volume / keywordMetrics(topic).volume);
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
  assert.ok(median < 0.08, `median Japanese / United States volume ${median}`);
  assert.ok(keywordMetrics('amazon', JAPAN).volume > keywordMetrics('amazon').volume / 10);
});
