import { z } from 'zod';
import type { MentionFilter } from '../../../providers/families/content';

/** The LLM-mentions filter expression: the data provider's own syntax, checked here and passed through. */

const OPERATORS = ['=', '<>', '<', '>', '<=', '>=', 'in', 'not_in', 'like', 'not_like', 'ilike', 'not_ilike', 'match', 'not_match'];
const TEXT_OPERATORS = new Set(['like', 'not_like', 'ilike', 'not_ilike', 'match', 'not_match']);
const LIST_OPERATORS = new Set(['in', 'not_in']);
const MAX_CONDITIONS = 8;

type Context = z.RefinementCtx<unknown[]>;
type Path = Array<string | number>;

function isScalar(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** Checks one `[field, operator, value]`; the issue names its place in the expression. */
function checkCondition(condition: unknown[], path: Path, context: Context): void {
  const [field, operator, value] = condition;
  const problem =
    condition.length !== 3 ? 'a condition is [field, operator, value]'
    : typeof field !== 'string' || field.trim() === '' ? 'the field must be a non-empty string'
    : typeof operator !== 'string' || !OPERATORS.includes(operator) ? `the operator must be one of ${OPERATORS.join(', ')}`
    : LIST_OPERATORS.has(operator) ? (Array.isArray(value) && value.length > 0 && value.every(isScalar) ? undefined : `${operator} takes a non-empty array of values`)
    : TEXT_OPERATORS.has(operator) ? (typeof value === 'string' ? undefined : `${operator} takes a string`)
    : isScalar(value) ? undefined : `${operator} takes a single value`;
  if (problem) context.addIssue({ code: 'custom', path, message: problem });
}

/** Conditions and groups alternating with "and"/"or"; returns how many conditions it holds. */
function checkExpression(items: unknown[], path: Path, context: Context): number {
  let conditions = 0;
  if (items.length % 2 === 0) context.addIssue({ code: 'custom', path, message: 'conditions must alternate with "and"/"or", starting and ending with a condition' });
  items.forEach((item, index) => {
    const at = [...path, index];
    if (index % 2 === 1) {
      if (item !== 'and' && item !== 'or') context.addIssue({ code: 'custom', path: at, message: 'expected "and" or "or" between two conditions' });
    } else if (Array.isArray(item) && Array.isArray(item[0])) {
      conditions += checkExpression(item, at, context);
    } else if (Array.isArray(item)) {
      checkCondition(item, at, context);
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
      'Up to 8 conditions `[field, operator, value]` on the mention fields (snake_case, e.g. `ai_search_volume`), joined by "and"/"or"; a group is a nested list. ' +
      'Operators: =, <>, <, >, <=, >=, in, not_in, like, not_like, ilike, not_ilike, match, not_match.',
    examples: [[['ai_search_volume', '>', 100], 'and', ['question', 'like', '%espresso%']]],
  });
