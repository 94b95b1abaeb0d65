import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { askedIn, vendorWords } from '../../src/providers/http/vendor-words';

/** What the log may quote of a vendor's words: the rules one function applies for every vendor. */

describe('vendor words in the log', () => {
  test('each value the request carried is replaced by its name, whatever its case', () => {
    const asked = askedIn({ url: 'https://vendor.example/v1/users?username=JaneDoe&limit=5', json: { prompt: 'A portrait of Jane  Doe\nin Paris' }, headers: { 'x-api-key': 'k3y-abc-123' } });
    assert.equal(
      vendorWords('No user janedoe; prompt "A portrait of Jane Doe in Paris" refused; key K3Y-ABC-123 revoked', asked),
      'No user <username>; prompt "<prompt>" refused; key <x-api-key> revoked',
    );
  });

  test('a longer value wins where two overlap, and a name put in is never matched again', () => {
    const asked = askedIn({ json: { user: 'jane', handle: 'jane.doe.1985', tag: 'user' } });
    assert.equal(vendorWords('handle jane.doe.1985 (user jane) not found', asked), 'handle <handle> (<tag> <user>) not found');
  });

  test('e-mail addresses and phone numbers are masked even when the request did not carry them so', () => {
    assert.equal(vendorWords('Contact jane.doe@example.com or +1 (206) 555-0100, ref 40501.', []), 'Contact <email> or <number>, ref 40501.');
    assert.equal(vendorWords('call 0044 20 7946 0958 now', []), 'call <number> now');
  });

  test('codes, statuses and short numbers stay: they are what the operator needs', () => {
    assert.equal(vendorWords('status 40501: Invalid Field: location_code. HTTP 402', []), 'status 40501: Invalid Field: location_code. HTTP 402');
  });

  test('the text is put on one line and cut only after the values are out, so no half of one is kept', () => {
    const secret = 'a-very-long-secret-value';
    const text = `${'x'.repeat(290)} ${secret}\n\n${'y'.repeat(50)}`;
    const quoted = vendorWords(text, [['token', secret]], 300);
    assert.equal(quoted.length, 300);
    assert.ok(quoted.endsWith(' <token> y'), quoted);
    assert.doesNotMatch(quoted, /a-very/);
    assert.equal(vendorWords('   ', []), '(empty body)');
  });

  test('values shorter than three characters are left alone (they would match inside words)', () => {
    assert.equal(vendorWords('an error in en', askedIn({ json: { language: 'en' } })), 'an error in en');
  });

  test('a long body is read in one pass: only its start, with a value cut off at its end masked all the same', () => {
    const words = `${'word '.repeat(20_000)}jane@example.com`;
    assert.equal(vendorWords(words, [], 40), 'word word word word word word word word ');
    const digits = '1 '.repeat(50_000);
    assert.equal(vendorWords(digits, []), '<number>');
  });

  test('the names: query parameters, JSON keys (array items by their key), headers, and path segments when the path is not logged', () => {
    assert.deepEqual(
      askedIn({ url: 'https://v.example/lookup/jane%40example.com?q=coffee', json: { keywords: ['flat white', 'latte'], nested: { name: 'Jane' }, depth: 10 }, headers: { authorization: 'Bearer t0k3n' }, pathAsked: true }),
      [
        ['q', 'coffee'],
        ['path', ''],
        ['path', 'lookup'],
        ['path', 'jane@example.com'],
        ['keywords', 'flat white'],
        ['keywords', 'latte'],
        ['name', 'Jane'],
        ['authorization', 'Bearer t0k3n'],
      ],
    );
  });
});
