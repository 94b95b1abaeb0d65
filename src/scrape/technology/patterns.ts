import v8 from 'node:v8';

// Fingerprint patterns are data, and they run on pages anyone can write: a pattern that backtracks
// (`<[^>]+data-x` over a page of ten thousand `<` and no `>`) would stall the server. So they are
// compiled for V8's linear-time engine (the `l` flag; the flag below only makes it available).
// That engine takes neither `i` nor `u`: patterns are matched case-insensitively by lower-casing
// both the text and the pattern's literal letters. It is slower per character than the usual
// engine, so a pattern runs only where its required literal text occurs (see `requiredLiterals`).
v8.setFlagsFromString('--enable-experimental-regexp-engine');

/** A fingerprint pattern: its expression (null: the field only has to exist), and how much a match counts. */
export interface Pattern {
  regex: RegExp | null;
  /** One of these (lower-case) occurs in any text the pattern matches; null when no useful literal was found. */
  literals: string[] | null;
  /** 0–100: how sure a match makes the detection (the data's `\;confidence:` tag, else 100). */
  confidence: number;
}

/** Shorter literals find too much to be worth checking first. */
const MIN_LITERAL_LENGTH = 3;

/**
 * One pattern of the data (`regex\;confidence:50\;version:\1`), compiled (relaxed when it has to be,
 * see `relaxed`); null when it cannot run in linear time even so (backreferences) or does not parse.
 */
export function compilePattern(value: string): Pattern | null {
  const [source = '', ...tags] = value.split('\\;');
  const confidenceTag = tags.find((tag) => tag.startsWith('confidence:'));
  const confidence = confidenceTag === undefined ? 100 : Math.min(100, Math.max(0, Number(confidenceTag.slice('confidence:'.length)) || 0));
  if (source === '') return { regex: null, literals: null, confidence };
  const lowered = lowerCaseLiterals(source);
  const regex = linearRegExp(lowered) ?? linearRegExp(relaxed(lowered));
  if (regex === null) return null;
  const literals = requiredLiterals(regex.source);
  return { regex, literals: literals !== null && literals.every((literal) => literal.length >= MIN_LITERAL_LENGTH) ? literals : null, confidence };
}

function linearRegExp(source: string): RegExp | null {
  try {
    return new RegExp(source, 'l');
  } catch {
    return null;
  }
}

/** The engine unrolls counted repetitions, and refuses counts above 16 (15 for an open `{n,}`). */
const MAX_LINEAR_COUNT = 16;

/**
 * A pattern the linear engine refuses, made one it takes that matches at least as much:
 * lookarounds dropped (`leaflet.*\.js(?!.+shopify)` → `leaflet.*\.js`), counts above 16 loosened
 * (`[a-f0-9]{32}` → `[a-f0-9]{15,}`, `.{0,32}` → `.{0,}`). A few more false positives, never a stall.
 */
export function relaxed(source: string): string {
  let result = '';
  let index = 0;
  while (index < source.length) {
    const char = source[index]!;
    if (char === '\\') {
      result += source.slice(index, index + 2);
      index += 2;
    } else if (char === '[') {
      const end = classEnd(source, index);
      result += source.slice(index, end);
      index = end;
    } else if (/^\((?:\?=|\?!|\?<=|\?<!)/.test(source.slice(index, index + 4))) {
      index = groupEnd(source, index);
    } else if (char === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(index));
      if (match === null) {
        result += char;
        index += 1;
        continue;
      }
      const min = Math.min(Number(match[1]), MAX_LINEAR_COUNT - 1);
      const max = match[2] === undefined ? Number(match[1]) : match[3] === '' ? Infinity : Number(match[3]);
      result += max <= MAX_LINEAR_COUNT ? match[0] : `{${min},}`;
      index += match[0].length;
    } else {
      result += char;
      index += 1;
    }
  }
  return result;
}

/** The index just past the character class opening at `start`. */
function classEnd(source: string, start: number): number {
  let index = start + 1;
  if (source[index] === '^') index += 1;
  if (source[index] === ']') index += 1;
  while (index < source.length && source[index] !== ']') index += source[index] === '\\' ? 2 : 1;
  return Math.min(index + 1, source.length);
}

/** The index just past the group opening at `start`. */
function groupEnd(source: string, start: number): number {
  let depth = 0;
  let index = start;
  while (index < source.length) {
    const char = source[index]!;
    if (char === '\\') index += 2;
    else if (char === '[') index = classEnd(source, index);
    else {
      if (char === '(') depth += 1;
      else if (char === ')' && --depth === 0) return index + 1;
      index += 1;
    }
  }
  return source.length;
}

/** Whether `pattern` matches `text` (already lower-case). */
export function matches(pattern: Pattern, text: string): boolean {
  if (pattern.regex === null) return true;
  if (pattern.literals !== null && !pattern.literals.some((literal) => text.includes(literal))) return false;
  return pattern.regex.test(text);
}

/** The pattern with every letter outside an escape lower-cased (`\S`, `\D`, `\W` keep their meaning). */
function lowerCaseLiterals(source: string): string {
  let result = '';
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (char === '\\' && index + 1 < source.length) {
      result += char + source[index + 1];
      index += 1;
    } else {
      result += char.toLowerCase();
    }
  }
  return result;
}

// ---- Required literals ------------------------------------------------------------------------
// A small reading of the pattern's syntax: enough to know which plain text any match must contain
// ("wp-content" in `<link[^>]+wp-content`, either "gtag" or "analytics.js" in `(?:gtag|analytics\.js)`).

type Atom = { kind: 'char'; char: string } | { kind: 'group'; alternatives: Quantified[][] } | { kind: 'other' } | { kind: 'anchor' };
type Quantified = { atom: Atom; min: number; max: number };

/** Characters that stand for themselves when escaped. */
const ESCAPED_LITERAL = /[.\\/\-^$*+?()[\]{}|'"<>=:;!,#&%@~`_ ]/;

export function requiredLiterals(source: string): string[] | null {
  try {
    const parser = { source, index: 0 };
    const alternatives = parseAlternatives(parser);
    return parser.index === source.length ? alternativesLiterals(alternatives) : null;
  } catch {
    return null;
  }
}

function parseAlternatives(parser: { source: string; index: number }): Quantified[][] {
  const alternatives: Quantified[][] = [[]];
  while (parser.index < parser.source.length) {
    const char = parser.source[parser.index]!;
    if (char === ')') break;
    if (char === '|') {
      parser.index += 1;
      alternatives.push([]);
      continue;
    }
    const atom = parseAtom(parser);
    alternatives[alternatives.length - 1]!.push({ atom, ...parseQuantifier(parser) });
  }
  return alternatives;
}

function parseAtom(parser: { source: string; index: number }): Atom {
  const { source } = parser;
  const char = source[parser.index]!;
  parser.index += 1;
  if (char === '\\') {
    const next = source[parser.index++];
    if (next === undefined) throw new Error('dangling escape');
    if (next === 'b' || next === 'B') return { kind: 'anchor' };
    return ESCAPED_LITERAL.test(next) ? { kind: 'char', char: next } : { kind: 'other' };
  }
  if (char === '^' || char === '$') return { kind: 'anchor' };
  if (char === '.') return { kind: 'other' };
  if (char === '[') {
    if (source[parser.index] === '^') parser.index += 1;
    if (source[parser.index] === ']') parser.index += 1;
    while (parser.index < source.length && source[parser.index] !== ']') parser.index += source[parser.index] === '\\' ? 2 : 1;
    if (parser.index >= source.length) throw new Error('unclosed class');
    parser.index += 1;
    return { kind: 'other' };
  }
  if (char === '(') {
    let lookaround = false;
    if (source[parser.index] === '?') {
      const marker = source.slice(parser.index, parser.index + 3);
      lookaround = /^\?(?:=|!|<=|<!)/.test(marker);
      if (marker.startsWith('?:') || marker.startsWith('?=') || marker.startsWith('?!')) parser.index += 2;
      else if (marker.startsWith('?<=') || marker.startsWith('?<!')) parser.index += 3;
      else if (marker.startsWith('?<')) parser.index = source.indexOf('>', parser.index) + 1;
    }
    const alternatives = parseAlternatives(parser);
    if (source[parser.index] !== ')') throw new Error('unclosed group');
    parser.index += 1;
    return lookaround ? { kind: 'anchor' } : { kind: 'group', alternatives };
  }
  return { kind: 'char', char };
}

function parseQuantifier(parser: { source: string; index: number }): { min: number; max: number } {
  const { source } = parser;
  const char = source[parser.index];
  let bounds: { min: number; max: number } | undefined;
  if (char === '*') bounds = { min: 0, max: Infinity };
  else if (char === '+') bounds = { min: 1, max: Infinity };
  else if (char === '?') bounds = { min: 0, max: 1 };
  if (bounds !== undefined) parser.index += 1;
  else if (char === '{') {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(parser.index));
    if (match) {
      parser.index += match[0].length;
      const min = Number(match[1]);
      bounds = { min, max: match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]) };
    }
  }
  if (bounds === undefined) return { min: 1, max: 1 };
  if (source[parser.index] === '?') parser.index += 1;
  return bounds;
}

/** One literal of each alternative must occur; null when an alternative requires none. */
function alternativesLiterals(alternatives: Quantified[][]): string[] | null {
  const union: string[] = [];
  for (const sequence of alternatives) {
    const literals = sequenceLiterals(sequence);
    if (literals === null) return null;
    union.push(...literals);
  }
  return union;
}

/** The most selective set among the sequence's runs of plain characters and its required groups. */
function sequenceLiterals(sequence: Quantified[]): string[] | null {
  const candidates: string[][] = [];
  let run = '';
  const endRun = () => {
    if (run !== '') candidates.push([run]);
    run = '';
  };
  for (const { atom, min, max } of sequence) {
    if (atom.kind === 'anchor') continue;
    if (atom.kind === 'char' && min >= 1) {
      run += atom.char;
      if (max !== 1) endRun();
      continue;
    }
    endRun();
    if (atom.kind === 'group' && min >= 1) {
      const literals = alternativesLiterals(atom.alternatives);
      if (literals !== null) candidates.push(literals);
    }
  }
  endRun();
  let best: string[] | null = null;
  for (const candidate of candidates) {
    const score = Math.min(...candidate.map((literal) => literal.length));
    const bestScore = best === null ? -1 : Math.min(...best.map((literal) => literal.length));
    if (score > bestScore || (score === bestScore && candidate.length < best!.length)) best = candidate;
  }
  return best;
}
