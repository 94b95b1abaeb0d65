/**
 * Modular arithmetic the sandbox's worlds share: the bijections that spread a list over itself
 * (position ↦ position·multiplier + offset mod n) and read it back, for ASINs, a site's keyword
 * order, the long tail's order and the short-video follower ring.
 */

export function greatestCommonDivisor(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** x with a·x ≡ 1 (mod n), for a coprime to n (the extended Euclidean algorithm). */
export function modularInverse(a: number, n: number): number {
  let [oldR, r, oldS, s] = [a, n, 1, 0];
  while (r !== 0) {
    const quotient = Math.floor(oldR / r);
    [oldR, r] = [r, oldR - quotient * r];
    [oldS, s] = [s, oldS - quotient * s];
  }
  return ((oldS % n) + n) % n;
}
