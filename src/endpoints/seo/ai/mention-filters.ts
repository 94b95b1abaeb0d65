import { z } from 'zod';
import type { MentionFilter } from '../../../providers/families/content';

/**
 * The LLM-mentions filter expression and sort rules: the data provider's own syntax, checked here
 * and passed through (the sandbox evaluates them on its records the same way).
 */

type FieldKind = 'number' | 'text' | 'numbers' | 'texts';

/**
 * The fields a filter reads: the mention record's, by the data provider's snake_case name
 * (camelCase in our records), dotted into its lists of objects. A list ("numbers", "texts") passes
 * a condition when any of its values does, and cannot sort (nor can it at the data provider).
 * Left out: `monthly_searches` (a time series; `ai_search_volume` is its current value) and
 * `brand_entities.position` (the data provider's `rank`, under another name).
 */
export const MENTION_FIELDS: Readonly<Record<string, FieldKind>> = {
  platform: 'text',
  model_name: 'text',
  location_code: 'number',
  language_code: 'text',
  question: 'text',
  answer: 'text',
  ai_search_volume: 'number',
  first_response_at: 'text',
  last_response_at: 'text',
  fan_out_queries: 'texts',
  'sources.position': 'numbers',
  'sources.title': 'texts',
  'sources.url': 'texts',
  'sources.domain': 'texts',
  'sources.source_name': 'texts',
  'sources.snippet': 'texts',
  'sources.publication_date': 'texts',
  'search_results.position': 'numbers',
  'search_results.title': 'texts',
  'search_results.url': 'texts',
  'search_results.domain': 'texts',
  'search_results.description': 'texts',
  'search_results.breadcrumb': 'texts',
  'search_results.publication_date': 'texts',
  'brand_entities.title': 'texts',
  'brand_entities.category': 'texts',
};
const SORTABLE_FIELDS = Object.keys(MENTION_FIELDS).filter((field) => MENTION_FIELDS[field] === 'number' || MENTION_FIELDS[field] === 'text');

const OPERATORS = ['=', '<>', '<', '>', '<=', '>=', 'in', 'not_in', 'like', 'not_like', 'ilike', 'not_ilike', 'match', 'not_match'];
const TEXT_OPERATORS = new Set(['like', 'not_like', 'ilike', 'not_ilike', 'match', 'not_match']);
const LIST_OPERATORS = new Set(['in', 'not_in']);
const MAX_CONDITIONS = 8;

type Context = z.RefinementCtx<unknown>;
type Path = Array<string | number>;

const isNumber = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): boolean => typeof value === 'string';

/** What is wrong with one `[field, operator, value]`, if anything. */
function conditionProblem(condition: unknown[]): string | undefined {
  const [field, operator, value] = condition;
  if (condition.length !== 3) return 'a condition is [field, operator, value]';
  if (typeof field !== 'string' || field.trim() === '') return 'the field must be a non-empty string';
  const kind = Object.hasOwn(MENTION_FIELDS, field) ? MENTION_FIELDS[field] : undefined;
  if (kind === undefined) return `"${field}" is not a mention field; these are: ${Object.keys(MENTION_FIELDS).join(', ')}`;
  if (typeof operator !== 'string' || !OPERATORS.includes(operator)) return `the operator must be one of ${OPERATORS.join(', ')}`;
  const numeric = kind === 'number' || kind === 'numbers';
  if (numeric && TEXT_OPERATORS.has(operator)) return `${operator} applies to text fields, and ${field} is a number`;
  const fits = numeric ? isNumber : isText;
  const type = numeric ? 'number' : 'string';
  if (LIST_OPERATORS.has(operator)) return Array.isArray(value) && value.length > 0 && value.every(fits) ? undefined : `${operator} takes a non-empty array of ${type}s`;
  return fits(value) ? undefined : `${operator} takes a ${type}`;
}

/** Conditions and groups alternating with "and"/"or"; returns how many conditions it holds. */
function checkExpression(items: unknown[], path: Path, context: Context, depth = 1): number {
  // Eight conditions need no deeper groups; anything deeper is refused before it is walked further.
  if (depth > MAX_CONDITIONS) {
    context.addIssue({ code: 'custom', path, message: `groups nest at most ${MAX_CONDITIONS} deep` });
    return 0;
  }
  let conditions = 0;
  if (items.length % 2 === 0) context.addIssue({ code: 'custom', path, message: 'conditions must alternate with "and"/"or", starting and ending with a condition' });
  items.forEach((item, index) => {
    const at = [...path, index];
    if (index % 2 === 1) {
      if (item !== 'and' && item !== 'or') context.addIssue({ code: 'custom', path: at, message: 'expected "and" or "or" between two conditions' });
    } else if (Array.isArray(item) && Array.isArray(item[0])) {
      conditions += checkExpression(item, at, context, depth + 1);
    } else if (Array.isArray(item)) {
      const problem = conditionProblem(item);
      if (problem) context.addIssue({ code: 'custom', path: at, message: problem });
      conditions += 1;
    } else {
      context.addIssue({ code: 'custom', path: at, message: 'expected a condition [field, operator, value] or a group of them' });
    }
  });
  return conditions;
}

export const MentionFilters = z
  .array(z.unknown())
  .min(1)
  .superRefine((expression, context) => {
    const conditions = checkExpression(expression, [], context);
    if (conditions > MAX_CONDITIONS) context.addIssue({ code: 'custom', message: `at most ${MAX_CONDITIONS} conditions (got ${conditions})` });
  })
  .transform((expression) => expression as MentionFilter)
  .meta({
    description:
      'Up to 8 conditions `[field, operator, value]` on the mention fields (snake_case, e.g. `ai_search_volume`; dotted into lists, e.g. `sources.domain`, ' +
      'which pass when any of their values does), joined by "and"/"or" ("and" binds tighter); a group is a nested list. ' +
      'Operators: =, <>, <, >, <=, >=, in, not_in, like, not_like (SQL LIKE, % and _, case-sensitive), ilike, not_ilike (case-insensitive), ' +
      'match, not_match (whole words, case-insensitive). ' +
      `Fields: ${Object.keys(MENTION_FIELDS).join(', ')}.`,
    examples: [[['ai_search_volume', '>', 100], 'and', ['question', 'like', '%espresso%']]],
  });

const SortRule = z.string().regex(/^[a-z0-9_.]+,(asc|desc)$/, 'must be "field,asc" or "field,desc"');

/** One rule, or up to 3 in precedence: `"ai_search_volume,desc"` or `["ai_search_volume,desc", "last_response_at,asc"]`. */
export const MentionOrder = z
  .union([SortRule, z.array(SortRule).min(1).max(3)])
  .superRefine((order, context) => {
    (typeof order === 'string' ? [order] : order).forEach((rule, index) => {
      const field = rule.split(',')[0]!;
      const path = typeof order === 'string' ? [] : [index];
      if (MENTION_FIELDS[field] === 'numbers' || MENTION_FIELDS[field] === 'texts') context.addIssue({ code: 'custom', path, message: `${field} is a list and cannot sort; these can: ${SORTABLE_FIELDS.join(', ')}` });
      else if (!Object.hasOwn(MENTION_FIELDS, field)) context.addIssue({ code: 'custom', path, message: `"${field}" is not a mention field; these sort: ${SORTABLE_FIELDS.join(', ')}` });
    });
  })
  .meta({
    description: `A sort rule "field,asc|desc", or up to 3 of them in a list, the first primary. Sortable: ${SORTABLE_FIELDS.join(', ')}.`,
    examples: [['ai_search_volume,desc'], 'ai_search_volume,desc'],
  });

/** The sort rules as a list, whichever form they came in. */
export function sortRules(order: z.output<typeof MentionOrder> | undefined): string[] | undefined {
  return typeof order === 'string' ? [order] : order;
}
