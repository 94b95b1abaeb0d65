import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { encodePageToken, readPageToken, searchFingerprint } from '../../src/core/page-token';

/** Page tokens of the place searches: bound to their endpoint and search, tamper-evident. */

const SCOPE = 'serp.websearch_maps';
const search = { query: 'coffee in seattle', language: 'en', rank_by: 'relevance', open_now: false, min_rating: 4 };

function reencoded(token: string, edit: (payload: Record<string, unknown>) => void): string {
  const payload = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  edit(payload);
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

describe('search fingerprint', () => {
  test('the same parameters in any order, with absent and undefined alike, give the same fingerprint', () => {
    const reordered = { min_rating: 4, open_now: false, rank_by: 'relevance', language: 'en', query: 'coffee in seattle', region: undefined };
    assert.equal(searchFingerprint(reordered), searchFingerprint(search));
  });

  test('any different value, nested or not, gives another fingerprint', () => {
    const base = searchFingerprint(search);
    assert.notEqual(searchFingerprint({ ...search, query: 'tea in seattle' }), base);
    assert.notEqual(searchFingerprint({ ...search, min_rating: 4.5 }), base);
    assert.notEqual(searchFingerprint({ ...search, region: 'us' }), base);
    assert.notEqual(searchFingerprint({ ...search, price_levels: ['moderate'] }), searchFingerprint({ ...search, price_levels: ['expensive'] }));
    assert.notEqual(searchFingerprint({ ...search, price_levels: ['moderate', 'expensive'] }), searchFingerprint({ ...search, price_levels: ['moderate'] }));
  });
});

describe('page tokens', () => {
  const fingerprint = searchFingerprint(search);

  test('a token gives back its cursor for the same endpoint and search', () => {
    const token = encodePageToken(SCOPE, fingerprint, '20');
    assert.match(token, /^[A-Za-z0-9_-]+$/, 'base64url, safe in JSON and URLs');
    assert.deepEqual(readPageToken(token, SCOPE, fingerprint), { cursor: '20' });
  });

  test("a vendor's cursor of any characters round-trips unchanged", () => {
    const vendorToken = 'AeCrKXsZ+/=éWJx8m3_-' + 'x'.repeat(600);
    assert.deepEqual(readPageToken(encodePageToken(SCOPE, fingerprint, vendorToken), SCOPE, fingerprint), { cursor: vendorToken });
  });

  test('another search or another endpoint: refused as belonging to a different search', () => {
    const token = encodePageToken(SCOPE, fingerprint, '20');
    for (const reading of [readPageToken(token, SCOPE, searchFingerprint({ ...search, query: 'tea' })), readPageToken(token, 'maps.search', fingerprint)]) {
      assert.ok('problem' in reading);
      assert.match(reading.problem, /^belongs to a different search/);
    }
  });

  test('altered, truncated or foreign tokens: refused as not issued by this API', () => {
    const token = encodePageToken(SCOPE, fingerprint, '20');
    const altered = [
      reencoded(token, (payload) => (payload.c = '40')),
      reencoded(token, (payload) => (payload.f = searchFingerprint({ ...search, query: 'tea' }))),
      reencoded(token, (payload) => (payload.s = 'maps.search')),
      reencoded(token, (payload) => (payload.v = 2)),
      reencoded(token, (payload) => delete payload.h),
      reencoded(token, (payload) => (payload.extra = 1)),
      token.slice(0, -4),
      `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`,
      'not a token',
      Buffer.from('[1,2,3]').toString('base64url'),
      Buffer.from('{').toString('base64url'),
      'A'.repeat(5000),
    ];
    for (const candidate of altered) {
      const reading = readPageToken(candidate, SCOPE, fingerprint);
      assert.ok('problem' in reading, candidate);
      assert.match(reading.problem, /^is not a page token this API issued/, candidate);
    }
  });
});
