/**
 * Readability formulas, each as published, over counts taken from the text:
 * - Automated Readability Index (Smith & Senter, 1967): 4.71·(characters/words) + 0.5·(words/sentences) − 21.43,
 *   characters being letters and digits;
 * - Coleman–Liau index (1975): 0.0588·L − 0.296·S − 15.8, L letters per 100 words, S sentences per 100 words;
 * - Flesch reading ease (1948): 206.835 − 1.015·(words/sentences) − 84.6·(syllables/words).
 * Scores are rounded to two decimals; a text without words scores 0 on each.
 */
export interface TextCounts {
  words: number;
  sentences: number;
  /** Letters and digits (what ARI calls characters). */
  characters: number;
  /** Letters only (Coleman–Liau's L). */
  letters: number;
  syllables: number;
}

export interface ReadabilityScores {
  wordCount: number;
  sentenceCount: number;
  automatedReadabilityIndex: number;
  colemanLiauIndex: number;
  fleschReadingEase: number;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
/**
 * A sentence ends at `.`, `!` or `?` (runs count once) followed by a space, a closing quote or the
 * end of its line. Only from a run's first mark: tried from each mark of a run that fails, the
 * match would read the rest of the run again, and a line of dots would take its length squared.
 */
const SENTENCE_END = /(?<![.!?])[.!?]+(?=["'”’)\]]*(?:\s|$))/g;

export function countText(text: string): TextCounts {
  const words = text.match(WORD) ?? [];
  let characters = 0;
  let letters = 0;
  let syllables = 0;
  for (const word of words) {
    const wordLetters = word.replace(/[^\p{L}]/gu, '').length;
    letters += wordLetters;
    characters += wordLetters + word.replace(/[^\p{N}]/gu, '').length;
    syllables += countSyllables(word);
  }
  let sentences = 0;
  // Each line is read on its own: a heading or a list item ends its sentence without a full stop.
  for (const line of text.split(/\n+/)) {
    if (!/[\p{L}\p{N}]/u.test(line)) continue;
    const ends = (line.match(SENTENCE_END) ?? []).length;
    const trailing = /[\p{L}\p{N}]/u.test(afterLastStop(line)) ? 1 : 0;
    sentences += Math.max(1, ends + trailing);
  }
  return { words: words.length, sentences, characters, letters, syllables };
}

/**
 * What follows the line's last `.`, `!` or `?` (all of it when there is none): a letter or digit
 * there is a sentence without its full stop. Found from the end rather than by a pattern anchored
 * at the end, which would scan from every letter to the next stop and back.
 */
function afterLastStop(line: string): string {
  return line.slice(Math.max(line.lastIndexOf('.'), line.lastIndexOf('!'), line.lastIndexOf('?')) + 1);
}

/**
 * English syllables by the common vowel-group heuristic: a word of three letters or fewer has one;
 * otherwise a silent ending is dropped — `e` or `es` after a consonant other than `l` ("made",
 * "makes", but "table"), `es` not after a sibilant ("boxes" keeps it), `ed` not after `t` or `d`
 * ("jumped", but "wanted") — a leading `y` is a consonant, and each run of one or two vowels (`y`
 * included) is a syllable. Numbers count as one. Off by one on some words ("beautiful" gets 4,
 * "created" 2), which the formula's averages absorb.
 */
export function countSyllables(word: string): number {
  const letters = word.toLowerCase().replace(/[^a-z]/g, '');
  if (letters.length <= 3) return 1;
  const stem = letters.replace(/(?:[^laeiouysxz]es|[^laeiouydt]ed|[^laeiouy]e)$/, '').replace(/^y/, '');
  return Math.max(1, stem.match(/[aeiouy]{1,2}/g)?.length ?? 0);
}

const round = (value: number) => Math.round(value * 100) / 100;

export function automatedReadabilityIndex(counts: TextCounts): number {
  if (counts.words === 0) return 0;
  return round(4.71 * (counts.characters / counts.words) + 0.5 * (counts.words / counts.sentences) - 21.43);
}

export function colemanLiauIndex(counts: TextCounts): number {
  if (counts.words === 0) return 0;
  const lettersPer100 = (counts.letters / counts.words) * 100;
  const sentencesPer100 = (counts.sentences / counts.words) * 100;
  return round(0.0588 * lettersPer100 - 0.296 * sentencesPer100 - 15.8);
}

export function fleschReadingEase(counts: TextCounts): number {
  if (counts.words === 0) return 0;
  return round(206.835 - 1.015 * (counts.words / counts.sentences) - 84.6 * (counts.syllables / counts.words));
}

export function readabilityScores(text: string): ReadabilityScores {
  const counts = countText(text);
  return {
    wordCount: counts.words,
    sentenceCount: counts.sentences,
    automatedReadabilityIndex: automatedReadabilityIndex(counts),
    colemanLiauIndex: colemanLiauIndex(counts),
    fleschReadingEase: fleschReadingEase(counts),
  };
}
