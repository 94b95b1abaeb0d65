import { describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { AS_TEXT, LONGEST_PIECE, LONGEST_TOKEN_BYTES, o200k, promptTokens, textsTokens, textTokens, truncateToTokens } from '../../src/chat/tokens';
import { REPOSITORY } from '../../scripts/repository';

/**
 * Token counting against the tokenizer itself: exact on real text, linear on text built to make
 * byte-pair encoding quadratic (one piece of 150,000 × "f" took 12 s), and never below the real
 * count there, since the prompt's count sizes the hold.
 */

/** The tokenizer's own count of the whole text, special tokens' text as text. */
const realCount = (text: string) => o200k().countTokens(text, AS_TEXT);
// From the repository's root: the suite runs bundled, from a build under node_modules/.cache.
const file = (name: string) => fs.readFileSync(path.join(REPOSITORY, name), 'utf8');

/** Random text from an alphabet, the same on every run. */
function randomText(length: number, alphabet: string): string {
  const characters = [...alphabet];
  let seed = 7;
  let text = '';
  for (let index = 0; index < length; index += 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    text += characters[Math.floor((seed / 2_147_483_648) * characters.length)];
  }
  return text;
}

const REAL_TEXTS = [
  'Hello there',
  'Explain how solar panels turn light into power, in three short paragraphs.',
  'Donaudampfschifffahrtsgesellschaftskapitänsmütze und Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz.',
  '机器学习是人工智能的一个分支，它使计算机能够在没有明确编程的情况下从数据中学习。深度学习使用多层神经网络。',
  '東京は日本の首都であり、世界で最も人口の多い都市圏の一つです。ラーメンとすしが好きです！',
  'Москва — столица России, крупнейший по численности населения город страны.',
  'الذكاء الاصطناعي هو قدرة الآلات على محاكاة الذكاء البشري.',
  'कृत्रिम बुद्धिमत्ता कंप्यूटर विज्ञान की एक शाखा है।',
  'Ship it 🚀🚀🚀 — works on my machine™ 😅 (née café, naïve façade).',
  'https://example.com/shop/espresso-machines/classic?utm_source=newsletter&utm_medium=email#reviews',
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  '{"type":"object","properties":{"name":{"type":"string"},"price":{"type":"number"},"inStock":{"type":"boolean"}},"required":["name","price"]}',
  'function fibonacci(n: number): number {\n  return n < 2 ? n : fibonacci(n - 1) + fibonacci(n - 2);\n}\n',
  '| a | b |\n|---|---|\n| 1 | 2 |\n\n' + '-'.repeat(80) + '\n' + '='.repeat(120) + '\n' + ' '.repeat(200) + 'indented\n',
  'Tokens <|endoftext|> and <|fim_prefix|> are text a customer wrote.',
  '0123456789 3.14159265358979 1,000,000 2026-11-30T03:32:26Z',
];

describe('counting tokens', () => {
  test('real text is counted exactly as the tokenizer counts it: prose in many scripts, code, JSON, markdown', () => {
    const documents = [file('README.md'), file('package-lock.json'), file('src/core/pipeline.ts'), ...REAL_TEXTS];
    const paragraphs = file('README.md').split('\n\n');
    for (const text of [...documents, ...paragraphs, REAL_TEXTS.join('\n')]) assert.equal(textTokens(text), realCount(text), text.slice(0, 60));
    assert.equal(textTokens(''), 0);
  });

  test('a piece longer than LONGEST_PIECE (a run of one character, a word of thousands of letters): never below its real count, a few per cent above', () => {
    const length = 8_000;
    const hostile: Record<string, string> = {
      'f run': 'f'.repeat(length),
      'b run': 'b'.repeat(length),
      'c run': 'c'.repeat(length),
      'random lowercase letters': randomText(length, 'abcdefghijklmnopqrstuvwxyz'),
      'random Cyrillic letters': randomText(length, 'абвгдежзийклмнопрстуфхцчшщыэюя'),
      'Chinese without punctuation': randomText(length, '的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可'),
      'random punctuation': randomText(length, '!?.,;:-=+*&^%$#@~'),
      'emoji run': '😀'.repeat(length / 2),
      'one word repeated ("ti")': 'ti'.repeat(length / 2),
      'one word repeated ("the")': 'the'.repeat(length / 3),
    };
    for (const [name, text] of Object.entries(hostile)) {
      const real = realCount(text);
      const counted = textTokens(text);
      assert.ok(counted >= real, `${name}: counted ${counted}, below the real ${real}`);
      assert.ok(counted <= real * 1.05, `${name}: counted ${counted}, more than 5 % above the real ${real}`);
    }
    // Runs whose real tokens are very long (64 dots, the alphabet as one token) are counted a few tokens above per cut.
    for (const text of ['.'.repeat(length), ' '.repeat(length) + 'x', 'abcdefghijklmnopqrstuvwxyz'.repeat(300)]) {
      const real = realCount(text);
      const cuts = Math.ceil(text.length / LONGEST_PIECE);
      assert.ok(textTokens(text) >= real && textTokens(text) <= real + 5 * cuts, `${text.slice(0, 20)}: ${textTokens(text)} against ${real}`);
    }
  });

  test('"f" × 300,000 is encoded in one pass: each character once, in parts of at most LONGEST_PIECE characters', () => {
    const text = 'f'.repeat(300_000);
    const counter = mock.method(o200k(), 'countTokens');
    try {
      const tokens = textTokens(text);
      const lengths = counter.mock.calls.map((call) => String(call.arguments[0]).length);
      assert.equal(lengths.reduce((sum, length) => sum + length, 0), text.length);
      assert.equal(Math.max(...lengths), LONGEST_PIECE);
      assert.equal(lengths.length, Math.ceil(text.length / LONGEST_PIECE));
      // 8 "f"s per token, and the one token per cut that keeps the count at or above the real one.
      assert.equal(tokens, text.length / 8 + lengths.length - 1);
    } finally {
      counter.mock.restore();
    }
  });

  test('the text of special tokens is counted as text, not refused', () => {
    assert.equal(textTokens('<|endoftext|>'), realCount('<|endoftext|>'));
    const prompt = promptTokens({ messages: [{ role: 'user', content: 'Say <|endoftext|> twice: <|endoftext|><|endoftext|>' }] });
    assert.equal(prompt, 3 + 3 + textTokens('user') + realCount('Say <|endoftext|> twice: <|endoftext|><|endoftext|>'));
  });
});

/** The characters `count` gives the tokenizer, while it runs. */
function tokenisedCharacters(count: () => number): { tokens: number; characters: number } {
  const counter = mock.method(o200k(), 'countTokens');
  try {
    const tokens = count();
    return { tokens, characters: counter.mock.calls.reduce((sum, call) => sum + String(call.arguments[0]).length, 0) };
  } finally {
    counter.mock.restore();
  }
}

describe('counting only as far as a limit', () => {
  const lorem = 'lorem ipsum dolor sit amet '.repeat(40_000);

  test('a long text of short pieces is counted in runs, exactly as the tokenizer counts it whole, wherever the runs are cut', () => {
    const separators = [' ', '\n', '\n\n', '   ', '\t', ' \n ', '\r\n', '  x  ', '...', '—', '\u3000'];
    const mixed = Array.from({ length: 4_000 }, (_, index) => REAL_TEXTS[index % REAL_TEXTS.length]! + separators[index % separators.length]!).join('');
    assert.ok(mixed.length > 200_000);
    for (const text of [mixed, lorem, file('package-lock.json').repeat(3)]) assert.equal(textTokens(text), realCount(text), text.slice(0, 40));
  });

  test('counting stops once the count reaches stopAt: a text far past it is not tokenised whole', () => {
    const all = realCount(lorem);
    const { tokens, characters } = tokenisedCharacters(() => textsTokens([lorem], 1_000));
    assert.ok(tokens >= 1_000 && tokens < all, `stopped at ${tokens} of ${all}`);
    assert.ok(characters < lorem.length / 10, `tokenised ${characters} of ${lorem.length} characters`);
    // Across texts too: the second is never reached.
    const across = tokenisedCharacters(() => textsTokens([lorem, lorem], all));
    assert.ok(across.tokens >= all && across.characters < lorem.length * 1.1);
    // Below stopAt, the count is exact.
    assert.equal(textsTokens([lorem, 'Hello there'], Infinity), all + realCount('Hello there'));
    assert.equal(textsTokens([lorem], all + 1), all);
  });

  test('a text whose length alone puts it past stopAt is refused without tokenising any of it', () => {
    const text = 'x'.repeat(3_000_000);
    const { tokens, characters } = tokenisedCharacters(() => textsTokens(['user', text], 16_384));
    assert.equal(characters, 0);
    assert.equal(tokens, 1 + Math.ceil(text.length / LONGEST_TOKEN_BYTES));
    assert.ok(tokens <= textTokens(text), 'the bound is below the count');
    // The prompt's own framing and images count toward the window before any text does.
    assert.ok(promptTokens({ messages: [{ role: 'user', content: text }] }, undefined, 'most', 16_384) >= 16_384);
  });

  test('LONGEST_TOKEN_BYTES is the longest o200k token, in bytes: n characters are never fewer than n / LONGEST_TOKEN_BYTES tokens', () => {
    const ranks = createRequire(path.join(REPOSITORY, 'package.json'))('gpt-tokenizer/bpeRanks/o200k_base') as { default?: unknown[] } & unknown[];
    const list = (ranks.default ?? ranks) as (string | number[])[];
    const utf8 = new TextEncoder();
    const longest = list.reduce((most: number, entry) => Math.max(most, typeof entry === 'string' ? utf8.encode(entry).length : entry.length), 0);
    assert.equal(longest, LONGEST_TOKEN_BYTES);
    assert.ok(list.length > 199_000, 'the whole rank list');
  });
});

describe('cutting text to a number of tokens', () => {
  test('real text is cut where the tokenizer’s own tokens end, as before', () => {
    const readme = file('README.md');
    for (const maxTokens of [1, 7, 100, 1_000, 32_000]) {
      const prefix = readme.slice(0, maxTokens * 32);
      const expected = o200k().decode(o200k().encode(prefix, AS_TEXT).slice(0, maxTokens));
      assert.deepEqual(truncateToTokens(readme, maxTokens), { text: expected, truncated: true });
    }
    assert.deepEqual(truncateToTokens('Price: $4.', 100), { text: 'Price: $4.', truncated: false });
    assert.deepEqual(truncateToTokens('Price: $4.', 0), { text: '', truncated: true });
  });

  test('a page of one long word: a prefix within the tokens, encoded only as far as they go, in parts of at most LONGEST_PIECE', () => {
    for (const page of ['c'.repeat(1_024_000), randomText(200_000, 'abcdefghijklmnopqrstuvwxyz')]) {
      const encoder = mock.method(o200k(), 'encode');
      try {
        const { text, truncated } = truncateToTokens(page, 32_000);
        const lengths = encoder.mock.calls.map((call) => String(call.arguments[0]).length);
        assert.equal(truncated, true);
        assert.ok(page.startsWith(text));
        assert.ok(textTokens(text) <= 32_000 && textTokens(text) > 31_900, 'the cut leaves little room unused');
        assert.ok(Math.max(...lengths) <= LONGEST_PIECE);
        assert.ok(lengths.reduce((sum, length) => sum + length, 0) <= text.length + LONGEST_PIECE, 'encoding stopped at the part where the tokens ran out');
      } finally {
        encoder.mock.restore();
      }
    }
  });

  test('what is kept of a long word is within the tokens as the tokenizer counts it whole', () => {
    for (const page of ['c'.repeat(40_000), randomText(40_000, 'abcdefghijklmnopqrstuvwxyz'), 'ti'.repeat(20_000)]) {
      const { text } = truncateToTokens(page, 2_000);
      assert.ok(page.startsWith(text));
      assert.ok(realCount(text) <= 2_000, `${page.slice(0, 10)}: ${realCount(text)} tokens kept`);
    }
  });
});
