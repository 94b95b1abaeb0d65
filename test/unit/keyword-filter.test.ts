import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { describeIssues } from '../../src/core/validation';
import {
  KeywordFilterBlockSchema, keywordFilterBlock, normaliseFilterBlock, numericFields, textFields, sortableFields, operatorAliases,
} from '../../src/filters/keyword-filter/schema';
import type { KeywordFilterBlockInput, CanonicalOperator } from '../../src/filters/keyword-filter/schema';
import { applyKeywordFilters, countWords, countCharacters } from '../../src/filters/keyword-filter/evaluate';
import type { KeywordFilterableRecord } from '../../src/filters/keyword-filter/evaluate';
import {
  translateKeywordFilters, rejectWordsOrLengthMixedUnderAny,
} from '../../src/filters/keyword-filter/vendor';
import type { VendorFieldPaths } from '../../src/filters/keyword-filter/vendor';

const parseBlock = (input: KeywordFilterBlockInput) => normaliseFilterBlock(KeywordFilterBlockSchema.parse(input));

/** The issues of a rejected input as `[path, message]` pairs, the way the server reports them. */
function issuesOf(input: unknown, schema: z.ZodType = KeywordFilterBlockSchema): [PropertyKey[], string][] {
  const result = schema.safeParse(input);
  assert.equal(result.success, false, `expected ${JSON.stringify(input)} to be rejected`);
  return result.error!.issues.map((issue) => [issue.path, issue.message]);
}

/** The 400's message for `input`, as the API writes it. */
function describedOf(input: unknown, schema: z.ZodType = KeywordFilterBlockSchema): string {
  const result = schema.safeParse(input);
  assert.equal(result.success, false, `expected ${JSON.stringify(input)} to be rejected`);
  return describeIssues(result.error!.issues);
}

const oneFilter = (field: unknown, op: unknown, value: unknown) => ({ filters: [{ field, op, value }] });
const numericOnlyMessage = (op: string) =>
  `operator '${op}' applies only to numeric fields (volume, cpc, competition, difficulty, words, length)`;
const textOnlyMessage = (op: string) =>
  `operator '${op}' applies only to text fields (keyword, competitionLevel, intent)`;

const allAliases = Object.entries(operatorAliases) as [keyof typeof operatorAliases, CanonicalOperator][];
const orderingOperators = ['>', '>=', '<', '<='] as const;
const validTextValue = { keyword: 'shoes', competitionLevel: 'LOW', intent: 'commercial' } as const;

describe('schema: accepted filters and their normalised form', () => {
  test('an empty block takes the defaults', () => {
    assert.deepEqual(parseBlock({}), { filters: [], match: 'all', sort: [] });
  });

  for (const field of numericFields) {
    for (const op of [...orderingOperators, '=', '!='] as const) {
      test(`numeric field ${field} accepts ${op} with a number`, () => {
        assert.deepEqual(parseBlock({ filters: [{ field, op, value: 10 }] }).filters, [{ field, op, value: 10 }]);
      });
    }
    for (const op of ['in', 'nin'] as const) {
      test(`numeric field ${field} accepts ${op} with an array of numbers`, () => {
        assert.deepEqual(parseBlock({ filters: [{ field, op, value: [1, 2.5] }] }).filters, [{ field, op, value: [1, 2.5] }]);
      });
    }
  }

  for (const field of textFields) {
    const value = validTextValue[field];
    for (const op of ['=', '!=', 'like', 'not_like'] as const) {
      test(`text field ${field} accepts ${op} with a string`, () => {
        assert.deepEqual(parseBlock({ filters: [{ field, op, value }] }).filters, [{ field, op, value }]);
      });
    }
    for (const op of ['in', 'nin'] as const) {
      test(`text field ${field} accepts ${op} with an array of strings`, () => {
        assert.deepEqual(parseBlock({ filters: [{ field, op, value: [value] }] }).filters, [{ field, op, value: [value] }]);
      });
    }
  }

  for (const [alias, canonical] of allAliases) {
    const fields = ['gt', 'gte', 'lt', 'lte'].includes(alias) ? numericFields : [...numericFields, ...textFields];
    for (const field of fields) {
      test(`alias ${alias} on ${field} becomes ${canonical}`, () => {
        const isText = (textFields as readonly string[]).includes(field);
        const scalar = isText ? validTextValue[field as keyof typeof validTextValue] : 7;
        const value = alias === 'not_in' ? [scalar] : scalar;
        assert.deepEqual(parseBlock({ filters: [{ field, op: alias, value }] }).filters, [{ field, op: canonical, value }]);
      });
    }
  }

  test('competitionLevel values are accepted in any case and stored upper-case', () => {
    const block = parseBlock({ filters: [
      { field: 'competitionLevel', op: '=', value: 'low' },
      { field: 'competitionLevel', op: 'in', value: ['Medium', 'hIGH'] },
      { field: 'competitionLevel', op: 'like', value: 'ow' },
    ] });
    assert.deepEqual(block.filters.map((filter) => filter.value), ['LOW', ['MEDIUM', 'HIGH'], 'OW']);
  });

  test('intent values are accepted in any case and stored lower-case', () => {
    const block = parseBlock({ filters: [
      { field: 'intent', op: 'ne', value: 'COMMERCIAL' },
      { field: 'intent', op: 'not_in', value: ['Navigational'] },
      { field: 'intent', op: 'not_like', value: 'TRANS' },
    ] });
    assert.deepEqual(block.filters.map((filter) => filter.value), ['commercial', ['navigational'], 'trans']);
  });

  test('like takes any substring of an enumerated value, not only a whole value', () => {
    assert.doesNotThrow(() => parseBlock(oneFilter('intent', 'like', 'comm') as KeywordFilterBlockInput));
  });

  test('keyword values keep their case', () => {
    assert.deepEqual(parseBlock({ filters: [{ field: 'keyword', op: 'like', value: 'Nike Air' }] }).filters[0]?.value, 'Nike Air');
  });

  test('up to 8 filters and both match values are accepted', () => {
    const filters = Array.from({ length: 8 }, (_, index) => ({ field: 'volume', op: '>', value: index }) as const);
    assert.equal(parseBlock({ filters, match: 'any' }).filters.length, 8);
    assert.equal(parseBlock({ filters, match: 'all' }).match, 'all');
  });

  test('sort rules parse into field and direction, desc by default', () => {
    assert.deepEqual(parseBlock({ sort: ['volume', 'cpc:asc', 'difficulty:desc'] }).sort, [
      { field: 'volume', direction: 'desc' },
      { field: 'cpc', direction: 'asc' },
      { field: 'difficulty', direction: 'desc' },
    ]);
  });

  for (const field of sortableFields) {
    test(`${field} can be sorted on`, () => {
      assert.deepEqual(parseBlock({ sort: [`${field}:asc`] }).sort, [{ field, direction: 'asc' }]);
    });
  }

  test('the block spreads into an endpoint request schema that stays strict', () => {
    const Request = z.strictObject({ keyword: z.string(), ...keywordFilterBlock });
    const input = Request.parse({ keyword: 'shoes', sort: ['volume'], filters: [{ field: 'cpc', op: 'lte', value: 2 }] });
    assert.deepEqual(input, { keyword: 'shoes', filters: [{ field: 'cpc', op: 'lte', value: 2 }], match: 'all', sort: ['volume'] });
    assert.deepEqual(normaliseFilterBlock(input), {
      filters: [{ field: 'cpc', op: '<=', value: 2 }], match: 'all', sort: [{ field: 'volume', direction: 'desc' }],
    });
    assert.deepEqual(issuesOf({ keyword: 'shoes', filter: [] }, Request), [[[], 'Unrecognized key: "filter"']]);
  });

  test('the block documents itself in JSON Schema (request side)', () => {
    const jsonSchema = z.toJSONSchema(KeywordFilterBlockSchema, { io: 'input' }) as {
      properties: Record<string, { description?: string; examples?: unknown[]; maxItems?: number; default?: unknown }>;
    };
    const { filters, match, sort } = jsonSchema.properties;
    assert.equal(filters?.maxItems, 8);
    assert.equal(sort?.maxItems, 3);
    assert.equal(match?.default, 'all');
    for (const property of [filters, match, sort]) {
      assert.ok(property?.description, 'description present');
      assert.ok(property?.examples?.length, 'examples present');
    }
    for (const example of filters!.examples!) assert.ok(KeywordFilterBlockSchema.safeParse({ filters: example }).success);
    for (const example of sort!.examples!) assert.ok(KeywordFilterBlockSchema.safeParse({ sort: example }).success);
  });
});

describe('schema: rejections point at the offending element and say the rule', () => {
  test('an unknown field', () => {
    assert.deepEqual(issuesOf(oneFilter('searchVolume', '>', 1)), [[['filters', 0, 'field'],
      'must be one of the filterable fields: keyword, volume, cpc, competition, competitionLevel, difficulty, intent, words, length']]);
  });

  test('an unknown operator', () => {
    assert.deepEqual(issuesOf(oneFilter('volume', '=>', 1)), [[['filters', 0, 'op'],
      'must be one of the operators >, >=, <, <=, =, !=, in, nin, like, not_like or their aliases gt, gte, lt, lte, eq, ne, not_in']]);
  });

  test('missing keys are named as required', () => {
    assert.deepEqual(issuesOf({ filters: [{}] }), [
      [['filters', 0, 'field'], 'is required'],
      [['filters', 0, 'op'], 'is required'],
      [['filters', 0, 'value'], 'is required'],
    ]);
  });

  test('an extra key in a filter', () => {
    assert.deepEqual(issuesOf({ filters: [{ field: 'volume', op: '>', value: 1, values: [2] }] }),
      [[['filters', 0], "a filter has only the keys field, op and value; remove 'values'"]]);
  });

  test('a filter that is not an object', () => {
    assert.deepEqual(issuesOf({ filters: ['volume > 1'] }), [[['filters', 0], 'must be an object {field, op, value}']]);
  });

  test('filters that are not an array', () => {
    assert.deepEqual(issuesOf({ filters: { field: 'volume' } }),
      [[['filters'], 'must be an array of filter expressions {field, op, value}']]);
  });

  test('a string in place of filters or sort is described by its type alone, not by a length complaint as well', () => {
    assert.equal(describedOf({ filters: 'volume > 100 and cpc < 2 and intent = commercial' }), 'filters: must be an array of filter expressions {field, op, value}');
    assert.equal(describedOf({ sort: 'volume:desc,cpc:asc,difficulty:desc,keyword' }), 'sort: must be an array of sort rules such as volume:desc');
  });

  test('a filter without a value: value is required', () => {
    assert.equal(describedOf(oneFilter('volume', '>', undefined)), 'filters[0].value: is required');
    assert.equal(describedOf(oneFilter('volume', '>', true)), 'filters[0].value: must be a number, a string, or an array of numbers or strings');
  });

  test('more than 8 filters', () => {
    const filters = Array.from({ length: 9 }, () => ({ field: 'volume', op: '>', value: 1 }));
    assert.deepEqual(issuesOf({ filters }), [[['filters'], 'at most 8 filters are allowed']]);
  });

  for (const field of textFields) {
    for (const op of [...orderingOperators, 'gt', 'gte', 'lt', 'lte']) {
      test(`ordering operator ${op} on text field ${field}`, () => {
        assert.deepEqual(issuesOf(oneFilter(field, op, 'x')), [[['filters', 0, 'op'], numericOnlyMessage(op)]]);
      });
    }
  }

  for (const field of numericFields) {
    for (const op of ['like', 'not_like']) {
      test(`${op} on numeric field ${field}`, () => {
        assert.deepEqual(issuesOf(oneFilter(field, op, 'x')), [[['filters', 0, 'op'], textOnlyMessage(op)]]);
      });
    }
  }

  for (const op of ['in', 'nin', 'not_in']) {
    test(`${op} with a single value`, () => {
      assert.deepEqual(issuesOf(oneFilter('volume', op, 5)), [[['filters', 0, 'value'], `must be an array for operator '${op}'`]]);
    });
    test(`${op} with an empty array`, () => {
      assert.deepEqual(issuesOf(oneFilter('intent', op, [])),
        [[['filters', 0, 'value'], `must contain at least one value for operator '${op}'`]]);
    });
  }

  test('in-array elements of the wrong type are named by index', () => {
    assert.deepEqual(issuesOf(oneFilter('cpc', 'in', [1, '2', 3, 'four'])), [
      [['filters', 0, 'value', 1], "must be a number because 'cpc' is a numeric field"],
      [['filters', 0, 'value', 3], "must be a number because 'cpc' is a numeric field"],
    ]);
    assert.deepEqual(issuesOf(oneFilter('keyword', 'nin', ['a', 2])),
      [[['filters', 0, 'value', 1], "must be a string because 'keyword' is a text field"]]);
  });

  for (const op of ['>', '>=', '<', '<=', '=', '!=', 'eq', 'ne']) {
    test(`${op} with an array`, () => {
      assert.deepEqual(issuesOf(oneFilter('difficulty', op, [1])),
        [[['filters', 0, 'value'], `must be a single value, not an array, for operator '${op}'`]]);
    });
  }

  for (const field of numericFields) {
    test(`numeric field ${field} with a string value`, () => {
      assert.deepEqual(issuesOf(oneFilter(field, '>=', '100')),
        [[['filters', 0, 'value'], `must be a number because '${field}' is a numeric field`]]);
    });
  }

  for (const field of textFields) {
    for (const op of ['=', 'like', 'not_like']) {
      test(`text field ${field} with a number for ${op}`, () => {
        assert.deepEqual(issuesOf(oneFilter(field, op, 1)),
          [[['filters', 0, 'value'], `must be a string because '${field}' is a text field`]]);
      });
    }
  }

  for (const value of [true, null, { min: 1 }, [[1]]]) {
    test(`a value of unsupported type ${JSON.stringify(value)}`, () => {
      assert.deepEqual(issuesOf(oneFilter('volume', '=', value)),
        [[['filters', 0, 'value'], 'must be a number, a string, or an array of numbers or strings']]);
    });
  }

  for (const op of ['=', '!=', 'eq', 'ne']) {
    test(`an unknown intent or competition level for ${op}`, () => {
      assert.deepEqual(issuesOf(oneFilter('intent', op, 'buying')), [[['filters', 0, 'value'],
        'must be one of informational, commercial, navigational, transactional (any letter case)']]);
      assert.deepEqual(issuesOf(oneFilter('competitionLevel', op, 'very high')),
        [[['filters', 0, 'value'], 'must be one of LOW, MEDIUM, HIGH (any letter case)']]);
    });
  }

  for (const op of ['in', 'nin', 'not_in']) {
    test(`an unknown intent or competition level inside ${op}`, () => {
      assert.deepEqual(issuesOf(oneFilter('intent', op, ['commercial', 'unknown'])), [[['filters', 0, 'value', 1],
        'must be one of informational, commercial, navigational, transactional (any letter case)']]);
      assert.deepEqual(issuesOf(oneFilter('competitionLevel', op, ['NONE', 'low'])),
        [[['filters', 0, 'value', 0], 'must be one of LOW, MEDIUM, HIGH (any letter case)']]);
    });
  }

  test('each bad filter is reported at its own index, good ones are not', () => {
    assert.deepEqual(issuesOf({ filters: [
      { field: 'volume', op: '>', value: 1 },
      { field: 'volume', op: 'like', value: 'x' },
      { field: 'keyword', op: 'like', value: 'x' },
      { field: 'intent', op: 'gt', value: 'x' },
    ] }), [
      [['filters', 1, 'op'], textOnlyMessage('like')],
      [['filters', 3, 'op'], numericOnlyMessage('gt')],
    ]);
  });

  test('a match other than all or any', () => {
    assert.deepEqual(issuesOf({ match: 'some' }), [[['match'], "must be 'all' or 'any'"]]);
    assert.deepEqual(issuesOf({ match: 'ALL' }), [[['match'], "must be 'all' or 'any'"]]);
  });

  test('more than 3 sort rules', () => {
    assert.deepEqual(issuesOf({ sort: ['volume', 'cpc', 'difficulty', 'competition'] }),
      [[['sort'], 'at most 3 sort rules are allowed']]);
  });

  test('sort that is not an array', () => {
    assert.equal(describedOf({ sort: 'volume:desc' }), 'sort: must be an array of sort rules such as volume:desc');
  });

  for (const field of ['words', 'length']) {
    test(`sorting on ${field}`, () => {
      assert.deepEqual(issuesOf({ sort: ['volume', `${field}:asc`] }),
        [[['sort', 1], `'${field}' cannot be sorted on; it is filter-only`]]);
    });
  }

  const sortFieldMessage =
    'must start with a sortable field (keyword, volume, cpc, competition, competitionLevel, difficulty, intent), as in volume:desc';
  for (const rule of ['searchVolume:desc', ':desc', '', 'Volume']) {
    test(`sort rule with an unknown field: ${JSON.stringify(rule)}`, () => {
      assert.deepEqual(issuesOf({ sort: [rule] }), [[['sort', 0], sortFieldMessage]]);
    });
  }

  for (const rule of ['volume:up', 'volume:', 'volume:DESC', 'volume:asc:desc']) {
    test(`sort rule with a bad direction: ${JSON.stringify(rule)}`, () => {
      assert.deepEqual(issuesOf({ sort: ['cpc', rule] }), [[['sort', 1], 'direction must be asc or desc, as in volume:desc']]);
    });
  }

  test('a sort rule that is not a string', () => {
    assert.deepEqual(issuesOf({ sort: ['cpc', 3] }), [[['sort', 1], 'must be a string of the form field:direction']]);
  });

  test('the same field sorted twice', () => {
    assert.deepEqual(issuesOf({ sort: ['volume:asc', 'cpc', 'volume:desc'] }),
      [[['sort', 2], "'volume' is already sorted on by an earlier rule"]]);
  });
});

const records = [
  { keyword: 'running shoes', volume: 1000, cpc: 1.5, competition: 0.8, competitionLevel: 'HIGH', difficulty: 60, intent: 'commercial' },
  { keyword: 'best running shoes for flat feet', volume: 300, cpc: 2.1, competition: 0.5, competitionLevel: 'MEDIUM', difficulty: 35, intent: 'commercial' },
  { keyword: 'how to tie shoes', volume: 5000, cpc: 0.2, competition: 0.1, competitionLevel: 'low', difficulty: 20, intent: 'informational' },
  { keyword: 'Nike', volume: 90000, cpc: 0.9, competition: 0.3, competitionLevel: 'Low', difficulty: 90, intent: 'Navigational' },
  { keyword: 'buy trail shoes', volume: null, competition: null, competitionLevel: null, difficulty: null, intent: null },
] satisfies KeywordFilterableRecord[];

const keywordsAfter = (input: KeywordFilterBlockInput, data: readonly KeywordFilterableRecord[] = records) =>
  applyKeywordFilters(data, parseBlock(input)).map((record) => record.keyword);

describe('evaluation: filters', () => {
  const oracle: Record<string, (actual: number, expected: number) => boolean> = {
    '>': (actual, expected) => actual > expected,
    '>=': (actual, expected) => actual >= expected,
    '<': (actual, expected) => actual < expected,
    '<=': (actual, expected) => actual <= expected,
    '=': (actual, expected) => actual === expected,
    '!=': (actual, expected) => actual !== expected,
  };
  const spellings = [...Object.keys(oracle), 'gt', 'gte', 'lt', 'lte', 'eq', 'ne'];
  const metricFields = ['volume', 'cpc', 'competition', 'difficulty'] as const;
  const metric = (index: number, field: (typeof metricFields)[number]): number => records[index]![field] as number;

  for (const field of metricFields) {
    for (const op of spellings) {
      test(`${field} ${op} compares numbers and is false where ${field} is unknown`, () => {
        const threshold = metric(1, field);
        const compare = oracle[(operatorAliases as Record<string, string>)[op] ?? op]!;
        const expected = records
          .filter((_, index) => typeof records[index]![field] === 'number' && compare(metric(index, field), threshold))
          .map((record) => record.keyword);
        assert.deepEqual(keywordsAfter({ filters: [{ field, op: op as CanonicalOperator, value: threshold }] }), expected);
      });
    }
    test(`${field} in / nin / not_in`, () => {
      const values = [metric(0, field), metric(2, field)];
      assert.deepEqual(keywordsAfter({ filters: [{ field, op: 'in', value: values }] }), ['running shoes', 'how to tie shoes']);
      const others = ['best running shoes for flat feet', 'Nike'];
      assert.deepEqual(keywordsAfter({ filters: [{ field, op: 'nin', value: values }] }), others);
      assert.deepEqual(keywordsAfter({ filters: [{ field, op: 'not_in', value: values }] }), others);
    });
  }

  test('words counts whitespace-separated words of the keyword', () => {
    assert.equal(countWords('best running shoes for flat feet'), 6);
    assert.equal(countWords('  running \t shoes\n'), 2);
    assert.equal(countWords(''), 0);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'words', op: '>=', value: 4 }] }),
      ['best running shoes for flat feet', 'how to tie shoes']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'words', op: 'eq', value: 1 }] }), ['Nike']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'words', op: 'in', value: [2, 3] }] }), ['running shoes', 'buy trail shoes']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'words', op: 'lt', value: 2 }] }), ['Nike']);
  });

  test('length counts characters of the keyword, including spaces, one per code point', () => {
    assert.equal(countCharacters('running shoes'), 13);
    assert.equal(countCharacters('café 👟'), 6);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'length', op: '<=', value: 13 }] }), ['running shoes', 'Nike']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'length', op: '>', value: 15 }] }),
      ['best running shoes for flat feet', 'how to tie shoes']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'length', op: 'nin', value: [4, 13] }] }),
      ['best running shoes for flat feet', 'how to tie shoes', 'buy trail shoes']);
  });

  test('words and length are unknown when the keyword is', () => {
    const data = [{ keyword: null, volume: 1 }, { volume: 2 }];
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'words', op: '>=', value: 0 }] }, data), []);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'length', op: '!=', value: 3 }] }, data), []);
  });

  test('keyword comparisons ignore letter case', () => {
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'keyword', op: '=', value: 'NIKE' }] }), ['Nike']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'keyword', op: 'ne', value: 'Running Shoes' }] }),
      ['best running shoes for flat feet', 'how to tie shoes', 'Nike', 'buy trail shoes']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'keyword', op: 'in', value: ['nike', 'HOW TO TIE SHOES'] }] }),
      ['how to tie shoes', 'Nike']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'keyword', op: 'nin', value: ['nike', 'RUNNING shoes'] }] }),
      ['best running shoes for flat feet', 'how to tie shoes', 'buy trail shoes']);
  });

  test('like and not_like are case-insensitive substring matches', () => {
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'keyword', op: 'like', value: 'RUNNING' }] }),
      ['running shoes', 'best running shoes for flat feet']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'keyword', op: 'like', value: 'ik' }] }), ['Nike']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'keyword', op: 'not_like', value: 'Shoes' }] }), ['Nike']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'keyword', op: 'like', value: 'running shoes for' }] }),
      ['best running shoes for flat feet']);
  });

  test('competitionLevel compares case-insensitively for every operator', () => {
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'competitionLevel', op: '=', value: 'low' }] }), ['how to tie shoes', 'Nike']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'competitionLevel', op: 'eq', value: 'High' }] }), ['running shoes']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'competitionLevel', op: '!=', value: 'LOW' }] }),
      ['running shoes', 'best running shoes for flat feet']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'competitionLevel', op: 'in', value: ['high', 'LOW'] }] }),
      ['running shoes', 'how to tie shoes', 'Nike']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'competitionLevel', op: 'not_in', value: ['low'] }] }),
      ['running shoes', 'best running shoes for flat feet']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'competitionLevel', op: 'like', value: 'OW' }] }), ['how to tie shoes', 'Nike']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'competitionLevel', op: 'not_like', value: 'ig' }] }),
      ['best running shoes for flat feet', 'how to tie shoes', 'Nike']);
  });

  test('intent compares case-insensitively for every operator', () => {
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'intent', op: '=', value: 'NAVIGATIONAL' }] }), ['Nike']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'intent', op: '!=', value: 'commercial' }] }), ['how to tie shoes', 'Nike']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'intent', op: 'in', value: ['Informational', 'navigational'] }] }),
      ['how to tie shoes', 'Nike']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'intent', op: 'nin', value: ['commercial', 'informational'] }] }), ['Nike']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'intent', op: 'like', value: 'AT' }] }), ['how to tie shoes', 'Nike']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'intent', op: 'not_like', value: 'comm' }] }), ['how to tie shoes', 'Nike']);
  });

  test('every operator, negated ones included, is false against an unknown value', () => {
    const unknown = [{ keyword: 'a' }, { keyword: 'b', volume: null, intent: null, competitionLevel: null }];
    const blocks: KeywordFilterBlockInput['filters'] = [
      { field: 'volume', op: '!=', value: 1 }, { field: 'volume', op: 'nin', value: [1] }, { field: 'volume', op: '<', value: 1e9 },
      { field: 'intent', op: '!=', value: 'commercial' }, { field: 'intent', op: 'not_like', value: 'x' },
      { field: 'competitionLevel', op: 'not_in', value: ['LOW'] }, { field: 'cpc', op: '>=', value: -1 },
    ];
    for (const filter of blocks!) assert.deepEqual(keywordsAfter({ filters: [filter] }, unknown), [], JSON.stringify(filter));
  });

  test('values of the wrong type or not finite count as unknown', () => {
    const data = [{ keyword: 'a', volume: '100' as unknown as number }, { keyword: 'b', volume: Number.NaN },
      { keyword: 'c', intent: 3 as unknown as string }, { keyword: 'd', volume: 100, intent: 'commercial' }];
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'volume', op: '!=', value: 5 }] }, data), ['d']);
    assert.deepEqual(keywordsAfter({ filters: [{ field: 'intent', op: 'not_in', value: ['informational'] }] }, data), ['d']);
  });

  test('match all keeps records passing every filter', () => {
    assert.deepEqual(keywordsAfter({ match: 'all', filters: [
      { field: 'volume', op: '>=', value: 1000 }, { field: 'intent', op: '=', value: 'commercial' },
    ] }), ['running shoes']);
    assert.deepEqual(keywordsAfter({ filters: [
      { field: 'volume', op: '>', value: 100 }, { field: 'keyword', op: 'like', value: 'shoes' }, { field: 'difficulty', op: '<', value: 50 },
    ] }), ['best running shoes for flat feet', 'how to tie shoes']);
  });

  test('match any keeps records passing at least one filter', () => {
    assert.deepEqual(keywordsAfter({ match: 'any', filters: [
      { field: 'volume', op: '>=', value: 50000 }, { field: 'intent', op: '=', value: 'informational' }, { field: 'words', op: '=', value: 3 },
    ] }), ['how to tie shoes', 'Nike', 'buy trail shoes']);
  });

  test('no filters keep every record under either match', () => {
    assert.equal(keywordsAfter({ match: 'any' }).length, records.length);
    assert.equal(keywordsAfter({ match: 'all', filters: [] }).length, records.length);
  });

  test('filtering keeps the records themselves, in input order, and leaves the input alone', () => {
    const input = [...records];
    const result = applyKeywordFilters(input, parseBlock({ filters: [{ field: 'volume', op: '>', value: 500 }] }));
    assert.equal(result[0], records[0]);
    assert.deepEqual(input, records);
    assert.notEqual(applyKeywordFilters(input, parseBlock({})), input);
  });
});

describe('evaluation: sort', () => {
  test('one rule, desc by default, asc on request', () => {
    assert.deepEqual(keywordsAfter({ sort: ['volume'] }),
      ['Nike', 'how to tie shoes', 'running shoes', 'best running shoes for flat feet', 'buy trail shoes']);
    assert.deepEqual(keywordsAfter({ sort: ['cpc:asc'] }),
      ['how to tie shoes', 'Nike', 'running shoes', 'best running shoes for flat feet', 'buy trail shoes']);
  });

  test('unknown values sort last in both directions', () => {
    for (const direction of ['asc', 'desc']) {
      assert.equal(keywordsAfter({ sort: [`difficulty:${direction}`] }).at(-1), 'buy trail shoes');
      assert.equal(keywordsAfter({ sort: [`intent:${direction}`] }).at(-1), 'buy trail shoes');
    }
  });

  test('later rules break ties of earlier ones', () => {
    const data = [
      { keyword: 'a', intent: 'commercial', volume: 10, cpc: 1 },
      { keyword: 'b', intent: 'informational', volume: 20, cpc: 1 },
      { keyword: 'c', intent: 'commercial', volume: 30, cpc: 2 },
      { keyword: 'd', intent: 'commercial', volume: 30, cpc: 3 },
      { keyword: 'e', intent: 'Informational', volume: 5, cpc: 9 },
    ];
    assert.deepEqual(keywordsAfter({ sort: ['intent:asc', 'volume:desc', 'cpc:asc'] }, data), ['c', 'd', 'a', 'b', 'e']);
    assert.deepEqual(keywordsAfter({ sort: ['intent:asc', 'volume:desc', 'cpc:desc'] }, data), ['d', 'c', 'a', 'b', 'e']);
    assert.deepEqual(keywordsAfter({ sort: ['cpc:asc', 'volume:asc'] }, data), ['a', 'b', 'c', 'd', 'e']);
  });

  test('the sort is stable: fully tied records keep their input order', () => {
    const data = ['q', 'w', 'e', 'r', 't', 'y'].map((keyword, index) => ({ keyword, volume: index % 2, cpc: null }));
    assert.deepEqual(keywordsAfter({ sort: ['volume:desc', 'cpc:asc'] }, data), ['w', 'r', 'y', 'q', 'e', 't']);
    assert.deepEqual(keywordsAfter({ sort: ['volume:asc'] }, data), ['q', 'e', 't', 'w', 'r', 'y']);
  });

  test('competitionLevel sorts by meaning, LOW < MEDIUM < HIGH, in any case', () => {
    assert.deepEqual(keywordsAfter({ sort: ['competitionLevel:desc', 'volume:asc'] }),
      ['running shoes', 'best running shoes for flat feet', 'how to tie shoes', 'Nike', 'buy trail shoes']);
    assert.deepEqual(keywordsAfter({ sort: ['competitionLevel:asc', 'volume:desc'] }),
      ['Nike', 'how to tie shoes', 'best running shoes for flat feet', 'running shoes', 'buy trail shoes']);
  });

  test('a competition level outside LOW, MEDIUM, HIGH sorts with the unknown values', () => {
    const data = [{ keyword: 'a', competitionLevel: 'unknown' }, { keyword: 'b', competitionLevel: 'constructor' },
      { keyword: 'c', competitionLevel: 'LOW' }, { keyword: 'd' }];
    assert.deepEqual(keywordsAfter({ sort: ['competitionLevel:desc'] }, data), ['c', 'a', 'b', 'd']);
    assert.deepEqual(keywordsAfter({ sort: ['competitionLevel:asc'] }, data), ['c', 'a', 'b', 'd']);
  });

  test('keyword sorts alphabetically ignoring case', () => {
    assert.deepEqual(keywordsAfter({ sort: ['keyword:asc'] }),
      ['best running shoes for flat feet', 'buy trail shoes', 'how to tie shoes', 'Nike', 'running shoes']);
  });

  test('sorting applies after filtering and does not touch the input', () => {
    const input = [...records];
    const result = applyKeywordFilters(input, parseBlock({
      filters: [{ field: 'keyword', op: 'like', value: 'shoes' }], sort: ['difficulty:asc'],
    }));
    assert.deepEqual(result.map((record) => record.keyword),
      ['how to tie shoes', 'best running shoes for flat feet', 'running shoes', 'buy trail shoes']);
    assert.deepEqual(input, records);
  });
});

const labsPaths: VendorFieldPaths = {
  keyword: 'keyword',
  volume: 'keyword_info.search_volume',
  cpc: 'keyword_info.cpc',
  competition: 'keyword_info.competition',
  competitionLevel: 'keyword_info.competition_level',
  difficulty: 'keyword_properties.keyword_difficulty',
  intent: 'search_intent_info.main_intent',
};
const ideasPaths: VendorFieldPaths = { ...labsPaths, words: 'keyword_properties.words_count' };
const translate = (input: KeywordFilterBlockInput, paths = labsPaths) => translateKeywordFilters(parseBlock(input), paths);
const noLocalWork = { filters: [], match: 'all', sort: [] };

describe('vendor translation', () => {
  test('an empty block sends nothing upstream and leaves nothing local', () => {
    assert.deepEqual(translate({}), { filters: undefined, orderBy: undefined, local: noLocalWork });
  });

  test('a single condition is sent bare', () => {
    assert.deepEqual(translate({ filters: [{ field: 'volume', op: 'gt', value: 100 }] }),
      { filters: ['keyword_info.search_volume', '>', 100], orderBy: undefined, local: noLocalWork });
  });

  const operatorCases: [string, string, unknown, string, unknown][] = [
    ['>', 'volume', 1, '>', 1], ['gt', 'volume', 1, '>', 1],
    ['>=', 'cpc', 1.5, '>=', 1.5], ['gte', 'cpc', 1.5, '>=', 1.5],
    ['<', 'difficulty', 40, '<', 40], ['lt', 'difficulty', 40, '<', 40],
    ['<=', 'competition', 0.5, '<=', 0.5], ['lte', 'competition', 0.5, '<=', 0.5],
    ['=', 'intent', 'commercial', '=', 'commercial'], ['eq', 'volume', 0, '=', 0],
    ['!=', 'intent', 'commercial', '<>', 'commercial'], ['ne', 'volume', 0, '<>', 0],
    ['in', 'volume', [10, 20], 'in', [10, 20]], ['nin', 'volume', [10], 'not_in', [10]], ['not_in', 'intent', ['commercial'], 'not_in', ['commercial']],
    ['like', 'keyword', 'shoes', 'like', '%shoes%'], ['not_like', 'keyword', 'cheap', 'not_like', '%cheap%'],
  ];
  for (const [op, field, value, vendorOperator, vendorValue] of operatorCases) {
    test(`operator ${op} on ${field} becomes ${vendorOperator}`, () => {
      const path = labsPaths[field as keyof typeof labsPaths];
      assert.deepEqual(translate(oneFilter(field, op, value) as KeywordFilterBlockInput).filters, [path, vendorOperator, vendorValue]);
    });
  }

  test('text values reach the vendor in the case it stores them', () => {
    assert.deepEqual(translate({ match: 'all', filters: [
      { field: 'keyword', op: 'like', value: 'Running Shoes' },
      { field: 'keyword', op: 'in', value: ['Nike', 'ADIDAS'] },
      { field: 'competitionLevel', op: 'in', value: ['low', 'Medium'] },
      { field: 'competitionLevel', op: 'like', value: 'ig' },
      { field: 'intent', op: '=', value: 'Transactional' },
    ] }).filters, [
      ['keyword', 'like', '%running shoes%'], 'and',
      ['keyword', 'in', ['nike', 'adidas']], 'and',
      ['keyword_info.competition_level', 'in', ['LOW', 'MEDIUM']], 'and',
      ['keyword_info.competition_level', 'like', '%IG%'], 'and',
      ['search_intent_info.main_intent', '=', 'transactional'],
    ]);
  });

  test('match all joins conditions with and, match any with or', () => {
    const filters = [
      { field: 'volume', op: '>', value: 100 }, { field: 'difficulty', op: '<', value: 40 }, { field: 'cpc', op: '>=', value: 1 },
    ] as const;
    const conditions = [['keyword_info.search_volume', '>', 100], ['keyword_properties.keyword_difficulty', '<', 40], ['keyword_info.cpc', '>=', 1]];
    assert.deepEqual(translate({ filters: [...filters] }).filters,
      [conditions[0], 'and', conditions[1], 'and', conditions[2]]);
    assert.deepEqual(translate({ filters: [...filters], match: 'any' }),
      { filters: [conditions[0], 'or', conditions[1], 'or', conditions[2]], orderBy: undefined, local: { ...noLocalWork, match: 'all' } });
  });

  test('8 filters make 8 conditions and 7 connectors', () => {
    const filters = Array.from({ length: 8 }, (_, index) => ({ field: 'volume', op: '>', value: index }) as const);
    const translated = translate({ filters }).filters as unknown[];
    assert.equal(translated.length, 15);
    assert.equal(translated.filter((element) => element === 'and').length, 7);
  });

  test('sort rules become order_by in precedence order', () => {
    assert.deepEqual(translate({ sort: ['volume', 'difficulty:asc', 'competitionLevel:desc'] }).orderBy, [
      'keyword_info.search_volume,desc', 'keyword_properties.keyword_difficulty,asc', 'keyword_info.competition_level,desc',
    ]);
    assert.deepEqual(translate({ sort: ['keyword:asc'] }), { filters: undefined, orderBy: ['keyword,asc'], local: noLocalWork });
  });

  test('length always stays local, with the rest upstream under match all', () => {
    for (const paths of [labsPaths, ideasPaths]) {
      assert.deepEqual(translate({ filters: [
        { field: 'length', op: '<', value: 30 }, { field: 'volume', op: '>', value: 10 },
      ], sort: ['volume'] }, paths), {
        filters: ['keyword_info.search_volume', '>', 10],
        orderBy: ['keyword_info.search_volume,desc'],
        local: { filters: [{ field: 'length', op: '<', value: 30 }], match: 'all', sort: [] },
      });
    }
  });

  test('words stays local unless the map gives it a path', () => {
    const block: KeywordFilterBlockInput = { filters: [{ field: 'words', op: '>=', value: 3 }, { field: 'cpc', op: '>', value: 1 }] };
    assert.deepEqual(translate(block, labsPaths), {
      filters: ['keyword_info.cpc', '>', 1], orderBy: undefined,
      local: { filters: [{ field: 'words', op: '>=', value: 3 }], match: 'all', sort: [] },
    });
    assert.deepEqual(translate(block, ideasPaths), {
      filters: [['keyword_properties.words_count', '>=', 3], 'and', ['keyword_info.cpc', '>', 1]], orderBy: undefined, local: noLocalWork,
    });
  });

  test('the local part, applied to what the vendor returns, finishes the filtering', () => {
    const translation = translate({ filters: [
      { field: 'words', op: '>', value: 2 }, { field: 'length', op: '<', value: 20 }, { field: 'intent', op: '=', value: 'commercial' },
    ] });
    assert.deepEqual(translation.filters, ['search_intent_info.main_intent', '=', 'commercial']);
    const returned = [{ keyword: 'cheap running shoes' }, { keyword: 'shoes' }, { keyword: 'best running shoes for flat feet' }];
    assert.deepEqual(applyKeywordFilters(returned, translation.local), [{ keyword: 'cheap running shoes' }]);
  });

  test('under match any, words and length alone are evaluated locally as a whole, on any map', () => {
    const block: KeywordFilterBlockInput = { match: 'any', sort: ['cpc'], filters: [
      { field: 'words', op: '=', value: 1 }, { field: 'length', op: '>', value: 25 },
    ] };
    for (const paths of [labsPaths, ideasPaths]) {
      const translation = translate(block, paths);
      assert.deepEqual(translation, {
        filters: undefined, orderBy: ['keyword_info.cpc,desc'],
        local: { filters: parseBlock(block).filters, match: 'any', sort: [] },
      });
      const returned = [{ keyword: 'nike' }, { keyword: 'adidas shoes' }, { keyword: 'best running shoes for flat feet' }];
      assert.deepEqual(applyKeywordFilters(returned, translation.local).map((record) => record.keyword),
        ['nike', 'best running shoes for flat feet']);
    }
  });

  test('under match any, words alone goes upstream where the map has it', () => {
    assert.deepEqual(translate({ match: 'any', filters: [{ field: 'words', op: 'in', value: [2, 3] }] }, ideasPaths),
      { filters: ['keyword_properties.words_count', 'in', [2, 3]], orderBy: undefined, local: noLocalWork });
  });

  test('an unvalidated match any mixing words or length with provider fields is refused', () => {
    const mixed: KeywordFilterBlockInput = {
      match: 'any', filters: [{ field: 'length', op: '<', value: 10 }, { field: 'volume', op: '>', value: 1 }],
    };
    assert.throws(() => translateKeywordFilters(parseBlock(mixed), ideasPaths), /must reject it/);
  });
});

describe('words/length mixed with provider fields under match any', () => {
  const UpstreamRequest = z.strictObject({ keyword: z.string(), ...keywordFilterBlock }).superRefine(rejectWordsOrLengthMixedUnderAny);
  const mixingMessage = "'any' cannot combine words or length with other fields on this endpoint; " +
    "use match 'all', or filter only on words and length";

  for (const [computed, other] of [['words', 'volume'], ['length', 'keyword'], ['words', 'intent'], ['length', 'difficulty']] as const) {
    test(`${computed} with ${other} under any is rejected at match`, () => {
      const otherFilter = other === 'keyword' || other === 'intent'
        ? { field: other, op: '!=', value: other === 'intent' ? 'commercial' : 'x' }
        : { field: other, op: '>', value: 1 };
      assert.deepEqual(issuesOf({ keyword: 'seed', match: 'any', filters: [otherFilter, { field: computed, op: '>', value: 2 }] },
        UpstreamRequest), [[['match'], mixingMessage]]);
    });
  }

  test('the same filters under match all are accepted', () => {
    const input = { keyword: 'seed', match: 'all', filters: [{ field: 'words', op: '>', value: 2 }, { field: 'volume', op: '>', value: 1 }] };
    assert.equal(UpstreamRequest.safeParse(input).success, true);
    assert.equal(UpstreamRequest.safeParse({ ...input, match: undefined }).success, true);
  });

  test('under match any, only words and length, or only provider fields, are accepted', () => {
    const onlyComputed = [{ field: 'words', op: '>', value: 2 }, { field: 'length', op: '<', value: 9 }];
    const onlyUpstream = [{ field: 'volume', op: '>', value: 2 }, { field: 'keyword', op: 'like', value: 'x' }];
    assert.equal(UpstreamRequest.safeParse({ keyword: 'seed', match: 'any', filters: onlyComputed }).success, true);
    assert.equal(UpstreamRequest.safeParse({ keyword: 'seed', match: 'any', filters: onlyUpstream }).success, true);
    assert.equal(UpstreamRequest.safeParse({ keyword: 'seed', match: 'any' }).success, true);
  });

  test('a block with its own errors reports only those, not the mixing rule', () => {
    assert.deepEqual(issuesOf({ keyword: 'seed', match: 'any', filters: [
      { field: 'words', op: 'like', value: 'x' }, { field: 'volume', op: '>', value: 1 },
    ] }, UpstreamRequest), [[['filters', 0, 'op'], textOnlyMessage('like')]]);
  });
});
