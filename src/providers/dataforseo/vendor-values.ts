import { z } from 'zod';

/**
 * Reading the vendor's values, shared by the backlink and content adapters: the vendor documents
 * almost every field as possibly null, and a list's `items` as possibly null or holding nulls.
 */

/** A number the vendor may leave null. */
export const vendorNumber = z.number().nullish();
/** A string the vendor may leave null. */
export const vendorText = z.string().nullish();

/** A `result[0]` whose `items` (null, or holding nulls) are of `item`'s shape. */
export function itemsOf<Item extends z.ZodType>(item: Item) {
  return z.looseObject({ items: z.array(item.nullish()).nullish() });
}

/** A count read as a whole number from 0 to `max`; null reads as 0. */
export function whole(value: number | null | undefined, max = Number.MAX_SAFE_INTEGER): number {
  return Math.min(max, Math.max(0, Math.round(value ?? 0)));
}

/** The entries of a list the vendor may send as null, without its null entries. */
export function present<Item>(items: Array<Item | null | undefined> | null | undefined): Item[] {
  return (items ?? []).filter((item): item is Item => item != null);
}
