import { SANDBOX_DATA_MONTH } from '../keyword-metrics';
import type { SeededRandom } from '../random';
import type { Topic } from './topic';

/**
 * A JSON value valid against a JSON Schema, made from the prompt's words where strings are free:
 * what the sandbox puts in a tool call's arguments and in a `json_schema` answer. Understood:
 * `type` (one or several), `properties`/`required`, `additionalProperties`, `enum`, `const`,
 * numeric bounds and `multipleOf`, string lengths and the common `format`s, `items`/`prefixItems`,
 * `minItems`/`maxItems`/`uniqueItems`, `anyOf`/`oneOf` (one branch), `allOf` (merged) and local
 * `$ref`s. `pattern` is not: a string under a pattern gets the prompt's words like any other.
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
  return valueOf(schema, { root: schema, topic, random, left: tokens * MOST_CHARACTERS_PER_TOKEN + 1024 }, '', 0);
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
  if (typeof node.$ref === 'string') return valueOf(resolve(node.$ref, generation.root), generation, name, depth + 1);
  if ('const' in node) return node.const;
  if (Array.isArray(node.enum) && node.enum.length > 0) return generation.random.pick(node.enum);
  const branches = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches) && branches.length > 0) {
    // A null branch is the schema's way to say optional: an answer is more useful with a value.
    const valued = branches.filter((branch) => !isNullSchema(branch));
    return valueOf(generation.random.pick(valued.length > 0 ? valued : branches), generation, name, depth + 1);
  }
  if (Array.isArray(node.allOf)) node = mergeAll(node, generation.root);
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

function typeOf(node: Schema, random: SeededRandom): string {
  const type = node.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type) && type.length > 0) {
    const valued = type.filter((candidate) => candidate !== 'null');
    return String(random.pick(valued.length > 0 ? valued : type));
  }
  if (node.properties || node.required || node.additionalProperties !== undefined) return 'object';
  if (node.items || node.prefixItems) return 'array';
  if (node.minimum !== undefined || node.maximum !== undefined || node.multipleOf !== undefined) return 'number';
  return 'string';
}

function objectOf(node: Schema, generation: Generation, depth: number): Record<string, unknown> {
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const object: Record<string, unknown> = {};
  generation.left -= 2;
  for (const [key, property] of Object.entries(properties)) {
    if (generation.left <= 0) break;
    if (required.has(key) || (depth < DEEPEST && generation.random.chance(0.6))) {
      generation.left -= key.length + 4;
      object[key] = valueOf(property, generation, key, depth + 1);
    }
  }
  // Required names the schema does not describe take any value its extra properties allow.
  for (const key of required) {
    if (generation.left <= 0) break;
    if (!(key in object)) {
      generation.left -= key.length + 4;
      object[key] = valueOf(extraSchema(node), generation, key, depth + 1);
    }
  }
  return object;
}

function extraSchema(node: Schema): unknown {
  return typeof node.additionalProperties === 'object' ? node.additionalProperties : true;
}

function arrayOf(node: Schema, generation: Generation, name: string, depth: number): unknown[] {
  const tuple = Array.isArray(node.prefixItems) ? (node.prefixItems as unknown[]) : Array.isArray(node.items) ? (node.items as unknown[]) : [];
  const rest = Array.isArray(node.items) ? node.additionalItems : node.items;
  const fewest = Math.max(numberField(node.minItems) ?? 0, tuple.length);
  const most = rest === false ? tuple.length : (numberField(node.maxItems) ?? Infinity);
  const wanted = depth >= DEEPEST ? fewest : generation.random.integer(Math.max(fewest, Math.min(1, most)), Math.max(fewest, Math.min(most, 3)));
  generation.left -= 2;
  const items: unknown[] = tuple.map((item) => valueOf(item, generation, name, depth + 1));
  const seen = new Set(items.map((item) => JSON.stringify(item)));
  // Unique items: a few more draws per item, then a numbered string when the schema allows one.
  for (let attempts = 0; items.length < wanted && attempts < wanted * 8 && generation.left > 0; attempts += 1) {
    generation.left -= 1;
    let item = valueOf(rest ?? true, generation, singular(name), depth + 1);
    if (node.uniqueItems === true && seen.has(JSON.stringify(item)) && typeof item === 'string' && attempts >= wanted * 4) item = `${item} ${items.length + 1}`;
    if (node.uniqueItems === true && seen.has(JSON.stringify(item))) continue;
    seen.add(JSON.stringify(item));
    items.push(item);
  }
  return items;
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
  const value = formatted(node.format ?? formatNamed(name), generation) ?? wordFor(name, generation);
  const fewest = Math.min(numberField(node.minLength) ?? 0, Math.max(0, generation.left));
  const most = numberField(node.maxLength) ?? Infinity;
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

/** `allOf`'s parts merged into the schema: their properties and required names joined, other keys taken as given. */
function mergeAll(node: Schema, root: unknown): Schema {
  const merged: Schema = { ...node, allOf: undefined };
  for (const part of node.allOf as unknown[]) {
    let schema = part;
    while (schema !== null && typeof schema === 'object' && typeof (schema as Schema).$ref === 'string') schema = resolve((schema as Schema).$ref as string, root);
    if (schema === null || typeof schema !== 'object') continue;
    const { properties, required, ...rest } = schema as Schema;
    Object.assign(merged, rest, merged.type ? { type: merged.type } : {});
    merged.properties = { ...(merged.properties as Schema | undefined), ...(properties as Schema | undefined) };
    merged.required = [...new Set([...((merged.required as string[] | undefined) ?? []), ...((required as string[] | undefined) ?? [])])];
  }
  return merged;
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
