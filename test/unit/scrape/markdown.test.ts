import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePage, bodyOf } from '../../../src/scrape/dom';
import { toMarkdown, toText } from '../../../src/scrape/markdown';
import { toCleanHtml } from '../../../src/scrape/clean-html';

const BASE = 'https://site.example/blog/post';

function markdown(html: string): string {
  return toMarkdown(bodyOf(parsePage(`<body>${html}</body>`)).children, BASE);
}

test('headings, emphasis, strike-through and paragraphs', () => {
  assert.equal(
    markdown('<h1>Title</h1><h3>Sub <em>part</em></h3><p>A <strong>bold</strong>, <i>slanted</i> and <del>gone</del> word.</p><p>Second</p>'),
    '# Title\n\n### Sub *part*\n\nA **bold**, *slanted* and ~~gone~~ word.\n\nSecond',
  );
});

test('links and images are made absolute against the page; unreadable links keep their text only', () => {
  assert.equal(
    markdown('<p><a href="../about">About us</a>, <a href="https://other.example/x?a=(1)">other</a>, <a href="javascript:void(0)">menu</a>, <img src="/i/cat.png" alt="A [cat]"></p>'),
    '[About us](https://site.example/about), [other](https://other.example/x?a=%281%29), menu, ![A \\[cat\\]](https://site.example/i/cat.png)',
  );
});

test('nested lists keep their structure and ordered lists their start', () => {
  assert.equal(
    markdown('<ul><li>One<ul><li>One.a</li><li>One.b</li></ul></li><li>Two</li></ul><ol start="3"><li>Third</li><li>Fourth</li></ol>'),
    '- One\n  - One.a\n  - One.b\n- Two\n\n3. Third\n4. Fourth',
  );
});

test('code blocks are fenced with their language; inline code keeps its backticks apart', () => {
  assert.equal(
    markdown('<pre><code class="hljs language-typescript">const a = 1;\n\nconsole.log(a * 2);</code></pre><p>Run <code>npm ci</code> or <code>a`b</code>.</p>'),
    '```typescript\nconst a = 1;\n\nconsole.log(a * 2);\n```\n\nRun `npm ci` or ``a`b``.',
  );
});

test('a code block holding a fence gets a longer one', () => {
  assert.equal(markdown('<pre>```\nx\n```</pre>'), '````\n```\nx\n```\n````');
});

test('tables become GFM tables: header row, pipes escaped, colspans filled, short rows padded', () => {
  assert.equal(
    markdown('<table><thead><tr><th>Name</th><th>Value</th><th>Note</th></tr></thead><tbody><tr><td>a|b</td><td colspan="2">wide</td></tr><tr><td><b>c</b></td></tr></tbody></table>'),
    '| Name | Value | Note |\n| --- | --- | --- |\n| a\\|b | wide |  |\n| **c** |  |  |',
  );
});

test('a layout table of one column is written as its content', () => {
  assert.equal(markdown('<table><tr><td><p>Just text</p></td></tr><tr><td>More</td></tr></table>'), 'Just text\n\nMore');
});

test('blockquotes, rules and line breaks', () => {
  assert.equal(markdown('<blockquote><p>Quoted</p><p>Twice</p></blockquote><hr><p>Line one<br>Line two</p>'), '> Quoted\n>\n> Twice\n\n---\n\nLine one  \nLine two');
});

test('text that Markdown would read as markup is escaped', () => {
  assert.equal(markdown('<p># not a heading</p><p>1. not a list, *not* emphasis_</p>'), '\\# not a heading\n\n1\\. not a list, \\*not\\* emphasis\\_');
});

test('whitespace collapses as HTML collapses it; scripts, styles and controls are not written', () => {
  assert.equal(markdown('<div>\n  Some   <span>spaced</span>\n text <script>alert(1)</script><style>p{}</style><button>Go</button></div>'), 'Some spaced text');
});

test('text keeps the blocks and drops the markup', () => {
  const body = bodyOf(parsePage('<body><h2>Title</h2><p>A <a href="/x">link</a> and <b>bold</b>.</p><ul><li>one</li><li>two</li></ul><table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table></body>'));
  assert.equal(toText(body.children, BASE), 'Title\n\nA link and bold.\n\none\ntwo\n\na\tb\n1\t2');
});

test('clean HTML keeps meaningful attributes only, absolute links, code languages', () => {
  const body = bodyOf(parsePage('<body><p class="x" style="color:red" onclick="evil()">Hi <a href="/a" target="_blank">there</a> <a href="javascript:x()">js</a></p><pre class="language-go"><code>x</code></pre></body>'));
  assert.equal(toCleanHtml(body.children, BASE), '<p>Hi <a href="https://site.example/a">there</a> <a>js</a></p><pre class="language-go"><code>x</code></pre>');
});
