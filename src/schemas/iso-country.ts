import { isSupportedCountry } from 'libphonenumber-js/max';
import { z } from 'zod';

/**
 * ISO 3166-1 alpha-2 codes without a telephone numbering plan of their own (libphonenumber knows
 * every other assigned code, and a few exceptionally reserved ones such as AC and TA).
 */
const COUNTRIES_WITHOUT_PHONES = new Set(['AQ', 'BV', 'GS', 'HM', 'PN', 'TF', 'UM']);

/** Whether `code` (upper case) is an assigned ISO 3166-1 alpha-2 country code. */
export function isIsoCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && (isSupportedCountry(code) || COUNTRIES_WITHOUT_PHONES.has(code));
}

/** An assigned ISO 3166-1 alpha-2 country code, any case, answered in upper case (the email and video endpoints' `country`/`geo`). */
export function isoCountryField(description: string) {
  return z
    .string()
    .trim()
    .transform((value, context) => {
      const code = value.toUpperCase();
      if (!isIsoCountryCode(code)) {
        context.addIssue({ code: 'custom', message: 'must be an ISO 3166-1 alpha-2 country code, e.g. US, GB or DE' });
        return z.NEVER;
      }
      return code;
    })
    .meta({ description, examples: ['US'] });
}
