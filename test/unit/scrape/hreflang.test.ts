import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePage } from '../../../src/scrape/dom';
import { readHead } from '../../../src/scrape/metadata';

const PAGE_URL = 'https://site.example/en/page';

function hreflang(head: string) {
  return readHead(parsePage(`<html><head>${head}</head><body></body></html>`), PAGE_URL).metadata.hreflang;
}

test('hreflang: language tag → absolute URL against <base href>, x-default kept, rel tokens in any case and order', () => {
  assert.deepEqual(
    hreflang('<base href="https://cdn.site.example/"><link rel="Alternate" hreflang=" de-AT " href="at/page"><link rel="nofollow alternate" hreflang="x-default" href="/page">'),
    { 'de-AT': 'https://cdn.site.example/at/page', 'x-default': 'https://cdn.site.example/page' },
  );
});

test('hreflang: what is not a language version is left out (no hreflang, another rel, no usable href, a tag that is no language); null when none is left', () => {
  assert.equal(
    hreflang('<link rel="alternate" type="application/rss+xml" href="/feed"><link rel="canonical" hreflang="fr" href="/fr"><link rel="alternate" hreflang="es" href="javascript:alert(1)"><link rel="alternate" hreflang="__proto__" href="/x"><link rel="alternate" hreflang="en us" href="/y">'),
    null,
  );
  assert.equal(Object.getPrototypeOf(hreflang('<link rel="alternate" hreflang="__proto__" href="/x"><link rel="alternate" hreflang="it" href="/it">')), Object.prototype);
});
