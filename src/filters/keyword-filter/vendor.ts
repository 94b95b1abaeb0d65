import type { z } from 'zod';
import { computedFields } from './schema';
import type {
  CanonicalOperator, ComputedField, KeywordFilter, KeywordFilterBlock, KeywordFilterField, SortableField,
} from './schema';

/**
 * Translation of a normalised filter block into the filter syntax of a DataForSEO-Labs-style SEO
 * data vendor: conditions `[path, operator, value]` joined by "and"/"or" (at most 8), and
 * `order_by` rules `"path,direction"` (at most 3). Our limits of 8 filters and 3 sort rules match
 * the vendor's, so a valid block always fits in one request.
 */

/**
 * Where each of our fields sits in one vendor endpoint's result items (each endpoint nests them
 * differently). `words` is optional: only endpoints that filter word counts upstream give it.
 * `length` never has a path: it is always computed from the returned keyword.
 */
export type VendorFieldPaths = Record<SortableField, string> & { words?: string };

export type VendorOperator = '<' | '<=' | '>' | '>=' | '=' | '<>' | 'in' | 'not_in' | 'like' | 'not_like';
export type VendorCondition = [path: string, operator: VendorOperator, value: number | string | (number | string)[]];
/** A single condition goes bare, as the vendor documents it; several are joined by connectors. */
export type VendorFilters = VendorCondition | (VendorCondition | 'and' | 'or')[];

export type VendorTranslation = {
  /** For the vendor's `filters`; undefined when nothing is filtered upstream. */
  filters: VendorFilters | undefined;
  /** For the vendor's `order_by`; undefined when there is no sort rule. */
  orderBy: string[] | undefined;
  /** What `applyKeywordFilters` must still apply to the returned records. */
  local: KeywordFilterBlock;
};

const vendorOperators: Record<CanonicalOperator, VendorOperator> = {
  '>': '>', '>=': '>=', '<': '<', '<=': '<=', '=': '=', '!=': '<>',
  in: 'in', nin: 'not_in', like: 'like', not_like: 'not_like',
};

const isComputedField = (field: string): field is ComputedField =>
  (computedFields as readonly string[]).includes(field);

function vendorPath(field: KeywordFilter['field'], fieldPaths: VendorFieldPaths): string | undefined {
  if (field === 'length') return undefined;
  if (field === 'words') return fieldPaths.words;
  return fieldPaths[field];
}

/**
 * The vendor's like is case-sensitive and stores keywords in lower case (competition levels and
 * intents already arrive in the vendor's case from the schema), so folding the keyword value
 * keeps our case-insensitive semantics.
 */
function vendorValue(filter: KeywordFilter): VendorCondition[2] {
  const fold = (value: number | string) =>
    filter.field === 'keyword' && typeof value === 'string' ? value.toLowerCase() : value;
  if (Array.isArray(filter.value)) return filter.value.map(fold);
  const value = fold(filter.value);
  return filter.op === 'like' || filter.op === 'not_like' ? `%${value}%` : value;
}

function vendorFilters(filters: KeywordFilter[], connector: 'and' | 'or', fieldPaths: VendorFieldPaths) {
  const conditions = filters.map((filter): VendorCondition =>
    [vendorPath(filter.field, fieldPaths) as string, vendorOperators[filter.op], vendorValue(filter)]);
  if (conditions.length <= 1) return conditions[0];
  return conditions.flatMap((condition, index) => (index === 0 ? [condition] : [connector, condition]));
}

/**
 * Splits a normalised block between the vendor and local evaluation. Under match all, every
 * filter with a vendor path goes upstream and the rest (length, and words where the map has no
 * path) stays local; the two halves AND together correctly. Under match any an OR cannot span the
 * two sides, so the block goes upstream whole, or stays local whole when it filters only on words
 * and length; any other mix is refused (see `rejectWordsOrLengthMixedUnderAny`).
 */
export function translateKeywordFilters(block: KeywordFilterBlock, fieldPaths: VendorFieldPaths): VendorTranslation {
  const { filters, match, sort } = block;
  const orderBy = sort.length === 0 ? undefined : sort.map((rule) => `${fieldPaths[rule.field]},${rule.direction}`);
  const isUpstream = (filter: KeywordFilter) => vendorPath(filter.field, fieldPaths) !== undefined;

  if (match === 'any' && !filters.every(isUpstream)) {
    if (!filters.every((filter) => isComputedField(filter.field))) {
      throw new Error('match any mixes words or length with provider fields; the request schema must reject it');
    }
    return { filters: undefined, orderBy, local: { filters, match, sort: [] } };
  }
  const local = filters.filter((filter) => !isUpstream(filter));
  return {
    filters: vendorFilters(filters.filter(isUpstream), match === 'all' ? 'and' : 'or', fieldPaths),
    orderBy,
    local: { filters: local, match: 'all', sort: [] },
  };
}

/**
 * Refinement for the request schema of an endpoint backed by a data provider, per SPEC.md: words
 * and length combine with other filters only under match all, because they are computed from the
 * returned keywords while the other fields are filtered by the provider.
 * Use: `z.strictObject({ ..., ...keywordFilterBlock }).superRefine(rejectWordsOrLengthMixedUnderAny)`.
 */
export function rejectWordsOrLengthMixedUnderAny<
  Value extends { filters: readonly { field: KeywordFilterField }[]; match: 'all' | 'any' },
>(
  value: Value,
  context: z.RefinementCtx<Value>,
): void {
  if (value.match !== 'any') return;
  const computedCount = value.filters.filter((filter) => isComputedField(filter.field)).length;
  if (computedCount === 0 || computedCount === value.filters.length) return;
  context.addIssue({
    code: 'custom',
    path: ['match'],
    message: "'any' cannot combine words or length with other fields on this endpoint; " +
      "use match 'all', or filter only on words and length",
    continue: false,
  });
}
