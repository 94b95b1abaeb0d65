import v8 from 'node:v8';
import RandExp from 'randexp';
import { UpstreamError } from '../../../core/errors';
import { SANDBOX_DATA_MONTH } from '../keyword-metrics';
import type { SeededRandom } from '../random';
import type { Topic } from './topic';

// Patterns are checked on V8's linear-time engine where it takes them (as /v1/scrape/ai-extract
// validates): a customer's pattern cannot stall the server by backtracking over a candidate.
v8.setFlagsFromString('--enable-experimental-regexp-engine');

/**
 * A JSON value valid against a JSON Schema, made from the prompt's words where strings are free:
 * what the sandbox puts in a tool call's arguments and in a `json_schema` answer. Understood:
 * `type` (one or several), `properties`/`required`, `additionalProperties`, `patternProperties`,
 * `propertyNames`, `minProperties`/`maxProperties`, `dependentRequired`/`dependentSchemas`, `enum`,
 * `const`, numeric bounds and `multipleOf`, string lengths, `pattern` (a string drawn from the
 * regular expression, then checked against it) and the common `format`s,
 * `items`/`prefixItems`, `minItems`/`maxItems`/`uniqueItems`, `contains`/`minContains`,
 * `anyOf`/`oneOf` (one branch, with the schema's own keywords), `allOf` (merged: bounds
 * tightened, properties combined), `if`/`then`/`else` (the `if` made true, so `then` holds) and
 * local `$ref`s. Not understood: `not`, and `maxContains` against items that happen to match.
 *
 * A pattern it cannot satisfy (one that matches nothing within the lengths, or one with lookarounds
 * or backreferences, which only a backtracking engine could check: see `patternTools`) is an
 * UpstreamError saying so: the sandbox's answers are deterministic, so asking again would fail
 * the same way.
 *
 * A value is made only as long as the answer can be: as many characters of JSON text as its token
 * limit could let through, and a little more. A schema asking for more (`minLength:
 * 100000` items of `minItems: 100000`) is cut off there — the answer ends at its token limit
 * anyway, with `finish_reason: length` — instead of holding the server while it builds gigabytes.
 */

type Schema = Record<string, unknown>;

interface Generation {
  readonly root: unknown;
  readonly topic: Topic;
  readonly random: SeededRandom;
  /** Characters of JSON text still to be made; at 0 every value left is null. */
  left: number;
  /** Each pattern's generator and matcher, made once per answer. */
  readonly patterns: Map<string, PatternTools | null>;
}

/** Recursive `$ref`s stop nesting here: optional parts are left out, arrays take their fewest items. */
const DEEPEST = 6;
/** A schema that requires itself all the way down has no finite instance: it gets a null there. */
const HOPELESS = 40;
const FALLBACK_WORDS = ['sandbox', 'example'];

/** JSON text past any this generator writes in `tokens` tokens: its longest tokens are a word and its punctuation. */
const MOST_CHARACTERS_PER_TOKEN = 24;

/** A value for an answer of at most `tokens` tokens (made no longer than those can show, above). */
export function jsonValueFor(schema: unknown, topic: Topic, random: SeededRandom, tokens: number): unknown {
  return valueOf(schema, { root: schema, topic, random, left: tokens * MOST_CHARACTERS_PER_TOKEN + 1024, patterns: new Map() }, '', 0);
}

function valueOf(schema: unknown, generation: Generation, name: string, depth: number): unknown {
  if (generation.left <= 0) return null;
  const value = unspentValueOf(schema, generation, name, depth);
  // Objects and arrays were paid for part by part; a leaf pays for its text here.
  if (value === null || typeof value !== 'object') generation.left -= typeof value === 'string' ? value.length + 2 : String(value).length;
  return value;
}

function unspentValueOf(schema: unknown, generation: Generation, name: string, depth: number): unknown {
  if (schema === false || depth > HOPELESS) return null;
  if (schema === true || schema === null || typeof schema !== 'object' || Array.isArray(schema)) return wordFor(name, generation);
  let node = schema as Schema;
  if (typeof node.$ref === 'string') {
    const { $ref, ...siblings } = node;
    const target = resolve($ref, generation.root);
    // Draft 2019+ lets keywords stand beside a `$ref`: both apply.
    return valueOf(Object.keys(siblings).length === 0 ? target : { allOf: [siblings, target] }, generation, name, depth + 1);
  }
  // Merged first: a part's `const` or `enum` (an `if`'s, a `then`'s) holds for the whole.
  if (Array.isArray(node.allOf)) node = mergeAll(node, generation.root);
  node = withCondition(node);
  if ('const' in node) return node.const;
  if (Array.isArray(node.enum) && node.enum.length > 0) return generation.random.pick(node.enum);
  const branches = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches) && branches.length > 0) {
    // A null branch is the schema's way to say optional: an answer is more useful with a value.
    const valued = branches.filter((branch) => !isNullSchema(branch));
    const branch = generation.random.pick(valued.length > 0 ? valued : branches);
    // The schema's own keywords hold beside the branch chosen.
    const { anyOf: _anyOf, oneOf: _oneOf, ...own } = node;
    return valueOf(Object.keys(own).length === 0 ? branch : { allOf: [own, branch] }, generation, name, depth + 1);
  }
  switch (typeOf(node, generation.random)) {
    case 'object':
      return objectOf(node, generation, depth);
    case 'array':
      return arrayOf(node, generation, name, depth);
    case 'integer':
      return numberOf(node, generation.random, true);
    case 'number':
      return numberOf(node, generation.random, false);
    case 'boolean':
      return generation.random.chance(0.5);
    case 'null':
      return null;
    default:
      return stringOf(node, generation, name);
  }
}

const OBJECT_KEYWORDS = ['properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties', 'dependentRequired', 'dependentSchemas'];
const ARRAY_KEYWORDS = ['items', 'prefixItems', 'contains', 'minItems', 'maxItems', 'uniqueItems', 'minContains'];
const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];

function typeOf(node: Schema, random: SeededRandom): string {
  const type = node.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type) && type.length > 0) {
    const valued = type.filter((candidate) => candidate !== 'null');
    return String(random.pick(valued.length > 0 ? valued : type));
  }
  if (OBJECT_KEYWORDS.some((keyword) => node[keyword] !== undefined)) return 'object';
  if (ARRAY_KEYWORDS.some((keyword) => node[keyword] !== undefined)) return 'array';
  if (NUMBER_KEYWORDS.some((keyword) => node[keyword] !== undefined)) return 'number';
  return 'string';
}

/** `if`/`then`/`else` resolved: the `if` made to hold (merged in), so its `then` does; a false `if`, its `else`. */
function withCondition(node: Schema): Schema {
  if (node.if === undefined) return node;
  const { if: condition, then, else: otherwise, ...rest } = node;
  if (condition === false) return otherwise === undefined ? rest : mergeParts(rest, [otherwise]);
  return mergeParts(rest, [condition, ...(then === undefined ? [] : [then])]);
}

function objectOf(node: Schema, generation: Generation, depth: number): Record<string, unknown> {
  const properties = { ...((node.properties ?? {}) as Record<string, unknown>) };
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const most = numberField(node.maxProperties) ?? Infinity;
  const keys = new Set(required);
  for (const key of Object.keys(properties)) {
    if (keys.size >= most) break;
    if (!keys.has(key) && depth < DEEPEST && generation.random.chance(0.6)) keys.add(key);
  }
  withDependencies(node, keys, properties);
  // Too few: the schema's other properties first, then names its extra properties allow.
  // Each property costs some characters of the answer: no more are made than it can hold.
  const fewest = Math.min(numberField(node.minProperties) ?? 0, most, Math.ceil(Math.max(0, generation.left) / 4));
  for (const key of Object.keys(properties)) {
    if (keys.size >= fewest) break;
    keys.add(key);
  }
  for (let attempt = 0; keys.size < fewest && attempt < fewest * 4 + 8; attempt += 1) {
    const key = extraName(node, generation, keys.size + attempt);
    if (key !== undefined && !keys.has(key)) keys.add(key);
    if (key === undefined) break;
  }
  withDependencies(node, keys, properties);
  const object: Record<string, unknown> = {};
  generation.left -= 2;
  // In the schema's order of properties, the others after.
  const order = Object.keys(properties);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  for (const key of [...keys].sort((a, b) => rank(a) - rank(b))) {
    if (generation.left <= 0) break;
    generation.left -= key.length + 4;
    object[key] = valueOf(propertySchema(node, properties, key), generation, key, depth + 1);
  }
  return object;
}

/** The keys chosen, with those their presence requires (`dependentRequired`, `dependentSchemas`' required names and properties). */
function withDependencies(node: Schema, keys: Set<string>, properties: Record<string, unknown>): void {
  const requires = (node.dependentRequired ?? {}) as Record<string, unknown>;
  const schemas = (node.dependentSchemas ?? {}) as Record<string, unknown>;
  const applied = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const key of [...keys]) {
      if (applied.has(key)) continue;
      applied.add(key);
      const names = Array.isArray(requires[key]) ? (requires[key] as string[]) : [];
      const schema = schemas[key];
      if (schema !== null && typeof schema === 'object') {
        const dependent = schema as Schema;
        for (const [name, property] of Object.entries((dependent.properties ?? {}) as Record<string, unknown>)) {
          properties[name] = name in properties ? { allOf: [properties[name], property] } : property;
        }
        if (Array.isArray(dependent.required)) names.push(...(dependent.required as string[]));
      }
      for (const name of names) {
        if (!keys.has(name)) {
          keys.add(name);
          changed = true;
        }
      }
    }
  }
}

/** What a key's value must satisfy: its property schema and every `patternProperties` schema its name matches; else the extra properties' schema. */
function propertySchema(node: Schema, properties: Record<string, unknown>, key: string): unknown {
  const matching = Object.entries((node.patternProperties ?? {}) as Record<string, unknown>)
    // A key a pattern only the backtracking engine reads is not tested: its schema is left out for that key.
    .filter(([pattern]) => linearMatcher(pattern)?.(key) === true)
    .map(([, schema]) => schema);
  const own = key in properties ? [properties[key]] : [];
  const all = [...own, ...matching];
  if (all.length === 0) return extraSchema(node);
  return all.length === 1 ? all[0] : { allOf: all };
}

/**
 * A name for one more property: one a `patternProperties` pattern makes, or one of the prompt's
 * words when extra properties are allowed, within `propertyNames`; undefined when none may be added.
 */
function extraName(node: Schema, generation: Generation, index: number): string | undefined {
  const patterns = Object.keys((node.patternProperties ?? {}) as Record<string, unknown>);
  const names = node.propertyNames;
  const namesNode = names !== null && typeof names === 'object' ? (names as Schema) : {};
  if (names === false) return undefined;
  if (patterns.length > 0) {
    const namePatterns = [patterns[index % patterns.length]!, ...(typeof namesNode.pattern === 'string' ? [namesNode.pattern] : [])];
    return patternString(namePatterns, generation, 'key', numberField(namesNode.minLength) ?? 0, numberField(namesNode.maxLength) ?? Infinity);
  }
  if (node.additionalProperties === false || (node.additionalProperties === undefined && node.unevaluatedProperties === false)) return undefined;
  if (namesNode.pattern !== undefined || Array.isArray(namesNode.enum) || 'const' in namesNode) {
    const value = valueOf(namesNode, generation, 'key', HOPELESS);
    return typeof value === 'string' ? value : undefined;
  }
  const words = generation.topic.words.length > 0 ? generation.topic.words : FALLBACK_WORDS;
  const word = words[index % words.length]!.toLowerCase().replace(/[^a-z0-9]+/g, '') || 'field';
  const key = index < words.length ? word : `${word}${index}`;
  return fitLength(key, numberField(namesNode.minLength) ?? 0, numberField(namesNode.maxLength) ?? Infinity);
}

function fitLength(text: string, fewest: number, most: number): string {
  const padded = text.length < fewest ? text.padEnd(fewest, 'x') : text;
  return padded.slice(0, most);
}

function extraSchema(node: Schema): unknown {
  return typeof node.additionalProperties === 'object' ? node.additionalProperties : true;
}

function arrayOf(node: Schema, generation: Generation, name: string, depth: number): unknown[] {
  const tuple = Array.isArray(node.prefixItems) ? (node.prefixItems as unknown[]) : Array.isArray(node.items) ? (node.items as unknown[]) : [];
  const rest = Array.isArray(node.items) ? node.additionalItems : node.items;
  // `contains`: that many items (at least one, unless `minContains: 0`) made to match it too.
  const containing = node.contains === undefined ? 0 : (numberField(node.minContains) ?? 1);
  const matching = node.contains === undefined ? undefined : rest === undefined || rest === true ? node.contains : { allOf: [rest, node.contains] };
  const fewest = Math.max(numberField(node.minItems) ?? 0, tuple.length + containing);
  const most = rest === false ? tuple.length : (numberField(node.maxItems) ?? Infinity);
  const wanted = depth >= DEEPEST ? fewest : generation.random.integer(Math.max(fewest, Math.min(1, most)), Math.max(fewest, Math.min(most, 3)));
  generation.left -= 2;
  const items: unknown[] = tuple.map((item) => valueOf(item, generation, name, depth + 1));
  const seen = new Set(items.map((item) => JSON.stringify(item)));
  // Unique items: a few more draws per item, then a numbered string when the schema allows one.
  for (let attempts = 0; items.length < wanted && attempts < wanted * 8 && generation.left > 0; attempts += 1) {
    generation.left -= 1;
    const schema = items.length < tuple.length + containing ? matching : rest;
    const unused = node.uniqueItems === true ? unusedChoices(schema, seen) : undefined;
    let item = unused !== undefined && unused.length > 0 ? generation.random.pick(unused) : valueOf(schema ?? true, generation, singular(name), depth + 1);
    if (node.uniqueItems === true && seen.has(JSON.stringify(item)) && typeof item === 'string' && attempts >= wanted * 4 && isFreeString(schema)) item = `${item} ${items.length + 1}`;
    if (node.uniqueItems === true && seen.has(JSON.stringify(item))) continue;
    seen.add(JSON.stringify(item));
    items.push(item);
  }
  return items;
}

/** An item schema's `enum` values not yet in the array, for unique items; undefined when it has no enum. */
function unusedChoices(schema: unknown, seen: ReadonlySet<string>): unknown[] | undefined {
  if (schema === null || typeof schema !== 'object' || !Array.isArray((schema as Schema).enum)) return undefined;
  return ((schema as Schema).enum as unknown[]).filter((choice) => !seen.has(JSON.stringify(choice)));
}

/** A string schema a number can be appended to: no enum, const, pattern, format or length to break. */
function isFreeString(schema: unknown): boolean {
  if (schema === undefined || schema === true) return true;
  if (schema === null || typeof schema !== 'object') return false;
  const node = schema as Schema;
  return ['enum', 'const', 'pattern', 'format', 'maxLength', '$ref', 'allOf', 'anyOf', 'oneOf', 'not'].every((keyword) => node[keyword] === undefined);
}

function numberOf(node: Schema, random: SeededRandom, integer: boolean): number {
  // Draft 4 writes an exclusive bound as `exclusiveMinimum: true` beside `minimum`.
  const exclusiveLow = node.exclusiveMinimum === true ? numberField(node.minimum) : numberField(node.exclusiveMinimum);
  const exclusiveHigh = node.exclusiveMaximum === true ? numberField(node.maximum) : numberField(node.exclusiveMaximum);
  const step = numberField(node.multipleOf) ?? (integer ? 1 : 0.01);
  let low = numberField(node.minimum) ?? (exclusiveLow !== undefined ? exclusiveLow : undefined);
  let high = numberField(node.maximum) ?? (exclusiveHigh !== undefined ? exclusiveHigh : undefined);
  // Unbounded, an integer is a small count (servings, days, results) and a number a modest amount.
  if (low === undefined) low = high === undefined ? (integer ? 1 : 0) : high - (integer ? 20 : 100);
  if (high === undefined) high = low + (integer ? 19 : 100);
  // Whole steps of `multipleOf` (of 1 for integers) inside the bounds, the exclusive ends left out.
  let first = Math.ceil(low / step - 1e-9);
  let last = Math.floor(high / step + 1e-9);
  if (exclusiveLow !== undefined && first * step <= exclusiveLow) first += 1;
  if (exclusiveHigh !== undefined && last * step >= exclusiveHigh) last -= 1;
  if (last < first) return first * step;
  // Validators check `multipleOf` in floating point (160.54 / 0.01 is not a whole number there):
  // a few draws find a value every client's validator accepts.
  let value = 0;
  for (let attempt = 0; attempt < 16; attempt += 1) {
    const multiple = random.integer(first, Math.min(last, first + 1_000_000)) * step;
    value = integer ? Math.round(multiple) : Number(multiple.toFixed(decimalsOf(step)));
    if (Number.isInteger(value / step)) break;
  }
  return value;
}

function decimalsOf(step: number): number {
  const text = String(step);
  return text.includes('e-') ? Number(text.split('e-')[1]) : (text.split('.')[1]?.length ?? 0);
}

function stringOf(node: Schema, generation: Generation, name: string): string {
  const fewest = Math.min(numberField(node.minLength) ?? 0, Math.max(0, generation.left));
  const most = numberField(node.maxLength) ?? Infinity;
  const patterns = patternsOf(node);
  const free = freeString(node, generation, name, fewest, most);
  if (patterns.length === 0 || patterns.every((pattern) => linearMatcher(pattern)?.(free) === true)) return free;
  return patternString(patterns, generation, name, fewest, most);
}

/** A string of the prompt's words (or of its format), stretched to `fewest` and cut to `most` code points. */
function freeString(node: Schema, generation: Generation, name: string, fewest: number, most: number): string {
  const value = formatted(node.format ?? formatNamed(name), generation) ?? wordFor(name, generation);
  // Lengths count code points, as JSON Schema does.
  let characters = [...value];
  const words = generation.topic.words.length > 0 ? generation.topic.words : FALLBACK_WORDS;
  for (let index = 0; characters.length < fewest; index += 1) characters.push(...` ${words[index % words.length]}`);
  if (characters.length > most) {
    // At a word's end when one falls within the length.
    const space = characters.lastIndexOf(' ', most);
    characters = characters.slice(0, space >= Math.max(1, fewest) ? space : most);
  }
  return characters.join('');
}

/** The node's `pattern`, and those `allOf` merged in beside it. */
function patternsOf(node: Schema): string[] {
  const merged = Array.isArray(node[MERGED_PATTERNS]) ? (node[MERGED_PATTERNS] as string[]) : [];
  return typeof node.pattern === 'string' ? [node.pattern, ...merged] : merged;
}

/** How many strings are drawn from a pattern before the sandbox gives up on it. */
const PATTERN_DRAWS = 24;
/** Longest open repetition (`*`, `+`, `{n,}`) drawn, beyond its least: enough to meet a `minLength`. */
const OPEN_REPEAT = 8;
const PATTERN_IN_MESSAGE = 80;

/**
 * A string matching the node's `pattern` (and `also`), within its lengths: drawn from the regular
 * expression, then checked against it. Lookarounds are not drawn from, only checked, so a few
 * draws are made before giving up with an error that says why.
 */
function patternString(patterns: readonly string[], generation: Generation, name: string, fewest: number, most: number): string {
  const all = patterns.map((each) => patternTools(each, generation));
  if (all.every((tools) => tools !== null)) {
    for (let draw = 0; draw < PATTERN_DRAWS; draw += 1) {
      // Each pattern draws in turn; the later draws lean to the long end of every choice, so a minLength can be met.
      const generator: BoundedRandExp = all[draw % all.length]!.generator;
      const stretch = draw < PATTERN_DRAWS / 3 ? 0 : STRETCHES[draw % STRETCHES.length]!;
      generator.max = stretch === 0 ? Math.max(OPEN_REPEAT, fewest) : Math.min(Number.isFinite(most) ? most : 2 * Math.max(OPEN_REPEAT, fewest), DRAW_WORK);
      generator.randInt = (low: number, high: number) => generation.random.integer(low + Math.floor((high - low) * stretch), high);
      const candidate = generator.draw(fewest + DRAW_WORK);
      if (candidate === undefined) continue;
      const length = [...candidate].length;
      if (length >= fewest && length <= most && all.every((tools) => tools!.matches(candidate))) return candidate;
    }
  }
  const pattern = patterns[0]!;
  const shown = pattern.length > PATTERN_IN_MESSAGE ? `${pattern.slice(0, PATTERN_IN_MESSAGE)}…` : pattern;
  throw new UpstreamError(
    `The sandbox model cannot write a string matching the schema's pattern ${JSON.stringify(shown)}${name ? ` (for "${name}")` : ''}` +
      `${fewest > 0 || most < Infinity ? ' within its length limits' : ''}. Its answers are deterministic, so the same request fails the same way; ` +
      'a live model may manage it, or the pattern may match nothing (the sandbox draws no strings for lookarounds or backreferences).',
    { detail: 'sandbox chat: a pattern it cannot satisfy' },
  );
}

/** How far toward the top of each range a stretched draw starts (0: anywhere in it). */
const STRETCHES = [0.5, 0.8, 0.65, 0.9, 0.35, 0.75];

interface PatternTools {
  generator: BoundedRandExp;
  matches(text: string): boolean;
}

/** The most steps (about one a character) one string may take to draw: `(a{1000}){1000}` gives up rather than build a megabyte. */
const DRAW_WORK = 20_000;

/** A generator that stops drawing past a number of steps. */
class BoundedRandExp extends RandExp {
  private steps = 0;
  private limit = DRAW_WORK;

  /** A string drawn from the pattern, or undefined when it would take more than `limit` steps. */
  draw(limit: number): string | undefined {
    this.steps = 0;
    this.limit = limit;
    try {
      return this.gen();
    } catch (error) {
      if (error === TOO_LONG) return undefined;
      throw error;
    }
  }

  override _gen(token: Parameters<RandExp['_gen']>[0], groups: (string | null)[]): string {
    this.steps += 1;
    if (this.steps > this.limit) throw TOO_LONG;
    return super._gen(token, groups);
  }
}

const TOO_LONG = Symbol('too long');

/** Unicode classes the generator does not know, drawn from their ASCII members (the check still reads them as written). */
const ASCII_CLASSES: ReadonlyArray<[RegExp, string]> = [
  [/\\p\{(?:Lu|Uppercase_Letter)\}/g, 'A-Z'],
  [/\\p\{(?:Ll|Lowercase_Letter)\}/g, 'a-z'],
  [/\\p\{(?:L|Letter|Alphabetic)\}/g, 'A-Za-z'],
  [/\\p\{(?:N|Nd|Number|Decimal_Number)\}/g, '0-9'],
];

/**
 * A pattern's generator and check. Customers' patterns never run on the backtracking engine, where
 * one can take exponential time: a candidate is checked on V8's linear-time engine where it takes
 * the pattern; a pattern it refuses only for a long count (`{32}`) or a Unicode class drawn from
 * ASCII is still regular, and the generator's strings match it as drawn; one with lookarounds
 * or backreferences could be checked only by backtracking, so no string is drawn for it (null).
 */
function patternTools(pattern: string, generation: Generation): PatternTools | null {
  if (generation.patterns.has(pattern)) return generation.patterns.get(pattern)!;
  const linear = linearMatcher(pattern);
  const drawn = ASCII_CLASSES.reduce((source, [escape, members]) => source.replace(escape, (_found, offset: number) => (insideClass(source, offset) ? members : `[${members}]`)), pattern);
  let tools: PatternTools | null = null;
  if (linear !== null || (isRegExp(pattern) && !NOT_REGULAR.test(pattern) && !/\\[pP]\{/.test(drawn))) {
    try {
      tools = { generator: new BoundedRandExp(drawn), matches: linear ?? (() => true) };
    } catch {
      tools = null; // A pattern the generator cannot read: no string is drawn from it.
    }
  }
  generation.patterns.set(pattern, tools);
  return tools;
}

/** Lookarounds and backreferences: what only a backtracking engine checks. */
const NOT_REGULAR = /\(\?<?[=!]|\\[1-9]|\\k</;

/** Whether the pattern is a regular expression as JSON Schema reads it (compiled, never run). */
function isRegExp(pattern: string): boolean {
  for (const flags of ['u', '']) {
    try {
      new RegExp(pattern, flags);
      return true;
    } catch {
      // The other reading.
    }
  }
  return false;
}

/** Whether `offset` falls inside a `[…]` class of `source` (so an escape there is replaced without brackets). */
function insideClass(source: string, offset: number): boolean {
  let inside = false;
  for (let index = 0; index < offset; index += 1) {
    if (source[index] === '\\') index += 1;
    else if (source[index] === '[') inside = true;
    else if (source[index] === ']') inside = false;
  }
  return inside;
}

/**
 * A test of a pattern on V8's linear-time engine (unanchored, as JSON Schema reads patterns); null
 * when that engine does not take it — a count above 16, a lookaround, a backreference, or Unicode
 * syntax (`\\p{…}`, which the engine, having no Unicode mode, would read as letters).
 */
function linearMatcher(pattern: string): ((text: string) => boolean) | null {
  if (/\\[pPu]\{/.test(pattern)) return null;
  try {
    const regex = new RegExp(pattern, 'l');
    return (text) => regex.test(text);
  } catch {
    return null;
  }
}

const DATA_MONTH = `${SANDBOX_DATA_MONTH.year}-${String(SANDBOX_DATA_MONTH.month).padStart(2, '0')}`;

function formatted(format: unknown, { topic, random }: Generation): string | undefined {
  const slug = topic.words.map((word) => word.toLowerCase().replace(/[^a-z0-9]+/g, '')).filter(Boolean).slice(0, 3).join('-') || 'sandbox';
  const day = String(random.integer(1, 28)).padStart(2, '0');
  switch (format) {
    case 'date':
      return `${DATA_MONTH}-${day}`;
    case 'date-time':
      return `${DATA_MONTH}-${day}T${String(random.integer(0, 23)).padStart(2, '0')}:${String(random.integer(0, 59)).padStart(2, '0')}:00Z`;
    case 'time':
      return `${String(random.integer(0, 23)).padStart(2, '0')}:${String(random.integer(0, 59)).padStart(2, '0')}:00`;
    case 'email':
      return `${slug.split('-')[0]}@example.com`;
    case 'uri':
    case 'url':
    case 'uri-reference':
      return `https://example.com/${slug}`;
    case 'hostname':
      return `${slug}.example.com`;
    case 'ipv4':
      return `192.0.2.${random.integer(1, 254)}`;
    case 'uuid':
      return uuidOf(random);
    default:
      return undefined;
  }
}

/** The format a string's name implies: `email`, `website`, `startDate`. */
function formatNamed(name: string): string | undefined {
  if (/e-?mail/i.test(name)) return 'email';
  if (/url|uri|link|website|homepage/i.test(name)) return 'uri';
  if (/(date|day)$/i.test(name)) return 'date';
  if (/(time|timestamp|_at|At)$/.test(name)) return 'date-time';
  return undefined;
}

/** A free string named like what it holds: a title takes the topic, an id a slug, text a sentence. */
function wordFor(name: string, { topic, random }: Generation): string {
  const words = topic.words.length > 0 ? topic.words : FALLBACK_WORDS;
  if (/(^|_)id$|Id$/.test(name)) return `${words[0]!.toLowerCase()}-${random.integer(100, 999)}`;
  if (/lang|locale/i.test(name)) return 'en';
  if (/city|town|place|location|country|region|destination|venue/i.test(name)) {
    // A place is most likely among the prompt's capitalised words.
    const names = words.filter((word) => /^\p{Lu}/u.test(word));
    return random.pick(names.length > 0 ? names : words);
  }
  if (/currency/i.test(name)) return 'USD';
  if (/name|title|subject|topic|query|keyword|search|term|label|question/i.test(name)) return topic.words.length > 0 ? topic.phrase : words.join(' ');
  if (/description|summary|text|content|message|body|reason|comment|note|answer|explanation|details|step|instruction|tip|idea|suggestion/i.test(name)) {
    return `A sandbox ${name ? name.replace(/[_-]+/g, ' ').toLowerCase() : 'note'} about ${topic.phrase}.`;
  }
  return random.pick(words);
}

function uuidOf(random: SeededRandom): string {
  const hex = Array.from({ length: 32 }, () => random.integer(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = '89ab'[random.integer(0, 3)]!;
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/** `#`, `#/$defs/…`, `#/definitions/…` or any JSON pointer into the root schema. */
function resolve(reference: string, root: unknown): unknown {
  if (!reference.startsWith('#')) return true;
  let node = root;
  for (const segment of reference.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~');
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node ?? true;
}

/** Patterns of `allOf` parts beyond the first: all must hold, and one string is drawn from the first. */
const MERGED_PATTERNS = '\u0000patterns';

/**
 * `allOf`'s parts merged into the schema (each `$ref` followed, nested `allOf`s merged, each
 * part's own condition resolved); a schema whose `allOf` includes itself stops at HOPELESS.
 */
function mergeAll(node: Schema, root: unknown, nesting = 0): Schema {
  const { allOf, ...rest } = node;
  if (nesting > HOPELESS) return rest;
  const parts = (allOf as unknown[]).map((part) => {
    let schema = part;
    for (let hops = 0; hops < HOPELESS && schema !== null && typeof schema === 'object' && typeof (schema as Schema).$ref === 'string'; hops += 1) {
      const { $ref, ...siblings } = schema as Schema;
      const target = resolve($ref as string, root);
      schema = Object.keys(siblings).length === 0 ? target : mergeParts(siblings, [target]);
    }
    if (schema !== null && typeof schema === 'object' && Array.isArray((schema as Schema).allOf)) schema = mergeAll(schema as Schema, root, nesting + 1);
    return schema !== null && typeof schema === 'object' ? withCondition(schema as Schema) : schema;
  });
  return mergeParts(rest, parts);
}

const LOWER_BOUNDS = ['minimum', 'minLength', 'minItems', 'minProperties', 'minContains'];
const UPPER_BOUNDS = ['maximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains'];
/** Keywords whose schemas both apply when two parts give them. */
const SUBSCHEMAS = ['items', 'additionalProperties', 'contains', 'propertyNames', 'additionalItems', 'unevaluatedProperties'];

/**
 * Schemas that all apply, as one: bounds tightened, `type`s and `enum`s intersected, `required`
 * joined, a property two parts describe made of both (`allOf`), the first `const`, `pattern` or
 * other keyword kept (later patterns checked too).
 */
function mergeParts(base: Schema, parts: readonly unknown[]): Schema {
  const merged: Schema = { ...base };
  for (const part of parts) {
    if (part === null || typeof part !== 'object' || Array.isArray(part)) continue;
    for (const [key, value] of Object.entries(part as Schema)) {
      const current = merged[key];
      if (current === undefined) merged[key] = value;
      else if (key === 'properties' || key === 'patternProperties' || key === 'dependentSchemas') merged[key] = mergeProperties(current as Schema, value as Schema);
      else if (key === 'required') merged.required = [...new Set([...(current as string[]), ...((value as string[] | undefined) ?? [])])];
      else if (LOWER_BOUNDS.includes(key) && typeof value === 'number') merged[key] = Math.max(Number(current), value);
      else if (UPPER_BOUNDS.includes(key) && typeof value === 'number') merged[key] = Math.min(Number(current), value);
      else if (key === 'exclusiveMinimum' && typeof value === 'number' && typeof current === 'number') merged[key] = Math.max(current, value);
      else if (key === 'exclusiveMaximum' && typeof value === 'number' && typeof current === 'number') merged[key] = Math.min(current, value);
      else if (key === 'type') merged.type = intersectTypes(current, value);
      else if (key === 'enum' && Array.isArray(value) && Array.isArray(current)) merged.enum = current.filter((item) => value.some((other) => JSON.stringify(other) === JSON.stringify(item)));
      else if (key === 'pattern' && value !== current) merged[MERGED_PATTERNS] = [...((merged[MERGED_PATTERNS] as string[] | undefined) ?? []), value];
      else if (SUBSCHEMAS.includes(key) && typeof value === 'object' && typeof current === 'object') merged[key] = { allOf: [current, value] };
      else if (key === 'dependentRequired') merged[key] = { ...(current as Schema), ...(value as Schema) };
    }
  }
  return merged;
}

function mergeProperties(current: Schema, incoming: Schema): Schema {
  const merged: Schema = { ...current };
  for (const [name, schema] of Object.entries(incoming)) merged[name] = name in merged ? { allOf: [merged[name], schema] } : schema;
  return merged;
}

function intersectTypes(current: unknown, incoming: unknown): unknown {
  const list = (type: unknown) => (Array.isArray(type) ? type : [type]);
  // An integer is a number: `number` and `integer` together mean integers.
  const accepts = (types: unknown[], type: unknown) => types.includes(type) || (type === 'integer' && types.includes('number'));
  const both = list(current).filter((type) => accepts(list(incoming), type)).concat(list(incoming).filter((type) => type === 'integer' && list(current).includes('number')));
  const unique = [...new Set(both)];
  return unique.length === 0 ? current : unique.length === 1 ? unique[0] : unique;
}

function isNullSchema(schema: unknown): boolean {
  return schema !== null && typeof schema === 'object' && (schema as Schema).type === 'null';
}

function numberField(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function singular(name: string): string {
  return name.endsWith('s') ? name.slice(0, -1) : name;
}
