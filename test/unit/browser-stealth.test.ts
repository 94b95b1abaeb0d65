import { test } from 'node:test';
import assert from 'node:assert/strict';
import { acceptLanguageOf, greasedBrand, stealthContextOptions, stealthCountries } from '../../src/net/browser-stealth';

test('the GREASE brand is the one Chromium derives from its major version', () => {
  // Published client hints of Chrome 120 and 124, and this machine's Chromium 156 (headless, before any override).
  assert.deepEqual(greasedBrand(120), { brand: 'Not_A Brand', version: '8' });
  assert.deepEqual(greasedBrand(124), { brand: 'Not-A.Brand', version: '99' });
  assert.deepEqual(greasedBrand(156), { brand: 'Not:A-Brand', version: '8' });
});

test('every stealth country has a real timezone and locale, and its own language first', () => {
  assert.ok(stealthCountries.length >= 40);
  for (const country of stealthCountries) {
    const { locale, timezoneId } = stealthContextOptions(country);
    assert.doesNotThrow(() => new Intl.DateTimeFormat('en', { timeZone: timezoneId }), `${country}: ${timezoneId}`);
    assert.equal(Intl.getCanonicalLocales(locale ?? '')[0], locale, `${country}: ${locale}`);
    assert.equal(acceptLanguageOf(country).split(',')[0], locale, country);
    assert.match(locale ?? '', new RegExp(`-${country.toUpperCase()}$`), `${country}: ${locale}`);
  }
});

test('the language list goes to Chromium unweighted (it adds the q-values itself)', () => {
  assert.equal(acceptLanguageOf('de'), 'de-DE,de,en');
  assert.equal(acceptLanguageOf('us'), 'en-US,en');
});
