import { textFields } from './schema';
import type { KeywordFilter, KeywordFilterBlock, KeywordFilterField, SortRule } from './schema';

/** The fields of a keyword record the filter language reads; null or absent means unknown. */
export type KeywordFilterableRecord = {
  keyword?: string | null;
  volume?: number | null;
  cpc?: number | null;
  competition?: number | null;
  competitionLevel?: string | null;
  difficulty?: number | null;
  intent?: string | null;
};

export const countWords = (keyword: string): number => keyword.split(/\s+/).filter(Boolean).length;

/** Counted in Unicode code points, so an emoji or an accented letter is one character. */
export const countCharacters = (keyword: string): number => [...keyword].length;

/**
 * Text is compared in lower case: like/not_like are case-insensitive by the spec, competitionLevel
 * is case-insensitive by the spec, and the upstream data lower-cases keywords and intents anyway.
 */
function fieldValue(record: KeywordFilterableRecord, field: KeywordFilterField): number | string | undefined {
  if (field === 'words' || field === 'length') {
    if (typeof record.keyword !== 'string') return undefined;
    return field === 'words' ? countWords(record.keyword) : countCharacters(record.keyword);
  }
  const value = record[field];
  // A value of the wrong type is as good as unknown: '100' is not a volume, 3 is not an intent.
  if ((textFields as readonly string[]).includes(field)) {
    return typeof value === 'string' ? value.toLowerCase() : undefined;
  }
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

const comparable = (value: number | string): number | string =>
  typeof value === 'string' ? value.toLowerCase() : value;

/** Every operator, negated ones included, is false against an unknown value (as in SQL). */
function matchesFilter(record: KeywordFilterableRecord, filter: KeywordFilter): boolean {
  const actual = fieldValue(record, filter.field);
  if (actual === undefined) return false;
  if (filter.op === 'in' || filter.op === 'nin') {
    const listed = (filter.value as (number | string)[]).map(comparable).includes(actual);
    return filter.op === 'in' ? listed : !listed;
  }
  if (filter.op === '=') return actual === comparable(filter.value);
  if (filter.op === '!=') return actual !== comparable(filter.value);
  if (filter.op === 'like') return String(actual).includes(filter.value.toLowerCase());
  if (filter.op === 'not_like') return !String(actual).includes(filter.value.toLowerCase());
  if (typeof actual !== 'number') return false;
  switch (filter.op) {
    case '>': return actual > filter.value;
    case '>=': return actual >= filter.value;
    case '<': return actual < filter.value;
    case '<=': return actual <= filter.value;
  }
}

/** Competition levels sort by meaning (LOW < MEDIUM < HIGH), not alphabetically. */
const competitionLevelRank = new Map([['low', 1], ['medium', 2], ['high', 3]]);

function sortKey(record: KeywordFilterableRecord, rule: SortRule): number | string | undefined {
  const value = fieldValue(record, rule.field);
  if (rule.field === 'competitionLevel' && typeof value === 'string') return competitionLevelRank.get(value);
  return value;
}

/** Unknown values sort last whatever the direction: they are never the answer to "top by X". */
function compareByRules(first: KeywordFilterableRecord, second: KeywordFilterableRecord, rules: SortRule[]): number {
  for (const rule of rules) {
    const firstKey = sortKey(first, rule);
    const secondKey = sortKey(second, rule);
    if (firstKey === secondKey) continue;
    if (firstKey === undefined) return 1;
    if (secondKey === undefined) return -1;
    const ascending = firstKey < secondKey ? -1 : 1;
    return rule.direction === 'asc' ? ascending : -ascending;
  }
  return 0;
}

/**
 * Applies a normalised filter block to records: keeps those that pass the filters (all of them
 * under match all, at least one under match any; no filters keeps everything), then sorts them by
 * the rules in order of precedence. Stable, and never mutates its input.
 */
export function applyKeywordFilters<KeywordRecord extends KeywordFilterableRecord>(
  records: readonly KeywordRecord[],
  block: KeywordFilterBlock,
): KeywordRecord[] {
  const { filters, match, sort } = block;
  const kept = filters.length === 0
    ? [...records]
    : records.filter((record) => match === 'all'
      ? filters.every((filter) => matchesFilter(record, filter))
      : filters.some((filter) => matchesFilter(record, filter)));
  return sort.length === 0 ? kept : kept.sort((first, second) => compareByRules(first, second, sort));
}
