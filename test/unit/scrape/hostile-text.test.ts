import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countText } from '../../../src/scrape/readability-scores';
import { compileSelector } from '../../../src/scrape/dom';
import { readPage } from '../../../src/scrape/page-content';
import { readArticleAuthor } from '../../../src/scrape/author';
import { detectTechnologies } from '../../../src/scrape/technology';

/**
 * Page text that made a pattern retry from every character of a run: quadratic in the run, so
 * a megabyte took hours. Each finishes now at once, with what it gave before.
 */
const URL_OF_PAGE = 'https://example.com/page';
const NBSP = '\u00a0';

test('readability counts: a line of a million stops, and a million letters before one stop', () => {
  // /v1/seo/onpage/content counts the page's main text on the event loop.
  assert.deepEqual(countText(`${'.'.repeat(1_000_000)}x`), { words: 1, sentences: 1, characters: 1, letters: 1, syllables: 1 });
  assert.equal(countText(`${'a'.repeat(1_000_000)}.`).sentences, 1);
  assert.equal(countText(`${'a '.repeat(500_000)}b`).sentences, 1);
  // What the patterns meant is unchanged: runs of stops count once, a closing quote may follow, a
  // line that ends without a stop is a sentence too.
  assert.equal(countText('Wait... what?! "Yes." (No.) Fine').sentences, 5);
  assert.equal(countText('Version 2.0 is out.').sentences, 1);
});

test('markdown: headings, emphasis and cells around a long run of non-breaking spaces', () => {
  // A million: the patterns took about a second for 40,000, and four times that for twice as many.
  const run = NBSP.repeat(1_000_000);
  assert.equal(readPage(`<h1>a${run}b</h1>`, URL_OF_PAGE, { format: 'markdown' }).content, `# a${run}b`);
  assert.equal(readPage(`<p><b>a${run}b</b></p>`, URL_OF_PAGE, { format: 'markdown' }).content, `**a${run}b**`);
  const table = `<table><tr><th>h</th><th>i</th></tr><tr><td><p>a</p><p>a${run}b</p></td><td>c</td></tr></table>`;
  const cell = readPage(table, URL_OF_PAGE, { format: 'markdown', selector: compileSelector('table', 'selector') }).content;
  assert.equal(cell, `| h | i |\n| --- | --- |\n| a a${run}b | c |`);
  // Emphasis stays outside the text's edge spaces; a line break inside a heading is one space.
  assert.equal(readPage(`<p>x<b> bold </b>y</p><h2>two<br>lines</h2>`, URL_OF_PAGE, { format: 'markdown' }).content, 'x **bold** y\n\n## two lines');
});

test('a page nested a million elements deep (the 10 MiB a fetch reads) is parsed once over, its deep text kept', { timeout: 60_000 }, () => {
  // htmlparser2 shifts its array of open elements at every tag: a megabyte of nested <div>s took
  // 6 s on the event loop (author finder, technology), ten megabytes hours.
  const levels = 1_000_000;
  const html = `<html><head><meta name="author" content="Jane Doe"><meta name="generator" content="WordPress 6.4"></head><body>${'<div>'.repeat(levels)}deep &amp; text${'</div>'.repeat(levels)}<p>after</p></body></html>`;
  assert.equal(readArticleAuthor(html, URL_OF_PAGE)?.fullName, 'Jane Doe');
  const page = { url: URL_OF_PAGE, statusCode: 200, headers: { 'content-type': 'text/html' }, contentType: 'text/html', body: Buffer.from(html), text: html, redirects: [] };
  assert.ok(detectTechnologies(page).some((technology) => technology.name === 'WordPress'));
  // Past the limit the markup is read as its text: the words stay, the elements around them do not.
  assert.match(readPage(html, URL_OF_PAGE, { format: 'text' }).content, /^deep & text ?after$/);
});
