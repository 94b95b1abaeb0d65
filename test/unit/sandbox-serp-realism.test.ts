import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sandboxWebPage } from '../../src/providers/sandbox/serp/websearch';
import { sandboxImages, sandboxNews } from '../../src/providers/sandbox/serp/verticals';
import { rankedSites } from '../../src/providers/sandbox/organic-rankings';

/**
 * Pages a user would believe: an exact-match domain of a generic phrase does not top it unless it
 * is big enough to, the general sites show where their kind of query is asked, and the news is
 * reported by news publishers, the market's own first, under headlines that differ.
 */

const US = { locationCode: 2840, language: 'en' };
const GERMANY = { locationCode: 2276, language: 'de' };
const UK = { locationCode: 2826, language: 'en' };

type Result = { type: string; domain: string; title: string; data?: { items?: Array<{ title: string; domain: string }> } };

const organicDomains = (query: string, depth: number, market = US) =>
  (sandboxWebPage({ query, depth, ...market }).results as Result[]).filter((result) => result.type === 'organic').map((result) => result.domain);

test('weak exact-match domains of a generic query do not fill its first places; a made-up brand searched little tops its name', () => {
  const top = organicDomains('best running shoes', 10).slice(0, 3);
  assert.ok(top.filter((domain) => domain.startsWith('best-running-shoes.')).length <= 1, top.join(', '));
  // "oak ember" is searched some 240 times a month; oak-ember.app's traffic takes its first place's clicks.
  assert.equal(organicDomains('oak ember', 10)[0], 'oak-ember.app');
});

test('the shop, the code host and the newspaper show on the pages of their kind of query, the encyclopedia on every page', () => {
  for (const query of ['chocolate cake recipe', 'bundesliga']) {
    const sites = organicDomains(query, 20);
    assert.ok(!sites.includes('github.com') && !sites.includes('amazon.com'), `"${query}": ${sites.join(', ')}`);
    assert.ok(sites.includes('wikipedia.org'), query);
  }
  assert.ok(organicDomains('python tutorial', 20).includes('github.com'));
  assert.ok(organicDomains('red sneakers', 20).includes('amazon.com'));
  assert.ok(organicDomains('election news today', 20).includes('nytimes.com'));
  assert.ok(!organicDomains('red sneakers', 20).includes('github.com'));
});

test('a site that holds a query shows on its page whatever the query is about', () => {
  // github.com writes about web hosting (no software word), nytimes.com about recipes (no news word).
  assert.ok(rankedSites('web hosting', US).includes('github.com'));
  assert.ok(rankedSites('recipes', US).includes('nytimes.com'));
  assert.equal(rankedSites('github', US)[0], 'github.com');
});

test('image results come from the sites the web page ranks: no code host for sneakers', () => {
  const images = (sandboxImages({ query: 'red sneakers', depth: 20 }).results as Result[]).map((result) => result.domain);
  assert.ok(!images.includes('github.com'), images.join(', '));
  const sites = new Set(rankedSites('red sneakers', US));
  assert.ok(images.every((domain) => sites.has(domain)), images.join(', '));
});

/** A news page's stories and top stories, as its reader sees them. */
function newsStories(query: string, depth: number, market = US) {
  const results = sandboxNews({ query, depth, ...market }).results as Result[];
  return results.flatMap((result) => (result.type === 'topStories' ? result.data!.items! : [{ title: result.title, domain: result.domain }]));
}

test('the news is reported by news publishers, the market’s own first, under headlines no other story on the page shares', () => {
  const german = newsStories('bundesliga', 100, GERMANY);
  const sources = new Set(german.map((story) => story.domain));
  assert.equal(german[0]!.domain, 'spiegel.de');
  for (const notNews of ['amazon.com', 'github.com', 'youtube.com', 'medium.com']) assert.ok(!sources.has(notNews), `${notNews} among ${[...sources].join(', ')}`);
  assert.ok(sources.has('espn.com'), 'a sport query cites the sport publisher');
  assert.equal(new Set(german.map((story) => story.title)).size, german.length, 'no headline twice');

  const british = newsStories('interest rates', 10, UK).map((story) => story.domain);
  assert.ok(['bbc.co.uk', 'theguardian.com', 'dailymail.co.uk', 'independent.co.uk'].includes(british[0]!), british.join(', '));
  assert.ok(!newsStories('interest rates', 30, US).some((story) => story.domain === 'espn.com'));

  // Headlines vary with the query: not the same few phrases in the same order on every page.
  const shapes = (query: string) => newsStories(query, 10).map((story) => story.title.replace(/interest rates|electric cars/i, '…'));
  assert.notDeepEqual(shapes('interest rates'), shapes('electric cars'));
});
