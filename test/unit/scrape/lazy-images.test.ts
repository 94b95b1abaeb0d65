import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePage, bodyOf } from '../../../src/scrape/dom';
import { toMarkdown } from '../../../src/scrape/markdown';
import { toCleanHtml } from '../../../src/scrape/clean-html';

const BASE = 'https://site.example/blog/post';
const PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

function markdown(html: string): string {
  return toMarkdown(bodyOf(parsePage(`<body>${html}</body>`)).children, BASE);
}

function cleanHtml(html: string): string {
  return toCleanHtml(bodyOf(parsePage(`<body>${html}</body>`)).children, BASE);
}

test('a lazy-loaded image is its real address, absolute, not its placeholder: data-src over a data: URI, data-lazy-src with no src, data-src over a spinner', () => {
  assert.equal(markdown(`<p><img src="${PIXEL}" data-src="/i/cat.jpg" alt="Cat"></p>`), '![Cat](https://site.example/i/cat.jpg)');
  assert.equal(markdown('<p><img data-lazy-src="images/dog.webp" alt="Dog"></p>'), '![Dog](https://site.example/blog/images/dog.webp)');
  assert.equal(markdown('<p><img class="lazyload" src="/img/spinner.gif" data-src="https://cdn.example/owl.png" alt="Owl"></p>'), '![Owl](https://cdn.example/owl.png)');
  assert.equal(markdown('<p><img src="/i/plain.png" alt="Plain"></p>'), '![Plain](https://site.example/i/plain.png)');
});

test('a lazy srcset is read for its largest image, commas inside an address kept; a plain srcset when there is no src', () => {
  assert.equal(markdown(`<p><img src="${PIXEL}" data-srcset="/i/small.jpg 320w, /i/large.jpg 1280w, /i/medium.jpg 640w" alt="Set"></p>`), '![Set](https://site.example/i/large.jpg)');
  assert.equal(markdown('<p><img data-srcset="https://img.example/w_300,h_200/a.jpg 1x, https://img.example/w_600,h_400/a.jpg 2x" alt="Dense"></p>'), '![Dense](https://img.example/w_600,h_400/a.jpg)');
  assert.equal(markdown('<p><img srcset="/i/one.jpg 480w, /i/two.jpg 960w" alt="Native"></p>'), '![Native](https://site.example/i/two.jpg)');
});

test('an image with only a data: URI placeholder and nothing lazy is left out, as an unreadable one is', () => {
  assert.equal(markdown(`<p>Before <img src="${PIXEL}" alt="Nothing"> after</p>`), 'Before after');
});

test('clean HTML gives a lazy image its real address as src, and drops the lazy attributes', () => {
  assert.equal(
    cleanHtml(`<p><img src="${PIXEL}" data-src="/i/cat.jpg" data-srcset="/i/cat-2x.jpg 2x" alt="Cat"><img data-lazy-src="dog.jpg" alt="Dog"><img src="${PIXEL}" alt="None"></p>`),
    '<p><img alt="Cat" src="https://site.example/i/cat.jpg"><img alt="Dog" src="https://site.example/blog/dog.jpg"><img alt="None"></p>',
  );
});
