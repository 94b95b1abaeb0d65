import type { StarFilter } from '../../families/retail';
import type { SeededRandom } from '../random';

/** Splits `total` into whole parts proportional to `weights` (largest remainder): they sum to `total`. */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const parts = exact.map(Math.floor);
  const byRemainder = exact.map((_, index) => index).sort((a, b) => exact[b]! - parts[b]! - (exact[a]! - parts[a]!) || a - b);
  let missing = total - parts.reduce((a, b) => a + b, 0);
  for (const index of byRemainder) {
    if (missing-- <= 0) break;
    parts[index]! += 1;
  }
  return parts;
}

/** The average of star counts (index 0 = one star), to one decimal; null without ratings. */
export function averageStars(counts: readonly number[]): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  return Math.round((counts.reduce((sum, count, index) => sum + count * (index + 1), 0) * 10) / total) / 10;
}

export const logNormal = (random: SeededRandom, median: number, spread: number): number => Math.exp(random.normal(Math.log(median), spread));

/** Page `page` (from 1) of `size`: past the end, empty. */
export const pageOf = <T>(items: readonly T[], page: number, size: number): T[] => items.slice((page - 1) * size, page * size);

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** `length` random upper-case letters and digits. */
export function randomCode(random: SeededRandom, length: number): string {
  let code = '';
  for (let index = 0; index < length; index += 1) code += ALPHANUMERIC[random.integer(0, 35)];
  return code;
}

/** Whether `stars` passes a star filter (POSITIVE: 4–5, CRITICAL: 1–3). */
export function starsPass(filter: StarFilter, stars: number): boolean {
  if (filter === 'ALL') return true;
  if (filter === 'POSITIVE') return stars >= 4;
  if (filter === 'CRITICAL') return stars <= 3;
  return Number(filter[0]) === stars;
}
