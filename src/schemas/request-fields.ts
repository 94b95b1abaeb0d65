import { z } from 'zod';
import { isSupportedCountry } from './countries';
import { isIsoCountryCode } from './iso-country';

/**
 * Request fields many endpoints share, declared once so their rules, defaults and descriptions
 * read the same everywhere. Each call returns a fresh schema, so an endpoint can add `.meta()`.
 */

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/**
 * Whether a language tag names a real language, and its region or script a real one: `en`,
 * `zh-TW`, `pt-BR`, `sr-Latn`, but not `xx` or `en-XX`. The ICU data Node ships knows every ISO
 * 639-1 code and every ISO 3166 region, and nothing unassigned.
 */
export function isKnownLanguageTag(tag: string): boolean {
  // ICU answers in ~2 µs; requests name a few dozen tags, so each is asked once.
  let known = knownLanguageTags.get(tag);
  if (known === undefined) {
    try {
      // ICU names pseudo-regions too (en-ZZ "Unknown Region", en-EU, en-UN): a region must be a country.
      const region = new Intl.Locale(tag).region;
      known = LANGUAGE_NAMES.of(tag) !== undefined && (region === undefined || !/^[A-Z]{2}$/.test(region) || isIsoCountryCode(region));
    } catch {
      known = false; // not even shaped like a language tag
    }
    if (knownLanguageTags.size >= 1_000) knownLanguageTags.clear();
    knownLanguageTags.set(tag, known);
  }
  return known;
}

const knownLanguageTags = new Map<string, boolean>();

/** ISO 639 language code, optionally with a region (`en`, `pt-BR`). */
export function languageCode(defaultValue = 'en') {
  return z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, { error: 'must be an ISO language code such as en or pt-BR', abort: true })
    .refine(isKnownLanguageTag, 'is not a known language code (ISO 639-1, optionally with a region: en, de, pt-BR, zh-TW)')
    .default(defaultValue)
    .meta({ description: 'ISO language code.', examples: [defaultValue] });
}

/**
 * The one rule for an integer request field: a whole number (10.5 is refused, not rounded) from
 * `min` to `max`. Beyond the safe integer range zod reports its own bound too; `describeIssues`
 * keeps the tighter one, so the caller reads a single limit.
 */
export function wholeNumber(min: number, max?: number) {
  // A number too large for a double reaches us as ±Infinity (1e400): it breaks the same bound.
  const beyond = (issue: { input?: unknown }) =>
    issue.input === Infinity ? `must be at most ${max ?? Number.MAX_SAFE_INTEGER}` : issue.input === -Infinity ? `must be at least ${min}` : undefined;
  const atLeast = z.number({ error: beyond }).int().min(min);
  return max === undefined ? atLeast : atLeast.max(max);
}

/** The highest location code the SEO data vendor gives: a region's or a city's has up to seven digits. */
const LOCATION_CODE_MAX = 9_999_999;

/**
 * The SEO data vendor's numeric location code: a country's is 2000 + its ISO 3166 number (2840 =
 * United States), a region's or a city's up to seven digits. A larger number names no location: a
 * 400, before any vendor is asked.
 */
export function locationCodeNumber() {
  return wholeNumber(1, LOCATION_CODE_MAX);
}

/** A location code, the United States unless given. */
export function locationCode(defaultValue = 2840) {
  return locationCodeNumber()
    .default(defaultValue)
    .meta({ description: 'Target location code (2840 = United States, 2826 = United Kingdom, 2276 = Germany).', examples: [defaultValue] });
}

/**
 * Two-letter country code (ISO 3166-1 alpha-2), lower-cased: `us`, `gb`, `de`; one of the
 * countries in ./countries.ts (convert with `locationCodeOfCountry`).
 */
export function countryCode(defaultValue = 'us') {
  return z
    .string()
    .trim()
    .toLowerCase()
    // One complaint at a time: a code that is not two letters is not also "not supported". The
    // value is lower-case by now; the pattern takes either case because the OpenAPI document
    // publishes it as the rule for what a caller sends ("US" is accepted).
    .regex(/^[A-Za-z]{2}$/, { error: 'must be a two-letter country code such as us or gb', abort: true })
    .refine(isSupportedCountry, 'is not a supported country code (see the API reference for the list)')
    .default(defaultValue)
    .meta({ description: 'Two-letter country code (ISO 3166-1 alpha-2).', examples: [defaultValue] });
}

/** How many rows to return: an integer from 1 to `max`. */
export function resultLimit(defaultValue: number, max: number) {
  return wholeNumber(1, max)
    .default(defaultValue)
    .meta({ description: `Most rows to return, 1 to ${max} (default ${defaultValue}).` });
}

/** C0 and C1 control characters and DEL, tab and line breaks included. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Search text of at most `max` characters: trimmed, non-empty, one line of printable characters.
 * A control character (a NUL, a bell, a tab or line break inside it) is no part of what anyone
 * searches for: a 400 rather than a charged call for text no vendor would search.
 */
export function searchText(max: number) {
  return z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((text) => !CONTROL_CHARACTER.test(text), 'must be one line of text without control characters (no tabs, line breaks or U+0000-U+001F, U+007F-U+009F)');
}

/** A search query or keyword: trimmed, non-empty, at most 700 characters (the vendors' limit), one line. */
export function queryText(description: string, example: string) {
  return searchText(700).meta({ description, examples: [example] });
}

/**
 * One of `values` (lower-case words), read in any case and answered in lower case: `HTML` is
 * `html`, as the server reads country codes and ASINs. Published as the enum of `values`, the
 * spelling the server answers in; say in the field's description that any case is accepted.
 */
export function anyCaseEnum<const Values extends readonly string[]>(values: Values, options: { error?: string } = {}) {
  return z.string().trim().toLowerCase().pipe(z.enum(values, options)).meta({ enum: [...values] });
}
