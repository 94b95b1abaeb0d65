import { z } from 'zod';
import type { SerpResultDraft, SerpResultHead, SerpResultOf } from '../../../schemas/serp';

/**
 * Pieces of the vendor's SERP item format that many item types share, and how each maps to ours.
 * Fields are nullish as the vendor documents; the sub-records it documents loosely (ratings,
 * prices, free text) are read tolerantly, so a change there nulls that detail instead of failing
 * the whole page.
 */

export const text = z.string().nullish();
export const flag = z.boolean().nullish();
export const count = z.number().nullish();
export const texts = z.array(z.string()).nullish();

/** Text, or null when the vendor sent something else. */
export const looseText = z.unknown().optional().transform((value) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null));

const RatingObject = z.looseObject({ rating_type: text, value: count, votes_count: count, rating_max: count });
const PriceObject = z.looseObject({ current: count, currency: text, displayed_price: text });

type Rating = SerpResultOf<'organic'>['data']['rating'];
type Price = SerpResultOf<'organic'>['data']['price'];

export const rating = z.unknown().optional().transform((value): Rating => {
  const parsed = RatingObject.safeParse(value);
  if (!parsed.success) return null;
  const { rating_type, value: score, votes_count, rating_max } = parsed.data;
  return { ratingType: rating_type ?? null, value: score ?? null, votesCount: votes_count ?? null, bestRating: rating_max ?? null };
});

/** A price as an object, a number or the text shown. */
export const price = z.unknown().optional().transform((value): Price => {
  if (typeof value === 'number') return { current: value, currency: null, displayedPrice: null };
  if (typeof value === 'string') {
    const amount = Number.parseFloat(value.replace(/[^0-9.]/g, ''));
    return { current: Number.isFinite(amount) ? amount : null, currency: null, displayedPrice: value };
  }
  const parsed = PriceObject.safeParse(value);
  if (!parsed.success) return null;
  return { current: parsed.data.current ?? null, currency: parsed.data.currency ?? null, displayedPrice: parsed.data.displayed_price ?? null };
});

export const links = z
  .array(z.looseObject({ title: text, url: text, description: text }))
  .nullish()
  .transform((list) => (list ? list.map((link) => ({ title: link.title ?? '', url: link.url ?? '', description: link.description ?? null })) : null));

/** A list the vendor may send as null: always an array on our side. */
export function listOf<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.array(z.looseObject(shape)).nullish().transform((list) => list ?? []);
}

/** The head fields most item types carry. */
export const HeadFields = { title: text, url: text, description: text, domain: text };

export function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/** Our head from the vendor's: empty strings for what it lacks, the domain read from the URL when absent. */
export function headOf(item: { title?: string | null; url?: string | null; description?: string | null; domain?: string | null }): SerpResultHead {
  const url = item.url ?? '';
  return { title: item.title ?? '', url, description: item.description ?? '', domain: item.domain ?? hostOf(url) };
}

/** `people_also_ask_expanded_element` → `peopleAlsoAskExpandedElement`. */
export function camelCase(snake: string): string {
  return snake.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** How one vendor item type is read and mapped to one of our result types. */
export interface ItemMapping {
  schema: z.ZodType;
  map(item: unknown): SerpResultDraft;
}

export function mapping<Schema extends z.ZodType>(schema: Schema, map: (item: z.output<Schema>) => SerpResultDraft): ItemMapping {
  return { schema, map: map as (item: unknown) => SerpResultDraft };
}
