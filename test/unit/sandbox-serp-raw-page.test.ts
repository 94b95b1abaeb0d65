import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sandboxSerp } from '../../src/providers/sandbox/serp';
import { locationCodeOfCountry } from '../../src/schemas/countries';

/**
 * The sandbox's raw results page for a country is that country's own web page: the sites
 * /v1/serp/websearch ranks in its location and first language, in the same order, in its `lang`.
 */

const signal = new AbortController().signal;

/** Countries with the language their searchers use first in the sandbox's SERP world. */
const COUNTRY_LANGUAGES: Array<[country: string, language: string]> = [['us', 'en'], ['de', 'de'], ['gb', 'en'], ['fr', 'fr'], ['jp', 'ja'], ['in', 'en'], ['br', 'pt']];
const QUERIES = ['coffee beans', 'best running shoes', 'how to brew coffee', 'hotels in lisbon'];

async function rawPage(query: string, country: string, numResults = 10): Promise<string> {
  return (await sandboxSerp.searchHtml({ query, country, numResults }, { signal })).html;
}

/** The domains of the page's organic results, in order. */
function organicSites(html: string): string[] {
  return [...html.matchAll(/<div class="result" data-type="organic"[^>]*>.*?<cite>([^<]*)<\/cite>/g)].map((match) => match[1]!);
}

test("a country's raw page lists the organic sites /v1/serp/websearch ranks in its location and language, in order", async () => {
  for (const [country, language] of COUNTRY_LANGUAGES) {
    for (const query of QUERIES) {
      const html = await rawPage(query, country, 20);
      const web = await sandboxSerp.search({ engine: 'websearch', query, depth: 20, locationCode: locationCodeOfCountry(country), language }, { signal });
      const sites = web.results.filter((result) => result.type === 'organic').map((result) => result.domain);
      assert.ok(sites.length > 0, `${country} "${query}"`);
      assert.deepEqual(organicSites(html), sites, `${country} "${query}"`);
      assert.equal(html.match(/class="result"/g)?.length, web.results.length, `${country} "${query}"`);
      assert.match(html, new RegExp(`^<!DOCTYPE html>\\n<html lang="${language}">`), `${country} "${query}"`);
    }
  }
});

test('the German page is not the United States page: other sites or order, lang de, German digits', async () => {
  const us = await rawPage('coffee beans', 'us');
  const de = await rawPage('coffee beans', 'de');
  assert.notDeepEqual(organicSites(de), organicSites(us));
  assert.match(us, /<html lang="en">/);
  assert.match(de, /<html lang="de">/);
  const { totalResults } = await sandboxSerp.search({ engine: 'websearch', query: 'coffee beans', depth: 10, locationCode: 2276, language: 'de' }, { signal });
  assert.ok(totalResults >= 1_000_000, 'a count with thousands separators');
  assert.ok(us.includes(`About ${totalResults.toLocaleString('en-US')} results`));
  assert.ok(de.includes(`About ${totalResults.toLocaleString('de-DE')} results`));
});

test("a country's raw page is the same every time", async () => {
  for (const [country] of COUNTRY_LANGUAGES) assert.equal(await rawPage('coffee beans', country, 30), await rawPage('coffee beans', country, 30));
});
