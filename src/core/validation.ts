import type { z } from 'zod';
import { ApiError } from './errors';

/** `['filters', 2, 'op']` → `filters[2].op`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text ? `.${String(segment)}` : String(segment);
  }
  return text;
}

/**
 * The field an issue is about, the one its description names first: for unknown fields, the first
 * of them (the issue's path is their object's); for a value that fits none of a union's options,
 * the field inside the option its description follows (`messages[0].content[0].type`, not
 * `messages[0].content`).
 */
export function issueField(issue: z.core.$ZodIssue): string {
  const reading = unionReading(issue);
  if (reading?.issues) return issueField(reading.issues[0]!);
  if (reading?.field !== undefined) return reading.field;
  const field = formatPath(issue.code === 'unrecognized_keys' && issue.keys.length > 0 ? [...issue.path, issue.keys[0]!] : issue.path);
  // An unknown key is the caller's text, of any length: `param` echoes no more than a name needs.
  return field.length > FIELD_MAX_CHARS ? `${field.slice(0, FIELD_MAX_CHARS - 1)}…` : field;
}

/** The longest field name `param` gives whole. */
const FIELD_MAX_CHARS = 200;

/**
 * One readable sentence per problem, each naming the field and the rule it broke, e.g.
 * `depth: must be at most 100; colour: unknown field`. Bounded whatever the body: the first
 * `UNKNOWN_FIELDS_LISTED` unknown fields of an object and then their count, the first
 * `SENTENCES_LISTED` sentences and then the count of the rest, `MESSAGE_MAX_CHARS` in all.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return bounded(distinct(withTightestBounds(typeAlone(issues)).flatMap(describeIssue)));
}

/** Unknown fields named one by one; a body of 60,000 of them is refused in a line, not 3 MB. */
const UNKNOWN_FIELDS_LISTED = 10;
/** Sentences listed before "and N more problems". */
const SENTENCES_LISTED = 20;
/** The longest message, field names included (a field name can be as long as the body). */
const MESSAGE_MAX_CHARS = 2000;

/**
 * The sentences joined, as many as fit: the first `SENTENCES_LISTED` within `MESSAGE_MAX_CHARS`,
 * then how many more there are. The first is always there, cut short if it alone is too long.
 */
function bounded(sentences: readonly string[]): string {
  const rest = (listed: number) => {
    const unlisted = sentences.length - listed;
    return unlisted > 0 ? `; and ${unlisted} more problem${unlisted === 1 ? '' : 's'}` : '';
  };
  let message = sentences[0] ?? '';
  let listed = Math.min(sentences.length, 1);
  const room = MESSAGE_MAX_CHARS - rest(listed).length;
  // Cut between characters, not inside a surrogate pair.
  if (message.length > room) message = `${message.slice(0, room - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
  while (listed < Math.min(sentences.length, SENTENCES_LISTED)) {
    const next = `${message}; ${sentences[listed]}`;
    if (next.length + rest(listed + 1).length > MESSAGE_MAX_CHARS) break;
    message = next;
    listed += 1;
  }
  return message + rest(listed);
}

/**
 * Each sentence once: several checks of a field can give the same refusal (a duration's minimum
 * and its list of allowed values both say "must be whole seconds, one of 6, 8, …"), and reading
 * it twice tells the caller nothing more.
 */
function distinct(sentences: readonly string[]): string[] {
  return [...new Set(sentences)];
}

/**
 * A value of the wrong type is described by its type alone: zod still runs the field's other
 * checks on it, and a string sent for an array of at most 5 items would read "must be an array;
 * must be at most 5 characters long".
 */
function typeAlone(issues: readonly z.core.$ZodIssue[]): readonly z.core.$ZodIssue[] {
  const mistyped = new Set(issues.filter((issue) => issue.code === 'invalid_type').map((issue) => formatPath(issue.path)));
  if (mistyped.size === 0) return issues;
  return issues.filter((issue) => issue.code === 'invalid_type' || !mistyped.has(formatPath(issue.path)));
}

/**
 * One bound of each kind per field: zod's integer check reports the safe-integer range beside the
 * field's own limit (9007199254740993 is above both), and two maxima read as a contradiction. The
 * tighter one is the one the caller has to meet.
 */
function withTightestBounds(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  const tightest = new Map<string, z.core.$ZodIssue>();
  for (const issue of issues) {
    if (issue.code !== 'too_big' && issue.code !== 'too_small') continue;
    const key = `${issue.code} ${formatPath(issue.path)}`;
    const kept = tightest.get(key);
    if (!kept || isTighter(issue, kept)) tightest.set(key, issue);
  }
  return issues.filter((issue) => (issue.code !== 'too_big' && issue.code !== 'too_small') || tightest.get(`${issue.code} ${formatPath(issue.path)}`) === issue);
}

function isTighter(issue: z.core.$ZodIssue, than: z.core.$ZodIssue): boolean {
  if (issue.code === 'too_big' && than.code === 'too_big') return issue.maximum < than.maximum;
  if (issue.code === 'too_small' && than.code === 'too_small') return issue.minimum > than.minimum;
  return false;
}

/** zod's own English defaults; any other message was written by a schema and is kept as is. */
const ZOD_DEFAULT_MESSAGE = /^(Invalid input|Invalid option|Invalid discriminator value|Too big|Too small|Unrecognized keys?)\b/;

/** The sentences describing one issue: one, but for a union's option's issues and an object's unknown fields. */
function describeIssue(issue: z.core.$ZodIssue): string | string[] {
  const reading = unionReading(issue);
  if (reading?.issues) return distinct(withTightestBounds(reading.issues).flatMap(describeIssue));
  if (reading?.field !== undefined) return `${reading.field}: ${reading.rule}`;
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message)) return `${formatPath(issue.path) || 'body'}: ${issue.message}`;
  if (issue.code === 'unrecognized_keys') {
    const named = issue.keys.slice(0, UNKNOWN_FIELDS_LISTED).map((key) => `${formatPath([...issue.path, key])}: unknown field (not accepted by this endpoint)`);
    const unnamed = issue.keys.length - named.length;
    const within = formatPath(issue.path);
    return unnamed === 0 ? named : [...named, `and ${unnamed} more unknown field${unnamed === 1 ? '' : 's'}${within ? ` in ${within}` : ''}`];
  }
  const field = formatPath(issue.path) || 'body';
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return `${field}: is required`;
  if (issue.code === 'too_big') return `${field}: ${sizeRule('at most', issue.maximum, issue.origin, issue.inclusive)}`;
  if (issue.code === 'too_small') return `${field}: ${sizeRule('at least', issue.minimum, issue.origin, issue.inclusive)}`;
  if (issue.code === 'invalid_type' && issue.expected === 'number' && /Infinity$/.test(String((issue as { received?: unknown }).received))) {
    return `${field}: must be a finite number (this one is too large to represent)`;
  }
  if (issue.code === 'invalid_type') return `${field}: must be ${article(issue.expected)}`;
  if (issue.code === 'invalid_value') return `${field}: must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
  return `${field}: ${issue.message}`;
}

/**
 * A value that fits none of a union's options (a count as the string "20" or the number 20, say):
 * zod says only "Invalid input". When the value's type fits one option and breaks a rule of it
 * ("abc" for that count), the issues of that option are the ones to meet (their paths from the
 * root); when its type fits none (`true`), the types that would. Objects told apart by a tag (a
 * message's `role`, a content part's `type`) whose tag is none of theirs: the tags there are.
 * Undefined for any other issue, and for a union whose schema says in its own words what it takes.
 */
function unionReading(issue: z.core.$ZodIssue): { issues: z.core.$ZodIssue[]; field?: never } | { issues?: never; field: string; rule: string } | undefined {
  if (issue.code !== 'invalid_union' || !ZOD_DEFAULT_MESSAGE.test(issue.message)) return undefined;
  const field = formatPath(issue.path) || 'body';
  // A discriminated union's own refusal: the discriminator is at the issue's path.
  const { options } = issue as { options?: unknown[] };
  if (issue.errors.length === 0 && Array.isArray(options)) return { field, rule: `must be one of ${options.map((option) => JSON.stringify(option)).join(', ')}` };
  const wrongType = (branch: readonly z.core.$ZodIssue[]) => branch.length === 1 && branch[0]!.code === 'invalid_type' && branch[0]!.path.length === 0;
  const within = (branch: readonly z.core.$ZodIssue[]) => ({ issues: branch.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }) as z.core.$ZodIssue) });
  const fitting = issue.errors.filter((branch) => !wrongType(branch));
  if (fitting.length === 1) return within(fitting[0]!);
  const tags = fitting.map((branch) => branch.find((inner) => inner.code === 'invalid_value' && inner.path.length === 1));
  // The one option whose tag the value has: its rules are the ones broken.
  const tagged = fitting.filter((_, index) => tags[index] === undefined);
  if (fitting.length > 1 && tagged.length === 1) return within(tagged[0]!);
  if (fitting.length > 1 && tags.every((tag) => tag !== undefined && tag.path[0] === tags[0]!.path[0])) {
    const values = tags.flatMap((tag) => (tag as z.core.$ZodIssue & { values: unknown[] }).values);
    return { field: formatPath([...issue.path, tags[0]!.path[0]!]), rule: `must be one of ${values.map((value) => JSON.stringify(value)).join(', ')}` };
  }
  if (fitting.length > 0 || issue.errors.length === 0) return undefined;
  if (issue.errors.every((branch) => /received undefined$/.test(branch[0]!.message))) return { field, rule: 'is required' };
  const expected = [...new Set(issue.errors.map((branch) => (branch[0] as z.core.$ZodIssue & { expected: string }).expected))];
  return { field, rule: `must be ${expected.map(article).join(' or ')}` };
}

function sizeRule(bound: 'at most' | 'at least', limit: number | bigint, origin: string, inclusive = true): string {
  if (origin === 'array' || origin === 'set') return `must have ${bound} ${limit} item${limit === 1 ? '' : 's'}`;
  if (origin === 'string') {
    return bound === 'at least' && limit === 1 ? 'must not be empty' : `must be ${bound} ${limit} character${limit === 1 ? '' : 's'} long`;
  }
  const comparison = inclusive ? bound : bound === 'at most' ? 'less than' : 'greater than';
  return `must be ${comparison} ${limit}`;
}

function article(expected: string): string {
  if (expected === 'int') return 'a whole number';
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/**
 * What an endpoint's schema validates: the query string of a GET, the JSON body of a POST. An
 * empty body stands for `{}` (several endpoints take an optional one); any other body must be a
 * JSON object, and no string in it (value or field name) may hold a lone UTF-16 surrogate, which
 * no vendor can take (the JSON parser lets `"\ud800"` through).
 */
export function callInput(method: 'GET' | 'POST', request: { query: unknown; body: unknown }): unknown {
  if (method === 'POST' && request.body === undefined) return {};
  const input = method === 'GET' ? request.query : request.body;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ApiError('VALIDATION_ERROR', 'body: must be a JSON object');
  }
  // A query parameter sent twice (`limit=5&limit=6`) arrives as a list; no query takes one.
  if (method === 'GET') {
    const repeated = Object.keys(input).find((name) => Array.isArray((input as Record<string, unknown>)[name]));
    if (repeated !== undefined) throw new ApiError('VALIDATION_ERROR', `${repeated}: given more than once; send it once`, { param: repeated });
  }
  if (!WITHOUT_ESCAPES.has(input)) refuseMalformedText(input);
  return input;
}

/** Documents parsed from JSON text without a `\u` escape: no string in them can hold a lone surrogate. */
const WITHOUT_ESCAPES = new WeakSet<object>();

/**
 * Records that `document` was parsed from `text`, so `callInput` can skip its walk for lone
 * surrogates when the text had no `\u` escape: a fatal UTF-8 decoder refuses an encoded
 * surrogate, so an escape is the only way one can reach a parsed string. (A `\\u`, an escaped
 * backslash before a `u`, only costs the walk.)
 */
export function noteParsedFrom(document: unknown, text: string): void {
  if (typeof document === 'object' && document !== null && !text.includes('\\u')) WITHOUT_ESCAPES.add(document);
}

/** A code point in the surrogate range: in a `u` regex a well-formed pair is one astral code point, so only a lone half matches. */
const LONE_SURROGATE = /\p{Surrogate}/u;

function refuseMalformedText(input: object): void {
  for (const node of jsonNodes(input)) {
    if (typeof node.key === 'string' && LONE_SURROGATE.test(node.key)) {
      const parent = formatPath(pathOf(node.parent));
      throw new ApiError('VALIDATION_ERROR', `${parent || 'body'}: has a field name that is not valid Unicode text (a lone UTF-16 surrogate)`, parent ? { param: parent } : {});
    }
    if (typeof node.value === 'string' && LONE_SURROGATE.test(node.value)) {
      const field = formatPath(pathOf(node));
      throw new ApiError('VALIDATION_ERROR', `${field || 'body'}: must be valid Unicode text; it holds a lone UTF-16 surrogate`, field ? { param: field } : {});
    }
  }
}

/** A value inside a parsed JSON document, with the key it sits under and its parent. */
export interface JsonNode {
  key: string | number | undefined;
  value: unknown;
  parent: JsonNode | undefined;
}

/**
 * Every value of a parsed JSON document, the document first, then depth-first in document
 * order. Iterative: a body nested 100,000 deep cannot overflow the stack.
 */
export function* jsonNodes(document: unknown): Generator<JsonNode> {
  const stack: JsonNode[] = [{ key: undefined, value: document, parent: undefined }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    yield node;
    if (typeof node.value !== 'object' || node.value === null) continue;
    const entries: [string | number, unknown][] = Array.isArray(node.value) ? node.value.map((item, index) => [index, item]) : Object.entries(node.value);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, value] = entries[index]!;
      stack.push({ key, value, parent: node });
    }
  }
}

/** The path from the document to `node`, as `formatPath` takes it. */
export function pathOf(node: JsonNode | undefined): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at = node; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}
