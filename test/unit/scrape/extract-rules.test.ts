import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyRules, compileRules, ExtractRules } from '../../../src/scrape/extract-rules';

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
