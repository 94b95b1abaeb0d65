import { test } from 'node:test';
import assert from 'node:assert/strict';
import { personName, readArticleAuthor } from '../../../src/scrape/author';

const URL = 'https://www.dailyplanet.example/2024/03/story';

function page(head: string, body = ''): string {
  return `<!doctype html><html><head><title>A story</title>${head}</head><body>${body}</body></html>`;
}

function jsonLd(value: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
}

const janeDoe = { fullName: 'Jane Doe', firstName: 'Jane', lastName: 'Doe' };

test('JSON-LD: the Article\'s Person author wins over the meta tag and the byline', () => {
  const html = page(
    jsonLd({ '@context': 'https://schema.org', '@type': 'NewsArticle', headline: 'x', author: { '@type': 'Person', name: 'Jane Doe' } }) +
      '<meta name="author" content="Other Person">',
    '<p class="byline">By Third Person</p>',
  );
  assert.deepEqual(readArticleAuthor(html, URL), janeDoe);
});

test('JSON-LD: @graph with an author by @id, arrays, plain strings, given and family names', () => {
  const graph = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'WebSite', '@id': '#site', name: 'Daily Planet' },
      { '@type': 'BlogPosting', author: [{ '@id': '#jane' }, { '@id': '#john' }] },
      { '@type': 'Person', '@id': '#jane', name: 'Jane Doe' },
      { '@type': 'Person', '@id': '#john', name: 'John Roe' },
    ],
  };
  assert.deepEqual(readArticleAuthor(page(jsonLd(graph)), URL), janeDoe);
  assert.deepEqual(readArticleAuthor(page(jsonLd([{ '@type': 'Article', author: ['Jane Doe', 'John Roe'] }])), URL), janeDoe);
  assert.deepEqual(readArticleAuthor(page(jsonLd({ '@type': 'Article', author: { '@type': 'Person', givenName: 'Jane', familyName: 'Doe' } })), URL), janeDoe);
});

test('JSON-LD: an organisation as author, or the publisher\'s own name, is passed over for the next source', () => {
  const organisation = jsonLd({ '@type': 'Article', author: { '@type': 'Organization', name: 'Planet Media Group' } });
  assert.deepEqual(readArticleAuthor(page(organisation + '<meta name="author" content="Jane Doe">'), URL), janeDoe);
  const publisher = jsonLd({ '@type': 'Article', author: 'Daily Planet', publisher: { '@type': 'Organization', name: 'Daily Planet' } });
  assert.equal(readArticleAuthor(page(publisher), URL), null);
  // The site's own host name, as an author string.
  assert.equal(readArticleAuthor(page('<meta name="author" content="DailyPlanet">'), URL), null);
  assert.equal(readArticleAuthor(page('<meta property="og:site_name" content="The Planet"><meta name="author" content="The Planet">'), URL), null);
});

test('a personal site named after its author still has that author', () => {
  const personal = jsonLd({ '@type': 'BlogPosting', author: { '@type': 'Person', name: 'Jane Doe' }, publisher: { '@type': 'Person', name: 'Jane Doe' } });
  assert.deepEqual(readArticleAuthor(page('<meta property="og:site_name" content="Jane Doe">' + personal), 'https://janedoe.example/posts/1'), janeDoe);
  assert.deepEqual(readArticleAuthor(page('<meta name="author" content="Jane Doe">'), 'https://www.janedoe.example/posts/1'), janeDoe);
});

test('a malformed JSON-LD block is skipped, not fatal', () => {
  assert.deepEqual(readArticleAuthor(page('<script type="application/ld+json">{"author": </script><meta name="author" content="Jane Doe">'), URL), janeDoe);
});

test('meta author, then article:author when it is a name and not a profile URL', () => {
  assert.deepEqual(readArticleAuthor(page('<meta name="author" content="Jane Doe">'), URL), janeDoe);
  assert.deepEqual(readArticleAuthor(page('<meta property="article:author" content="https://social.example/jane.doe"><meta property="article:author" content="Jane Doe">'), URL), janeDoe);
  assert.equal(readArticleAuthor(page('<meta property="article:author" content="https://social.example/jane.doe">'), URL), null);
});

test('rel=author link text', () => {
  assert.deepEqual(readArticleAuthor(page('<link rel="author" href="/humans.txt">', '<p>Posted by <a rel="author" href="/u/jane">Jane Doe</a></p>'), URL), janeDoe);
});

test('bylines: itemprop author with its name, byline classes, and "By …" text, with what follows the name left out', () => {
  assert.deepEqual(readArticleAuthor(page('', '<div itemprop="author" itemscope><img src="a.png"><span itemprop="name">Jane Doe</span><span>Staff writer</span></div>'), URL), janeDoe);
  assert.deepEqual(readArticleAuthor(page('', '<div class="c-byline"><span class="c-byline__author">By Jane Doe</span> · March 3, 2024 · 4 min read</div>'), URL), janeDoe);
  assert.deepEqual(readArticleAuthor(page('', '<header><p>By Jane Doe and John Roe, Senior Writers</p></header><p>Text of the article.</p>'), URL), janeDoe);
  assert.deepEqual(readArticleAuthor(page('', '<span class="author">JANE DOE</span>'), URL), janeDoe);
  assert.deepEqual(readArticleAuthor(page('', '<p class="post-meta">Written by: Jane Doe | Updated 3 hours ago</p>'), URL), janeDoe);
});

test('what is not a person\'s name is refused', () => {
  for (const author of ['Staff', 'Admin', 'admin', 'Editorial Team', 'The Verge Staff', 'jane@example.com', 'https://example.com/jane', 'www.example.com', 'Reuters', 'Associated Press', 'Guest Author', 'About The Author', 'jdoe42', 'A'.repeat(90), 'One Two Three Four Five Six Seven']) {
    assert.equal(readArticleAuthor(page(`<meta name="author" content="${author}">`), URL), null, author);
  }
  // A byline's lone word is a label more often than a name.
  assert.equal(readArticleAuthor(page('', '<p class="byline">By Editor</p><div class="author-box">Subscribe</div>'), URL), null);
});

test('no author anywhere is null', () => {
  assert.equal(readArticleAuthor(page('<meta name="description" content="A story">', '<article><h1>Headline</h1><p>By the river, a story unfolds.</p></article>'), URL), null);
  assert.equal(readArticleAuthor('', URL), null);
});

test('names split: comma order, honorifics, middle names and initials, particles, post-nominals, hyphens, one word', () => {
  const cases: Array<[string, string, string | null, string | null]> = [
    ['Doe, Jane', 'Jane Doe', 'Jane', 'Doe'],
    ['Dr. Jane Doe', 'Jane Doe', 'Jane', 'Doe'],
    ['Prof Jane Q. Doe, PhD', 'Jane Q. Doe', 'Jane', 'Doe'],
    ['Jane Mary Doe', 'Jane Mary Doe', 'Jane Mary', 'Doe'],
    ['Mary Ann van der Berg', 'Mary Ann van der Berg', 'Mary Ann', 'van der Berg'],
    ['Ludwig van Beethoven', 'Ludwig van Beethoven', 'Ludwig', 'van Beethoven'],
    ['MARIA DE LA CRUZ', 'Maria de la Cruz', 'Maria', 'de la Cruz'],
    ['Jean-Luc O\'Brien Jr.', 'Jean-Luc O\'Brien', 'Jean-Luc', 'O\'Brien'],
    ['Madonna', 'Madonna', 'Madonna', null],
    ['June Carter', 'June Carter', 'June', 'Carter'],
    ['村上春樹', '村上春樹', '村上春樹', null],
  ];
  for (const [input, fullName, firstName, lastName] of cases) {
    assert.deepEqual(personName(input, false), { fullName, firstName, lastName }, input);
  }
});
