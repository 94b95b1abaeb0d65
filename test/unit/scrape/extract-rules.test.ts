import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileSelector, firstElementDeeperThan, MAX_DEPTH } from '../../../src/scrape/dom';
import { readPage } from '../../../src/scrape/page-content';
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

test('XPath matches come in document order: the first match is the first in the page, and positions and string() read it', () => {
  const page = `<html><body><nav><a href="/1">One</a><a href="/2">Two</a></nav><h1>Title</h1>
<div><a href="/3">Three</a><p><a href="/4">Four</a></p></div><a href="/5">Five</a></body></html>`;
  const rules = ExtractRules.parse({
    all: { selector: '//a', type: 'xpath', all: true },
    first: { selector: '//a', type: 'xpath' },
    union: { selector: '//h1 | //nav//a', type: 'xpath', all: true },
    hrefs: { selector: '//a/@href', type: 'xpath', all: true },
    positioned: { selector: '(//a)[1]', type: 'xpath' },
    last: { selector: '(//a)[last()]', type: 'xpath' },
    text: { selector: 'string(//a)', type: 'xpath' },
    twice: { selector: '//a | //nav/a', type: 'xpath', all: true },
  });
  assert.deepEqual(applyRules(page, compileRules(rules)), {
    all: ['One', 'Two', 'Three', 'Four', 'Five'],
    first: 'One',
    union: ['One', 'Two', 'Title'],
    hrefs: ['/1', '/2', '/3', '/4', '/5'],
    positioned: 'One',
    last: 'Five',
    text: 'One',
    twice: ['One', 'Two', 'Three', 'Four', 'Five'],
  });
});

const FEED = `<?xml version="1.0"?>
<rss version="2.0"><channel><title>Feed</title>
<item><title>First &amp; best</title><link>https://example.com/1</link><pubDate>Mon, 30 Nov 2026</pubDate></item>
<item><title>Second</title><link>https://example.com/2</link><description><![CDATA[<p>Some <b>HTML</b></p>]]></description></item>
</channel></rss>`;

test("XML is parsed as XML: RSS's <link> holds its URL for CSS and XPath, names keep their case, CDATA is text", () => {
  const rules = ExtractRules.parse({
    cssLinks: { selector: 'item link', all: true },
    xpathLink: { selector: '//item/link', type: 'xpath' },
    titles: { selector: '//item/title', type: 'xpath', all: true },
    date: 'item pubDate',
    description: 'description',
    item: 'item',
  });
  assert.deepEqual(applyRules(FEED, compileRules(rules), 'xml'), {
    cssLinks: ['https://example.com/1', 'https://example.com/2'],
    xpathLink: 'https://example.com/1',
    titles: ['First & best', 'Second'],
    date: 'Mon, 30 Nov 2026',
    description: '<p>Some <b>HTML</b></p>',
    item: 'First & best\nhttps://example.com/1\nMon, 30 Nov 2026',
  });
  const atom = '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><entry><title>E1</title><link href="https://example.com/e1"/></entry></feed>';
  assert.deepEqual(applyRules(atom, compileRules(ExtractRules.parse({ href: { selector: '//entry/link/@href', type: 'xpath' }, title: 'entry title' })), 'xml'), { href: 'https://example.com/e1', title: 'E1' });
  // Nested as XML nests: 300 <link>s in each other are 300 deep (as HTML they would be none).
  const deep = `<a>${'<link>'.repeat(300)}x${'</link>'.repeat(300)}</a>`;
  assert.throws(() => applyRules(deep, compileRules(ExtractRules.parse({ x: 'link' })), 'xml'), refusal(/nests elements more than 256 deep/));
});

test("a match's text is laid out as the text format lays out the same markup: <pre> kept, blocks and list items on lines of their own", () => {
  const page = `<html><body><ul id="list"><li>One<ul><li>Nested A</li><li>Nested B</li></ul></li><li>Two</li></ul>
<pre id="code">function f() {
    return 1;  // one
}</pre>
<div id="mixed"><h2>Head</h2><p>Para <b>bold</b>
  text<br>line two</p><table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td> d </td></tr></table><script>var hidden;</script></div></body></html>`;
  const extracted = applyRules(page, compileRules(ExtractRules.parse({ list: '#list', code: '#code', mixed: '#mixed', items: { selector: '//ul[@id="list"]/li', type: 'xpath', all: true } })));
  assert.deepEqual(extracted, {
    list: 'One\nNested A\nNested B\nTwo',
    code: 'function f() {\n    return 1;  // one\n}',
    mixed: 'Head\n\nPara bold text\nline two\n\na\tb\nc\td',
    items: ['One\nNested A\nNested B', 'Two'],
  });
  for (const id of ['list', 'code', 'mixed'] as const) {
    const { content } = readPage(page, 'https://example.com/', { format: 'text', selector: compileSelector(`#${id}`, 'selector') });
    assert.equal(extracted[id], content, `#${id} as /v1/scrape's text format writes it`);
  }
});
