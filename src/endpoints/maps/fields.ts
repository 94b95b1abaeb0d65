import { z } from 'zod';
import { isIsoCountryCode } from '../../schemas/iso-country';
import { isKnownLanguageTag } from '../../schemas/request-fields';

/** Request fields several maps endpoints share. Each call returns a fresh schema. */

/**
 * `tag` in its canonical form (`EN-us` → `en-US`), or null when it is not a BCP-47 language tag
 * whose language is a known ISO 639 code (two or three letters) and its region a real one (`xx`, `en-XX` are not).
 */
function canonicalLanguageTag(tag: string): string | null {
  if (!/^[a-z]{2,3}(-|$)/i.test(tag)) return null;
  try {
    const canonical = Intl.getCanonicalLocales(tag)[0];
    return canonical !== undefined && isKnownLanguageTag(canonical) ? canonical : null;
  } catch {
    return null;
  }
}

/** BCP-47 language of names, addresses and reviews (default en), in its canonical form. */
export function mapsLanguage() {
  return z
    .string()
    .trim()
    .refine((tag) => canonicalLanguageTag(tag) !== null, 'must be a BCP-47 language tag such as en, pt-BR or es-419')
    .overwrite((tag) => canonicalLanguageTag(tag) ?? tag)
    .default('en')
    .meta({ description: 'BCP-47 language tag for names, addresses and reviews (en, pt-BR, es-419, zh-Hant-TW).', examples: ['en'] });
}

/** CLDR two-letter region code: formats addresses and biases results; optional. */
export function regionCode() {
  return z
    .string()
    .trim()
    .toLowerCase()
    // Either case: the OpenAPI document publishes the pattern as the rule for what a caller sends.
    .regex(/^[A-Za-z]{2}$/, { error: 'must be a two-letter CLDR region code such as us or gb', abort: true })
    // The United Kingdom's top-level domain, which map APIs take for its region code.
    .overwrite((region) => (region === 'uk' ? 'gb' : region))
    .refine((region) => isIsoCountryCode(region.toUpperCase()), 'is not an ISO 3166-1 country code (us, gb, de)')
    .optional()
    .meta({ description: 'CLDR two-letter region code (us, gb, de): address formatting and a bias towards that region.', examples: ['us'] });
}

/** A place ID as searches return it, bare or as the resource name `places/{id}`; read as the bare ID. */
export function placeIdField() {
  return z
    .string()
    .trim()
    .regex(/^(places\/)?[A-Za-z0-9_-]{1,512}$/, 'must be a place ID as returned by a maps search (e.g. ChIJ2eUgeAK6j4ARbn5u_wAGqWA or places/ChIJ2eUgeAK6j4ARbn5u_wAGqWA)')
    .transform((id) => id.replace(/^places\//, ''))
    .meta({ description: 'Place ID from a maps search, bare or prefixed `places/`.', examples: ['ChIJ2eUgeAK6j4ARbn5u_wAGqWA'] });
}
