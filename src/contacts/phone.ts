import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode, type NumberType } from 'libphonenumber-js/max';
import type { PhoneResult } from '../schemas/contact';
import { carrierOf, timeZonesOf } from './phone-data';

/** Longer text is not a phone number (libphonenumber gives up past 250 characters too). */
const MAX_PHONE_TEXT = 250;

/** Google's carrier data names the operator a range was assigned to; for fixed lines that is not a carrier the caller can use. */
const CARRIER_LINE_TYPES = new Set<NumberType>(['MOBILE', 'FIXED_LINE_OR_MOBILE', 'PAGER']);

/**
 * Reads a phone number as written anywhere (`+44 20 7946 0958`, `(415) 555-0123`, `0049 30
 * 901820`) with libphonenumber's full metadata. `countryHint` (ISO 3166-1 alpha-2, any case)
 * says how to read a number written without its country code; an unknown country is no hint.
 * Without a hint, a leading 00 is the international prefix, as + (see `withPlusForDoubleZero`).
 *
 * undefined: the text cannot be read as a phone number at all (no digits, too short, letters).
 * A number that can be read but is not valid (an unassigned range, a digit too few) comes back
 * with `valid: false`, its country when known, and its formats as libphonenumber writes the digits
 * read (SPEC's Phone result has the formats as strings: a number read always has them).
 */
export function readPhoneNumber(text: string, countryHint: string | null): PhoneResult | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > MAX_PHONE_TEXT) return undefined;
  const hint = countryHint?.trim().toUpperCase();
  const defaultCountry = hint !== undefined && isSupportedCountry(hint) ? (hint as CountryCode) : undefined;
  const number = defaultCountry === undefined ? parsePhoneNumberFromString(withPlusForDoubleZero(trimmed)) : parsePhoneNumberFromString(trimmed, { defaultCountry });
  if (number === undefined) return undefined;

  const valid = number.isValid();
  const lineType = valid ? (number.getType() ?? null) : null;
  const e164 = number.format('E.164');
  return {
    valid,
    e164Format: e164,
    intlFormat: number.formatInternational(),
    localFormat: number.formatNational(),
    countryCode: number.country ?? null,
    lineType,
    carrier: lineType !== null && CARRIER_LINE_TYPES.has(lineType) ? (carrierOf(number.countryCallingCode, number.nationalNumber) ?? null) : null,
    timezones: valid ? timeZonesOf(e164) : [],
  };
}

/**
 * `0049 30 901820` as `+49 30 901820`: without a country to read it by, a leading 00 is the
 * international prefix of most of the world (ITU-T E.164's recommended one), not the start of a
 * national number. With a country, libphonenumber reads that country's own prefix (00 in Germany,
 * 011 in the US, 0011 in Australia).
 */
function withPlusForDoubleZero(text: string): string {
  return text.replace(/^00(?=\s*[1-9])/, '+');
}
