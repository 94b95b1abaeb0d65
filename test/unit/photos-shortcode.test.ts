import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mediaIdOf, shortcodeOf, SHORTCODE_PATTERN } from '../../src/photos/shortcode';

/** A public pair: the post https://www.instagram.com/p/ybyPRoQWzX/ is media 908540701891980503 (owner 1639186) in the platform's API. */
const KNOWN = { shortcode: 'ybyPRoQWzX', mediaId: '908540701891980503' };

test('a known post: its shortcode is its media id in the base-64 alphabet, both ways', () => {
  assert.equal(mediaIdOf(KNOWN.shortcode), KNOWN.mediaId);
  assert.equal(shortcodeOf(KNOWN.mediaId), KNOWN.shortcode);
  assert.equal(shortcodeOf(`${KNOWN.mediaId}_1639186`), KNOWN.shortcode, 'the <media>_<owner> form reads its media part');
});

test('the alphabet: A is 0, _ is 63, the most significant digit first', () => {
  assert.equal(mediaIdOf('AAAAB'), '1');
  assert.equal(mediaIdOf('AAAA_'), '63');
  assert.equal(mediaIdOf('AAABA'), '64');
  assert.equal(mediaIdOf('AAA-_'), String(62 * 64 + 63));
  assert.equal(shortcodeOf(0n), 'A');
  assert.equal(shortcodeOf(64n), 'BA');
});

test('round trips over 64-bit ids, up to the largest', () => {
  const ids = [1n, 63n, 64n, 4095n, 908540701891980503n, 3491528318201744123n, (1n << 63n) - 1n, (1n << 64n) - 1n];
  for (const id of ids) {
    const code = shortcodeOf(id);
    assert.match(code, /^[A-Za-z0-9_-]{1,11}$/);
    assert.equal(mediaIdOf(code), id.toString(), code);
  }
  assert.equal(shortcodeOf((1n << 64n) - 1n), 'P__________');
  assert.throws(() => shortcodeOf(1n << 64n), RangeError);
});

test("a private post's long share code holds the media id in its first 11 characters; beyond 64 bits there is none", () => {
  const base = shortcodeOf(3491528318201744123n);
  assert.equal(base.length, 11);
  assert.equal(mediaIdOf(`${base}${'x'.repeat(28)}`), '3491528318201744123');
  assert.equal(mediaIdOf('Q__________'), null, '2^64 and up is no media id');
  assert.ok(SHORTCODE_PATTERN.test(`${base}${'x'.repeat(28)}`));
  assert.ok(!SHORTCODE_PATTERN.test('ab/cd'));
  assert.ok(!SHORTCODE_PATTERN.test('abcd'));
});
