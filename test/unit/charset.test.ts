import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeBody, detectCharset } from '../../src/net/charset';

const html = (head: string, body = '') => Buffer.from(`<html><head>${head}</head><body>${body}</body></html>`, 'latin1');

test('charset order: BOM, then Content-Type, then <meta>, else UTF-8; unknown labels skipped', () => {
  assert.equal(detectCharset(Buffer.from([0xef, 0xbb, 0xbf, 0x41]), 'text/html; charset=windows-1252'), 'utf-8');
  assert.equal(detectCharset(Buffer.from([0xff, 0xfe, 0x41, 0x00]), undefined), 'utf-16le');
  assert.equal(detectCharset(html('<meta charset="shift_jis">'), 'text/html; charset="ISO-8859-2"'), 'iso-8859-2');
  assert.equal(detectCharset(html('<meta charset=Shift_JIS>'), 'text/html'), 'shift_jis');
  assert.equal(detectCharset(html('<meta http-equiv="Content-Type" content="text/html; charset=EUC-KR">'), undefined), 'euc-kr');
  assert.equal(detectCharset(html('<meta charset="no-such-charset">'), 'text/html; charset=bogus'), 'utf-8');
  assert.equal(detectCharset(html('<meta charset="utf-16">'), undefined), 'utf-8');
  assert.equal(detectCharset(html(''), undefined), 'utf-8');
});

test('windows-1252 decodes 0x80–0x9F as the characters it has there (Node 20 gives C1 controls)', () => {
  assert.equal(decodeBody(Buffer.from([0x80, 0x20, 0x93, 0x41, 0x94, 0x20, 0x96, 0x20, 0x85, 0xe9]), 'text/plain; charset=windows-1252'), '€ “A” – …é');
  // latin1 and iso-8859-1 are windows-1252 in the Encoding standard, as in browsers.
  assert.equal(decodeBody(Buffer.from([0x99]), 'text/plain; charset=iso-8859-1'), '™');
});

/** "Привет, мир" in windows-1251 (not valid UTF-8). */
const CYRILLIC_1251 = Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x2c, 0x20, 0xec, 0xe8, 0xf0]);

test('a <meta charset> past the first 1024 bytes is honoured in a page that is not UTF-8 (a browser changes the encoding when its parser meets it)', () => {
  const longHead = `<html><head><script>${'/* a long script before the meta */ '.repeat(40)}</script>`;
  const page = Buffer.concat([Buffer.from(`${longHead}<meta charset="windows-1251"><title>t</title></head><body><p>`), CYRILLIC_1251, Buffer.from('</p></body></html>')]);
  assert.ok(page.indexOf('<meta') > 1024);
  assert.equal(detectCharset(page, 'text/html'), 'windows-1251');
  assert.match(decodeBody(page, 'text/html'), /<p>Привет, мир<\/p>/);
  // The http-equiv form too; and a page that is valid UTF-8 stays UTF-8 whatever a late <meta> says.
  const httpEquiv = Buffer.concat([Buffer.from(`${longHead}<meta http-equiv="content-type" content="text/html; charset=windows-1251"></head><body>`), CYRILLIC_1251]);
  assert.equal(detectCharset(httpEquiv, undefined), 'windows-1251');
  const utf8 = Buffer.from(`${longHead}<meta charset="windows-1251"></head><body>Привет</body></html>`, 'utf8');
  assert.equal(detectCharset(utf8, 'text/html'), 'utf-8');
  // The header's charset still wins.
  assert.equal(detectCharset(page, 'text/html; charset=koi8-r'), 'koi8-r');
});

test('XML without a charset parameter is read in the encoding its <?xml … encoding="…"?> declaration names, else UTF-8', () => {
  const feed = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="windows-1251"?>\n<rss><channel><title>'), CYRILLIC_1251, Buffer.from('</title></channel></rss>')]);
  for (const type of ['application/xml', 'text/xml', 'application/rss+xml', 'application/atom+xml', 'application/vnd.example+xml; q=1']) {
    assert.equal(detectCharset(feed, type), 'windows-1251', type);
    assert.match(decodeBody(feed, type), /<title>Привет, мир<\/title>/, type);
  }
  assert.equal(detectCharset(Buffer.from("<?xml version='1.0' encoding='ISO-8859-1' standalone='yes'?><a/>"), 'text/xml'), 'iso-8859-1');
  assert.equal(detectCharset(feed, 'application/xml; charset=utf-8'), 'utf-8', 'the charset parameter wins (RFC 7303)');
  assert.equal(detectCharset(Buffer.from('<?xml version="1.0"?><a><meta charset="shift_jis"/></a>'), 'application/xml'), 'utf-8', 'no declared encoding: UTF-8, not an HTML <meta>');
  assert.equal(detectCharset(Buffer.from('<?xml version="1.0" encoding="UTF-16"?><a/>'), 'text/xml'), 'utf-8', 'declared in ASCII, so not UTF-16');
});
