import { SeededRandom } from '../random';
import { modularInverse } from '../modular';

/**
 * A sandbox ASIN carries its product's serial number (category, index and variation), so any
 * endpoint finds the product again without an index of the world: 'B0' like the marketplace's own,
 * then the serial, permuted so neighbours look unrelated, interleaved with four characters drawn
 * from it. Decoding regenerates the whole ASIN, so anything but one of ours is unknown.
 */

const SPACE = 36 ** 4;
/** Coprime with 36, so serial → key is a permutation of the key space. */
const MULTIPLIER = 1_048_573;
const OFFSET = 777_781;
const INVERSE = modularInverse(MULTIPLIER, SPACE);

export function asinOf(serial: number): string {
  const key = ((serial * MULTIPLIER + OFFSET) % SPACE).toString(36).toUpperCase().padStart(4, '0');
  const noise = new SeededRandom(`retail-asin:${serial}`);
  let asin = 'B0';
  for (const character of key) asin += character + noise.integer(0, 35).toString(36).toUpperCase();
  return asin;
}

/** The serial inside one of our ASINs, or null. */
export function serialOf(asin: string): number | null {
  if (!/^B0[A-Z0-9]{8}$/.test(asin)) return null;
  const key = parseInt(asin[2]! + asin[4]! + asin[6]! + asin[8]!, 36);
  const serial = ((((key - OFFSET) % SPACE) + SPACE) % SPACE) * INVERSE % SPACE;
  return asinOf(serial) === asin ? serial : null;
}
