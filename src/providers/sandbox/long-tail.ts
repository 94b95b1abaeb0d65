import type { SeededRandom } from './random';
import { greatestCommonDivisor } from './modular';

/**
 * `total` items split over `parts` parts, largest first, each part at least one item, the sizes
 * adding up to `total` exactly: how a target's backlinks fall over its referring domains, or over
 * its anchor texts. The first `head` parts follow a Zipf curve and are held in an array; the rest
 * (a big profile's millions of small linking sites) share their items evenly and are computed on
 * demand, so a split of a billion links over fifty million domains costs no more than the head.
 */
export interface LongTailPartition {
  readonly total: number;
  readonly parts: number;
  /** Parts held one by one, largest first; every later part is no larger than the last of them. */
  readonly head: number;
  /** Items in a part. */
  size(part: number): number;
  /** Items in the parts before `part`; `start(parts)` is `total`. */
  start(part: number): number;
  /** The part an item (0 to total − 1) falls in. */
  partOf(item: number): number;
}

/** Zipf weights of the first `head` of `parts` ranks: the normaliser sums the first 100,000 terms and integrates the rest. */
function zipfWeights(head: number, parts: number, exponent: number): number[] {
  const summed = Math.min(parts, 100_000);
  let normaliser = 0;
  for (let rank = 1; rank <= summed; rank += 1) normaliser += rank ** -exponent;
  if (parts > summed) normaliser += (parts ** (1 - exponent) - summed ** (1 - exponent)) / (1 - exponent);
  return Array.from({ length: head }, (_, index) => (index + 1) ** -exponent / normaliser);
}

/** The head's sizes: one item each, the extra items by Zipf share, the units lost to rounding down to the first parts. */
function headSizes(extra: number, headTotal: number, weights: number[]): number[] {
  const sizes = weights.map((weight) => 1 + Math.floor(extra * weight));
  let remainder = headTotal - sizes.reduce((sum, size) => sum + size, 0);
  // Rounding can only lose units; should floating point ever gain one, the largest parts give it back.
  for (let index = 0; remainder < 0; index = (index + 1) % sizes.length) {
    if (sizes[index]! > 1) { sizes[index]! -= 1; remainder += 1; }
  }
  const each = Math.floor(remainder / sizes.length);
  const firstFew = remainder % sizes.length;
  return sizes.map((size, index) => size + each + (index < firstFew ? 1 : 0));
}

/**
 * Split `total` over `parts` (parts ≤ total), holding at most `maxHead` parts one by one. The tail
 * gets what the Zipf curve gives it, but never more per part than the smallest head part, so the
 * order stays largest first.
 */
export function longTailPartition(total: number, parts: number, maxHead: number, random: SeededRandom): LongTailPartition {
  if (parts > total) throw new RangeError(`cannot split ${total} items over ${parts} non-empty parts`);
  const head = Math.min(parts, maxHead);
  const tailParts = parts - head;
  const extra = total - parts;
  const weights = zipfWeights(head, parts, random.between(0.9, 1.3));
  const headWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const smallestHead = head === 0 ? 0 : 1 + Math.floor(extra * weights[head - 1]!);
  const tailTotal = tailParts === 0 ? 0 : Math.min(tailParts + Math.floor(extra * Math.max(0, 1 - headWeight)), tailParts * smallestHead);
  const headTotal = total - tailTotal;
  const sizes = head === 0 ? [] : tailParts === 0 ? headSizes(extra, total, weights.map((weight) => weight / headWeight)) : headSizes(extra, headTotal, weights);
  const starts = [0];
  for (const size of sizes) starts.push(starts.at(-1)! + size);
  // The tail: `tailEach` items per part, one more for the first `tailLonger` parts.
  const tailEach = tailParts === 0 ? 0 : Math.floor(tailTotal / tailParts);
  const tailLonger = tailParts === 0 ? 0 : tailTotal % tailParts;

  const size = (part: number) => (part < head ? sizes[part]! : tailEach + (part - head < tailLonger ? 1 : 0));
  const start = (part: number) => {
    if (part <= head) return starts[part]!;
    const into = part - head;
    return headTotal + into * tailEach + Math.min(into, tailLonger);
  };
  const partOf = (item: number) => {
    if (item >= headTotal) {
      const into = item - headTotal;
      const longer = tailLonger * (tailEach + 1);
      return head + (into < longer ? Math.floor(into / (tailEach + 1)) : tailLonger + Math.floor((into - longer) / tailEach));
    }
    let low = 0;
    let high = head - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= item) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  return { total, parts, head, size, start, partOf };
}

/** floor(a·b / c) exactly, for counts whose product passes 2^53. */
export function scaledDown(a: number, b: number, c: number): number {
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/**
 * A bijection of 0 … n − 1 (item ↦ item·multiplier + offset mod n): spreads a property held by a
 * contiguous range of items (the first k are broken, the next j carry this anchor) evenly over
 * the items, so a count decided in aggregate stays exact item by item.
 */
export function spreading(n: number, random: SeededRandom): (item: number) => number {
  if (n <= 1) return () => 0;
  let multiplier = 1 + Math.floor(random.next() * (n - 1));
  while (greatestCommonDivisor(multiplier, n) !== 1) multiplier = (multiplier % (n - 1)) + 1;
  const offset = Math.floor(random.next() * n);
  const big = { multiplier: BigInt(multiplier), offset: BigInt(offset), n: BigInt(n) };
  return (item) => Number((BigInt(item) * big.multiplier + big.offset) % big.n);
}
