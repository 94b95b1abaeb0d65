import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { ApiError } from '../../src/core/errors';
import { callInput, describeIssues, formatPath, issueField, jsonNodes, noteParsedFrom, pathOf } from '../../src/core/validation';
import { ChatCompletionsRequest } from '../../src/schemas/chat-completions';
import { countryCode, wholeNumber } from '../../src/schemas/request-fields';

/** What the server would say about `input` for `schema`: the real zod issues, described. */
function described(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  assert.equal(result.success, false, `expected ${JSON.stringify(input)} to be rejected`);
  return describeIssues(result.error!.issues);
}

describe('formatPath', () => {
  test('joins names with dots and puts indexes in brackets', () => {
    assert.equal(formatPath([]), '');
    assert.equal(formatPath(['depth']), 'depth');
    assert.equal(formatPath(['filters', 2, 'op']), 'filters[2].op');
    assert.equal(formatPath(['items', 2, 'id']), 'items[2].id');
    assert.equal(formatPath(['a', 'b', 'c']), 'a.b.c');
    assert.equal(formatPath(['matrix', 0, 1]), 'matrix[0][1]');
    assert.equal(formatPath([3, 'id']), '[3].id');
  });

  test('names symbol segments by their description', () => {
    assert.equal(formatPath(['meta', Symbol('tag')]), 'meta.Symbol(tag)');
  });
});

describe('describeIssues', () => {
  test('a missing field is required', () => {
    const schema = z.strictObject({ name: z.string() });
    assert.equal(described(schema, {}), 'name: is required');
  });

  test('an unknown field is named as not accepted', () => {
    const schema = z.strictObject({ name: z.string() });
    assert.equal(described(schema, { name: 'a', extra: 1 }), 'extra: unknown field (not accepted by this endpoint)');
  });

  test('each unknown field gets its own sentence', () => {
    const schema = z.strictObject({ name: z.string() });
    assert.equal(
      described(schema, { name: 'a', extra: 1, colour: 'red' }),
      'extra: unknown field (not accepted by this endpoint); colour: unknown field (not accepted by this endpoint)',
    );
  });

  test('thousands of unknown fields: the first 10 named, then their count, in a short message', () => {
    const schema = z.strictObject({ name: z.string() });
    const body: Record<string, unknown> = { name: 'a' };
    for (let index = 0; index < 60_000; index += 1) body[`field${index}`] = 1;
    const message = described(schema, body);
    const named = Array.from({ length: 10 }, (_, index) => `field${index}: unknown field (not accepted by this endpoint)`);
    assert.equal(message, `${named.join('; ')}; and 59990 more unknown fields`);
    const nested = described(z.strictObject({ items: z.array(z.strictObject({ id: z.string() })) }), { items: [{ id: 'a', ...Object.fromEntries(Array.from({ length: 11 }, (_, index) => [`x${index}`, 1])) }] });
    assert.match(nested, /^items\[0\]\.x0: unknown field .*; items\[0\]\.x9: unknown field \(not accepted by this endpoint\); and 1 more unknown field in items\[0\]$/);
  });

  test('many problems: the first 20 sentences, then how many more', () => {
    const message = described(z.strictObject({ list: z.array(z.number()) }), { list: Array(1000).fill('a') });
    const listed = Array.from({ length: 20 }, (_, index) => `list[${index}]: must be a number`);
    assert.equal(message, `${listed.join('; ')}; and 980 more problems`);
  });

  test('the message stays within 2000 characters however long the field names, the first problem always named', () => {
    const schema = z.strictObject({ name: z.string() });
    const long = 'x'.repeat(100_000);
    const message = described(schema, { name: 'a', [long]: 1, other: 2 });
    assert.equal(message.length, 2000);
    assert.ok(message.startsWith('xxxx'));
    assert.ok(message.endsWith('…; and 1 more problem'), message.slice(-40));
    const fits = described(schema, { name: 'a', ['y'.repeat(900)]: 1, ['z'.repeat(900)]: 1, ['w'.repeat(900)]: 1 });
    assert.ok(fits.length <= 2000);
    assert.match(fits, /^y{900}: unknown field \(not accepted by this endpoint\); z{900}: unknown field \(not accepted by this endpoint\); and 1 more problem$/);
    // The field at fault is the first unknown one, its name cut at 200 characters (param echoes no more).
    const issues = schema.safeParse({ name: 'a', [long]: 1 }).error!.issues;
    assert.equal(issueField(issues[0]!), `${'x'.repeat(199)}…`);
    assert.equal(issueField(schema.safeParse({ name: 'a', ['y'.repeat(200)]: 1 }).error!.issues[0]!), 'y'.repeat(200));
  });

  test('an unknown field inside a nested object carries the full path', () => {
    const schema = z.strictObject({ items: z.array(z.strictObject({ id: z.string() })) });
    assert.equal(
      described(schema, { items: [{ id: 'a' }, { id: 'b', colour: 'red' }] }),
      'items[1].colour: unknown field (not accepted by this endpoint)',
    );
  });

  test('a problem inside an array element names the element', () => {
    const schema = z.strictObject({ items: z.array(z.strictObject({ id: z.string() })) });
    assert.equal(described(schema, { items: [{ id: 'a' }, { id: 'b' }, {}] }), 'items[2].id: is required');
    assert.equal(described(schema, { items: [{ id: 'a' }, { id: 'b' }, { id: 7 }] }), 'items[2].id: must be a string');
  });

  test('a number above its maximum', () => {
    const schema = z.strictObject({ depth: z.number().int().min(1).max(100) });
    assert.equal(described(schema, { depth: 101 }), 'depth: must be at most 100');
    assert.equal(described(schema, { depth: 0 }), 'depth: must be at least 1');
  });

  test('exclusive number bounds', () => {
    const schema = z.strictObject({ ratio: z.number().gt(0).lt(1) });
    assert.equal(described(schema, { ratio: 1 }), 'ratio: must be less than 1');
    assert.equal(described(schema, { ratio: 0 }), 'ratio: must be greater than 0');
  });

  test('an array with too many or too few items', () => {
    const schema = z.strictObject({ domains: z.array(z.string()).min(1).max(50) });
    assert.equal(described(schema, { domains: new Array(51).fill('example.com') }), 'domains: must have at most 50 items');
    assert.equal(described(schema, { domains: [] }), 'domains: must have at least 1 item');
  });

  test('a string too short or too long', () => {
    const schema = z.strictObject({ keyword: z.string().min(3).max(80), code: z.string().min(1) });
    assert.equal(described(schema, { keyword: 'ab', code: 'x' }), 'keyword: must be at least 3 characters long');
    assert.equal(described(schema, { keyword: 'k'.repeat(81), code: 'x' }), 'keyword: must be at most 80 characters long');
    assert.equal(described(schema, { keyword: 'abc', code: '' }), 'code: must not be empty');
  });

  test('a fractional number where a whole one is required says so', () => {
    const schema = z.strictObject({ depth: z.number().int() });
    assert.equal(described(schema, { depth: 10.5 }), 'depth: must be a whole number');
  });

  test('a value of the wrong type', () => {
    const schema = z.strictObject({ depth: z.number(), domains: z.array(z.string()).optional(), options: z.strictObject({}).optional() });
    assert.equal(described(schema, { depth: '10' }), 'depth: must be a number');
    assert.equal(described(schema, { depth: null }), 'depth: must be a number');
    assert.equal(described(schema, { depth: 1, domains: 'example.com' }), 'domains: must be an array');
    assert.equal(described(schema, { depth: 1, options: [] }), 'options: must be an object');
  });

  test('a value of the wrong type is described by its type alone, not by the checks zod still runs on it', () => {
    const schema = z.strictObject({ levels: z.array(z.string()).max(5), words: z.array(z.string()).min(2).optional() });
    assert.equal(described(schema, { levels: 'moderate' }), 'levels: must be an array');
    assert.equal(described(schema, { levels: 'a', words: 'b' }), 'levels: must be an array; words: must be an array');
    assert.equal(described(schema, { levels: ['a', 'b', 'c', 'd', 'e', 'f'], words: 'b' }), 'levels: must have at most 5 items; words: must be an array');
  });

  test('a body that is not an object is reported against the body', () => {
    const schema = z.strictObject({ name: z.string() });
    assert.equal(described(schema, 'hello'), 'body: must be an object');
  });

  test('custom refinement and format messages pass through', () => {
    const schema = z
      .strictObject({
        domain: z.string().optional(),
        domains: z.array(z.string()).optional(),
        language: z.string().regex(/^[a-z]{2}$/, 'must be an ISO language code such as en').optional(),
      })
      .refine((body) => body.domain !== undefined || body.domains !== undefined, {
        message: 'one of domain or domains is required',
      });
    assert.equal(described(schema, {}), 'body: one of domain or domains is required');
    assert.equal(described(schema, { domain: 'a.com', language: 'English' }), 'language: must be an ISO language code such as en');

    const withPath = z.strictObject({ from: z.number(), to: z.number() }).superRefine((body, context) => {
      if (body.to < body.from) context.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    });
    assert.equal(described(withPath, { from: 5, to: 1 }), 'to: must not be before from');
  });

  // The keyword filter block (src/filters/keyword-filter/schema.ts) sets messages like these; the
  // client must see them, not a generic rewrite.
  test('custom messages on type, size and unknown-key checks pass through', () => {
    const schema = z.strictObject({
      kinds: z.array(z.string(), { error: 'must be an array of kinds such as organic' }).optional(),
      sort: z.array(z.string()).max(3, { error: 'at most 3 sort rules are allowed' }).optional(),
      filter: z
        .strictObject(
          { field: z.string() },
          {
            error: (issue) =>
              issue.code === 'unrecognized_keys' ? `a filter has only the key field; remove '${issue.keys.join("', '")}'` : undefined,
          },
        )
        .optional(),
    });
    assert.equal(described(schema, { kinds: 'organic' }), 'kinds: must be an array of kinds such as organic');
    assert.equal(described(schema, { sort: ['a', 'b', 'c', 'd'] }), 'sort: at most 3 sort rules are allowed');
    assert.equal(described(schema, { filter: { field: 'volume', op: '>' } }), "filter: a filter has only the key field; remove 'op'");
  });

  test('a missing field whose type check has a custom message is still reported as required', () => {
    // The keyword filter block's `requiredOr` answers 'is required' for a missing value.
    const requiredOr = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message);
    const schema = z.strictObject({ rule: z.string({ error: requiredOr('must be a string of the form field:direction') }) });
    assert.equal(described(schema, {}), 'rule: is required');
    assert.equal(described(schema, { rule: 5 }), 'rule: must be a string of the form field:direction');
  });

  test('several issues are joined with "; " in zod order', () => {
    const schema = z.strictObject({
      name: z.string(),
      depth: z.number().max(100),
      domains: z.array(z.string()).max(50),
    });
    assert.equal(
      described(schema, { depth: 500, domains: new Array(51).fill('a.com'), extra: true }),
      'name: is required; depth: must be at most 100; domains: must have at most 50 items; extra: unknown field (not accepted by this endpoint)',
    );
  });

  test('a refusal that several checks of a field give is said once', () => {
    const refusal = 'must be whole seconds, one of 6, 8, 10';
    const seconds = z.number().int(refusal).min(6, refusal).refine((value) => [6, 8, 10].includes(value), refusal);
    assert.equal(described(z.strictObject({ duration: seconds }), { duration: 3 }), `duration: ${refusal}`);
    // The same within the option of a union the value's type fits.
    const either = z.union([seconds, z.string().regex(/^\d+$/, refusal)]);
    assert.equal(described(z.strictObject({ duration: either }), { duration: 3 }), `duration: ${refusal}`);
    // Different rules of one field are all kept.
    assert.equal(described(z.strictObject({ name: z.string().min(5, 'too short').regex(/^a/, 'must start with a') }), { name: 'b' }), 'name: too short; name: must start with a');
  });

  test('an integer beyond the safe range reports the field\'s own limit only', () => {
    const schema = z.strictObject({ depth: wholeNumber(1, 100), offset: wholeNumber(0) });
    assert.equal(described(schema, { depth: 9007199254740993, offset: 0 }), 'depth: must be at most 100');
    assert.equal(described(schema, { depth: -9007199254740993, offset: 0 }), 'depth: must be at least 1');
    assert.equal(described(schema, { depth: 1, offset: 1e300 }), 'offset: must be at most 9007199254740991');
  });

  test('the one integer rule refuses fractions and keeps its bounds', () => {
    const schema = z.strictObject({ depth: wholeNumber(10, 150) });
    assert.equal(described(schema, { depth: 10.5 }), 'depth: must be a whole number');
    assert.equal(described(schema, { depth: 151 }), 'depth: must be at most 150');
    assert.equal(described(schema, { depth: 9 }), 'depth: must be at least 10');
    assert.deepEqual(schema.parse({ depth: 150 }), { depth: 150 });
  });

  test('the tightest bound is kept per field, each field keeps its own', () => {
    const schema = z.strictObject({ a: z.number().max(50).max(10), b: z.number().min(1).min(5) });
    assert.equal(described(schema, { a: 60, b: 0 }), 'a: must be at most 10; b: must be at least 5');
  });

  test('a country code that is not two letters is told so once, not also that it is unsupported', () => {
    const schema = z.strictObject({ location: countryCode() });
    assert.equal(described(schema, { location: 'usa' }), 'location: must be a two-letter country code such as us or gb');
    assert.equal(described(schema, { location: 'zz' }), 'location: is not a supported country code (see the API reference for the list)');
  });

  test('a value no option of a union takes: the rule of the option its type fits, else the types that fit', () => {
    const count = z.union([z.string().regex(/^\d{1,3}$/, 'must be a whole number from 1 to 50, e.g. "20"').transform(Number), z.number()]).pipe(wholeNumber(1, 50));
    const schema = z.strictObject({ page: z.strictObject({ count }), content: z.union([z.string(), z.array(z.strictObject({ text: z.string() })).min(1)]).optional() });
    assert.equal(described(schema, { page: { count: 'abc' } }), 'page.count: must be a whole number from 1 to 50, e.g. "20"');
    assert.equal(described(schema, { page: { count: true } }), 'page.count: must be a string or a number');
    assert.equal(described(schema, { page: { count: null } }), 'page.count: must be a string or a number');
    assert.equal(described(schema, { page: { count: '0' } }), 'page.count: must be at least 1');
    assert.equal(described(schema, { page: { count: 1 }, content: 5 }), 'content: must be a string or an array');
    assert.equal(described(schema, { page: { count: 1 }, content: [] }), 'content: must have at least 1 item');
    assert.equal(described(schema, { page: { count: 1 }, content: [{ text: 3 }] }), 'content[0].text: must be a string');
    assert.equal(described(schema, { page: {} }), 'page.count: is required');
  });

  test('objects told apart by a tag: a tag none of them has is answered with the tags there are', () => {
    const part = z.union([z.strictObject({ type: z.literal('text'), text: z.string() }), z.strictObject({ type: z.literal('image_url'), image_url: z.string() })]);
    const message = z.discriminatedUnion('role', [z.strictObject({ role: z.literal('user'), content: z.array(part) }), z.strictObject({ role: z.literal('tool'), content: z.string() })]);
    const schema = z.strictObject({ messages: z.array(message) });
    assert.equal(described(schema, { messages: [{ role: 'wizard', content: 'hi' }] }), 'messages[0].role: must be one of "user", "tool"');
    assert.equal(described(schema, { messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: {} }] }] }), 'messages[0].content[0].type: must be one of "text", "image_url"');
    assert.equal(described(schema, { messages: [{ role: 'user', content: [{ type: 'text', text: 4 }] }] }), 'messages[0].content[0].text: must be a string');
  });

  test('an empty list of issues describes to an empty string', () => {
    assert.equal(describeIssues([]), '');
  });
});

/** The message `callInput` refuses with, or the input it hands to validation. */
function inputOf(method: 'GET' | 'POST', request: { query?: unknown; body?: unknown }): unknown {
  try {
    return callInput(method, { query: request.query, body: request.body });
  } catch (error) {
    assert.ok(error instanceof ApiError);
    assert.equal(error.code, 'VALIDATION_ERROR');
    return `refused: ${error.message}`;
  }
}

describe('callInput', () => {
  test('a POST without a body validates {}; a GET validates its query', () => {
    assert.deepEqual(inputOf('POST', {}), {});
    assert.deepEqual(inputOf('POST', { body: { depth: 10 } }), { depth: 10 });
    assert.deepEqual(inputOf('GET', { query: { page: '2' }, body: { ignored: true } }), { page: '2' });
  });

  test('any body but an object is refused, null included', () => {
    for (const body of [null, [], [{}], 5, 'text', true, false, 0]) {
      assert.equal(inputOf('POST', { body }), 'refused: body: must be a JSON object', JSON.stringify(body));
    }
  });

  test('a lone surrogate anywhere is refused with the path of the string or of the object holding the key', () => {
    assert.equal(inputOf('POST', { body: { query: 'caf\ud800' } }), 'refused: query: must be valid Unicode text; it holds a lone UTF-16 surrogate');
    assert.equal(inputOf('POST', { body: { filters: [['a', '\udfff']] } }), 'refused: filters[0][1]: must be valid Unicode text; it holds a lone UTF-16 surrogate');
    assert.equal(inputOf('POST', { body: { ['\ud800']: 1 } }), 'refused: body: has a field name that is not valid Unicode text (a lone UTF-16 surrogate)');
    assert.equal(inputOf('POST', { body: { a: { ['x\ud800']: 1 } } }), 'refused: a: has a field name that is not valid Unicode text (a lone UTF-16 surrogate)');
    assert.equal(inputOf('GET', { query: { q: '\ud800' } }), 'refused: q: must be valid Unicode text; it holds a lone UTF-16 surrogate');
  });

  test('well-formed text passes: surrogate pairs, reversed pairs are not', () => {
    assert.deepEqual(inputOf('POST', { body: { query: '😀 café' } }), { query: '😀 café' });
    assert.match(String(inputOf('POST', { body: { query: '\ude00\ud83d' } })), /^refused: query:/);
  });
});

describe('noteParsedFrom', () => {
  /** `text` parsed and noted as the body parser does, then handed to `callInput`. */
  function postedAs(text: string): unknown {
    const body: unknown = JSON.parse(text);
    noteParsedFrom(body, text);
    return inputOf('POST', { body });
  }

  test('a body whose text has a \\u escape is still walked: an escaped lone surrogate is refused', () => {
    assert.equal(postedAs('{"query":"caf\\ud800"}'), 'refused: query: must be valid Unicode text; it holds a lone UTF-16 surrogate');
    assert.equal(postedAs('{"a":{"x\\udfff":1}}'), 'refused: a: has a field name that is not valid Unicode text (a lone UTF-16 surrogate)');
    // An escaped backslash before a `u` also counts as a possible escape: the walk runs, and passes.
    assert.deepEqual(postedAs('{"query":"C:\\\\users","pair":"\\ud83d\\ude00"}'), { query: 'C:\\users', pair: '😀' });
  });

  test('noting a body never changes what is accepted: without escapes it passes as before', () => {
    assert.deepEqual(postedAs('{"query":"😀 café","depth":10}'), { query: '😀 café', depth: 10 });
    // A body nobody noted (built in code, not parsed) is always walked.
    assert.match(String(inputOf('POST', { body: { query: 'caf\ud800' } })), /^refused: query:/);
  });
});

describe('jsonNodes', () => {
  test('visits every value in document order, with its path', () => {
    const visited = [...jsonNodes({ a: [1, { b: 'x' }], c: null })].map((node) => `${formatPath(pathOf(node)) || '(document)'}=${JSON.stringify(node.value)}`);
    assert.deepEqual(visited, ['(document)={"a":[1,{"b":"x"}],"c":null}', 'a=[1,{"b":"x"}]', 'a[0]=1', 'a[1]={"b":"x"}', 'a[1].b="x"', 'c=null']);
  });

  test('a document nested far deeper than the call stack is walked without overflowing it', () => {
    const depth = 100_000;
    const document = JSON.parse(`${'['.repeat(depth)}"deep"${']'.repeat(depth)}`);
    let deepest = 0;
    for (const node of jsonNodes(document)) if (typeof node.value === 'string') deepest = pathOf(node).length;
    assert.equal(deepest, depth);
  });
});

describe('issueField names the field the description names', () => {
  test('a union refused inside one of its options: `param` is the field the message names', () => {
    const parsed = ChatCompletionsRequest.safeParse({ model: 'm', messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: { data: 'AAAA', format: 'wav' } }] }] });
    assert.ok(!parsed.success);
    assert.equal(describeIssues(parsed.error.issues), 'messages[0].content[0].type: must be one of "text", "image_url"');
    assert.equal(issueField(parsed.error.issues[0]!), 'messages[0].content[0].type');
    // A wrong value inside the option the part's type picks.
    const image = ChatCompletionsRequest.safeParse({ model: 'm', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'ftp://x' } }] }] });
    assert.ok(!image.success);
    assert.match(describeIssues(image.error.issues), /^messages\[0\]\.content\[0\]\.image_url\.url: /);
    assert.equal(issueField(image.error.issues[0]!), 'messages[0].content[0].image_url.url');
    // A value of no option's type: the union's own field.
    const count = z.strictObject({ count: z.union([z.number().int().max(5), z.string().regex(/^\d+$/)]) });
    const loose = count.safeParse({ count: true });
    assert.ok(!loose.success);
    assert.equal(issueField(loose.error.issues[0]!), 'count');
  });
});
