import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keywordMetrics, keywordTotalResults, keywordVolume } from '../../src/providers/sandbox/keyword-metrics';

/** A famous site's name is searched as a brand: among the most searched keywords, by its fame. */

const US = { locationCode: 2840, language: 'en' };
const GERMANY = { locationCode: 2276, language: 'de' };

/** Two-word phrases no one searches as a brand. */
const ARBITRARY_PAIRS = ['zzyzx widgets', 'blue teapot', 'garden hose', 'paper lantern', 'wool socks', 'brass hinge', 'pine table', 'glass jar'];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

test("a famous brand's name is searched tens of millions of times a month, to reach its site, and is hard to rank for", () => {
  const amazon = keywordMetrics('amazon');
  assert.ok(amazon.volume >= 10_000_000, `amazon ${amazon.volume}`);
  assert.equal(amazon.intent, 'navigational');
  assert.ok(amazon.difficulty >= 80, `amazon difficulty ${amazon.difficulty}`);
  // Brand terms are cheap clicks next to commercial head terms.
  assert.ok(amazon.cpc < 1.5, `amazon cpc ${amazon.cpc}`);
  // The same on every call and every path that reads it.
  assert.deepEqual(keywordMetrics(' Amazon '), amazon);
  assert.equal(keywordVolume('amazon', US), amazon.volume);
  assert.equal(keywordTotalResults('amazon'), amazon.totalResults);
  assert.ok(Number.isSafeInteger(amazon.totalResults) && amazon.totalResults < 1e11, `amazon results ${amazon.totalResults}`);
});

test('the more famous the site, the more its name is searched', () => {
  // Authorities in FAMOUS_SITES: google 0.99, facebook 0.98, amazon 0.97, ebay 0.93, starbucks 0.82, hertz 0.78.
  for (const [more, less] of [['amazon', 'ebay'], ['ebay', 'hertz'], ['google', 'ebay'], ['facebook', 'starbucks']] as const) {
    assert.ok(keywordMetrics(more).volume > keywordMetrics(less).volume, `${more} ${keywordMetrics(more).volume} ≤ ${less} ${keywordMetrics(less).volume}`);
  }
  // Even a modestly famous brand outsearches an ordinary word's draw by far.
  assert.ok(keywordMetrics('hertz').volume >= 100_000, `hertz ${keywordMetrics('hertz').volume}`);
});

test("a famous name with a destination ('amazon login') takes a share of the name's searches, far above an arbitrary phrase", () => {
  const arbitrary = median(ARBITRARY_PAIRS.map((phrase) => keywordMetrics(phrase).volume));
  for (const keyword of ['amazon login', 'ebay app', 'netflix sign in', 'paypal customer service', 'facebook login']) {
    const { volume, intent } = keywordMetrics(keyword);
    const name = keywordMetrics(keyword.split(' ')[0]!).volume;
    assert.equal(intent, 'navigational', keyword);
    assert.ok(volume >= arbitrary * 10, `${keyword} ${volume}, an arbitrary pair ${arbitrary}`);
    assert.ok(volume < name && volume >= name * 0.009, `${keyword} ${volume}, its name ${name}`);
  }
});

test('a brand search is capped by its name alone, and a keyword built on it never outsearches it, in any market', () => {
  for (const market of [US, GERMANY]) {
    const volume = (keyword: string) => keywordMetrics(keyword, market).volume;
    // Searched by the brand's customers, not by people after logins or apps in general.
    assert.ok(volume('amazon login') > volume('login') && volume('ebay app') > volume('app'));
    assert.ok(volume('amazon prime video') <= volume('amazon prime') && volume('amazon prime') <= volume('amazon'));
    assert.ok(volume('amazon login page') <= volume('amazon login') && volume('amazon login') < volume('amazon'));
    assert.ok(volume('best netflix sign in tips') <= volume('netflix sign in'));
  }
});

test("a brand's demand in another market is that market's share of the United States'", () => {
  for (const brand of ['amazon', 'ebay', 'netflix', 'amazon login']) {
    const us = keywordMetrics(brand).volume;
    const germany = keywordMetrics(brand, GERMANY).volume;
    assert.ok(germany < us && germany > us / 50, `${brand}: Germany ${germany}, United States ${us}`);
  }
  assert.ok(keywordMetrics('amazon', GERMANY).volume >= 1_000_000);
});
