import type { LlmMention } from '../../schemas/content';
import type { MentionCondition, MentionFilter } from '../families/content';
import { eventLoopSlices } from './event-loop-slices';

/**
 * The LLM-mentions `filters` and `order_by` evaluated on the sandbox's mention records, as the
 * data provider evaluates them on its own. The endpoint has checked the expression (known fields,
 * operators that fit them, values of the field's type), so this reads it without checking again.
 *
 * A field is the record's, by its snake_case name, dotted into lists of objects
 * (`sources.domain`): it reads as the list of values found there, and a condition holds when any
 * of them passes (a negated operator: when none passes the operator it negates), so a scalar field
 * is a list of one. "and" binds tighter than "or", as in SQL.
 */

type FieldValue = string | number;
type Test = (mention: LlmMention) => boolean;

const camelCase = (name: string): string => name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** The values at a field's path: `sources.source_name` → every `sources[*].sourceName`. */
function readerOf(field: string): (mention: LlmMention) => FieldValue[] {
  const keys = field.split('.').map(camelCase);
  return (mention) =>
    keys
      .reduce<unknown[]>((values, key) => values.flatMap((value) => {
        const next = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
        return Array.isArray(next) ? next : [next];
      }), [mention])
      .filter((value): value is FieldValue => typeof value === 'string' || typeof value === 'number');
}

/** SQL LIKE: `%` any run of characters, `_` any one, the rest literal; the whole value must match. */
function likePattern(pattern: string, caseInsensitive: boolean): RegExp {
  const source = [...pattern].map((character) => (character === '%' ? '.*' : character === '_' ? '.' : character.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))).join('');
  return new RegExp(`^${source}$`, caseInsensitive ? 'isu' : 'su');
}

/** Lower-case words: runs of letters and digits, whatever separates them. */
const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** `match`: the value's words, in order and next to each other, among the field's words; a value without a word matches nothing. */
function phraseTest(phrase: string): (value: FieldValue) => boolean {
  const wanted = wordsOf(phrase);
  return (value) => {
    if (typeof value !== 'string' || wanted.length === 0) return false;
    const words = wordsOf(value);
    for (let start = 0; start + wanted.length <= words.length; start += 1) {
      if (wanted.every((word, index) => words[start + index] === word)) return true;
    }
    return false;
  };
}

const NEGATED: Record<string, string> = { '<>': '=', not_in: 'in', not_like: 'like', not_ilike: 'ilike', not_match: 'match' };

/** The test one value must pass for a positive operator. */
function valueTest(operator: string, operand: unknown): (value: FieldValue) => boolean {
  const sameType = (value: FieldValue) => typeof value === typeof operand;
  switch (operator) {
    case '=': return (value) => value === operand;
    case '<': return (value) => sameType(value) && value < (operand as FieldValue);
    case '>': return (value) => sameType(value) && value > (operand as FieldValue);
    case '<=': return (value) => sameType(value) && value <= (operand as FieldValue);
    case '>=': return (value) => sameType(value) && value >= (operand as FieldValue);
    case 'in': return (value) => (operand as unknown[]).includes(value);
    case 'like':
    case 'ilike': {
      const pattern = likePattern(String(operand), operator === 'ilike');
      return (value) => typeof value === 'string' && pattern.test(value);
    }
    case 'match': return phraseTest(String(operand));
    default: throw new Error(`unchecked mention filter operator ${operator}`);
  }
}

function conditionTest([field, operator, operand]: MentionCondition): Test {
  const read = readerOf(field);
  const negates = NEGATED[operator];
  const passes = valueTest(negates ?? operator, operand);
  return negates === undefined ? (mention) => read(mention).some(passes) : (mention) => !read(mention).some(passes);
}

/** Conditions and groups alternating with "and"/"or": the or of and-chains. */
function expressionTest(items: MentionFilter): Test {
  const chains: Test[][] = [[]];
  items.forEach((item, index) => {
    if (index % 2 === 1) {
      if (item === 'or') chains.push([]);
      return;
    }
    const nested = item as MentionFilter | MentionCondition;
    chains.at(-1)!.push(Array.isArray(nested[0]) ? expressionTest(nested as MentionFilter) : conditionTest(nested as MentionCondition));
  });
  return (mention) => chains.some((chain) => chain.every((test) => test(mention)));
}

/** The filter as one test of a mention, compiled once for a whole population. */
export function mentionFilterTest(filter: MentionFilter): Test {
  return expressionTest(filter);
}

type SortKey = FieldValue | undefined;

/** The keys `order_by` sorts on (a field's first value), and their comparison: rules in precedence, a missing value last either way. */
export function mentionOrder(orderBy: readonly string[]): { keysOf: (mention: LlmMention) => SortKey[]; compare: (first: SortKey[], second: SortKey[]) => number } {
  const rules = orderBy.map((rule) => {
    const [field, direction] = rule.split(',') as [string, string];
    return { read: readerOf(field), sign: direction === 'desc' ? -1 : 1 };
  });
  return {
    keysOf: (mention) => rules.map((rule) => rule.read(mention)[0]),
    compare: (first, second) => {
      for (const [index, rule] of rules.entries()) {
        const [left, right] = [first[index], second[index]];
        if (left === right) continue;
        if (left === undefined) return 1;
        if (right === undefined) return -1;
        return (left < right ? -1 : 1) * rule.sign;
      }
      return 0;
    },
  };
}

/**
 * The positions of a population (`0 … count - 1`, each mention built by `mentionAt`) that pass
 * `filter`, in `orderBy`'s order, ties (and no order) in population order.
 */
export async function selectMentions(count: number, mentionAt: (position: number) => LlmMention, filter: MentionFilter | undefined, orderBy: readonly string[] | undefined): Promise<number[]> {
  const passes = filter === undefined ? () => true : mentionFilterTest(filter);
  const order = orderBy === undefined || orderBy.length === 0 ? undefined : mentionOrder(orderBy);
  const kept: Array<{ position: number; keys: SortKey[] }> = [];
  // Thousands of mentions take a good part of a second: built a slice at a time, the event loop
  // answering other calls between slices.
  const slices = eventLoopSlices();
  for (let position = 0; position < count; position += 1) {
    if (slices.due) await slices.next();
    const mention = mentionAt(position);
    if (passes(mention)) kept.push({ position, keys: order ? order.keysOf(mention) : [] });
  }
  if (order) kept.sort((first, second) => order.compare(first.keys, second.keys) || first.position - second.position);
  return kept.map((entry) => entry.position);
}
