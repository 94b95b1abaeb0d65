import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode, type NumberType, type PhoneNumber } from 'libphonenumber-js/max';
import type { PhoneResult } from '../schemas/contact';
import { carrierOf, timeZonesOf } from './phone-data';

/** Longer text is not a phone number (libphonenumber gives up past 250 characters too). */
const MAX_PHONE_TEXT = 250;

/** The most digits a phone number has, its country code included (ITU-T E.164). */
const E164_MOST_DIGITS = 15;

/** Google's carrier data names the operator a range was assigned to; for fixed lines that is not a carrier the caller can use. */
const CARRIER_LINE_TYPES = new Set<NumberType>(['MOBILE', 'FIXED_LINE_OR_MOBILE', 'PAGER']);

/**
 * Reads a phone number as written anywhere (`+44 20 7946 0958`, `(415) 555-0123`, `0049 30
 * 901820`) with libphonenumber's full metadata. `countryHint` (ISO 3166-1 alpha-2, any case)
 * says how to read a number written without its country code; an unknown country is no hint.
 * Without a hint, a leading 00 is the international prefix, as + (see `withPlusForDoubleZero`).
 *
 * The letters of a vanity number are the digits a phone's keypad puts them on (1-800-FLOWERS is
 * 1-800-356-9377; see `withKeypadDigits`) — read so only when the text as written is no valid
 * number: words after a number ("+44 20 7946 0958 mobile", "… Zentrale") are not its letters.
 *
 * undefined: the text cannot be read as a phone number at all (no digits, too short, words).
 * A number that can be read but is not valid (an unassigned range, a digit too few) comes back
 * with `valid: false`, its country when known (see `countryOf`), and its formats as libphonenumber
 * writes the digits read (SPEC's Phone result has the formats as strings) — unless it has more
 * digits than E.164 allows (15), which no phone number has: no format then, as none could be dialled.
 */
export function readPhoneNumber(text: string, countryHint: string | null): PhoneResult | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > MAX_PHONE_TEXT) return undefined;
  const hint = countryHint?.trim().toUpperCase();
  const defaultCountry = hint !== undefined && isSupportedCountry(hint) ? (hint as CountryCode) : undefined;
  const parse = (candidate: string) =>
    defaultCountry === undefined ? parsePhoneNumberFromString(withPlusForDoubleZero(candidate)) : parsePhoneNumberFromString(candidate, { defaultCountry });
  const asWritten = parse(trimmed);
  const keyed = asWritten?.isValid() ? undefined : withKeypadDigits(trimmed);
  const dialled = keyed === undefined ? undefined : parse(keyed);
  const number = dialled?.isValid() ? dialled : asWritten;
  if (number === undefined) return undefined;

  const valid = number.isValid();
  const lineType = valid ? (number.getType() ?? null) : null;
  const e164 = number.format('E.164');
  const dialable = e164.length - 1 <= E164_MOST_DIGITS;
  return {
    valid,
    e164Format: dialable ? e164 : null,
    intlFormat: dialable ? number.formatInternational() : null,
    localFormat: dialable ? number.formatNational() : null,
    countryCode: countryOf(number),
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

/** ITU E.161's keypad: the digit each letter is on. */
const KEYPAD: Readonly<Record<string, string>> = Object.fromEntries(
  ['ABC', 'DEF', 'GHI', 'JKL', 'MNO', 'PQRS', 'TUV', 'WXYZ'].flatMap((letters, index) => [...letters].map((letter) => [letter, String(index + 2)])),
);

/**
 * A number written with capital letters after its first digits (`1-800-FLOWERS`, `+1 800 GO FEDEX`):
 * the letters and digits joined by the separators a number is written with, nothing else after
 * them. Words around a number (`Tel: +1 …`, `… (office)`, `… mobile`) are not letters of it.
 */
const VANITY_NUMBER = /^\+?[\d\s().-]*\d[\d\s.-]*[A-Z][A-Z\d\s.-]*[A-Z\d]$/;

/** An extension at the end (`ext. 45`, `x45`), which libphonenumber reads as one: its letters are no digits. */
const EXTENSION = /\s*\b(?:ext(?:ension|n)?\.?|x)\s*\d{1,7}\s*$/i;

/**
 * A vanity number's letters as the digits a phone dials for them (1-800-FLOWERS → 1-800-356-9377),
 * as Google's libphonenumber reads them (libphonenumber-js drops them: 1-800-FLOWERS would be +1 800).
 * Anything else is no vanity number (undefined).
 */
function withKeypadDigits(text: string): string | undefined {
  const extension = EXTENSION.exec(text)?.[0] ?? '';
  const number = text.slice(0, text.length - extension.length);
  if (!VANITY_NUMBER.test(number)) return undefined;
  return number.replace(/[A-Z]/g, (letter) => KEYPAD[letter]!) + extension;
}

/**
 * The number's country: the one whose ranges hold it, as libphonenumber says; for a number no
 * country's ranges hold (+44 7700 900123, in a range Ofcom keeps for drama), the calling code's
 * main country (GB for +44, US for +1) when the number's length fits there, as the same digits
 * written nationally with that country as the hint are read. Null when its length does not fit
 * there, or the code is no country's (+800).
 */
function countryOf(number: PhoneNumber): CountryCode | null {
  if (number.country !== undefined) return number.country;
  // Possible is judged by the code's main country's lengths; of the countries whose lengths fit,
  // libphonenumber lists that one first.
  if (!number.isPossible()) return null;
  return number.getPossibleCountries()[0] ?? null;
}
