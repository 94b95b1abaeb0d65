import { z } from 'zod';

/**
 * The keyword filter language of SPEC.md ("Keyword filter expression" and the SEO filter block).
 * The schema only validates, so that the request side of the OpenAPI document keeps its examples
 * and defaults (zod drops both from any schema that transforms); `normaliseFilterBlock` is the one
 * way to the form that evaluation and vendor translation take.
 */

export const textFields = ['keyword', 'competitionLevel', 'intent'] as const;
export const numericFields = ['volume', 'cpc', 'competition', 'difficulty', 'words', 'length'] as const;
export const keywordFilterFields = [
  'keyword', 'volume', 'cpc', 'competition', 'competitionLevel', 'difficulty', 'intent', 'words', 'length',
] as const;
/** Computed from the keyword text rather than reported by a data provider; filter-only. */
export const computedFields = ['words', 'length'] as const;
export const sortableFields = keywordFilterFields.filter(
  (field): field is SortableField => !computedFields.includes(field as ComputedField),
);

export const canonicalOperators = ['>', '>=', '<', '<=', '=', '!=', 'in', 'nin', 'like', 'not_like'] as const;
export const operatorAliases = {
  gt: '>', gte: '>=', lt: '<', lte: '<=', eq: '=', ne: '!=', not_in: 'nin',
} as const satisfies Record<string, CanonicalOperator>;
const acceptedOperators = [...canonicalOperators, ...(Object.keys(operatorAliases) as OperatorAlias[])] as const;

const orderingOperators = ['>', '>=', '<', '<='] as const;
const listOperators = ['in', 'nin'] as const;
const substringOperators = ['like', 'not_like'] as const;

export const competitionLevels = ['LOW', 'MEDIUM', 'HIGH'] as const;
export const intents = ['informational', 'commercial', 'navigational', 'transactional'] as const;

export type TextField = (typeof textFields)[number];
export type NumericField = (typeof numericFields)[number];
export type ComputedField = (typeof computedFields)[number];
export type KeywordFilterField = (typeof keywordFilterFields)[number];
export type SortableField = Exclude<KeywordFilterField, ComputedField>;
export type CanonicalOperator = (typeof canonicalOperators)[number];
export type OperatorAlias = keyof typeof operatorAliases;
type ListOperator = (typeof listOperators)[number];
type SubstringOperator = (typeof substringOperators)[number];

/** A validated filter with its canonical operator; the value's type always fits field and operator. */
export type KeywordFilter =
  | { field: NumericField; op: Exclude<CanonicalOperator, ListOperator | SubstringOperator>; value: number }
  | { field: NumericField; op: ListOperator; value: number[] }
  | { field: TextField; op: '=' | '!=' | SubstringOperator; value: string }
  | { field: TextField; op: ListOperator; value: string[] };

export type SortDirection = 'asc' | 'desc';
export type SortRule = { field: SortableField; direction: SortDirection };

const isOneOf = <Member extends string>(list: readonly Member[], candidate: string): candidate is Member =>
  (list as readonly string[]).includes(candidate);

export const canonicalOperator = (operator: CanonicalOperator | OperatorAlias): CanonicalOperator =>
  isOneOf(canonicalOperators, operator) ? operator : operatorAliases[operator];

/** zod reports a missing key with the same issue as a wrong one; say which it is. */
const requiredOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : message;

const scalarValue = z.union([z.number(), z.string()]);

const FilterExpressionInput = z.strictObject({
  field: z.enum(keywordFilterFields, {
    error: requiredOr(`must be one of the filterable fields: ${keywordFilterFields.join(', ')}`),
  }).meta({ description: 'Field to filter on.', examples: ['volume', 'intent'] }),
  op: z.enum(acceptedOperators, {
    error: requiredOr(
      `must be one of the operators ${canonicalOperators.join(', ')} ` +
      `or their aliases ${Object.keys(operatorAliases).join(', ')}`,
    ),
  }).meta({ description: 'Comparison operator or one of its aliases.', examples: ['>=', 'in', 'like'] }),
  value: z.union([scalarValue, z.array(scalarValue)], {
    error: requiredOr('must be a number, a string, or an array of numbers or strings'),
  }).meta({
    description: 'Value to compare against: a number for numeric fields, a string for text fields, ' +
      'a non-empty array for in and nin.',
    examples: [500, 'shoes', ['commercial', 'transactional']],
  }),
}, {
  error: (issue) => issue.code === 'unrecognized_keys'
    ? `a filter has only the keys field, op and value; remove ${issue.keys.map((key) => `'${key}'`).join(', ')}`
    : 'must be an object {field, op, value}',
});
type FilterExpressionInput = z.output<typeof FilterExpressionInput>;
type IssuePath = (string | number)[];
type ReportIssue = (path: IssuePath, message: string) => void;

function checkScalar(
  field: KeywordFilterField, operator: CanonicalOperator, value: unknown, path: IssuePath, report: ReportIssue,
): void {
  if (isOneOf(numericFields, field)) {
    if (typeof value !== 'number') report(path, `must be a number because '${field}' is a numeric field`);
    return;
  }
  if (typeof value !== 'string') {
    report(path, `must be a string because '${field}' is a text field`);
    return;
  }
  // A substring of an enumerated value ('comm' for commercial) is a legitimate like pattern.
  if (isOneOf(substringOperators, operator)) return;
  if (field === 'competitionLevel' && !isOneOf(competitionLevels, value.toUpperCase())) {
    report(path, `must be one of ${competitionLevels.join(', ')} (any letter case)`);
  }
  if (field === 'intent' && !isOneOf(intents, value.toLowerCase())) {
    report(path, `must be one of ${intents.join(', ')} (any letter case)`);
  }
}

function checkFilterExpression(filter: FilterExpressionInput, report: ReportIssue): void {
  const { field, op: written, value } = filter;
  const operator = canonicalOperator(written);
  if (isOneOf(orderingOperators, operator) && isOneOf(textFields, field)) {
    return report(['op'], `operator '${written}' applies only to numeric fields (${numericFields.join(', ')})`);
  }
  if (isOneOf(substringOperators, operator) && isOneOf(numericFields, field)) {
    return report(['op'], `operator '${written}' applies only to text fields (${textFields.join(', ')})`);
  }
  if (isOneOf(listOperators, operator)) {
    if (!Array.isArray(value)) return report(['value'], `must be an array for operator '${written}'`);
    if (value.length === 0) return report(['value'], `must contain at least one value for operator '${written}'`);
    value.forEach((element, index) => checkScalar(field, operator, element, ['value', index], report));
    return;
  }
  if (Array.isArray(value)) {
    return report(['value'], `must be a single value, not an array, for operator '${written}'`);
  }
  checkScalar(field, operator, value, ['value'], report);
}

/** Upstream data stores competition levels in upper case and intents in lower case. */
function canonicalCase(field: KeywordFilterField, value: number | string): number | string {
  if (typeof value !== 'string') return value;
  if (field === 'competitionLevel') return value.toUpperCase();
  if (field === 'intent') return value.toLowerCase();
  return value;
}

// Every issue raised here aborts (continue: false) so that no later refinement, here or in an
// endpoint schema, ever runs on a value that failed validation.
export const KeywordFilterExpression = FilterExpressionInput.superRefine((filter, context) => {
  checkFilterExpression(filter, (path, message) => {
    context.addIssue({ code: 'custom', path, message, continue: false });
  });
});

const sortRulePattern = /^([^:]+)(?::(.*))?$/;
const sortRuleField = (rule: string) => sortRulePattern.exec(rule)?.[1] ?? '';

export const KeywordSortRule = z.string({ error: requiredOr('must be a string of the form field:direction') })
  .superRefine((rule, context) => {
    const report = (message: string) => context.addIssue({ code: 'custom', message, continue: false });
    const [, field = '', direction] = sortRulePattern.exec(rule) ?? [];
    if (isOneOf(computedFields, field)) return report(`'${field}' cannot be sorted on; it is filter-only`);
    if (!isOneOf(sortableFields, field)) {
      return report(`must start with a sortable field (${sortableFields.join(', ')}), as in volume:desc`);
    }
    if (direction !== undefined && direction !== 'asc' && direction !== 'desc') {
      report(`direction must be asc or desc, as in ${field}:desc`);
    }
  });

/**
 * The filter block's fields, to spread into an endpoint's request schema:
 * `z.strictObject({ keyword: ..., ...keywordFilterBlock })`.
 */
export const keywordFilterBlock = {
  filters: z.array(KeywordFilterExpression, { error: 'must be an array of filter expressions {field, op, value}' })
    .max(8, { error: 'at most 8 filters are allowed' })
    .default([])
    .meta({
      description: 'Up to 8 filter expressions {field, op, value}. Fields: keyword, volume, cpc, competition, ' +
        'competitionLevel, difficulty, intent, words (word count), length (character count). Operators: ' +
        '> >= < <= (numeric fields), = !=, in nin (non-empty array), like not_like (case-insensitive ' +
        'substring, text fields); aliases gt gte lt lte eq ne not_in.',
      examples: [[
        { field: 'volume', op: '>=', value: 500 },
        { field: 'intent', op: 'in', value: ['commercial', 'transactional'] },
      ]],
    }),
  match: z.enum(['all', 'any'], { error: "must be 'all' or 'any'" })
    .default('all')
    .meta({
      description: 'How filters combine: all = every filter holds (AND), any = at least one (OR).',
      examples: ['all', 'any'],
    }),
  sort: z.array(KeywordSortRule, { error: 'must be an array of sort rules such as volume:desc' })
    .max(3, { error: 'at most 3 sort rules are allowed' })
    .superRefine((rules, context) => {
      const fields = rules.map(sortRuleField);
      fields.forEach((field, index) => {
        if (fields.indexOf(field) < index) {
          const message = `'${field}' is already sorted on by an earlier rule`;
          context.addIssue({ code: 'custom', path: [index], message, continue: false });
        }
      });
    })
    .default([])
    .meta({
      description: 'Up to 3 rules field:direction, first rule primary; direction asc or desc (default desc). ' +
        'words and length cannot be sorted on. Records missing the field sort last.',
      examples: [['volume:desc', 'difficulty:asc']],
    }),
};

export const KeywordFilterBlockSchema = z.strictObject(keywordFilterBlock);
/** The block as a client sends it (aliases, sort strings, everything optional). */
export type KeywordFilterBlockInput = z.input<typeof KeywordFilterBlockSchema>;
/** The block once validated: defaults filled in, still as the client spelled it. */
export type ValidatedKeywordFilterBlock = z.output<typeof KeywordFilterBlockSchema>;
/** The normalised block that evaluation and vendor translation take. */
export type KeywordFilterBlock = { filters: KeywordFilter[]; match: 'all' | 'any'; sort: SortRule[] };

/**
 * Canonical operators, competition levels upper-case and intents lower-case (the case the data
 * provider stores them in), sort rules split into field and direction (desc when omitted).
 * Takes only what the schema has validated: it relies on field, operator and value agreeing.
 */
export function normaliseFilterBlock(block: ValidatedKeywordFilterBlock): KeywordFilterBlock {
  const filters = block.filters.map((filter) => {
    const value = Array.isArray(filter.value)
      ? filter.value.map((element) => canonicalCase(filter.field, element))
      : canonicalCase(filter.field, filter.value);
    return { field: filter.field, op: canonicalOperator(filter.op), value } as KeywordFilter;
  });
  const sort = block.sort.map((rule): SortRule => {
    const [field, direction] = rule.split(':') as [SortableField, SortDirection | undefined];
    return { field, direction: direction ?? 'desc' };
  });
  return { filters, match: block.match, sort };
}
