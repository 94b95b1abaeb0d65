import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PageReaders } from '../../../src/scrape/page-readers';
import { applyRules, compileRules, ExtractionRefused, ExtractRules } from '../../../src/scrape/extract-rules';

const PAGE = `<!doctype html><html><body><h1>Prices</h1><table id="prices"><tr><td class="name">Apple</td><td class="price">1.20</td></tr>
<tr><td class="name">Pear</td><td class="price">0.95</td></tr></table><a href="/more">More</a></body></html>`;
const RULES = ExtractRules.parse({ title: 'h1', names: { selector: 'td.name', all: true }, price: { selector: '//tr[2]/td[2]', type: 'xpath' }, link: { selector: 'a', attribute: 'href' } });
/**
 * Flat, but each of 5,000 divs asks for every div before it: quadratic whatever the engine, tens of
 * seconds (matches in document order came to take `//div` over 20,000 divs from minutes to 0.4 s,
 * so a plain path is no longer slow enough to be caught running).
 */
const SLOW_PAGE = `<html><body>${'<div>x</div>'.repeat(5_000)}</body></html>`;
const SLOW_RULES = ExtractRules.parse({ divs: { selector: '//div[not(preceding::div)]', type: 'xpath', all: true } });

describe('extraction on the page readers\' threads', () => {
  const readers = new PageReaders(1, { extractionTimeLimitMs: 300 });
  const live = () => new AbortController().signal;
  after(() => readers.close());

  test('extracts on a thread exactly as applyRules does on the main one', async () => {
    const extracted = await readers.extract({ markup: PAGE, rules: RULES }, live());
    assert.deepEqual(extracted, applyRules(PAGE, compileRules(RULES)));
    assert.deepEqual(extracted, { title: 'Prices', names: ['Apple', 'Pear'], price: '0.95', link: '/more' });
  });

  test('a refusal on the thread is an ExtractionRefused here: 502 naming url', async () => {
    const deep = `${'<div>'.repeat(100_000)}x`;
    await assert.rejects(readers.extract({ markup: deep, rules: RULES }, live()), (error) => {
      assert.ok(error instanceof ExtractionRefused);
      assert.equal(error.status, 502);
      assert.equal(error.message, 'url: the page nests elements more than 256 deep, past what extraction reads; you were not charged.');
      return true;
    });
  });

  test('past the time limit the thread is ended: a 502 naming url; the next extraction, queued behind it, is not charged its wait', async () => {
    const slow = readers.extract({ markup: SLOW_PAGE, rules: SLOW_RULES }, live());
    // One thread: this waits in the queue until the slow one's thread is ended and another started.
    const queued = readers.extract({ markup: PAGE, rules: RULES }, live());
    await assert.rejects(slow, (error) => {
      assert.ok(error instanceof ExtractionRefused);
      assert.match(error.message, /^url: applying the rules to this page took longer than 0\.3 s \(XPath over a large page is slow/);
      return true;
    });
    assert.deepEqual((await queued).names, ['Apple', 'Pear']);
  });

  test('an aborted call ends its extraction with the call\'s reason, and the threads go on serving', async () => {
    const readersWithTime = new PageReaders(1, { extractionTimeLimitMs: 600_000 });
    try {
      const controller = new AbortController();
      const reason = new Error('the client went away');
      const extracting = readersWithTime.extract({ markup: SLOW_PAGE, rules: SLOW_RULES }, controller.signal);
      // Long enough for the thread to start on it (its limit, ten minutes, never comes into it).
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      controller.abort(reason);
      await assert.rejects(extracting, (error) => error === reason);
      assert.deepEqual((await readersWithTime.extract({ markup: PAGE, rules: RULES }, live())).price, '0.95');
    } finally {
      await readersWithTime.close();
    }
  });
});
