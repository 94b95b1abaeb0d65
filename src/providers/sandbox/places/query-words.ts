import { withoutAccents } from '../accents';

/**
 * How the place search reads a query's words, one rule for the city it names (./cities.ts) and
 * the kind of place it asks for (./categories.ts): lower case, accents off, in any script.
 */

/** Scripts written without spaces between words: a name in them is found anywhere in the text. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * The text lower-cased, accents off (é → e, ü → u, ά → α), anything but letters, digits and marks a
 * space, padded with one: "Café in München!" → " cafe in munchen ", "東京 ラーメン" → " 東京 ラーメン ".
 * Only Latin, Greek and Cyrillic accents go (see withoutAccents).
 */
export function foldedWords(text: string): string {
  const lower = text.toLowerCase();
  return ` ${withoutAccents(lower).replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')} `;
}

/** Whether a name (folded with foldedWords, trimmed) is written without spaces, so matched anywhere. */
export function isUnspacedName(name: string): boolean {
  return UNSPACED_SCRIPT.test(name);
}

/**
 * Whether folded text names `name` (folded, trimmed): as whole words, or anywhere for a name in a
 * script without spaces ("東京" in " 東京ラーメン ").
 */
export function namesIn(folded: string, name: string): boolean {
  return isUnspacedName(name) ? folded.includes(name) : folded.includes(` ${name} `);
}
