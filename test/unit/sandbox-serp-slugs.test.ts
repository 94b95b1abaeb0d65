import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SerpResponse } from '../../src/schemas/serp';
import { sandboxSerp } from '../../src/providers/sandbox/serp';
import { slugOf } from '../../src/providers/sandbox/serp/page-text';

/** The addresses of the sandbox results pages' pages: each query its own, in any script. */

const signal = new AbortController().signal;

function websearch(query: string): Promise<SerpResponse> {
  return sandboxSerp.search({ engine: 'websearch', query, depth: 20, locationCode: 2840, language: 'en' }, { signal });
}

test('slugs keep the query: Latin accents off, Cyrillic and Greek transliterated, other scripts percent-encoded', () => {
  assert.equal(slugOf('best running shoes'), 'best-running-shoes');
  assert.equal(slugOf('café au lait'), 'cafe-au-lait');
  assert.equal(slugOf('straße münchen'), 'strasse-munchen');
  assert.equal(slugOf('кофе'), 'kofe');
  assert.equal(slugOf('чай'), 'chai');
  assert.equal(slugOf('καφές'), 'kafes');
  assert.equal(slugOf('東京 ラーメン'), `${encodeURIComponent('東京')}-${encodeURIComponent('ラーメン')}`);
  assert.equal(slugOf('?!'), 'search');
});

test('unrelated non-Latin queries link to different pages', async () => {
  const urlsOf = async (query: string) => new Set((await websearch(query)).results.filter((result) => result.type === 'organic' || result.type === 'paid').map((result) => result.url));
  const [coffee, tea, ramen] = await Promise.all(['кофе', 'чай', '東京 ラーメン'].map(urlsOf));
  for (const [a, b] of [[coffee, tea], [coffee, ramen], [tea, ramen]] as const) {
    assert.deepEqual([...a!].filter((url) => b!.has(url) && !new URL(url).pathname.match(/^\/?$/)), []);
  }
  assert.ok([...ramen!].some((url) => url.endsWith(`/${slugOf('東京 ラーメン')}`)));
});

test("an ad's breadcrumb shows its own address", async () => {
  for (const query of ['кофе', 'чай', '東京 ラーメン', 'best running shoes']) {
    const ads = (await websearch(query)).results.filter((result) => result.type === 'paid');
    assert.ok(ads.length > 0, query);
    for (const ad of ads) {
      const url = new URL(ad.url);
      assert.equal((ad.data as { breadcrumb: string }).breadcrumb, `${url.host}${decodeURIComponent(url.pathname)}`, query);
    }
  }
});

test('a local query in another alphabet or script has a local pack: the results page shares the maps search', async () => {
  for (const query of ['café in münchen', 'カフェ 東京']) {
    const page = await websearch(query);
    assert.ok(page.itemTypes.includes('localPack'), query);
  }
});
