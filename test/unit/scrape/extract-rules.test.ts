import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstElementDeeperThan, MAX_DEPTH } from '../../../src/scrape/dom';
import { applyRules, compileRules, ExtractionRefused, ExtractRules, MAX_EXTRACTED_CHARACTERS, withoutLeadingDoctype } from '../../../src/scrape/extract-rules';

const PAGE = `<!doctype html><html><head><title>Shop</title><meta property="og:price" content="9.99"></head><body>
<h1>  Fresh
  fruit </h1>
<TABLE id="prices"><tr><th>Product</th><th>Price</th></tr>
<tr><td class="name">Apple</td><td class="price">1.20</td></tr>
<tr><td class="name">Pear</td><td class="price">0.95</td></tr></TABLE>
<a href="/a" class="more">More</a><a href="https://b.example/">Other</a><a>No link</a>
</body></html>`;

function extract(rules: unknown) {
  return applyRules(PAGE, compileRules(ExtractRules.parse(rules)));
}

test('a CSS string rule gives the trimmed, collapsed text of the first match', () => {
  assert.deepEqual(extract({ title: 'h1', first: 'td.name' }), { title: 'Fresh fruit', first: 'Apple' });
});

test('attribute and all read every match\'s attribute; matches without it are left out', () => {
  assert.deepEqual(extract({ links: { selector: 'a', attribute: 'href', all: true }, price: { selector: 'meta[property="og:price"]', attribute: 'content' } }), {
    links: ['/a', 'https://b.example/'],
    price: '9.99',
  });
});

test('XPath is evaluated on the HTML, element names matched as a browser matches them', () => {
  assert.deepEqual(
    extract({
      names: { selector: '//table[@id="prices"]//td[@class="name"]', type: 'xpath', all: true },
      secondPrice: { selector: '//tr[3]/td[2]', type: 'xpath' },
      hrefs: { selector: '//a/@href', type: 'xpath', all: true },
      rows: { selector: 'count(//tr)', type: 'xpath' },
      heading: { selector: 'normalize-space(//h1)', type: 'xpath' },
      cellHref: { selector: '//td', type: 'xpath', attribute: 'href' },
    }),
    { names: ['Apple', 'Pear'], secondPrice: '0.95', hrefs: ['/a', 'https://b.example/'], rows: '3', heading: 'Fresh fruit', cellHref: null },
  );
});

test('no match is null, or an empty array with all', () => {
  assert.deepEqual(extract({ none: '.missing', noneAll: { selector: '.missing', all: true }, noneXPath: { selector: '//video', type: 'xpath' } }), {
    none: null,
    noneAll: [],
    noneXPath: null,
  });
});

test('an invalid CSS selector or XPath expression is a 400 naming the rule', () => {
  const refusal = (param: string) => (error: any) => error.code === 'VALIDATION_ERROR' && error.param === param && error.message.startsWith(`${param}: `);
  assert.throws(() => compileRules(ExtractRules.parse({ good: 'h1', bad: 'div[' })), refusal('extractRules.bad'));
  assert.throws(() => compileRules(ExtractRules.parse({ broken: { selector: '//div[', type: 'xpath' } })), refusal('extractRules.broken'));
  assert.throws(() => compileRules(ExtractRules.parse({ unknown: 'a:not-a-pseudo' })), refusal('extractRules.unknown'));
});

test('the rules object needs at least one rule and takes no unknown fields in a rule', () => {
  assert.equal(ExtractRules.safeParse({}).success, false);
  assert.equal(ExtractRules.safeParse({ a: { selector: 'a', kind: 'css' } }).success, false);
  assert.equal(ExtractRules.safeParse({ a: { selector: 'a', type: 'regex' } }).success, false);
});

test('a page opening with many comments and no doctype is read in time linear in its size', () => {
  // The doctype was stripped by a pattern that backtracked through every split of the comments:
  // 33 took 50 s, and each one more doubled it.
  const page = `${'<!--a-->'.repeat(10_000)}<p>x</p>`;
  assert.deepEqual(applyRules(page, compileRules(ExtractRules.parse({ p: { selector: '//p', type: 'xpath' } }))), { p: 'x' });
  assert.equal(withoutLeadingDoctype(`${'<!--a-->'.repeat(100_000)}<p>x</p>`), `${'<!--a-->'.repeat(100_000)}<p>x</p>`);
});

test('the doctype is left out after leading whitespace and comments, and only there', () => {
  assert.equal(withoutLeadingDoctype(' <!-- a --> \n<!-- b --><!DOCTYPE html><html></html>'), ' <!-- a --> \n<!-- b --><html></html>');
  assert.equal(withoutLeadingDoctype('<!doctype html><p>x</p>'), '<p>x</p>');
  assert.equal(withoutLeadingDoctype('<p>x</p><!doctype html>'), '<p>x</p><!doctype html>');
  assert.equal(withoutLeadingDoctype('<!-- never closed <!doctype html>'), '<!-- never closed <!doctype html>');
  assert.equal(withoutLeadingDoctype('<!doctype html'), '<!doctype html');
  // Closed at once, as HTML and linkedom's parser close them.
  assert.equal(withoutLeadingDoctype('<!--><!---><!doctype html><p>x</p>'), '<!--><!---><p>x</p>');
  const commented = `<!-- shop -->\n<!doctype html><html><body><h1>Shop</h1></body></html>`;
  assert.deepEqual(applyRules(commented, compileRules(ExtractRules.parse({ h: { selector: '/html/body/h1', type: 'xpath' } }))), { h: 'Shop' });
});

const nested = (depth: number, inner = 'x') => `<html><body>${'<div>'.repeat(depth - 2)}${inner}${'</div>'.repeat(depth - 2)}</body></html>`;
const refusal = (pattern: RegExp) => (error: unknown) =>
  error instanceof ExtractionRefused && error.status === 502 && error.code === 'UPSTREAM_ERROR' && pattern.test(error.message) && error.message.endsWith('; you were not charged.');

test(`a page nested up to ${MAX_DEPTH} elements deep is read; one deeper is refused (502 naming url) before it is parsed`, () => {
  const deepest = compileRules(ExtractRules.parse({ divs: { selector: 'count(//div)', type: 'xpath' }, text: 'div div div' }));
  assert.deepEqual(applyRules(nested(MAX_DEPTH), deepest), { divs: String(MAX_DEPTH - 2), text: 'x' });
  const deeper = new RegExp(`^url: the page nests elements more than ${MAX_DEPTH} deep`);
  assert.throws(() => applyRules(nested(MAX_DEPTH + 1), deepest), refusal(deeper));
  // 2,000,000 levels (10 MB, the largest page fetched): linkedom's parser would take hours.
  assert.throws(() => applyRules(`${'<div>'.repeat(2_000_000)}x`, deepest), refusal(deeper));
});

test('depth is counted as the parser nests: implied ends, void elements and stray end tags do not add up', () => {
  const paragraphs = `<body>${'<p>unclosed '.repeat(2_000)}${'<li>item '.repeat(2_000)}${'<br><img src=a>'.repeat(2_000)}${'</span>'.repeat(2_000)}</body>`;
  const nestsDeeperThan = (html: string, limit: number) => firstElementDeeperThan(html, limit) !== -1;
  assert.equal(nestsDeeperThan(paragraphs, 10), false);
  assert.equal(nestsDeeperThan(`${'<div>'.repeat(11)}`, 10), true);
  assert.equal(nestsDeeperThan(`${'<div></div>'.repeat(1_000)}`, 1), false);
  assert.equal(firstElementDeeperThan(`<p>a</p>${'<div>'.repeat(11)}`, 10), '<p>a</p>'.length + 5 * 10, 'where the 11th opens');
  assert.deepEqual(applyRules(paragraphs, compileRules(ExtractRules.parse({ items: { selector: 'li', all: true } }))).items!.length, 2_000);
});

test(`values past ${MAX_EXTRACTED_CHARACTERS / 1024 / 1024} MiB of text in all are refused (502 naming url)`, () => {
  // Every level's text holds the page's: 200 levels of 200 KB are 40 MB of values from a 200 KB page.
  const page = nested(202, 'x'.repeat(200_000));
  assert.throws(() => applyRules(page, compileRules(ExtractRules.parse({ all: { selector: 'div', all: true } }))), refusal(/^url: the rules' values come to more than 32 MiB of text/));
  // The first match alone is well within it: no other match is read.
  assert.equal((applyRules(page, compileRules(ExtractRules.parse({ first: 'div' }))).first as string).length, 200_000);
});
