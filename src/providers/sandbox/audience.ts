import { ApiError } from '../../core/errors';
import type { CursorPage } from '../providers';
import type { SeededRandom } from './random';

/**
 * What the platform worlds (photos, clips) share about audiences and lists. An audience — who
 * follows, likes, comments — is positions in a permutation of a population 1..size: position i
 * is (stride · i + shift) mod size + 1, a bijection when the stride is coprime with the size, so
 * a list is as long as its count, finite, and names each account once. The shift puts the account
 * itself at the last position, which no list reaches (every count is below size − 1), so nobody
 * follows or likes themselves.
 */

/** A multiplier coprime with `size`, drawn from its middle third. */
export function coprimeStride(random: SeededRandom, size: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = random.integer(size / 3, (2 * size) / 3);
  while (gcd(stride, size) !== 1) stride += 1;
  return stride;
}

/** The account at `position` of the audience drawn by `stride` around `self`, in a population of `size`. */
export function audienceMember(size: number, stride: number, self: number, position: number): number {
  const shift = (self - 1 + stride) % size;
  return ((stride * position + shift) % size) + 1;
}

/**
 * `size` items of a list of `total`, from the cursor on. The cursor is the next item's position in
 * decimal: the worlds never change, so a position is all a cursor needs; anything else (the
 * endpoints only pass on what a provider gave) is a 400 naming the platform's field.
 */
export function offsetPage<Item>(total: number, size: number, cursor: string | undefined, field: string, item: (position: number) => Item): CursorPage<Item> {
  const offset = cursor === undefined ? 0 : /^[1-9]\d{0,9}$/.test(cursor) ? Number(cursor) : NaN;
  if (!(offset === 0 || offset < total)) {
    throw new ApiError('VALIDATION_ERROR', `${field}: not a cursor this list gave; start again without it.`, { param: field });
  }
  const end = Math.min(total, offset + size);
  return { items: Array.from({ length: end - offset }, (_, index) => item(offset + index)), nextCursor: end < total ? String(end) : null };
}
