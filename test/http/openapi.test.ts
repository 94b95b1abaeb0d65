import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { errorCatalog } from '../../src/core/errors';
import { endpoints } from '../../src/endpoints';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

type Json = Record<string, any>;

/** Every `$ref` string anywhere in `value`, with where it was found. */
function collectRefs(value: unknown, at = '#', found: Array<{ ref: string; at: string }> = []): Array<{ ref: string; at: string }> {
  if (Array.isArray(value)) value.forEach((item, index) => collectRefs(item, `${at}/${index}`, found));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push({ ref: inner, at });
      else collectRefs(inner, `${at}/${key}`, found);
    }
  }
  return found;
}

function pointer(document: Json, ref: string): unknown {
  assert.ok(ref.startsWith('#/'), `${ref} points outside the document`);
  let node: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!node || typeof node !== 'object' || !(segment in node)) return undefined;
    node = (node as Json)[segment];
  }
  return node;
}

/** Follows a chain of references to a definition, refusing one that only points at itself. */
function resolve(document: Json, ref: string): Json {
  const seen = new Set<string>();
  let current = ref;
  for (;;) {
    assert.ok(!seen.has(current), `${ref} is a reference cycle (${[...seen, current].join(' → ')}) with no definition`);
    seen.add(current);
    const target = pointer(document, current);
    assert.ok(target && typeof target === 'object', `${current} does not resolve`);
    const next = (target as Json).$ref;
    if (typeof next !== 'string' || Object.keys(target).length > 1) return target as Json;
    current = next;
  }
}

type Endpoint = (typeof endpoints)[number];

/** The request fields of an endpoint's input, each the schema that reads it. */
const fieldsOf = (endpoint: Endpoint) => (endpoint.input as unknown as z.ZodObject).shape as Record<string, z.ZodType>;

/** The published rule for what a caller sends: a POST's body schema, or a GET's query parameters as one object. */
function requestSchemaOf(document: Json, endpoint: Endpoint): Json {
  const operation = document.paths[endpoint.path][endpoint.method.toLowerCase()] as Json;
  if (endpoint.method === 'POST') return operation.requestBody.content['application/json'].schema;
  const query = ((operation.parameters ?? []) as Json[]).filter((parameter) => parameter.in === 'query');
  return { type: 'object', properties: Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema])) };
}

/** Every string in `value` with its path, to try in other cases. */
function* stringsIn(value: unknown, path: string[] = []): Generator<{ path: string[]; text: string }> {
  if (typeof value === 'string') yield { path, text: value };
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) yield* stringsIn(inner, [...path, key]);
  }
}

function withValueAt(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Json;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  node[path.at(-1)!] = replacement;
  return copy;
}

describe(`OpenAPI document and docs page (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  let document: Json;

  before(async () => {
    app = await startTestApp();
    const response = await app.get('/openapi.json');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    document = response.body;
  });
  after(() => app?.close());

  test('GET /openapi.json needs no key and validates as OpenAPI 3.1.0, version 1.0.0', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    assert.deepEqual(result, { valid: true }, JSON.stringify(result.errors, null, 2));
    assert.equal(validator.version, '3.1');
    assert.equal(document.openapi, '3.1.0');
    assert.equal(document.info.version, '1.0.0');
  });

  test("the media jobs' webhook is documented (OpenAPI 3.1 `webhooks`): its event schema, which a job's event fits, and the Standard Webhooks headers", () => {
    const webhook = document.webhooks?.['media.job']?.post as Json;
    assert.ok(webhook, 'webhooks.media.job.post');
    assert.deepEqual(
      (webhook.parameters as Json[]).map((parameter) => [parameter.name, parameter.in, parameter.required]),
      [['webhook-id', 'header', true], ['webhook-timestamp', 'header', true], ['webhook-signature', 'header', true]],
    );
    assert.equal(webhook.requestBody.content['application/json'].schema.$ref, '#/components/schemas/MediaJobWebhookEvent');
    const validate = new Ajv2020({ strict: false }).compile({ ...(document.components.schemas.MediaJobWebhookEvent as Json), components: document.components });
    const job = endpoints.find((endpoint) => endpoint.id === 'media.status')!.examples.response;
    // What src/jobs/job-runner.ts sends: `media.job.<final status>`, the time, the job as its status answers it.
    assert.ok(validate({ type: 'media.job.succeeded', timestamp: '2026-11-24T10:00:05.400Z', data: job }), JSON.stringify(validate.errors));
    assert.ok(!validate({ type: 'media.job.running', timestamp: '2026-11-24T10:00:05.400Z', data: job }), 'only an ended job is sent');
    assert.ok(!validate({ type: 'media.job.succeeded', timestamp: '2026-11-24T10:00:05.400Z', data: {} }), 'data is the job');
  });

  test('every tag has a description, and every shared component is used', () => {
    const tags = document.tags as Json[];
    assert.deepEqual(tags.map((tag) => tag.name), [...new Set(endpoints.map((endpoint) => endpoint.id.split('.')[0]))]);
    for (const tag of tags) assert.ok(typeof tag.description === 'string' && tag.description.length > 20, `tag ${tag.name} has a description`);
    const text = JSON.stringify({ ...document, components: { ...document.components, schemas: undefined, responses: undefined } }) + JSON.stringify(document.components.schemas) + JSON.stringify(document.components.responses);
    for (const kind of ['schemas', 'responses']) {
      for (const name of Object.keys(document.components[kind] as Json)) assert.ok(text.includes(`"#/components/${kind}/${name}"`), `components.${kind}.${name} is referred to`);
    }
  });

  test('a paid operation documents the headers of a replayed answer, and a replay sends them', async () => {
    const headers = document.paths['/v1/seo/domain/available'].post.responses['200'].headers as Json;
    assert.ok(headers['idempotent-replayed'], 'idempotent-replayed documented');
    assert.ok(headers['x-original-request-id'], 'x-original-request-id documented');
    assert.equal(document.paths['/v1/account'].get.responses['200'].headers['idempotent-replayed'], undefined, 'a free GET is never replayed');
    const { apiKey } = await app.createAccount('1.00');
    const key = { 'idempotency-key': `openapi-replay-${Date.now()}-${Math.random()}` };
    const first = await app.post('/v1/seo/domain/available', { domain: 'tollgate-example.com' }, apiKey, key);
    const replay = await app.post('/v1/seo/domain/available', { domain: 'tollgate-example.com' }, apiKey, key);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.headers.get('x-original-request-id'), first.headers.get('x-request-id'));
  });

  test('security scheme: an API key in the x-api-key header, required by default', () => {
    const schemes = Object.values(document.components.securitySchemes as Record<string, Json>);
    assert.ok(schemes.some((scheme) => scheme.type === 'apiKey' && scheme.in === 'header' && scheme.name === 'x-api-key'));
    const [name] = Object.entries(document.components.securitySchemes as Record<string, Json>).find(([, scheme]) => scheme.name === 'x-api-key')!;
    assert.deepEqual(document.security, [{ [name]: [] }]);
  });

  test('the shared ErrorResponse schema is a real definition: {ok:false, error:{code, message}}', () => {
    const schema = document.components.schemas.ErrorResponse as Json | undefined;
    assert.ok(schema, 'components.schemas.ErrorResponse exists');
    const definition = resolve(document, '#/components/schemas/ErrorResponse');
    assert.equal(definition.type, 'object');
    assert.deepEqual(definition.properties?.ok, { type: 'boolean', const: false });
    assert.deepEqual(new Set(definition.properties?.error?.properties?.code?.enum), new Set(Object.keys(errorCatalog)));
    assert.equal(definition.properties?.error?.properties?.message?.type, 'string');
    // The OpenAI-compatible routes' failures carry the format's type and param too: optional, documented.
    assert.equal(definition.properties?.error?.properties?.type?.type, 'string');
    assert.ok(definition.properties?.error?.properties?.param, 'param documented');
    assert.deepEqual(definition.properties?.error?.required, ['code', 'message']);
  });

  test('real failures validate against ErrorResponse: an envelope route, and the OpenAI-compatible routes with type and param', async () => {
    const validate = new Ajv2020({ strict: false }).compile({ ...(document.components.schemas.ErrorResponse as Json), components: document.components });
    const { apiKey } = await app.createAccount('1.00');
    const failures = [
      await app.post('/v1/serp/websearch', { query: 'x', colour: 1 }, apiKey),
      await app.post('/v1/ai/chat', { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], zz: 1 }, apiKey),
      await app.post('/v1/ai/chat/completions', { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], zz: 1 }, apiKey),
      await app.get('/v1/ai/models/nobody%2Fnothing', apiKey),
    ];
    for (const response of failures) assert.ok(validate(response.body), `${JSON.stringify(response.body)}: ${JSON.stringify(validate.errors)}`);
    // Every route names the field at fault as `param`; only the OpenAI-compatible routes add the format's `type` (and a null param when none is at fault).
    assert.deepEqual(failures.map((response) => Object.keys(response.body.error)), [['code', 'message', 'param'], ['code', 'message', 'param'], ['code', 'message', 'type', 'param'], ['code', 'message', 'type', 'param']]);
    assert.deepEqual(failures.map((response) => response.body.error.param), ['colour', 'zz', 'zz', 'id']);
  });

  test('every $ref resolves inside the document to a definition', () => {
    const refs = collectRefs(document);
    assert.ok(refs.length > 0);
    for (const { ref, at } of refs) {
      assert.doesNotThrow(() => resolve(document, ref), `${ref} at ${at}`);
    }
  });

  test('exactly the registered operations, nothing else', () => {
    const documented = Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    assert.deepEqual(new Set(documented), new Set(endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)));
    assert.equal(documented.length, endpoints.length);
  });

  for (const endpoint of endpoints) {
    test(`${endpoint.id}: documented at ${endpoint.method} ${endpoint.path} with schemas, examples and its price`, () => {
      const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()] as Json | undefined;
      assert.ok(operation, 'operation present');
      assert.equal(operation.operationId, endpoint.id);
      assert.equal(operation.summary, endpoint.summary);
      assert.ok(operation.description.includes(endpoint.description), 'description');
      assert.ok(operation.description.includes(endpoint.price.describe()), 'price text in the description');
      assert.deepEqual(operation['x-price'], endpoint.price.toJSON());

      if (endpoint.method === 'POST') {
        const body = operation.requestBody?.content?.['application/json'];
        assert.ok(body?.schema && typeof body.schema === 'object', 'request schema');
        assert.deepEqual(body.example, endpoint.examples.request);
      } else {
        assert.equal(operation.requestBody, undefined, 'GET takes no body');
      }

      const success = operation.responses?.['200']?.content?.['application/json'];
      assert.ok(success?.schema && typeof success.schema === 'object', '200 schema');
      if (endpoint.responseModes.includes('envelope')) {
        assert.ok(success.schema.properties?.data, '200 schema describes data');
        assert.deepEqual(success.example, { ok: true, data: endpoint.examples.response });
      } else {
        assert.equal(success.schema.properties?.data, undefined, 'a wire answer is the body itself');
        assert.deepEqual(success.example, endpoint.examples.response);
      }
      if (endpoint.responseModes.includes('sse')) {
        assert.ok(operation.responses['200'].content['text/event-stream'], 'the event stream is documented');
      }
      for (const name of Object.keys((endpoint.examples.params ?? {}) as object)) {
        const parameter = (operation.parameters as Json[]).find((candidate) => candidate.name === name && candidate.in === 'path');
        assert.ok(parameter?.required, `path parameter ${name} documented`);
      }
      const withBody = endpoint.method === 'POST';
      const free = endpoint.price.kind === 'free';
      // The price is stated once: the rule's sentence ends the description, which does not say it too.
      assert.equal(operation.description.split(endpoint.price.describe()).length, 2, 'the price stated once');
      for (const status of ['400', '401', ...(free ? [] : ['402']), '403', '405', '429', '502', '503', ...(withBody ? ['413', '415'] : [])]) {
        const response = operation.responses[status] as Json | undefined;
        assert.ok(response, `${status} documented`);
        const resolved = response.$ref ? resolve(document, response.$ref) : response;
        assert.equal(resolved.content['application/json'].schema.$ref, '#/components/schemas/ErrorResponse');
      }
      if (free) {
        assert.equal(operation.responses['402'], undefined, 'a free call holds nothing: no balance or cap refuses it');
      } else {
        const limits = (operation.responses['402'].$ref ? resolve(document, operation.responses['402'].$ref) : operation.responses['402']) as Json;
        assert.match(limits.description, /KEY_LIMIT_REACHED/);
        assert.ok(limits.headers['x-key-limit-resets-at'], 'the reset header of KEY_LIMIT_REACHED');
      }
      if (!withBody) {
        assert.equal(operation.responses['413'], undefined, 'a GET has no body to be too large');
        assert.equal(operation.responses['415'], undefined, 'a GET has no body to be of the wrong type');
      }
    });
  }

  /** A validator of `schema` as the document publishes it (its `$ref`s point into the document's components). */
  const publishedValidator = (() => {
    // Formats are not checked: the document's are annotations the server's zod rules enforce.
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const compiled = new WeakMap<Json, ReturnType<typeof ajv.compile>>();
    return (schema: Json) => {
      if (!compiled.has(schema)) compiled.set(schema, ajv.compile({ ...schema, components: document.components }));
      return compiled.get(schema)!;
    };
  })();

  test('every example, examples entry and default inside a schema fits that schema', () => {
    const failures: string[] = [];
    const visit = (node: unknown, at: string) => {
      if (Array.isArray(node)) return node.forEach((item, index) => visit(item, `${at}/${index}`));
      if (!node || typeof node !== 'object') return;
      const schema = node as Json;
      // A schema object: one with a type, a $ref or a combinator beside its example(s).
      if ('type' in schema || '$ref' in schema || 'anyOf' in schema || 'oneOf' in schema || 'allOf' in schema) {
        const { example, examples, default: fallback, ...rule } = schema;
        const samples = [...(example !== undefined ? [example] : []), ...(Array.isArray(examples) ? examples : []), ...(fallback !== undefined ? [fallback] : [])];
        if (samples.length > 0) {
          const validate = publishedValidator(rule);
          for (const sample of samples) if (!validate(sample)) failures.push(`${at}: ${JSON.stringify(sample).slice(0, 120)}: ${JSON.stringify(validate.errors)}`);
        }
      }
      for (const [key, inner] of Object.entries(schema)) if (key !== 'example' && key !== 'examples' && key !== 'default') visit(inner, `${at}/${key}`);
    };
    visit(document.components.schemas, '#/components/schemas');
    assert.deepEqual(failures, []);
  });

  test('the AI area takes the key as a bearer token too, and its operations say so; the rest take x-api-key only', () => {
    const schemes = document.components.securitySchemes as Record<string, Json>;
    const [bearer] = Object.entries(schemes).find(([, scheme]) => scheme.type === 'http' && scheme.scheme === 'bearer')!;
    const [apiKey] = Object.entries(schemes).find(([, scheme]) => scheme.name === 'x-api-key')!;
    for (const endpoint of endpoints) {
      const operation = document.paths[endpoint.path][endpoint.method.toLowerCase()] as Json;
      const expected = endpoint.path.startsWith('/v1/ai/') ? [{ [apiKey]: [] }, { [bearer]: [] }] : [{ [apiKey]: [] }];
      assert.deepEqual(operation.security, expected, endpoint.id);
    }
  });

  test('a body is required exactly when the server refuses an empty one (it reads no body as {}), unless the declaration says the spec has it optional', () => {
    const optional: string[] = [];
    for (const endpoint of endpoints.filter((candidate) => candidate.method === 'POST')) {
      const requestBody = document.paths[endpoint.path].post.requestBody as Json;
      const takesEmpty = endpoint.input.safeParse({}).success;
      assert.equal(requestBody.required, !takesEmpty && endpoint.bodyDeclaredOptional !== true, `${endpoint.id}: requestBody.required`);
      if (!takesEmpty) continue;
      optional.push(endpoint.id);
      assert.ok(publishedValidator(requestBody.content['application/json'].schema)({}), `${endpoint.id}: {} fits the published schema`);
    }
    // What SPEC.md and the catalog give an optional body, and the server serves without one.
    for (const id of ['retail.categories', 'retail.deals', 'video.home', 'video.hype', 'video.trending']) assert.ok(optional.includes(id), `${id} has an optional body`);
    assert.equal(document.paths['/v1/retail/product'].post.requestBody.required, true, 'an ASIN is needed');
    // SPEC.md: "The request body is declared optional" (the server still needs model and messages).
    assert.equal(document.paths['/v1/ai/chat/completions'].post.requestBody.required, false);
  });

  test('every POST answers no body at all as its document says: 200 where the body is optional, 400 naming a field where it is required or only declared optional', async () => {
    for (const endpoint of endpoints.filter((candidate) => candidate.method === 'POST')) {
      const { apiKey } = await app.createAccount('5.00'); // a key each: the whole registry is more than a minute's calls for one
      const response = await app.post(endpoint.path, undefined, apiKey);
      if (document.paths[endpoint.path].post.requestBody.required || endpoint.bodyDeclaredOptional) {
        assert.equal(response.status, 400, `${endpoint.id}: ${JSON.stringify(response.body)}`);
        assert.match(response.body.error.message, /^[\w.[\]]+: /, `${endpoint.id} names the field`);
        if (endpoint.bodyDeclaredOptional) assert.match(response.body.error.message, /model: is required; messages: is required/, endpoint.id);
      } else {
        assert.equal(response.status, 200, `${endpoint.id}: ${JSON.stringify(response.body)}`);
      }
    }
  });

  test('numbers in a query string are published as integers with their bounds, never as strings of digits', () => {
    const ledger = (document.paths['/v1/account/ledger'].get.parameters as Json[]).filter((parameter) => parameter.in === 'query');
    const schemaOf = (name: string) => ledger.find((parameter) => parameter.name === name)!.schema;
    assert.deepEqual({ ...schemaOf('limit'), description: undefined }, { type: 'integer', minimum: 1, maximum: 100, description: undefined });
    assert.deepEqual({ ...schemaOf('before'), description: undefined }, { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: undefined });
    for (const [path, operations] of Object.entries(document.paths as Record<string, Json>)) {
      for (const parameter of (operations.get?.parameters ?? []) as Json[]) {
        if (parameter.in !== 'query' || typeof parameter.schema.pattern !== 'string') continue;
        const pattern = new RegExp(parameter.schema.pattern, 'u');
        assert.ok(!(pattern.test('5') && !pattern.test('a')), `${path} ${parameter.name}: a number published as a string pattern`);
      }
    }
  });

  test("every operation's example request fits its published request schema", () => {
    for (const endpoint of endpoints) {
      const validate = publishedValidator(requestSchemaOf(document, endpoint));
      const example = endpoint.method === 'POST' ? endpoint.examples.request : (endpoint.examples.request ?? {});
      assert.ok(validate(example), `${endpoint.id}: ${JSON.stringify(example)}: ${JSON.stringify(validate.errors)}`);
    }
  });

  test('what the server accepts in another case (it re-cases some fields before their rule), the published patterns accept too', () => {
    let tried = 0;
    for (const endpoint of endpoints) {
      const schema = requestSchemaOf(document, endpoint);
      const validate = publishedValidator(schema);
      const example = (endpoint.examples.request ?? {}) as Json;
      // The example's strings, and each field's own published examples and default, in upper and lower case.
      const samples = [...stringsIn(example)];
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
        for (const sample of [...(property.examples ?? []), property.default]) if (typeof sample === 'string') samples.push({ path: [name], text: sample });
      }
      for (const { path, text } of samples) {
        // An enum publishes the spelling the server answers in; one it reads in any case says so in its description.
        const field = path.length === 1 ? (schema.properties?.[path[0]!] as Json | undefined) : undefined;
        const anyCaseEnum = Array.isArray(field?.enum) && /any case/.test(field?.description ?? '');
        for (const variant of new Set([text.toUpperCase(), text.toLowerCase()])) {
          const request = withValueAt(example, path, variant);
          if (!endpoint.input.safeParse(request).success) continue;
          tried += 1;
          const published = anyCaseEnum ? withValueAt(example, path, variant.toLowerCase()) : request;
          assert.ok(validate(published), `${endpoint.id}: ${path.join('.')} ${JSON.stringify(variant)} is accepted by the server, refused by the document: ${JSON.stringify(validate.errors)}`);
        }
      }
    }
    assert.ok(tried > 300, `${tried} variants tried`);

    const accepts = (id: string, request: Json) => {
      const endpoint = endpoints.find((candidate) => candidate.id === id)!;
      assert.ok(endpoint.input.safeParse(request).success, `${id}: the server takes ${JSON.stringify(request)}`);
      return publishedValidator(requestSchemaOf(document, endpoint))(request);
    };
    assert.ok(accepts('search.websearch', { query: 'coffee', country: 'US' }), 'search country "US"');
    for (const id of ['seo.keywords_overview', 'seo.domain_overview', 'seo.trends']) {
      const example = endpoints.find((candidate) => candidate.id === id)!.examples.request as Json;
      assert.ok(accepts(id, { ...example, location: 'GB' }), `${id} location "GB"`);
    }
    assert.ok(accepts('maps.place', { ...(endpoints.find((candidate) => candidate.id === 'maps.place')!.examples.request as Json), region: 'GB' }), 'maps region "GB"');
    for (const id of ['retail.product', 'retail.product_offers', 'retail.product_reviews']) {
      assert.ok(accepts(id, { asin: 'b03y8f3wdl' }), `${id} asin in lower case`);
    }
    // /v1/scrape's `format`: SPEC.md writes "markdown or HTML"; the document lists the lower-case spellings and says any case.
    const format = requestSchemaOf(document, endpoints.find((candidate) => candidate.id === 'scrape.scrape')!).properties.format as Json;
    assert.deepEqual(format.enum, ['markdown', 'html', 'text']);
    assert.match(format.description, /any case/);
    assert.ok(accepts('scrape.scrape', { url: 'https://example.com/', format: 'html' }));
    assert.ok(endpoints.find((candidate) => candidate.id === 'scrape.scrape')!.input.safeParse({ url: 'https://example.com/', format: 'HTML' }).success, 'the server takes "HTML"');
  });

  test('every default the server fills in is published on its field, as a value the published schema accepts', () => {
    const published = new Map<string, unknown>(); // `${id} ${field}` → the published default
    for (const endpoint of endpoints) {
      const properties = requestSchemaOf(document, endpoint).properties as Record<string, Json>;
      for (const [name, field] of Object.entries(fieldsOf(endpoint))) {
        const filled = field.safeParse(undefined);
        if (!filled.success || filled.data === undefined) continue;
        // A default that only exists after the field's change (none today) could not be sent, so it would not be published.
        const readsUnchanged = field.safeParse(filled.data);
        if (!readsUnchanged.success || !isDeepStrictEqual(readsUnchanged.data, filled.data)) continue;
        assert.deepEqual(properties[name]?.default, filled.data, `${endpoint.id}: ${name} defaults to ${JSON.stringify(filled.data)}`);
        assert.ok(publishedValidator(properties[name]!)(filled.data), `${endpoint.id}: ${name}'s default fits its published schema`);
        published.set(`${endpoint.id} ${name}`, properties[name]!.default);
      }
    }
    const defaultsOf = (area: string, field: string) =>
      [...published].filter(([key]) => key.startsWith(`${area}.`) && key.endsWith(` ${field}`)).map(([, value]) => value);
    assert.deepEqual(defaultsOf('retail', 'country'), Array(11).fill('US'), 'the 11 retail operations: country US');
    assert.deepEqual(defaultsOf('clips', 'count'), Array(13).fill(20), 'the 13 clips lists: count 20');
    assert.equal(published.get('video.transcript lang'), 'en');
    assert.equal(published.get('video.hype geo'), 'US');
  });

  test("/v1/ai/chat publishes SPEC.md's sampling defaults, which the server leaves to the model (null still means left out)", () => {
    const endpoint = endpoints.find((candidate) => candidate.id === 'ai.chat')!;
    const properties = requestSchemaOf(document, endpoint).properties as Json;
    assert.deepEqual(
      Object.fromEntries(['temperature', 'topP', 'frequencyPenalty', 'presencePenalty', 'stream'].map((name) => [name, properties[name].default])),
      { temperature: 1, topP: 1, frequencyPenalty: 0, presencePenalty: 0, stream: false },
    );
    for (const name of ['temperature', 'topP', 'frequencyPenalty', 'presencePenalty']) assert.ok(publishedValidator(properties[name])(null), `${name} still reads null`);
    const request = { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] };
    for (const sent of [request, { ...request, temperature: null, topP: null, frequencyPenalty: null, presencePenalty: null }]) {
      const parsed = endpoint.input.parse(sent) as Json;
      for (const name of ['temperature', 'topP', 'frequencyPenalty', 'presencePenalty']) assert.equal(name in parsed, false, `${name} is not filled in`);
    }
  });

  test('/v1/retail/search says that is_prime false is no filter', () => {
    const endpoint = endpoints.find((candidate) => candidate.id === 'retail.search')!;
    assert.match((requestSchemaOf(document, endpoint).properties as Json).is_prime.description, /false is no filter/);
  });

  test("an endpoint's own errors are documented at their statuses: the media job endpoints' 404 is the job not found, and they answer 410", () => {
    for (const [path, method] of [['/v1/media/status/{jobId}', 'get'], ['/v1/media/cancel', 'post']] as const) {
      const responses = document.paths[path][method].responses as Json;
      assert.match(responses['404'].description, /^JOB_NOT_FOUND: /, `${path} 404`);
      assert.doesNotMatch(responses['404'].description, /a place, a photo/);
      assert.match(responses['410'].description, /^JOB_EXPIRED: /, `${path} 410`);
      for (const status of ['404', '410']) assert.equal(responses[status].content['application/json'].schema.$ref, '#/components/schemas/ErrorResponse');
    }
    // Endpoints that declare none keep the shared responses.
    assert.deepEqual(document.paths['/v1/media/queue'].post.responses['404'], { $ref: '#/components/responses/Error404' });
    assert.equal(document.paths['/v1/media/queue'].post.responses['410'], undefined);
  });

  test('429 documents Retry-After and 405 documents Allow, as the server sends them', async () => {
    const tooMany = resolve(document, '#/components/responses/Error429');
    assert.equal(tooMany.headers?.['retry-after']?.schema?.type, 'integer');
    assert.equal(resolve(document, '#/components/responses/Error503').headers?.['retry-after']?.schema?.type, 'integer');
    const notAllowed = resolve(document, '#/components/responses/Error405');
    assert.equal(notAllowed.headers?.allow?.schema?.type, 'string');

    const [path, item] = Object.entries(document.paths as Record<string, Json>)[0]!;
    const method = 'post' in item ? 'PUT' : 'POST';
    const response = await fetch(app.baseUrl + path, { method });
    assert.equal(response.status, 405);
    assert.ok(response.headers.get('allow'), 'Allow header');
    assert.equal(((await response.json()) as Json).error.code, 'METHOD_NOT_ALLOWED');
  });

  test('GET /docs (and /docs/) is an HTML page titled Tollgate whose every asset this server serves', async () => {
    for (const route of ['/docs', '/docs/']) {
      const page = await fetch(app.baseUrl + route, { redirect: 'manual' });
      assert.equal(page.status, 200, route);
      assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'none'/);
      const html = await page.text();
      assert.match(html, /<title>[^<]*Tollgate[^<]*<\/title>/);
      const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
      assert.ok(assets.length >= 3, `assets: ${assets.join(', ')}`);
      for (const asset of assets) {
        assert.match(asset, /^\/docs\/assets\//, 'served here, not by another host');
        const response = await fetch(app.baseUrl + asset);
        assert.equal(response.status, 200, asset);
        await response.arrayBuffer();
      }
    }
    const initializer = await (await fetch(`${app.baseUrl}/docs/assets/initializer.js`)).text();
    assert.match(initializer, /'\/openapi\.json'/);
    assert.equal((await fetch(`${app.baseUrl}/docs/assets/package.json`)).status, 404, 'only the page\'s own assets');
  });
});
