import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { UpstreamError } from '../../src/core/errors';
import { jsonValueFor } from '../../src/providers/sandbox/chat/json-value';
import { topicOf } from '../../src/providers/sandbox/chat/topic';
import { SeededRandom } from '../../src/providers/sandbox/random';

/**
 * The sandbox's JSON values hold against the schema for every keyword it claims, `pattern`
 * included: each schema of the table, drawn under many seeds and prompts, checked with Ajv (draft
 * 2020-12, formats on). A pattern that no string matches is an error that says retrying cannot help.
 */

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

const PROMPTS = ['Plan a weekend trip to Lisbon with museums', 'Order two large pizzas for delivery', 'Summarise the quarterly sales report', ''];
const SEEDS = 40;

function valuesOf(schema: unknown, tokens = 4_096): unknown[] {
  const values: unknown[] = [];
  for (const prompt of PROMPTS) {
    const topic = topicOf([{ role: 'user', content: prompt }]);
    for (let seed = 0; seed < SEEDS; seed += 1) values.push(jsonValueFor(schema, topic, new SeededRandom(`json-value-test:${prompt}:${seed}`), tokens));
  }
  return values;
}

const TABLE: Array<[string, Record<string, unknown>]> = [
  ['pattern: letters of a count', { type: 'string', pattern: '^[A-Z]{3}$' }],
  ['pattern: a phone-like shape', { type: 'string', pattern: '^\\+?[0-9]{1,3}-[0-9]{3}-[0-9]{4}$' }],
  ['pattern: a long hex digest (counted past the linear engine\'s limit)', { type: 'string', pattern: '^[a-f0-9]{32}$' }],
  ['pattern: alternation and groups, repeated', { type: 'string', pattern: '^(foo|bar)(-[0-9]+)*$' }],
  ['pattern: unanchored, the words are kept when they match', { type: 'string', pattern: '[a-z]' }],
  ['pattern with lengths', { type: 'string', pattern: '^[a-z]+$', minLength: 12, maxLength: 14 }],
  ['pattern with nested repetitions (checked on the linear engine)', { type: 'string', pattern: '^(a+)+$' }],
  ['pattern with a Unicode class', { type: 'string', pattern: '^\\p{Lu}[\\p{Ll}]{2,5}$' }],
  ['pattern with a long count inside a group', { type: 'string', pattern: '^(?:[A-Z]{2}[0-9]{20}){1,2}$' }],
  ['two patterns in allOf', { allOf: [{ type: 'string', pattern: '^[a-z0-9]+$' }, { pattern: '^[0-9]{4}$' }] }],
  ['pattern in a property and in array items', { type: 'object', properties: { code: { type: 'string', pattern: '^[A-Z]{2}-\\d{3}$' }, tags: { type: 'array', items: { type: 'string', pattern: '^#[a-z]{3,8}$' }, minItems: 2 } }, required: ['code', 'tags'] }],
  ['minProperties with additionalProperties', { type: 'object', minProperties: 3, additionalProperties: { type: 'integer' } }],
  ['minProperties beyond the described properties', { type: 'object', properties: { a: { type: 'string' } }, minProperties: 4 }],
  ['maxProperties', { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' }, d: { type: 'string' } }, maxProperties: 2 }],
  ['patternProperties and propertyNames', { type: 'object', patternProperties: { '^x-[a-z]{2,6}$': { type: 'number', minimum: 5, maximum: 9 } }, additionalProperties: false, minProperties: 2 }],
  ['propertyNames with a pattern', { type: 'object', propertyNames: { pattern: '^[a-z]{2}_[0-9]$' }, minProperties: 2, additionalProperties: { type: 'boolean' } }],
  ['if/then', { type: 'object', properties: { kind: { type: 'string' }, n: { type: 'integer' } }, required: ['kind', 'n'], if: { properties: { kind: { const: 'x' } } }, then: { properties: { n: { minimum: 100 } } } }],
  ['if/then/else with required', { type: 'object', properties: { country: { enum: ['US', 'CA'] }, zip: { type: 'string' } }, required: ['country', 'zip'], if: { properties: { country: { const: 'US' } }, required: ['country'] }, then: { properties: { zip: { pattern: '^[0-9]{5}$' } } }, else: { properties: { zip: { pattern: '^[A-Z][0-9][A-Z] [0-9][A-Z][0-9]$' } } } }],
  ['contains', { type: 'array', contains: { const: 42 }, minItems: 1 }],
  ['contains with items and minContains', { type: 'array', items: { type: 'integer', minimum: 0, maximum: 100 }, contains: { minimum: 90 }, minContains: 2 }],
  ['dependentRequired', { type: 'object', properties: { card: { type: 'string' }, billing: { type: 'string' } }, required: ['card'], dependentRequired: { card: ['billing'] } }],
  ['dependentSchemas', { type: 'object', properties: { card: { type: 'string' } }, required: ['card'], dependentSchemas: { card: { properties: { cvv: { type: 'string', pattern: '^[0-9]{3}$' } }, required: ['cvv'] } } }],
  ['allOf tightening bounds of one property', { type: 'object', allOf: [{ properties: { n: { type: 'integer', minimum: 10 } }, required: ['n'] }, { properties: { n: { maximum: 12 } } }] }],
  ['anyOf beside the schema\'s own keywords', { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, additionalProperties: false, anyOf: [{ required: ['a'] }, { required: ['b'] }] }],
  ['$ref with a sibling keyword', { $defs: { code: { type: 'string', pattern: '^[A-Z]+$' } }, type: 'object', properties: { c: { $ref: '#/$defs/code', maxLength: 4 } }, required: ['c'] }],
  ['numbers, formats, uniqueItems and enums together', { type: 'object', properties: { price: { type: 'number', exclusiveMinimum: 0, multipleOf: 0.01, maximum: 50 }, when: { type: 'string', format: 'date-time' }, email: { type: 'string', format: 'email' }, sizes: { type: 'array', items: { enum: ['S', 'M', 'L'] }, uniqueItems: true, minItems: 3 } }, required: ['price', 'when', 'email', 'sizes'] }],
];

describe('sandbox JSON values against their schemas', () => {
  for (const [label, schema] of TABLE) {
    test(`${label}: valid for every prompt and seed`, () => {
      const validate = ajv.compile(schema);
      for (const value of valuesOf(schema)) assert.ok(validate(value), `${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`);
    });
  }

  test('a pattern-bound string keeps the prompt\'s words when they already match, and is drawn from the pattern when not', () => {
    const topic = topicOf([{ role: 'user', content: 'coffee roasting guide' }]);
    const free = jsonValueFor({ type: 'object', properties: { word: { type: 'string', pattern: '^[a-z]+$' } }, required: ['word'] }, topic, new SeededRandom('words'), 1_000) as { word: string };
    assert.match(free.word, /^(coffee|roasting|guide)$/);
    const drawn = jsonValueFor({ type: 'string', pattern: '^[A-Z]{3}$' }, topic, new SeededRandom('drawn'), 1_000);
    assert.match(String(drawn), /^[A-Z]{3}$/);
    assert.deepEqual(jsonValueFor({ type: 'string', pattern: '^[A-Z]{3}$' }, topic, new SeededRandom('drawn'), 1_000), drawn, 'deterministic');
  });

  test('a pattern no string matches (or none within the lengths), or one only a backtracking engine checks: an UpstreamError that does not ask for a retry', () => {
    const topic = topicOf([{ role: 'user', content: 'anything' }]);
    const schemas = [
      { type: 'string', pattern: '^a$', minLength: 3 },
      { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]+$', maxLength: 0, minLength: 1 } }, required: ['id'] },
      // Lookarounds and backreferences: a customer's pattern is never run on the backtracking engine (exponential on `(a|a)*`).
      { type: 'string', pattern: '^(?=.*[0-9])[a-z0-9]{8,12}$' },
      { type: 'string', pattern: '^(a|a)*(?=c)b$', maxLength: 10_000 },
      { type: 'string', pattern: '^([a-c])x\\1$' },
      // A pattern whose every string is a megabyte: given up after a bounded draw, not built.
      { type: 'string', pattern: '^(?:a{1000}){1000}$' },
    ];
    for (const schema of schemas) {
      assert.throws(
        () => jsonValueFor(schema, topic, new SeededRandom('unsatisfiable'), 1_000),
        (error: unknown) =>
          error instanceof UpstreamError && error.status === 502 && /cannot write a string matching the schema's pattern/.test(error.message) &&
          /deterministic, so the same request fails the same way/.test(error.message) && !/try again/i.test(error.message),
        JSON.stringify(schema),
      );
    }
  });
});

test('a schema whose allOf includes itself, and huge counts of properties, end at once', () => {
  const topic = topicOf([{ role: 'user', content: 'loops' }]);
  const loop = { $defs: { a: { allOf: [{ $ref: '#/$defs/a' }, { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] }] } }, $ref: '#/$defs/a' };
  assert.equal(typeof (jsonValueFor(loop, topic, new SeededRandom('loop'), 100) as { n: unknown }).n, 'number');
  const many = jsonValueFor({ type: 'object', minProperties: 1_000_000_000, additionalProperties: { type: 'integer' } }, topic, new SeededRandom('many'), 100);
  assert.ok(JSON.stringify(many).length < 100 * 24 + 1024 + 64, 'no more than the token limit can show');
});
