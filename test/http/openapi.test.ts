import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
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
    // Only the OpenAI-compatible routes add the format's fields; the native chat answers our envelope alone.
    assert.deepEqual(failures.map((response) => Object.keys(response.body.error)), [['code', 'message'], ['code', 'message'], ['code', 'message', 'type', 'param'], ['code', 'message', 'type', 'param']]);
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
      for (const status of ['400', '401', '402', '403', '405', '429', '502', '503', ...(withBody ? ['413', '415'] : [])]) {
        const response = operation.responses[status] as Json | undefined;
        assert.ok(response, `${status} documented`);
        const resolved = response.$ref ? resolve(document, response.$ref) : response;
        assert.equal(resolved.content['application/json'].schema.$ref, '#/components/schemas/ErrorResponse');
      }
      const limits = (operation.responses['402'].$ref ? resolve(document, operation.responses['402'].$ref) : operation.responses['402']) as Json;
      assert.match(limits.description, /KEY_LIMIT_REACHED/);
      assert.ok(limits.headers['x-key-limit-resets-at'], 'the reset header of KEY_LIMIT_REACHED');
      if (!withBody) {
        assert.equal(operation.responses['413'], undefined, 'a GET has no body to be too large');
        assert.equal(operation.responses['415'], undefined, 'a GET has no body to be of the wrong type');
      }
    });
  }

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
