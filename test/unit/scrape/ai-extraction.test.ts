import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinCatalog } from '../../../src/catalog/model-catalog';
import { loadConfig } from '../../../src/config';
import { parseUsd } from '../../../src/core/money';
import { promptTokens, textTokens } from '../../../src/chat/tokens';
import aiExtract from '../../../src/endpoints/scrape/ai-extract';
import {
  AI_EXTRACT_PRICE_USD,
  checkExtractionModel,
  compileSchema,
  completionTokensFor,
  extractionChat,
  PAGE_TOKEN_CEILING,
  pageTokenBudget,
  parseExtraction,
  PROMPT_MAX_CHARS,
  SCHEMA_MAX_CHARS,
  worstCaseCostMicros,
} from '../../../src/scrape/ai-extraction';

const PRICE = parseUsd(AI_EXTRACT_PRICE_USD);
const DEFAULT_MODEL = builtinCatalog.find(loadConfig({}).endpoints.aiExtractModel)!;

test('the declared price is the one the budget is computed for', () => {
  assert.equal(aiExtract.price.maxMicros({} as never), PRICE);
});

test('the default extraction model is in the catalog and passes the start-up check', () => {
  assert.equal(DEFAULT_MODEL.id, 'openai/gpt-4o-mini');
  assert.equal(checkExtractionModel(builtinCatalog, DEFAULT_MODEL.id), DEFAULT_MODEL);
});

test('worst case: the largest prompt and schema with an endless page cost the operator no more than the price', () => {
  const page = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(40_000);
  // The largest prompt and a schema at the size limit, in words that tokenize densely.
  const prompt = 'ö'.repeat(PROMPT_MAX_CHARS);
  const description = 'ж'.repeat(SCHEMA_MAX_CHARS - 200);
  const schema = { type: 'object', properties: { field: { type: 'string', description } } };
  for (const model of [DEFAULT_MODEL, builtinCatalog.find('google/gemini-2.5-flash-lite')!, builtinCatalog.find('openai/gpt-4.1-mini')!]) {
    const { body, truncated } = extractionChat(model, { url: `https://example.com/${'p'.repeat(4000)}`, title: 'T'.repeat(500), prompt, schema, pageText: page });
    assert.equal(truncated, true, model.id);
    const tokens = promptTokens(body);
    const cost = worstCaseCostMicros(model, tokens, body.max_completion_tokens!);
    assert.ok(cost <= PRICE, `${model.id}: ${cost} µUSD for ${tokens} prompt tokens > ${PRICE}`);
    assert.ok(tokens > 2_000, `${model.id} still reads a useful page (${tokens} tokens)`);
  }
});

test('the page budget is the ceiling for cheap models and shrinks with the upstream price', () => {
  assert.equal(pageTokenBudget(DEFAULT_MODEL, 500), PAGE_TOKEN_CEILING);
  const dear = { ...DEFAULT_MODEL, upstream: { ...DEFAULT_MODEL.upstream, inputUsdPerMillion: 3, outputUsdPerMillion: 0 } };
  const budget = pageTokenBudget(dear, 500);
  // 30,000 µUSD at 3 µUSD a token with a quarter's margin: 8,000 tokens of prompt, 500 of them not page.
  assert.equal(budget, 7_500);
  assert.ok(worstCaseCostMicros(dear, 500 + budget, completionTokensFor(dear)) <= PRICE);
  assert.ok(worstCaseCostMicros(dear, 500 + budget + 1, completionTokensFor(dear)) > PRICE);
});

test('a model too dear for the price, unknown, or without JSON output is refused at start', () => {
  assert.throws(() => checkExtractionModel(builtinCatalog, 'anthropic/claude-opus-4'), /TOLLGATE_AI_EXTRACT_MODEL: .* costs too much/);
  assert.throws(() => checkExtractionModel(builtinCatalog, 'nobody/nothing'), /TOLLGATE_AI_EXTRACT_MODEL: .* not in the model catalog/);
});

test('a short page is sent whole', () => {
  const { body, truncated } = extractionChat(DEFAULT_MODEL, { url: 'https://a.example/', title: null, prompt: 'the price', schema: undefined, pageText: 'Price: $4.' });
  assert.equal(truncated, false);
  assert.match(String(body.messages[1]!.content), /Price: \$4\.$/);
  assert.deepEqual(body.response_format, { type: 'json_object' });
  assert.ok(textTokens(String(body.messages[1]!.content)) < 100);
});

test('schemas: an object schema compiles; anything else is a 400 naming schema', () => {
  const validate = compileSchema({ type: 'object', properties: { price: { type: 'number' } }, required: ['price'] });
  assert.equal(validate({ price: 3 }), true);
  assert.equal(validate({ price: 'three' }), false);
  assert.equal(compileSchema({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', definitions: { a: { type: 'string' } }, properties: { x: { $ref: '#/definitions/a' } } })({ x: 'y' }), true);
  const refused = (error: any) => error.code === 'VALIDATION_ERROR' && error.param === 'schema' && error.message.startsWith('schema: ');
  assert.throws(() => compileSchema({ type: 'array', items: { type: 'string' } }), refused);
  assert.throws(() => compileSchema({ type: 'object', properties: { a: { type: 'strnig' } } }), refused);
  assert.throws(() => compileSchema({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }), refused);
  assert.throws(() => compileSchema({ type: 'object', description: 'x'.repeat(SCHEMA_MAX_CHARS) }), refused);
});

test("compiling a customer's schema writes nothing to the console: its text would reach the log raw", (t) => {
  const written: unknown[][] = [];
  for (const method of ['log', 'info', 'warn', 'error'] as const) t.mock.method(console, method, (...args: unknown[]) => written.push(args));
  const forged = 'x\n{"level":30,"msg":"FORGED"}\n';
  const properties = { a: { type: 'string', format: forged }, b: { type: 'string', format: 'email' }, c: { type: 'string', format: 'date-time' }, d: { 'x-forged': forged, type: 'string' } };
  compileSchema({ type: 'object', properties });
  compileSchema({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties });
  assert.deepEqual(written, []);
});

test('answers: a JSON object valid against the schema passes; anything else is an upstream failure (502)', () => {
  const validate = compileSchema({ type: 'object', properties: { price: { type: 'number' } }, required: ['price'] });
  assert.deepEqual(parseExtraction('{"price": 4}', validate), { price: 4 });
  assert.deepEqual(parseExtraction('```json\n{"price": 4}\n```', validate), { price: 4 });
  const upstream = (error: any) => error.code === 'UPSTREAM_ERROR' && error.status === 502;
  assert.throws(() => parseExtraction('{"price": "4"}', validate), upstream);
  assert.throws(() => parseExtraction('not json', undefined), upstream);
  assert.throws(() => parseExtraction('[1, 2]', undefined), upstream);
});

test('schema patterns run in linear time: a catastrophic one does not stall the server, one that cannot be linear is a 400', { timeout: 10_000 }, () => {
  // With backtracking, this match takes longer than the universe has left.
  const validate = compileSchema({ type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } } });
  assert.equal(validate({ code: `${'a'.repeat(40)}b` }), false);
  assert.equal(validate({ code: 'aaaa' }), true);
  assert.equal(compileSchema({ type: 'object', properties: { sku: { type: 'string', pattern: '^[A-Z]{2}-\\d{4}$' } } })({ sku: 'AB-1234' }), true);
  assert.throws(
    () => compileSchema({ type: 'object', properties: { twice: { type: 'string', pattern: '^(a)\\1$' } } }),
    (error: any) => error.status === 400 && error.param === 'schema',
  );
});
