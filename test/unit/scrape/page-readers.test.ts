import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PageReaders } from '../../../src/scrape/page-readers';
import { compileSelector } from '../../../src/scrape/dom';
import { headingsOf, readPage } from '../../../src/scrape/page-content';

const PAGE = `<!doctype html><html><head><title>Espresso at home</title><meta name="description" content="Pulling shots."></head><body>
<nav><a href="/">Home</a></nav>
<article><h1>Espresso at home</h1><p>Pulling a good shot takes a <a href="/grinders">grinder</a>, fresh beans, and patience.</p>
<h2>Dose</h2><table><tr><th>Dose</th><th>Yield</th></tr><tr><td>18 g</td><td>36 g</td></tr></table>
<h2>Milk</h2><ul><li>Whole milk</li><li>Oat milk</li></ul><p class="note">Steam to 60 °C.</p></article></body></html>`;
const URL_OF_PAGE = 'https://example.com/blog/espresso';

describe('page readers (worker threads)', () => {
  const readers = new PageReaders(2);
  const live = () => new AbortController().signal;
  after(() => readers.close());

  test('read on a thread exactly as readPage reads on the main one, in every format', async () => {
    for (const format of ['markdown', 'text', 'html'] as const) {
      const expected = readPage(PAGE, URL_OF_PAGE, { format });
      const read = await readers.read({ html: PAGE, url: URL_OF_PAGE, format }, live());
      assert.deepEqual(read, { title: expected.title, metadata: expected.metadata, content: expected.content });
    }
  });

  test('a selector given as text, and the headings when asked for', async () => {
    const expected = readPage(PAGE, URL_OF_PAGE, { format: 'markdown', selector: compileSelector('h2, .note', 'selector') });
    const read = await readers.read({ html: PAGE, url: URL_OF_PAGE, format: 'markdown', selector: 'h2, .note', headings: true }, live());
    assert.equal(read.content, expected.content);
    assert.equal(read.content, '## Dose\n\n## Milk\n\nSteam to 60 °C.');
    assert.deepEqual(read.headings, headingsOf(expected.nodes));
    assert.deepEqual(read.headings, [{ level: 2, text: 'Dose' }, { level: 2, text: 'Milk' }]);
  });

  test('the event loop stays free while a large page is read', async () => {
    const large = `<html><body><article>${'<p>Steam the milk, then pour it over the shot in a thin stream. </p>\n'.repeat(60_000)}</article></body></html>`;
    let turns = 0;
    let reading = true;
    const spin = () => {
      turns += 1;
      if (reading) setImmediate(spin);
    };
    setImmediate(spin);
    const read = await readers.read({ html: large, url: URL_OF_PAGE, format: 'text' }, live());
    reading = false;
    assert.ok(read.content.length > 3_000_000);
    // Read on this thread, the page would have kept the loop from turning until it was done.
    assert.ok(turns > 10, `the event loop turned ${turns} times during the read`);
  });

  test('an aborted call stops waiting at once, with its reason', async () => {
    const controller = new AbortController();
    const reason = new Error('the client went away');
    const reading = readers.read({ html: PAGE, url: URL_OF_PAGE, format: 'text' }, controller.signal);
    controller.abort(reason);
    await assert.rejects(reading, (error) => error === reason);
    const stopped = new AbortController();
    stopped.abort(reason);
    await assert.rejects(readers.read({ html: PAGE, url: URL_OF_PAGE, format: 'text' }, stopped.signal), (error) => error === reason);
  });
});
