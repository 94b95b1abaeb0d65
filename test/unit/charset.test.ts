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
