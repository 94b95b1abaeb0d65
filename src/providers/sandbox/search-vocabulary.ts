import { looksGibberish } from '../../contacts/gibberish';
import { PREFIXES, SUFFIXES } from './keyword-grid';
import { SUBJECT_WORDS } from './query-subjects';
import { brandFameOf } from './known-sites';
import { remembering } from './memo';

/**
 * The words the sandbox's search world is made of, as its keyword numbers read them: the head
 * topics its made-up sites write about, the modifiers searchers add to them, the words that tell
 * what a query is about and the little words between them. A keyword's words tell how it is
 * searched (see `readingOf`): a head term of this vocabulary much, any other phrase as its long
 * tail draws it, and one that is no words at all (`qqqqqqqqqqqq`) hardly ever.
 */

/** The subjects most searched in the sandbox: the topics its made-up sites write about (see ./organic-rankings.ts). */
export const HEAD_TOPICS: readonly string[] = [
  'coffee', 'running shoes', 'home insurance', 'recipes', 'laptops', 'travel deals', 'gardening', 'web hosting',
  'fitness', 'skincare', 'photography', 'personal finance', 'pet food', 'furniture', 'online courses', 'car rental',
  'headphones', 'yoga', 'camping gear', 'project management software', 'wedding dresses', 'mortgage rates',
];

/** Words that join others ("shoes for women", "how to choose"): searched inside every phrase, so as often as any head term. */
const FUNCTION_WORDS = [
  'a', 'an', 'the', 'and', 'or', 'for', 'to', 'of', 'in', 'on', 'at', 'by', 'with', 'from', 'near', 'me', 'my', 'is', 'are',
  'how', 'what', 'why', 'when', 'who', 'where', 'which', 'do', 'does', 'can', 'i', 'you', 'vs', 'not', 'no', 'it',
];

/** The words intent is read from (see intentOf) that the other lists do not hold. */
const CUE_WORDS = [
  'order', 'deal', 'discount', 'coupon', 'shop', 'sale', 'official', 'website', 'download', 'contact', 'login', 'sign',
  'guide', 'tutorial', 'ideas', 'tips', 'meaning', 'definition', 'examples', 'beginners', 'review', 'top', 'compare',
];

const words = (phrases: readonly string[]) => phrases.flatMap((phrase) => phrase.split(' '));

/** Every word the vocabulary knows. */
const KNOWN_WORDS: ReadonlySet<string> = new Set([
  ...words(HEAD_TOPICS), ...words(PREFIXES), ...words(SUFFIXES), ...SUBJECT_WORDS, ...FUNCTION_WORDS, ...CUE_WORDS,
]);

/** The phrases of consecutive words a phrase holds, itself included ("project management software" → "project management", …). */
const phrasesIn = (phrase: string) => {
  const parts = phrase.split(' ');
  return parts.flatMap((_, start) => parts.slice(start).map((__, length) => parts.slice(start, start + length + 1).join(' ')));
};

/**
 * Head terms: a head topic and the phrases it holds ("project management"), or one word the
 * vocabulary knows ("shoes", "cheap", "for"): every phrase of the vocabulary contains some, and a
 * phrase is searched less than those it contains (see ./keyword-metrics.ts).
 */
const HEAD_TERMS: ReadonlySet<string> = new Set([...HEAD_TOPICS.flatMap(phrasesIn), ...KNOWN_WORDS]);

/** Whether a normalised phrase is a head term ("running shoes", "laptops"): a generic phrase, never a brand, however a site is named. */
export const isHeadTerm = (phrase: string) => HEAD_TERMS.has(phrase);

/**
 * How a normalised keyword reads: `non-word` when a word of it is gibberish (`qqqqqqqqqqqq`,
 * `xkqzvbt`); `head` for a head term; otherwise `phrase` — real searches are mostly words the
 * sandbox's small vocabulary does not hold ("espresso machine", "tv", "90210"), searched like any
 * phrase — with whether any word of it the vocabulary knows is English (not a brand's name), which
 * a market of another language searches little.
 */
export type KeywordReading = { kind: 'non-word' } | { kind: 'head' } | { kind: 'phrase'; english: boolean };

/** Remembered: a keyword's volume reads it in every market, and a results page reads its query's. */
export const readingOf = remembering(10_000, readKeyword);

function readKeyword(keyword: string): KeywordReading {
  if (HEAD_TERMS.has(keyword)) return { kind: 'head' };
  let english = false;
  for (const word of keyword.split(' ')) {
    if (KNOWN_WORDS.has(word)) english = true;
    else if (brandFameOf(word) === undefined && looksGibberish(word)) return { kind: 'non-word' };
  }
  return { kind: 'phrase', english };
}
