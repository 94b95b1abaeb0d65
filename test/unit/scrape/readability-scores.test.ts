import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countSyllables, countText, readabilityScores } from '../../../src/scrape/readability-scores';

test('Flesch reading ease of the published examples: "The cat sat on the mat." 116, the platypus sentence 37.5', () => {
  // Both from the formula's own literature (and its Wikipedia article): 116.1 and 37.5 when rounded.
  assert.equal(readabilityScores('The cat sat on the mat.').fleschReadingEase, 116.15);
  const platypus = readabilityScores('The Australian platypus is seemingly a hybrid of a mammal and reptilian creature.');
  assert.equal(Math.round(platypus.fleschReadingEase * 10) / 10, 37.5);
});

test('every score of a pangram, from hand counts: 9 words, 1 sentence, 35 letters, 11 syllables', () => {
  const text = 'The quick brown fox jumps over the lazy dog.';
  assert.deepEqual(countText(text), { words: 9, sentences: 1, characters: 35, letters: 35, syllables: 11 });
  // ARI = 4.71·35/9 + 0.5·9/1 − 21.43 = 1.3867; CLI = 0.0588·388.89 − 0.296·11.11 − 15.8 = 3.7778;
  // FRE = 206.835 − 1.015·9 − 84.6·11/9 = 94.3.
  assert.deepEqual(readabilityScores(text), { wordCount: 9, sentenceCount: 1, automatedReadabilityIndex: 1.39, colemanLiauIndex: 3.78, fleschReadingEase: 94.3 });
});

test('several sentences, digits as characters, a trailing unpunctuated line as a sentence', () => {
  const text = 'It rained. We stayed in 2 days!\nThe end';
  const counts = countText(text);
  assert.equal(counts.words, 9);
  assert.equal(counts.sentences, 3);
  assert.equal(counts.characters, 29);
  assert.equal(counts.letters, 28);
  // ARI = 4.71·29/9 + 0.5·9/3 − 21.43 = −4.7533
  assert.equal(readabilityScores(text).automatedReadabilityIndex, -4.75);
});

test('decimal points and ellipses do not end sentences in the middle of a word', () => {
  assert.equal(countText('Pi is 3.14 or so... roughly. Yes').sentences, 2 + 1);
  assert.equal(countText('Version 1.2.3 shipped.').sentences, 1);
});

test('syllables by the vowel-group heuristic', () => {
  const expected: Record<string, number> = {
    cat: 1, the: 1, table: 2, make: 1, makes: 1, boxes: 2, jumped: 1, wanted: 2, reptilian: 3, creature: 2, yellow: 2, readability: 5, simple: 2, 'don’t': 1,
  };
  for (const [word, syllables] of Object.entries(expected)) assert.equal(countSyllables(word), syllables, word);
});

test('a text without words scores zero', () => {
  assert.deepEqual(readabilityScores(' ... '), { wordCount: 0, sentenceCount: 0, automatedReadabilityIndex: 0, colemanLiauIndex: 0, fleschReadingEase: 0 });
});
