import type { RetailCountry } from '../../families/retail';

/**
 * The sandbox's marketplaces: one world sold in every country, titles and ratings alike; only
 * money converts, at a fixed rate, and is written the way each country writes it. Days are whole
 * UTC days since 1970, so the world has a fixed present and nothing reads the clock.
 */

export type Marketplace = ReturnType<typeof marketplace>;

/** perUsd: units of the currency per USD; placeName as in "Reviewed in the United States on …". */
type Row = [tld: string, currency: string, perUsd: number, placeName: string, prefix: string, suffix: string, decimals: number, group: string, point: string];
const ROWS: Record<RetailCountry, Row> = {
  US: ['com', 'USD', 1, 'the United States', '$', '', 2, ',', '.'],
  GB: ['co.uk', 'GBP', 0.79, 'the United Kingdom', '£', '', 2, ',', '.'],
  DE: ['de', 'EUR', 0.92, 'Germany', '', ' €', 2, '.', ','],
  FR: ['fr', 'EUR', 0.92, 'France', '', ' €', 2, ' ', ','],
  IT: ['it', 'EUR', 0.92, 'Italy', '', ' €', 2, '.', ','],
  ES: ['es', 'EUR', 0.92, 'Spain', '', ' €', 2, '.', ','],
  CA: ['ca', 'CAD', 1.37, 'Canada', '$', '', 2, ',', '.'],
  AU: ['com.au', 'AUD', 1.52, 'Australia', '$', '', 2, ',', '.'],
  IN: ['in', 'INR', 83.5, 'India', '₹', '', 2, ',', '.'],
  JP: ['co.jp', 'JPY', 149, 'Japan', '¥', '', 0, ',', '.'],
  MX: ['com.mx', 'MXN', 17.2, 'Mexico', '$', '', 2, ',', '.'],
  BR: ['com.br', 'BRL', 5.0, 'Brazil', 'R$ ', '', 2, '.', ','],
  NL: ['nl', 'EUR', 0.92, 'the Netherlands', '€ ', '', 2, '.', ','],
  SE: ['se', 'SEK', 10.6, 'Sweden', '', ' kr', 2, ' ', ','],
  PL: ['pl', 'PLN', 4.0, 'Poland', '', ' zł', 2, ' ', ','],
  BE: ['com.be', 'EUR', 0.92, 'Belgium', '', ' €', 2, '.', ','],
  SG: ['sg', 'SGD', 1.35, 'Singapore', 'S$', '', 2, ',', '.'],
  AE: ['ae', 'AED', 3.67, 'the United Arab Emirates', 'AED ', '', 2, ',', '.'],
  SA: ['sa', 'SAR', 3.75, 'Saudi Arabia', 'SAR ', '', 2, ',', '.'],
  TR: ['com.tr', 'TRY', 32.5, 'Türkiye', '', ' TL', 2, '.', ','],
  EG: ['eg', 'EGP', 48.5, 'Egypt', 'EGP ', '', 2, ',', '.'],
  IE: ['ie', 'EUR', 0.92, 'Ireland', '€', '', 2, ',', '.'],
};

export function marketplace(country: RetailCountry) {
  const [tld, currency, perUsd, placeName, prefix, suffix, decimals, group, point] = ROWS[country];
  return { country, domain: `www.retail.${tld}`, currency, perUsd, placeName, prefix, suffix, decimals, group, point };
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

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "October 3, 2026". */
export function longDate(day: number): string {
  const date = new Date(day * DAY_MS);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "Tuesday, December 2". */
export function deliveryDate(day: number): string {
  const date = new Date(day * DAY_MS);
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

export const isoTime = (day: number, hour: number): string => new Date(day * DAY_MS + hour * 3_600_000).toISOString().replace('.000Z', 'Z');
