import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LlmMention } from '../../src/schemas/content';
import type { MentionFilter } from '../../src/providers/families/content';
import { mentionFilterTest, selectMentions } from '../../src/providers/sandbox/mention-filter';
import { MentionFilters, MentionOrder, sortRules } from '../../src/endpoints/seo/ai/mention-filters';
import { describeIssues } from '../../src/core/validation';

/** The sandbox's evaluation of the LLM-mentions filter language, and the endpoint's check of it. */

function mentionWith(fields: Partial<LlmMention>): LlmMention {
  return {
    platform: 'websearch', modelName: 'websearch_ai_overview', locationCode: 2840, languageCode: 'en',
    question: '', answer: '', sources: [], searchResults: [], aiSearchVolume: 0, monthlySearches: [],
    firstResponseAt: '', lastResponseAt: '', brandEntities: [], fanOutQueries: [],
    ...fields,
  };
}

const passes = (filter: MentionFilter, fields: Partial<LlmMention>): boolean => mentionFilterTest(filter)(mentionWith(fields));

describe('mention filters on the sandbox', () => {
  test('like is SQL LIKE: % any run, _ one character, the rest literal (regex characters too), case-sensitive, whole value', () => {
    const question = 'Is a.b (c) worth $5?';
    assert.equal(passes([['question', 'like', 'Is a.b (c) worth $5?']], { question }), true);
    assert.equal(passes([['question', 'like', 'Is a_b%']], { question }), true);
    assert.equal(passes([['question', 'like', 'Is axb%']], { question }), false, '. is literal');
    assert.equal(passes([['question', 'like', '%worth%']], { question }), true);
    assert.equal(passes([['question', 'like', 'worth']], { question }), false, 'the whole value must match');
    assert.equal(passes([['question', 'like', '%WORTH%']], { question }), false);
    assert.equal(passes([['question', 'ilike', '%WORTH%']], { question }), true);
    assert.equal(passes([['question', 'not_ilike', '%WORTH%']], { question }), false);
    assert.equal(passes([['answer', 'like', 'a%z']], { answer: 'a\nline\nz' }), true, '% spans line breaks');
  });

  test('match takes whole words in order, case-insensitively', () => {
    const question = 'Is the Espresso-Machine worth it?';
    assert.equal(passes([['question', 'match', 'espresso machine']], { question }), true);
    assert.equal(passes([['question', 'match', 'WORTH']], { question }), true);
    assert.equal(passes([['question', 'match', 'wort']], { question }), false);
    assert.equal(passes([['question', 'match', 'machine espresso']], { question }), false);
    assert.equal(passes([['question', 'match', '?!']], { question }), false, 'a value without a word matches nothing');
    assert.equal(passes([['question', 'not_match', 'wort']], { question }), true);
  });

  test('comparisons, in and not_in by the field type; text compares by code unit', () => {
    assert.equal(passes([['ai_search_volume', '>=', 100]], { aiSearchVolume: 100 }), true);
    assert.equal(passes([['ai_search_volume', '<', 100]], { aiSearchVolume: 100 }), false);
    assert.equal(passes([['ai_search_volume', 'in', [1, 100]]], { aiSearchVolume: 100 }), true);
    assert.equal(passes([['ai_search_volume', 'not_in', [1, 100]]], { aiSearchVolume: 100 }), false);
    assert.equal(passes([['first_response_at', '<', '2026-03-01']], { firstResponseAt: '2026-02-28 10:00:00 +00:00' }), true);
    assert.equal(passes([['question', '=', 'Coffee']], { question: 'coffee' }), false);
  });

  test('a list passes when any value does, a negated operator when none does; an empty list passes only negations', () => {
    const sources = [{ domain: 'a.com' }, { domain: 'b.com' }].map((source, index) => ({ position: index + 1, title: '', url: '', sourceName: '', snippet: '', thumbnail: '', markdown: '', publicationDate: '', ...source }));
    assert.equal(passes([['sources.domain', '=', 'b.com']], { sources }), true);
    assert.equal(passes([['sources.domain', '<>', 'b.com']], { sources }), false);
    assert.equal(passes([['sources.position', '>', 1]], { sources }), true);
    assert.equal(passes([['source_name', '=', 'x']], { sources }), false, 'a field the record does not hold has no value');
    assert.equal(passes([['fan_out_queries', 'ilike', '%price%']], { fanOutQueries: [] }), false);
    assert.equal(passes([['fan_out_queries', 'not_ilike', '%price%']], { fanOutQueries: [] }), true);
    assert.equal(passes([['fan_out_queries', 'ilike', '%price%']], { fanOutQueries: ['x reviews', 'x Price'] }), true);
  });

  test('"and" binds tighter than "or"; groups nest', () => {
    const high = ['ai_search_volume', '>', 100] as MentionFilter[number];
    const coffee = ['question', '=', 'coffee'] as MentionFilter[number];
    const english = ['language_code', '=', 'en'] as MentionFilter[number];
    assert.equal(passes([high, 'or', coffee, 'and', english], { aiSearchVolume: 500, languageCode: 'de' }), true);
    assert.equal(passes([[high, 'or', coffee], 'and', english], { aiSearchVolume: 500, languageCode: 'de' }), false);
    assert.equal(passes([coffee, 'or', [high, 'and', english]], { aiSearchVolume: 500, languageCode: 'en' }), true);
  });

  test('selectMentions: the positions that pass, sorted by the rules, ties in population order, absent values last', async () => {
    const records = [
      mentionWith({ question: 'b', aiSearchVolume: 5 }),
      mentionWith({ question: 'a', aiSearchVolume: 9 }),
      mentionWith({ question: 'b', aiSearchVolume: 7 }),
      mentionWith({ question: 'a', aiSearchVolume: 9 }),
      mentionWith({ question: 'c', aiSearchVolume: 1 }),
    ];
    const at = (position: number) => records[position]!;
    assert.deepEqual(await selectMentions(5, at, undefined, undefined), [0, 1, 2, 3, 4]);
    assert.deepEqual(await selectMentions(5, at, [['ai_search_volume', '>', 4]], undefined), [0, 1, 2, 3]);
    assert.deepEqual(await selectMentions(5, at, undefined, ['ai_search_volume,desc']), [1, 3, 2, 0, 4]);
    assert.deepEqual(await selectMentions(5, at, undefined, ['question,asc', 'ai_search_volume,asc']), [1, 3, 0, 2, 4]);
    assert.deepEqual(await selectMentions(3, at, [['question', '<>', 'a']], ['ai_search_volume,asc']), [0, 2], 'only the first `count` are read');
    const withoutDate = [mentionWith({ firstResponseAt: '2026-01-01' }), { ...mentionWith({}), firstResponseAt: undefined as unknown as string }, mentionWith({ firstResponseAt: '2026-02-01' })];
    assert.deepEqual(await selectMentions(3, (position) => withoutDate[position]!, undefined, ['first_response_at,desc']), [2, 0, 1]);
  });
});

describe('the endpoint’s check of filters and order_by', () => {
  const problems = (schema: typeof MentionFilters | typeof MentionOrder, input: unknown): string => {
    const result = schema.safeParse(input);
    assert.equal(result.success, false, JSON.stringify(input));
    return describeIssues(result.error!.issues);
  };

  test('fields are the mention record’s snake_case names; lists filter but do not sort', () => {
    assert.ok(MentionFilters.safeParse([['sources.domain', '=', 'a.com'], 'and', ['fan_out_queries', 'match', 'price']]).success);
    assert.match(problems(MentionFilters, [['monthly_searches', '>', 1]]), /^\[0\]: "monthly_searches" is not a mention field/);
    assert.match(problems(MentionFilters, [['brand_entities.position', '=', 1]]), /^\[0\]: "brand_entities.position" is not a mention field/);
    assert.match(problems(MentionFilters, [['ai_search_volume', 'match', 'x']]), /^\[0\]: match applies to text fields/);
    assert.match(problems(MentionOrder, ['ai_search_volume,desc', 'sources.domain,asc']), /^\[1\]: sources.domain is a list and cannot sort/);
    assert.match(problems(MentionOrder, 'toString,asc'), /"toString" is not a mention field/);
    assert.match(problems(MentionFilters, [['constructor', '=', 'x']]), /"constructor" is not a mention field/);
  });

  test('order_by: one rule as a string or up to 3 in a list, always handed on as a list', () => {
    assert.deepEqual(sortRules(MentionOrder.parse('ai_search_volume,desc')), ['ai_search_volume,desc']);
    assert.deepEqual(sortRules(MentionOrder.parse(['question,asc', 'last_response_at,desc'])), ['question,asc', 'last_response_at,desc']);
    assert.equal(sortRules(undefined), undefined);
    assert.match(problems(MentionOrder, ['a,asc', 'b,asc', 'c,asc', 'd,asc']), /must have at most 3 items/);
  });

  test('selectMentions leaves the event loop to other work while it builds a large population', async () => {
    let otherWorkRan = false;
    setImmediate(() => (otherWorkRan = true));
    const seen: boolean[] = [];
    // Each mention takes ~1 ms to build, as thousands of real ones add up to a good part of a second.
    const slow = (position: number) => {
      const until = performance.now() + 1;
      while (performance.now() < until);
      seen.push(otherWorkRan);
      return mentionWith({ aiSearchVolume: position });
    };
    assert.equal((await selectMentions(40, slow, undefined, ['ai_search_volume,desc'])).length, 40);
    assert.equal(seen[0], false);
    assert.equal(seen.at(-1), true, 'other work ran between slices');
  });
});
