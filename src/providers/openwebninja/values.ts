import type { RetailCountry } from '../families/retail';
import type { RetailOffer } from '../../schemas/retail';
import { displayPrice } from './marketplaces';

/**
 * The vendor's scalars in our records' terms. It scrapes what the page shows, so a field may
 * come as a string or a number, with thousands separators or a percent sign; what is missing is
 * null, 0 or false, never guessed.
 */

type Scalar = string | number | null | undefined;

/** Trimmed text, or null for nothing. */
export function textOf(value: Scalar): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** A price as displayed: the vendor's string kept, a number written in the marketplace's currency. */
export function priceOf(value: Scalar, country: RetailCountry, currency?: string | null): string | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? displayPrice(value, country, currency) : null;
  return textOf(value);
}

/** A star rating as the marketplace writes it ("4.6"): a number is given one decimal. */
export function ratingOf(value: Scalar): string | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 && value <= 5 ? value.toFixed(1) : null;
  return textOf(value);
}

/** The first number in a value ("1,234 ratings" → 1234, "4.8 out of 5" → 4.8); undefined for none. */
export function numberOf(value: Scalar): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const match = /\d[\d,]*(?:\.\d+)?/.exec(value ?? '');
  return match ? Number(match[0].replace(/,/g, '')) : undefined;
}

/** A whole count, never negative; 0 for nothing. */
export function countOf(value: Scalar): number {
  return Math.max(0, Math.round(numberOf(value) ?? 0));
}

/** A whole percent, 0 to 100. */
export function percentOf(value: Scalar): number {
  return Math.min(100, countOf(value));
}

/** Stars "1" to "5", or null for anything else. */
export function starsOf(value: Scalar): '1' | '2' | '3' | '4' | '5' | null {
  const stars = Math.round(numberOf(value) ?? 0);
  return stars >= 1 && stars <= 5 ? (String(stars) as '1' | '2' | '3' | '4' | '5') : null;
}

/** An attribute table (label → value) with text values only; other values are left out. */
export function stringsOf(table: Record<string, unknown> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [label, value] of Object.entries(table ?? {})) {
    if (typeof value === 'string' && value.trim() !== '') out[label] = value.trim();
    else if (typeof value === 'number' && Number.isFinite(value)) out[label] = String(value);
  }
  return out;
}

type Condition = RetailOffer['product_condition'];

/**
 * The marketplace's condition wordings (English, and the common European ones), most specific
 * first: "Used - Like New" must not read as "New".
 */
const CONDITION_WORDS: ReadonlyArray<[RegExp, Condition]> = [
  [/renewed|refurbished|reconditionn|generalüberholt|reacondicionado|ricondizionat/i, 'Renewed'],
  [/collectible|collectable|sammler|coleccionable|de collection|da collezione/i, 'Collectible'],
  [/like new|wie neu|comme neuf|como nuevo|come nuovo/i, 'Used - Like New'],
  [/very good|sehr gut|très bon|muy bueno|ottim/i, 'Used - Very Good'],
  [/acceptable|akzeptabel|aceptable|accettabil/i, 'Used - Acceptable'],
  [/good|gut|bon état|bueno|buono/i, 'Used - Good'],
  [/\bnew\b|\bneu\b|\bneuf\b|\bnuevo\b|\bnuovo\b/i, 'New'],
];

/**
 * An offer's condition in our list. An offer listed without one is new (the marketplace labels
 * the others); a wording we cannot place is null, and the offer is left out.
 */
export function conditionOf(value: string | null | undefined): Condition | null {
  const text = textOf(value);
  if (text === null) return 'New';
  return CONDITION_WORDS.find(([words]) => words.test(text))?.[1] ?? null;
}
