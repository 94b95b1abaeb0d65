import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { documentKind, servedType } from '../../../src/net/document-kind';

/** A body served without a Content-Type is what its bytes say it is, as a browser sniffs it. */
describe('document kind of an untyped body', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

  test('signatures of images, PDFs and archives name their type; binary bytes are application/octet-stream', () => {
    assert.equal(servedType(undefined, png), 'image/png');
    assert.equal(servedType('', Buffer.from('GIF89a\x01\x00', 'latin1')), 'image/gif');
    assert.equal(servedType(undefined, Buffer.from([0xff, 0xd8, 0xff, 0xe0])), 'image/jpeg');
    assert.equal(servedType(undefined, Buffer.from('%PDF-1.7\n')), 'application/pdf');
    assert.equal(servedType(undefined, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14])), 'application/zip');
    assert.equal(servedType(undefined, Buffer.concat([Buffer.from([0, 1, 2, 3]), png])), 'application/octet-stream');
  });

  test('text, HTML and UTF-16 with its byte-order mark stay untyped (read as HTML); a declared type is kept', () => {
    assert.equal(servedType(undefined, Buffer.from('<p>Hello\tworld</p>\r\n')), undefined);
    assert.equal(servedType(undefined, Buffer.from('\ufeffhi', 'utf16le')), undefined);
    assert.equal(servedType(undefined, Buffer.alloc(0)), undefined);
    assert.equal(servedType('text/plain', png), 'text/plain');
  });

  test('an untyped binary body is a 502 naming url and what it is', () => {
    assert.throws(() => documentKind(servedType(undefined, Buffer.from([0, 1, 2, 3])), 'scrape'), { status: 502, message: /^url: the page is application\/octet-stream, not HTML or text/ });
    assert.equal(documentKind(servedType(undefined, Buffer.from('<p>hi</p>')), 'scrape'), 'html');
  });
});
