/**
 * Deterministic randomness: the same seed text always gives the same sequence, so the sandbox
 * answers the same input with the same output, in every process.
 */
export class SeededRandom {
  private state: number;

  /** `seed`: a text, hashed; or the 32-bit state of a fork. */
  constructor(seed: string | number) {
    this.state = typeof seed === 'string' ? hashText(seed) : seed | 0;
  }

  /**
   * A generator of its own, seeded by one draw of this one: what is drawn from either afterwards
   * does not move the other, so a part of an answer can be built later, or not at all, without
   * changing the rest.
   */
  fork(): SeededRandom {
    return new SeededRandom(this.next() * 4294967296);
  }

  /** Uniform in [0, 1) (mulberry32). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  integer(min: number, max: number): number {
    return Math.floor(this.between(min, max + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Normally distributed (Box–Muller). */
  normal(mean: number, deviation: number): number {
    const u = Math.max(this.next(), Number.EPSILON);
    return mean + deviation * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** `count` of the items in a random order (the first `count` of a shuffle, drawn only as far as that). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const taken = Math.min(count, copy.length);
    for (let index = 0; index < taken; index += 1) {
      const other = index + Math.floor(this.next() * (copy.length - index));
      [copy[index], copy[other]] = [copy[other]!, copy[index]!];
    }
    copy.length = taken;
    return copy;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index -= 1) {
      const other = Math.floor(this.next() * (index + 1));
      [copy[index], copy[other]] = [copy[other]!, copy[index]!];
    }
    return copy;
  }
}

/**
 * 32-bit FNV-1a over the text's UTF-16 code units, then MurmurHash3's finaliser to spread the bits:
 * a seed, not a digest — fast (the sandbox seeds thousands of generators per call) and stable
 * across processes and versions of Node.
 */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
