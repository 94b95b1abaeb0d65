import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { takesBearerKey } from './admission';
import { areaOf, type EndpointDefinition } from './define-endpoint';
import { ErrorResponse } from './envelope';
import { errorCatalog, type ErrorCode } from './errors';
import { publishQueryInteger } from './query-integer';
import { AREA_DESCRIPTIONS } from './openapi-tags';
import { mediaJobWebhooks } from './openapi-webhooks';

type JsonSchema = Record<string, unknown>;

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'VALIDATION_ERROR: the body broke a rule; the message names the field. Not charged.',
  '401': 'INVALID_API_KEY (missing or unknown key) or REVOKED_API_KEY.',
  '402': "NO_CREDITS: the balance does not cover the most this call can cost; or KEY_LIMIT_REACHED: the call would take the key past its daily or monthly spending cap (UTC; the message names the cap, header `x-key-limit-resets-at` says when it resets). Nothing was fetched, nothing charged.",
  '403': "KEY_AREA_NOT_ALLOWED: the key may not call this endpoint's area (its allow-list; GET /v1/account shows it), or ACCOUNT_SUSPENDED. Not charged.",
  '404': 'NOT_FOUND: what the call names (a place, a photo) does not exist. Not charged.',
  '405': 'METHOD_NOT_ALLOWED: this path does not take that method; the Allow header lists those it takes. Not charged.',
  '409': 'IDEMPOTENCY_CONFLICT: the Idempotency-Key was used for another request (another body or endpoint), or its first call still runs (see Retry-After). Not charged.',
  '413': 'PAYLOAD_TOO_LARGE: the request body is larger than the server accepts. Not charged.',
  '415': 'UNSUPPORTED_MEDIA_TYPE: the body was not sent as Content-Type: application/json, in UTF-8 and uncompressed. Not charged.',
  '429': 'RATE_LIMITED: too many requests for this key, or too many failed authentications from this address; see Retry-After. Not charged.',
  '500': 'INTERNAL_ERROR. Not charged.',
  '501': "NOT_OFFERED: this server does not serve the endpoint: its data provider would charge the operator more than the call's price. Not charged.",
  '502': 'UPSTREAM_ERROR: the data provider failed. Not charged.',
  '503': 'UNAVAILABLE: the database does not answer, the server is shutting down, or (the browser endpoints) every browser is busy and the queue is full; see Retry-After. Not charged.',
  '504': 'DEADLINE_EXCEEDED: the call did not finish within the server\'s deadline. Not charged.',
};

/** Only a request with a body can be too large or of the wrong media type. */
const BODY_ONLY_STATUSES = new Set(['413', '415']);
/** Only a paid POST takes an Idempotency-Key. */
const IDEMPOTENT_ONLY_STATUSES = new Set(['409']);
/** Only an endpoint the server does not offer answers 501. */
const NOT_OFFERED_ONLY_STATUSES = new Set(['501']);

const ERROR_HEADERS: Record<string, Record<string, unknown>> = {
  '405': { allow: { description: 'The methods this path takes, e.g. `POST`.', schema: { type: 'string' } } },
  '402': { 'x-key-limit-resets-at': { description: 'With KEY_LIMIT_REACHED: when the cap that was reached resets (ISO 8601, UTC).', schema: { type: 'string', format: 'date-time' } } },
  '409': { 'retry-after': { description: 'Seconds to wait when the first call with this key still runs.', schema: { type: 'integer' } } },
  '429': { 'retry-after': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } },
  '503': { 'retry-after': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } },
};

const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the same key with the same body within 24 h answers the stored response (header `idempotent-replayed: true`) and charges nothing again. 1 to 255 visible ASCII characters.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/** What an idempotent operation's replay adds to the stored answer (core/pipeline.ts). */
const REPLAY_HEADERS = {
  'idempotent-replayed': { description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key (nothing was charged again); absent otherwise.', schema: { type: 'string', enum: ['true'] } },
  'x-original-request-id': { description: 'On a replay: the request id of the call whose answer this is (its ledger entry); `x-request-id` is this request\'s own.', schema: { type: 'string' } },
};

const SUCCESS_HEADERS = {
  'x-request-id': { description: 'Identifies this request in logs and in the ledger.', schema: { type: 'string' } },
  'x-cost-usd': { description: 'What this call cost, USD (paid endpoints).', schema: { type: 'string', examples: ['0.01'] } },
  'x-balance-usd': { description: 'The balance after this call, USD (paid endpoints).', schema: { type: 'string', examples: ['4.99'] } },
  'x-tollgate-provider': { description: 'Who served the data: `live` (a vendor), or `sandbox` for synthetic data.', schema: { type: 'string' } },
  'x-ratelimit-limit': { description: 'Requests allowed per minute for this key.', schema: { type: 'integer' } },
  'x-ratelimit-remaining': { description: 'Requests left in the current sliding minute.', schema: { type: 'integer' } },
  'x-ratelimit-reset': { description: 'Seconds until a request slot frees up.', schema: { type: 'integer' } },
};

/**
 * Converts zod schemas to JSON Schema 2020-12 (OpenAPI 3.1's dialect). Schemas with a `.meta({id})`
 * become shared components; their references are rewritten to point there.
 */
class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const converted = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      ...(io === 'input' ? { override: publishInput } : {}),
    }) as JsonSchema;
    const { $schema: _dialect, $defs, ...rest } = converted as JsonSchema & { $defs?: Record<string, JsonSchema> };
    for (const [name, definition] of Object.entries($defs ?? {})) {
      const component = rewriteRefs(definition) as JsonSchema;
      if (this.components[name] && JSON.stringify(this.components[name]) !== JSON.stringify(component)) {
        // One id, one shape: a schema whose request and response forms differ needs two ids.
        throw new Error(`OpenAPI component ${name} has two different shapes (request and response?); give them distinct ids`);
      }
      this.components[name] = component;
    }
    return rewriteRefs(rest) as JsonSchema;
  }
}

/**
 * How a request schema is published, in the OpenAPI document and as the MCP tools' input schemas:
 * its defaults (`publishInputDefault`) and its query integers as integers (`publishQueryInteger`).
 * A `z.toJSONSchema` override: give it to any conversion of a request schema.
 */
export function publishInput(context: { zodSchema: z.core.$ZodTypes; jsonSchema: z.core.JSONSchema.BaseSchema }): void {
  publishInputDefault(context);
  publishQueryInteger(context);
}

/**
 * Puts a request field's default in its input schema even where the field transforms what it
 * reads (`country` upper-cases, `count` reads "20" or 20): zod leaves such a default out, as the
 * output's value, though the server fills it in all the same. It is published only when it is an
 * input the field reads unchanged, so the document never shows a default a caller could not send.
 */
function publishInputDefault({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: z.core.JSONSchema.BaseSchema }): void {
  const definition = zodSchema._zod.def;
  if (definition.type !== 'default' || 'default' in jsonSchema) return;
  const value = definition.defaultValue;
  const read = z.safeParse(definition.innerType, value);
  if (read.success && isDeepStrictEqual(read.data, value)) jsonSchema.default = value;
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      copy[key] = key === '$ref' && typeof inner === 'string' ? inner.replace('#/$defs/', '#/components/schemas/') : rewriteRefs(inner);
    }
    return copy;
  }
  return value;
}

function parametersIn(location: 'query' | 'path', schema: JsonSchema): unknown[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    description: property.description,
    schema: property,
  }));
}

/** An error status's response: its description (the codes it answers, and when) and the envelope. */
function errorResponse(status: string, description: string): Record<string, unknown> {
  return {
    description,
    ...(ERROR_HEADERS[status] ? { headers: ERROR_HEADERS[status] } : {}),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
  };
}

/** The endpoint's own errors (its declaration's `errors`) by status; each takes the place of its status's shared response. */
function ownErrorResponses(endpoint: EndpointDefinition<any, any>): Record<string, unknown> {
  const byStatus = new Map<string, string[]>();
  for (const [code, when] of Object.entries(endpoint.errors ?? {})) {
    const status = String(errorCatalog[code as ErrorCode]);
    byStatus.set(status, [...(byStatus.get(status) ?? []), `${code}: ${when}`]);
  }
  return Object.fromEntries([...byStatus].map(([status, descriptions]) => [status, errorResponse(status, descriptions.join(' '))]));
}

/** The success body in each mode the endpoint answers in: the envelope, the wire body itself, or an event stream. */
function successContent(endpoint: EndpointDefinition<any, any>, output: JsonSchema): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const mode of endpoint.responseModes) {
    if (mode === 'envelope') {
      content['application/json'] = {
        schema: { type: 'object', required: ['ok', 'data'], properties: { ok: { const: true }, data: output } },
        example: { ok: true, data: endpoint.examples.response },
      };
    } else if (mode === 'wire') {
      content['application/json'] = { schema: output, example: endpoint.examples.response };
    } else {
      content['text/event-stream'] = {
        schema: { type: 'string', description: 'Server-sent events: `data:` lines, `: keep-alive` comments while idle; an error after the first event is one `data:` error object.' },
      };
    }
  }
  return content;
}

export interface OpenApiOptions {
  serverUrl: string;
  /** Ids of the endpoints this server does not serve (501 NOT_OFFERED; see PipelineDependencies.notOffered). */
  notOffered?: Pick<ReadonlySet<string>, 'has'>;
}

/** Builds the OpenAPI 3.1.0 document from the registry. Called once at boot. */
export function buildOpenApiDocument(endpoints: readonly EndpointDefinition<any, any>[], options: OpenApiOptions): JsonSchema {
  const collector = new SchemaCollector();
  const paths: Record<string, Record<string, unknown>> = {};
  // The shared error responses some operation refers to: only those are components (an unused one is a lint warning).
  const sharedStatuses = new Set<string>();
  for (const endpoint of endpoints) {
    const input = collector.convert(endpoint.input, 'input');
    const output = collector.convert(endpoint.output, 'output');
    const idempotent = endpoint.method === 'POST' && endpoint.price.kind !== 'free';
    const operation: Record<string, unknown> = {
      operationId: endpoint.id,
      summary: endpoint.summary,
      description: `${endpoint.description}\n\n${endpoint.price.describe()}`,
      tags: [areaOf(endpoint)],
      'x-price': endpoint.price.toJSON(),
      // Alternatives: either scheme authenticates.
      security: takesBearerKey(endpoint.path) ? [{ ApiKey: [] }, { BearerKey: [] }] : [{ ApiKey: [] }],
      responses: {
        '200': {
          description: 'Success.',
          headers: idempotent ? { ...SUCCESS_HEADERS, ...REPLAY_HEADERS } : SUCCESS_HEADERS,
          content: successContent(endpoint, output),
        },
        ...Object.fromEntries(
          Object.keys(ERROR_RESPONSES)
            .filter((status) => endpoint.method !== 'GET' || !BODY_ONLY_STATUSES.has(status))
            .filter((status) => idempotent || !IDEMPOTENT_ONLY_STATUSES.has(status))
            // A free call holds nothing, so neither the balance nor a key's cap can refuse it.
            .filter((status) => endpoint.price.kind !== 'free' || status !== '402')
            .filter((status) => options.notOffered?.has(endpoint.id) || !NOT_OFFERED_ONLY_STATUSES.has(status))
            .map((status) => {
              sharedStatuses.add(status);
              return [status, { $ref: `#/components/responses/Error${status}` }];
            }),
        ),
        ...ownErrorResponses(endpoint),
      },
    };
    const parameters = [
      ...(endpoint.params ? parametersIn('path', collector.convert(endpoint.params, 'input')) : []),
      ...(endpoint.method === 'GET' ? parametersIn('query', input) : []),
      ...(idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : []),
    ];
    if (parameters.length > 0) operation.parameters = parameters;
    if (endpoint.method !== 'GET') {
      operation.requestBody = {
        // An empty body is read as `{}`: the body is needed only when `{}` breaks a rule.
        required: endpoint.bodyDeclaredOptional !== true && !endpoint.input.safeParse({}).success,
        content: { 'application/json': { schema: input, example: endpoint.examples.request } },
      };
    }
    paths[endpoint.path] = { ...paths[endpoint.path], [endpoint.method.toLowerCase()]: operation };
  }

  collector.convert(ErrorResponse, 'output'); // registers the ErrorResponse component
  const mediaJobs = mediaJobWebhooks(endpoints);
  const webhooks = mediaJobs?.webhooks(collector.convert(mediaJobs.payload, 'output'));
  const tags = [...new Set(endpoints.map(areaOf))].map((name) => ({ name, ...(AREA_DESCRIPTIONS[name] ? { description: AREA_DESCRIPTIONS[name] } : {}) }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tollgate API',
      version: '1.0.0',
      description:
        'One API key, a prepaid USD balance, and pay-per-call JSON endpoints: SEO data, search results, maps, scraping, AI chat and more. ' +
        'Every response is an envelope: `{ok:true, data}` or `{ok:false, error:{code, message}}` (with `param`, the field or header at fault, when there is one). Only successful calls are charged; ' +
        'each operation states its price (also machine-readable as `x-price`).',
    },
    servers: [{ url: options.serverUrl }],
    security: [{ ApiKey: [] }],
    tags,
    paths,
    ...(webhooks ? { webhooks } : {}),
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        BearerKey: { type: 'http', scheme: 'bearer', description: 'The same API key as `Authorization: Bearer <key>`, as chat-completions SDKs send it; read on `/v1/ai/*` only.' },
      },
      schemas: collector.components,
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES)
          .filter(([status]) => sharedStatuses.has(status))
          .map(([status, description]) => [`Error${status}`, errorResponse(status, description)]),
      ),
    },
  };
}
