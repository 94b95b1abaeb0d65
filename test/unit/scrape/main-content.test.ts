import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileSelector } from '../../../src/scrape/dom';
import { readPage } from '../../../src/scrape/page-content';
import { readHead } from '../../../src/scrape/metadata';
import { parsePage } from '../../../src/scrape/dom';

const PROSE = 'Pulling a good shot of espresso at home takes a grinder, fresh beans, and patience, and most people start with a semi-automatic machine.';

const NEWS_PAGE = `<!doctype html><html lang="en-GB"><head><title>Espresso at home | Brew</title>
<meta name="description" content="How to pull a shot."><meta property="og:title" content="Espresso at home">
<meta property="og:image" content="/cover.jpg"><meta name="twitter:card" content="summary_large_image">
<link rel="canonical" href="/espresso"></head><body>
<header class="masthead"><a href="/">Brew</a><nav><a href="/beans">Beans</a> <a href="/gear">Gear</a></nav></header>
<div id="sidebar"><h3>Popular</h3><ul><li><a href="/x">Ten grinders you should consider buying this year</a></li><li><a href="/y">Milk, steamed</a></li></ul></div>
<div class="story-body"><h1>Espresso at home</h1>
<p>${PROSE}</p><p>${PROSE}</p>
<div class="social-share"><a href="https://twitter.example/share">Tweet this article</a> <a href="https://facebook.example/share">Share it</a></div>
<p>${PROSE}</p>
<div style="display:none"><p>Hidden promotional paragraph that no reader sees on the page, ever, at all.</p></div>
</div>
<div class="comments"><p>Great post, thanks, very useful, I loved it, more please, and again.</p></div>
<footer><p>© Brew, all rights reserved, terms, privacy, cookies, contact, jobs.</p></footer></body></html>`;

test('readability keeps the story and drops navigation, sidebar, share bar, hidden blocks, comments and footer', () => {
  const page = readPage(NEWS_PAGE, 'https://brew.example/posts/1', { format: 'markdown' });
  assert.equal(page.content, `# Espresso at home\n\n${PROSE}\n\n${PROSE}\n\n${PROSE}`);
  assert.equal(page.title, 'Espresso at home | Brew');
});

test('a story split into several blocks is kept whole', () => {
  const html = `<body><nav><a href="/">Home</a></nav><div id="page"><div class="part"><p>${PROSE}</p></div><div class="part"><p>${PROSE} One.</p></div>
    <div class="part"><p>${PROSE} Two.</p></div><div class="part"><p>${PROSE} Three.</p></div></div></body>`;
  const content = readPage(html, 'https://a.example/', { format: 'text' }).content;
  assert.equal(content, [PROSE, `${PROSE} One.`, `${PROSE} Two.`, `${PROSE} Three.`].join('\n\n'));
});

test('a page with nothing that reads as a paragraph falls back to the whole body', () => {
  const html = '<body><h1>Links</h1><ul><li><a href="/a">A</a></li><li><a href="/b">B</a></li></ul><script>x()</script></body>';
  assert.equal(readPage(html, 'https://a.example/', { format: 'markdown' }).content, '# Links\n\n- [A](https://a.example/a)\n- [B](https://a.example/b)');
});

test('a selector restricts the output to every match, in order, without readability', () => {
  const html = '<body><nav class="menu"><a href="/a">A</a></nav><div class="card"><h2>One</h2><div class="card"><p>inner</p></div></div><div class="card"><h2>Two</h2></div></body>';
  const page = readPage(html, 'https://a.example/', { format: 'markdown', selector: compileSelector('.card, nav.menu', 'selector') });
  assert.equal(page.content, '[A](https://a.example/a)\n\n## One\n\ninner\n\n## Two');
});

test('an invalid selector is a 400 naming the field', () => {
  assert.throws(() => compileSelector('div[', 'selector'), (error: any) => error.code === 'VALIDATION_ERROR' && error.param === 'selector' && /selector/.test(error.message));
});

test('metadata: description, canonical, language, Open Graph and microblog card tags, camelCased and absolute', () => {
  const { metadata, title } = readHead(parsePage(NEWS_PAGE), 'https://brew.example/posts/1');
  assert.equal(title, 'Espresso at home | Brew');
  assert.equal(metadata.description, 'How to pull a shot.');
  assert.equal(metadata.canonical, 'https://brew.example/espresso');
  assert.equal(metadata.lang, 'en-GB');
  assert.equal(metadata.ogTitle, 'Espresso at home');
  assert.equal(metadata.ogImage, 'https://brew.example/cover.jpg');
  assert.equal(metadata.microCard, 'summary_large_image');
  assert.equal(metadata.ogDescription, null);
});

test('links resolve against <base href>; a page without <title> takes og:title, then its h1', () => {
  const html = '<head><base href="https://cdn.example/docs/"><meta property="og:title" content="OG"></head><body><p><a href="guide">Guide</a></p></body>';
  const page = readPage(html, 'https://a.example/x', { format: 'markdown' });
  assert.equal(page.content, '[Guide](https://cdn.example/docs/guide)');
  assert.equal(page.title, 'OG');
  assert.equal(readHead(parsePage('<body><h1> Heading  title </h1></body>'), 'https://a.example/').title, 'Heading title');
});

test('a page nested thousands of levels deep is read without overflowing the stack', () => {
  const html = `<body>${'<div>'.repeat(20_000)}<p>${PROSE}</p>${'</div>'.repeat(20_000)}</body>`;
  for (const format of ['markdown', 'text', 'html'] as const) assert.match(readPage(html, 'https://a.example/', { format }).content, /Pulling a good shot/);
});
