import type { RetailCountry } from '../../families/retail';
import { PHRASES } from './phrases';

/**
 * The sandbox's marketplaces: one world sold in every country, titles and ratings alike; only
 * money converts, at a fixed rate, and is written the way each country writes it, as are dates,
 * counts and the site's own phrases (phrases.ts). Days are whole UTC days since 1970, so the world
 * has a fixed present and nothing reads the clock.
 */

export type Marketplace = ReturnType<typeof marketplace>;

/** The languages the marketplaces' sites are written in (each with its own phrases, see phrases.ts). */
export type Language = 'en' | 'de' | 'fr' | 'it' | 'es' | 'ja' | 'pt' | 'nl' | 'sv' | 'pl' | 'tr' | 'ar';

/**
 * perUsd: units of the currency per USD; language: the site's, so `${language}-${country}` is the
 * locale its dates and counts are written in, and PHRASES[language] its wording.
 */
type Row = [tld: string, currency: string, perUsd: number, language: Language, prefix: string, suffix: string, decimals: number, group: string, point: string];
const ROWS: Record<RetailCountry, Row> = {
  US: ['com', 'USD', 1, 'en', '$', '', 2, ',', '.'],
  GB: ['co.uk', 'GBP', 0.79, 'en', '£', '', 2, ',', '.'],
  DE: ['de', 'EUR', 0.92, 'de', '', ' €', 2, '.', ','],
  FR: ['fr', 'EUR', 0.92, 'fr', '', ' €', 2, ' ', ','],
  IT: ['it', 'EUR', 0.92, 'it', '', ' €', 2, '.', ','],
  ES: ['es', 'EUR', 0.92, 'es', '', ' €', 2, '.', ','],
  CA: ['ca', 'CAD', 1.37, 'en', '$', '', 2, ',', '.'],
  AU: ['com.au', 'AUD', 1.52, 'en', '$', '', 2, ',', '.'],
  IN: ['in', 'INR', 83.5, 'en', '₹', '', 2, ',', '.'],
  JP: ['co.jp', 'JPY', 149, 'ja', '¥', '', 0, ',', '.'],
  MX: ['com.mx', 'MXN', 17.2, 'es', '$', '', 2, ',', '.'],
  BR: ['com.br', 'BRL', 5.0, 'pt', 'R$ ', '', 2, '.', ','],
  NL: ['nl', 'EUR', 0.92, 'nl', '€ ', '', 2, '.', ','],
  SE: ['se', 'SEK', 10.6, 'sv', '', ' kr', 2, ' ', ','],
  PL: ['pl', 'PLN', 4.0, 'pl', '', ' zł', 2, ' ', ','],
  BE: ['com.be', 'EUR', 0.92, 'fr', '', ' €', 2, '.', ','],
  SG: ['sg', 'SGD', 1.35, 'en', 'S$', '', 2, ',', '.'],
  AE: ['ae', 'AED', 3.67, 'en', 'AED ', '', 2, ',', '.'],
  SA: ['sa', 'SAR', 3.75, 'ar', 'SAR ', '', 2, ',', '.'],
  TR: ['com.tr', 'TRY', 32.5, 'tr', '', ' TL', 2, '.', ','],
  EG: ['eg', 'EGP', 48.5, 'ar', 'EGP ', '', 2, ',', '.'],
  IE: ['ie', 'EUR', 0.92, 'en', '€', '', 2, ',', '.'],
};

export function marketplace(country: RetailCountry) {
  const [tld, currency, perUsd, language, prefix, suffix, decimals, group, point] = ROWS[country];
  return { country, domain: `www.retail.${tld}`, currency, perUsd, language, locale: `${language}-${country}`, phrases: PHRASES[language], prefix, suffix, decimals, group, point };
}

/** A USD price in cents, in the marketplace's currency, rounded as it shows prices. */
export function localAmount(cents: number, market: Marketplace): number {
  const factor = 10 ** market.decimals;
  return Math.round((cents / 100) * market.perUsd * factor) / factor;
}

/** "$24.99", "24,99 €", "¥3,720", "R$ 124,95". */
export function formatAmount(amount: number, market: Marketplace): string {
  const [whole = '0', fraction] = amount.toFixed(market.decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, market.group);
  return `${market.prefix}${grouped}${fraction === undefined ? '' : market.point + fraction}${market.suffix}`;
}

export const formatPrice = (cents: number, market: Marketplace): string => formatAmount(localAmount(cents, market), market);

const DAY_MS = 86_400_000;
export const dayOf = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
/** The world's present: deals run around it, deliveries are counted from it. */
export const PRESENT_DAY = dayOf('2026-11-20');
/** The present's hour of PRESENT_DAY (noon UTC): a deal that ended before it is over, one starting after it not yet on. */
export const PRESENT_HOUR = 12;
/** Reviews are all written before this day. */
export const REVIEWS_UNTIL_DAY = dayOf('2026-11-01');

/** A review or publication date ("March 24, 2026"), or a delivery day ("Tuesday, December 2"). */
const DATE_STYLES = {
  long: { dateStyle: 'long' },
  delivery: { weekday: 'long', month: 'long', day: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * The day as the marketplace's site writes it: "March 24, 2026", "24 March 2026", "24. März 2026",
 * "2026年3月24日"; as a delivery day "Saturday, November 21", "Samstag, 21. November". Gregorian with
 * Latin digits everywhere (Intl would pick the Islamic calendar or Arabic-Indic digits for some
 * Arabic locales, which the sites do not show).
 */
export function localDate(day: number, market: Marketplace, style: keyof typeof DATE_STYLES = 'long'): string {
  const key = `${market.locale}:${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(market.locale, { ...DATE_STYLES[style], timeZone: 'UTC', calendar: 'gregory', numberingSystem: 'latn' });
    dateFormats.set(key, format);
  }
  return format.format(day * DAY_MS);
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/** A number as the site writes it: "1,234", "1.234", "1 234", "4,5" (Latin digits, as dates). */
export function localNumber(value: number, market: Marketplace, fractionDigits = 0): string {
  const key = `${market.locale}:${fractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(market.locale, { numberingSystem: 'latn', minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

export const isoTime = (day: number, hour: number): string => new Date(day * DAY_MS + hour * 3_600_000).toISOString().replace('.000Z', 'Z');
