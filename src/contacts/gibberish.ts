/**
 * Whether a text (an address's local part, a domain's name) looks machine-made or mashed on a
 * keyboard rather than written by a person: `xkqzvbt`, `a8f3k2l9`, `asdfghjkl`, a hex hash.
 *
 * A sum of signals, each cheap and each explained; the text is gibberish at GIBBERISH_THRESHOLD
 * points. It is read in runs of letters (split at digits and at `.`, `_`, `-`, `+`), lower-cased,
 * with `y` counted as a vowel (Brynn, Dmitriy):
 *
 * | signal                                                                  | points |
 * |-------------------------------------------------------------------------|--------|
 * | a run of 5+ letters without a vowel (`kjhsdf`)                           | 2      |
 * | 7+ consonants in a row; 5 or 6 (sch, ch, sh, th, ph, gh, ck count as one) | 2; 1 |
 * | a run of 10+ letters with under 15 % vowels                              | 1      |
 * | letter pairs rare in names and words (`qz`, `xk`, `jq`, `q` not before `u`) in one run: 3+; 2 | 2; 1 |
 * | 3+ switches between letters and digits (`a8f3k2`)                        | 2      |
 * | 12+ hexadecimal characters in a row with 3+ digits (a hash or an id)     | 2      |
 * | 4+ neighbouring keys of the middle or bottom row (`asdf`, `zxcv`), 5+ of the top row (`qwert`) | 2 |
 * | one letter 4+ times in a row (`aaaa`)                                    | 2      |
 *
 * Tuned so that real names of many languages pass (Krzysztof, Wojciech Kaźmierczak transliterated,
 * Nguyen, Oluwaseun, Siobhan, Tchaikovsky, Llewellyn, Schwarzkopf) and so do usual address shapes
 * (`john.smith1987`, `mike_88`, `info`). Words of few vowels (strengths, Knightsbridge) earn one point.
 * Short texts (under 5 letters) carry too little to judge and never count as gibberish unless
 * digits and letters alternate.
 */
export function looksGibberish(text: string): boolean {
  return gibberishPoints(text) >= GIBBERISH_THRESHOLD;
}

export const GIBBERISH_THRESHOLD = 2;

const VOWELS = new Set('aeiouy');
/** Letter groups written as one sound (German sch, English th, gh, ck): counted as one consonant in a run. */
const DIGRAPHS = /sch|ch|sh|th|ph|gh|ck/g;
/** Letter pairs that almost never occur in names or words of the languages written in Latin letters. */
const RARE_LETTERS = new Set('jqxz');
/** Pairs with j, q, x or z that are common after all (next, Alex, Dzmitry, Liszt, Kaźmierczak's cz, rz, sz). */
const COMMON_PAIRS = new Set(['xt', 'xp', 'xc', 'xh', 'dz', 'tz', 'sz', 'cz', 'rz', 'zh', 'zw', 'zl', 'zm', 'zn', 'zb', 'zd', 'zk', 'zs', 'zt', 'zy', 'jy', 'nj', 'lj', 'dj', 'nx', 'ks', 'ck', 'ng', 'nz', 'lz']);
/** Keyboard rows and how many neighbouring keys make a run: five on the top row, whose four-key runs occur in words (liberty's `erty`). */
const KEYBOARD_ROWS: Array<{ keys: string; run: number }> = [
  { keys: 'qwertyuiop', run: 5 },
  { keys: 'asdfghjkl', run: 4 },
  { keys: 'zxcvbnm', run: 4 },
];

export function gibberishPoints(text: string): number {
  const lower = text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  let points = 0;

  const letterRuns = lower.split(/[^a-z]+/).filter((run) => run !== '');
  for (const run of letterRuns) {
    if (run.length >= 5 && ![...run].some((letter) => VOWELS.has(letter))) points += 2;
    const consonants = longestConsonantRun(run.replace(DIGRAPHS, (digraph) => digraph[0]!));
    if (consonants >= 7) points += 2;
    else if (consonants >= 5) points += 1;
    if (run.length >= 10 && vowelShare(run) < 0.15) points += 1;
    const rare = rarePairs(run);
    if (rare >= 3) points += 2;
    else if (rare === 2) points += 1;
  }

  const alphanumeric = lower.replace(/[^a-z0-9]/g, '');
  if (letterDigitSwitches(alphanumeric) >= 3) points += 2;
  if (/[0-9a-f]{12,}/.test(alphanumeric) && hexRunWithDigits(alphanumeric)) points += 2;
  if (KEYBOARD_ROWS.some((row) => containsKeyboardRun(alphanumeric, row.keys, row.run))) points += 2;
  if (/([a-z])\1{3,}/.test(alphanumeric)) points += 2;
  return points;
}

function longestConsonantRun(run: string): number {
  let longest = 0;
  let current = 0;
  for (const letter of run) {
    current = VOWELS.has(letter) ? 0 : current + 1;
    longest = Math.max(longest, current);
  }
  return longest;
}

function vowelShare(run: string): number {
  return [...run].filter((letter) => VOWELS.has(letter)).length / run.length;
}

function rarePairs(run: string): number {
  let count = 0;
  for (let index = 0; index + 1 < run.length; index += 1) {
    const pair = run.slice(index, index + 2);
    const [first, second] = [pair[0]!, pair[1]!];
    if (first === 'q' && second !== 'u') count += 1;
    else if ((RARE_LETTERS.has(first) || RARE_LETTERS.has(second)) && !VOWELS.has(first) && !VOWELS.has(second) && !COMMON_PAIRS.has(pair)) count += 1;
  }
  return count;
}

function letterDigitSwitches(text: string): number {
  let switches = 0;
  for (let index = 1; index < text.length; index += 1) {
    if (/\d/.test(text[index]!) !== /\d/.test(text[index - 1]!)) switches += 1;
  }
  return switches;
}

function hexRunWithDigits(text: string): boolean {
  return (text.match(/[0-9a-f]{12,}/g) ?? []).some((run) => (run.match(/\d/g) ?? []).length >= 3);
}

/** `length` neighbouring keys of one row, either way (`asdf`, `fdsa`). */
function containsKeyboardRun(text: string, row: string, length: number): boolean {
  const reversed = [...row].reverse().join('');
  for (let start = 0; start + length <= row.length; start += 1) {
    if (text.includes(row.slice(start, start + length)) || text.includes(reversed.slice(start, start + length))) return true;
  }
  return false;
}
