import { createHash } from 'node:crypto';
import { SeededRandom } from '../../providers/sandbox/random';

/**
 * The same pseudo-random sequences the sandbox draws from (mulberry32): the same request always
 * makes byte-identical files, so the sandbox's jobs are repeatable and tests compare bytes.
 */
export { SeededRandom };

/**
 * A 32-bit seed from the parts of a request (the kind of file, the prompt, options): SHA-256 of
 * their JSON, so that any change in any part gives an unrelated seed.
 */
export function seedFrom(...parts: unknown[]): number {
  return createHash('sha256').update(JSON.stringify(parts)).digest().readUInt32BE(0);
}

/** The sequence for these request parts. */
export function randomFor(...parts: unknown[]): SeededRandom {
  return new SeededRandom(seedFrom(...parts));
}
