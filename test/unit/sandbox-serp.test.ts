import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SERP_ENGINE_TYPES, SERP_RESPONSES, type SerpEngine, type SerpResponse } from '../../src/schemas/serp';
import { sandboxSerp } from '../../src/providers/sandbox/serp';
import { siteName, timestampBefore, titleCase } from '../../src/providers/sandbox/serp/page-text';
import { keywordMetrics, keywordTotalResults } from '../../src/providers/sandbox/keyword-metrics';
import { SeededRandom } from '../../src/providers/sandbox/random';
import { domainProfile, isRegistered } from '../../src/providers/sandbox/domain-profile';

/**
 * The sandbox's results pages, made cheap: still valid against the response schemas (the pipeline
 * may stop validating what the sandbox makes), deterministic, and coherent with the keyword data.
 */

const QUERIES = [
  'best running shoes', 'coffee near me', 'how to brew coffee', 'buy laptop', 'chocolate cake recipe', 'hotels in lisbon', 'remote jobs',
  'concert tickets', 'things to do in paris', 'effects of caffeine study', 'cheap flights to rome', 'yoga app download', 'espresso machine reviews',
  'what is inflation', 'electric cars news', 'official nike website', 'café éclair', 'coffee & "tea" <b>', 'x',
];
const signal = new AbortController().signal;

function search(engine: SerpEngine, query: string, depth: number): Promise<SerpResponse> {
  return sandboxSerp.search({ engine, query, depth, locationCode: 2840, language: 'en' }, { signal });
}

test('every engine answers pages its response schema accepts as they are (nothing stripped, nothing missing)', async () => {
  for (const engine of Object.keys(SERP_ENGINE_TYPES) as SerpEngine[]) {
    for (const query of QUERIES) {
      for (const depth of [1, 10, 100]) {
        const page = await search(engine, query, engine === 'autocomplete' ? Math.min(depth, 20) : depth);
        assert.deepEqual(SERP_RESPONSES[engine].parse(page), page, `${engine} "${query}" depth ${depth}`);
      }
    }
  }
});

test('the web page: the same query gives the same page; a deeper page starts with the shallower one', async () => {
  for (const query of QUERIES) {
    const page = await search('websearch', query, 30);
    assert.deepEqual(await search('websearch', query, 30), page);
    // A page of 10 closes with related searches; its first nine results are the deeper page's.
    assert.deepEqual((await search('websearch', query, 10)).results.slice(0, 9), page.results.slice(0, 9), query);
    assert.deepEqual((await search('websearch', query, 7)).results, page.results.slice(0, 7), query);
  }
});

test("a page's results count is the keyword's own, the one keywordMetrics gives", async () => {
  for (const query of QUERIES) {
    assert.equal(keywordTotalResults(query), keywordMetrics(query).totalResults, query);
    assert.equal((await search('websearch', query, 10)).totalResults, keywordMetrics(query).totalResults, query);
  }
});

test("a keyword's SERP features are the item types of its web page at depth 100, whatever its case", async () => {
  const modifiers = ['best', 'cheap', 'near me', 'in berlin', 'recipe', 'jobs', 'news', 'how to make', 'what is', 'reviews', 'hotels', 'app'];
  const keywords = [...QUERIES, ...modifiers.flatMap((modifier) => [`${modifier} coffee`, `coffee ${modifier}`])];
  for (const keyword of keywords) {
    assert.deepEqual(keywordMetrics(keyword.toUpperCase()).serpFeatures, (await search('websearch', keyword, 100)).itemTypes, keyword);
  }
});

test('every site a web engine ranks is registered, with a web presence the domain endpoints report', async () => {
  for (const engine of ['websearch', 'bing', 'yahoo', 'baidu'] as const) {
    for (const query of QUERIES) {
      for (const { domain } of (await search(engine, query, 100)).results.filter((result) => result.type === 'organic')) {
        assert.ok(isRegistered(domain) && domainProfile(domain).backlinks > 0, `${engine} "${query}": ${domain}`);
      }
    }
  }
});

test('titleCase upper-cases the first letter of each word as \\b\\w reads words', () => {
  const byRegex = (text: string) => text.replace(/\b\w/g, (letter) => letter.toUpperCase());
  for (const text of ['best running shoes', 'coffee & "tea" <b>', 'café éclair', 'a-b c_d 2nd', "o'neil's", '', ' x', 'ALREADY Up', 'über straße']) {
    assert.equal(titleCase(text), byRegex(text), text);
  }
  assert.equal(siteName('homeandmaker.com'), 'Homeandmaker');
  assert.equal(siteName('running-experts.org'), 'Running Experts');
});

test('timestampBefore: days and hours before the data month (2026-10), vendor-formatted', () => {
  assert.equal(timestampBefore(1), '2026-09-30 09:00:00 +00:00');
  assert.equal(timestampBefore(3, 8), '2026-09-28 08:00:00 +00:00');
  assert.equal(timestampBefore(270, 20), '2026-01-04 20:00:00 +00:00');
  assert.equal(timestampBefore(900), '2024-04-14 09:00:00 +00:00');
  assert.equal(timestampBefore(0), timestampBefore(1), 'at least a day before');
});

test("a fork draws its own sequence: what it draws does not move its parent's", () => {
  const drawsAfterFork = (forkDraws: number) => {
    const random = new SeededRandom('fork');
    const forked = random.fork();
    for (let count = 0; count < forkDraws; count += 1) forked.next();
    return [random.next(), random.next(), random.next()];
  };
  assert.deepEqual(drawsAfterFork(0), drawsAfterFork(50));
  const first = new SeededRandom('fork').fork();
  const second = new SeededRandom('fork').fork();
  assert.deepEqual([first.next(), first.next()], [second.next(), second.next()]);
});

test("a page's events and jobs are in the city its query names (else the local pack's), addressed as that country writes addresses", async () => {
  const itemsOf = async (query: string, type: 'events' | 'jobs') => {
    const block = (await search('websearch', query, 30)).results.find((result) => result.type === type);
    assert.ok(block, `${query}: a ${type} block`);
    return (block.data as { items: Array<{ address?: string; location?: string }> }).items;
  };
  for (const { address } of await itemsOf('concerts in berlin', 'events')) assert.match(address!, /^\S+straße \d+, \d{5} Berlin, Germany$/);
  for (const { address } of await itemsOf('jazz festival tickets', 'events')) assert.match(address!, /^\d+ .+, Seattle, WA \d{5}, USA$/);
  for (const { location } of await itemsOf('nurse jobs in london', 'jobs')) assert.ok(['London, UK', 'Remote'].includes(location!), location);
  for (const { location } of await itemsOf('remote jobs', 'jobs')) assert.equal(location, 'Remote');
});
