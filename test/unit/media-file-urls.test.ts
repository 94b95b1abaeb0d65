import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { MediaFileUrls, newMediaFileId } from '../../src/media/file-urls';

const secret = Buffer.from('a test secret of thirty-two bytes');
const urls = new MediaFileUrls(secret);
const fileId = 'mf_AAECAwQFBgcICQoLDA0ODw';
const expiresAt = 1_800_000_000;
const now = expiresAt - 3600;

/** The URL's query parameters, as the route reads them. */
function parts(url: string): { path: string; expires: string | undefined; signature: string | undefined } {
  const parsed = new URL(url, 'http://tollgate.test');
  return { path: parsed.pathname, expires: parsed.searchParams.get('expires') ?? undefined, signature: parsed.searchParams.get('signature') ?? undefined };
}

describe('media file ids', () => {
  test('mf_ + 22 base64url characters, never repeated', () => {
    const ids = Array.from({ length: 5_000 }, () => newMediaFileId());
    for (const id of ids) assert.match(id, /^mf_[A-Za-z0-9_-]{22}$/);
    assert.equal(new Set(ids).size, ids.length);
  });
});

describe('signed media file URLs', () => {
  test('the URL names the file, its expiry and an HMAC-SHA256 of both, base64url', () => {
    const url = urls.url(fileId, expiresAt);
    const expected = createHmac('sha256', secret).update(`${fileId}.${expiresAt}`).digest('base64url');
    assert.equal(url, `/v1/media/files/${fileId}?expires=${expiresAt}&signature=${expected}`);
    assert.equal(new MediaFileUrls(secret, '/files').url(fileId, expiresAt), `/files/${fileId}?expires=${expiresAt}&signature=${expected}`);
  });

  test('a URL we issued is valid before its expiry and expired from it on', () => {
    const { path, expires, signature } = parts(urls.url(fileId, expiresAt));
    assert.equal(path, `/v1/media/files/${fileId}`);
    assert.equal(urls.check(fileId, expires, signature, now), 'valid');
    assert.equal(urls.check(fileId, expires, signature, expiresAt - 1), 'valid');
    assert.equal(urls.check(fileId, expires, signature, expiresAt), 'expired');
    assert.equal(urls.check(fileId, expires, signature, expiresAt + 86_400), 'expired');
  });

  test('a signature for another file, another expiry or another secret is invalid, before or after expiry', () => {
    const { expires, signature } = parts(urls.url(fileId, expiresAt));
    const otherFile = parts(urls.url('mf_ZZZZZZZZZZZZZZZZZZZZZZ', expiresAt));
    for (const at of [now, expiresAt + 10]) {
      assert.equal(urls.check('mf_ZZZZZZZZZZZZZZZZZZZZZZ', expires, signature, at), 'invalid');
      assert.equal(urls.check(fileId, otherFile.expires, otherFile.signature, at), 'invalid');
      assert.equal(urls.check(fileId, String(expiresAt + 86_400), signature, at), 'invalid', 'an extended expiry');
      assert.equal(urls.check(fileId, '0' + expires, signature, at), 'invalid', 'the same time written differently');
      assert.equal(new MediaFileUrls(Buffer.from('another secret, also long enough')).check(fileId, expires, signature, at), 'invalid');
    }
    // An expired link whose signature is forged says nothing about expiry: it is simply invalid.
    const past = parts(urls.url(fileId, now - 10));
    assert.equal(urls.check(fileId, past.expires, past.signature, now), 'expired');
    assert.equal(urls.check(fileId, past.expires, past.signature!.replace(/^./, (first) => (first === 'A' ? 'B' : 'A')), now), 'invalid');
  });

  test('a tampered, truncated, extended or re-encoded signature is invalid', () => {
    const { expires, signature = '' } = parts(urls.url(fileId, expiresAt));
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    const standardBase64 = Buffer.from(signature, 'base64url').toString('base64');
    for (const forged of [flipped, signature.slice(0, -1), `${signature}A`, `${signature}=`, standardBase64, signature.toUpperCase(), '', 'x']) {
      assert.equal(urls.check(fileId, expires, forged, now), 'invalid', forged);
    }
  });

  test('a missing or malformed expiry or a missing signature is invalid', () => {
    const { expires, signature } = parts(urls.url(fileId, expiresAt));
    assert.equal(urls.check(fileId, undefined, signature, now), 'invalid');
    assert.equal(urls.check(fileId, expires, undefined, now), 'invalid');
    assert.equal(urls.check(fileId, undefined, undefined, now), 'invalid');
    for (const malformed of ['', '-1', '1.5', '1e9', ' 1800000000', '0x6b49d200', 'soon', '1'.repeat(16)]) {
      assert.equal(urls.check(fileId, malformed, signature, now), 'invalid', malformed);
    }
  });

  test('refuses a short secret and an expiry that is not whole seconds', () => {
    assert.throws(() => new MediaFileUrls(Buffer.alloc(0)), RangeError);
    assert.throws(() => new MediaFileUrls(Buffer.from('too short')), RangeError);
    for (const bad of [1.5, -1, Number.NaN, Number.POSITIVE_INFINITY]) assert.throws(() => urls.url(fileId, bad), RangeError, String(bad));
  });
});
