import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DomainName } from '../../src/schemas/domain-name';

function parse(value: string): string {
  const result = DomainName.safeParse(value);
  if (!result.success) return `error: ${result.error.issues[0]!.message}`;
  return result.data;
}

describe('DomainName', () => {
  test('a plain name comes back trimmed and lower-cased', () => {
    assert.equal(parse('  Example.COM '), 'example.com');
    assert.equal(parse('sub.my-site.co.uk'), 'sub.my-site.co.uk');
    assert.equal(parse('ab--cd.com'), 'ab--cd.com');
  });

  test('an internationalised name comes back in its ASCII form; a valid ASCII form is kept', () => {
    assert.equal(parse('München.de'), 'xn--mnchen-3ya.de');
    assert.equal(parse('xn--mnchen-3ya.de'), 'xn--mnchen-3ya.de');
  });

  test('what is not a bare domain is refused, saying why', () => {
    assert.match(parse('https://example.com/path'), /^error: must be a bare domain without protocol, e\.g\. example\.com$/);
    for (const extra of ['example.com/path', 'example.com:8080', 'example.com?q=1', 'user@example.com']) {
      assert.match(parse(extra), /^error: must be a bare domain without path, port or query/, extra);
    }
    for (const bad of ['a..b', 'example', '-example.com', 'example-.com', 'exa mple.com', 'xn--zz.com']) {
      assert.match(parse(bad), /^error: '.*' is not a valid domain name/, bad);
    }
    assert.match(parse(''), /^error:/);
  });
});
