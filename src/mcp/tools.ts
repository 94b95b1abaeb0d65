import { z } from 'zod';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { EndpointDefinition } from '../core/define-endpoint';
import { publishInput } from '../core/openapi';
import { formatUsd } from '../core/money';

type JsonSchema = Record<string, unknown>;

/** An MCP tool derived from one registry endpoint: what `tools/list` shows and how a call becomes a request. */
export interface EndpointTool {
  /** As `tools/list` shows it. */
  definition: Tool & { inputSchema: JsonSchema & { type: 'object' } };
  endpoint: EndpointDefinition<any, any>;
  /** Arguments that go into the path (`/v1/media/status/{jobId}` → `jobId`), not the body or query. */
  pathParameters: readonly string[];
  /** Fields the tool sets itself (`stream: false`); a caller that sends one is refused, as for any field its schema lacks. */
  fixed: Readonly<Record<string, unknown>>;
  /** The endpoint's fields the tool does not offer (`stream`, `stream_options`): refused, saying why. */
  withheld: readonly string[];
}

/** One HTTP request to the API, as a tool call makes it. */
export interface ToolRequest {
  method: 'GET' | 'POST';
  /** Path and query string (`/v1/account/ledger?limit=10`). */
  url: string;
  /** JSON text, for a POST. */
  body?: string;
}

/** What the API answered a tool's request. */
export interface ToolAnswer {
  status: number;
  header(name: string): string | undefined;
  text: string;
}

/** Sends a tool's request to the API with the caller's key (in-process or over HTTP). */
export type SendToolRequest = (request: ToolRequest, signal: AbortSignal) => Promise<ToolAnswer>;

/** MCP tool names allow only these characters (and at most 128 of them). */
const TOOL_NAME_UNSAFE = /[^A-Za-z0-9_-]/g;

/** Descriptions longer than this keep only the summary and the price: a tool list is read by a model on every turn. */
const DESCRIPTION_EXCERPT_MAX = 300;

/**
 * Fields that only make sense while streaming. A tool answers once, so an endpoint that can stream
 * is always called with `stream: false` and these are not offered.
 */
const STREAMING_FIELDS = ['stream', 'stream_options'];

export function toolName(endpointId: string): string {
  return endpointId.replace(TOOL_NAME_UNSAFE, '_');
}

/** One tool per endpoint of the registry, in its order; adding an endpoint adds a tool. */
export function endpointTools(endpoints: readonly EndpointDefinition<any, any>[]): EndpointTool[] {
  const tools = endpoints.map(endpointTool);
  const seen = new Set<string>();
  for (const tool of tools) {
    if (seen.has(tool.definition.name)) throw new Error(`two endpoints make the MCP tool ${tool.definition.name}; rename one id`);
    seen.add(tool.definition.name);
  }
  return tools;
}

function endpointTool(endpoint: EndpointDefinition<any, any>): EndpointTool {
  const input = jsonSchemaOf(endpoint.input);
  const properties = { ...((input.properties ?? {}) as Record<string, JsonSchema>) };
  let required = (input.required ?? []) as string[];
  const fixed: Record<string, unknown> = {};
  const withheld: string[] = [];
  if (endpoint.responseModes.includes('sse') && 'stream' in properties) {
    for (const field of STREAMING_FIELDS) {
      if (field in properties) withheld.push(field);
      delete properties[field];
    }
    required = required.filter((field) => !STREAMING_FIELDS.includes(field));
    fixed.stream = false;
  }
  const params = endpoint.params ? jsonSchemaOf(endpoint.params) : { properties: {}, required: [] };
  const pathParameters = Object.keys((params.properties ?? {}) as object);
  for (const name of pathParameters) {
    if (name in properties) throw new Error(`${endpoint.id}: path parameter ${name} is also a field of the request`);
  }
  const allRequired = [...pathParameters, ...required];
  const inputSchema: EndpointTool['definition']['inputSchema'] = {
    ...input,
    type: 'object',
    properties: { ...((params.properties ?? {}) as Record<string, JsonSchema>), ...properties },
  };
  if (allRequired.length > 0) inputSchema.required = allRequired;
  else delete inputSchema.required;
  const outputSchema = outputSchemaOf(endpoint);
  return {
    definition: {
      name: toolName(endpoint.id),
      title: endpoint.summary,
      description: describeTool(endpoint),
      inputSchema,
      ...(outputSchema ? { outputSchema } : {}),
    },
    endpoint,
    pathParameters,
    fixed,
    withheld,
  };
}

/** The request schema as JSON Schema 2020-12, the way the OpenAPI document converts it (core/openapi.ts). */
function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...converted } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any', override: publishInput }) as JsonSchema;
  return converted;
}

/**
 * The tool's `outputSchema` (MCP 2025-06-18): the endpoint's response schema, which its
 * `structuredContent` (the envelope's `data`, or a wire format's body) follows. MCP takes an
 * object schema only, and a result has structured content only when its data is an object, so an
 * endpoint answering a list (the model lists) declares none.
 */
function outputSchemaOf(endpoint: EndpointDefinition<any, any>): (JsonSchema & { type: 'object' }) | undefined {
  const { $schema: _dialect, ...converted } = z.toJSONSchema(endpoint.output, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' }) as JsonSchema;
  // A schema with an id (`.meta({ id })`) is converted as a reference to its definition: MCP wants the object at the top.
  const { $ref: reference, $defs: definitions, ...rest } = converted as JsonSchema & { $ref?: string; $defs?: Record<string, JsonSchema> };
  const named = typeof reference === 'string' ? definitions?.[reference.replace('#/$defs/', '')] : undefined;
  const schema = named ? { ...rest, ...named, $defs: definitions } : converted;
  return schema.type === 'object' ? (schema as JsonSchema & { type: 'object' }) : undefined;
}

/** Summary, the description's opening when it is short, and the price. */
function describeTool(endpoint: EndpointDefinition<any, any>): string {
  const summary = /[.!?]$/.test(endpoint.summary) ? endpoint.summary : `${endpoint.summary}.`;
  const excerpt = openingSentences(endpoint.description, DESCRIPTION_EXCERPT_MAX);
  const price = endpoint.price.describe();
  // Some descriptions end with the price already ("… Free.").
  return [summary, excerpt, excerpt.endsWith(price) ? '' : price].filter(Boolean).join(' ');
}

/** As many whole sentences from the start of `text` as fit in `limit` characters (none if the first does not). */
function openingSentences(text: string, limit: number): string {
  // A sentence ends at `.`, `!` or `?` before a space and a capital, a backtick or a parenthesis ("e.g. the" does not end one).
  const sentences = text.trim().split(/(?<=[.!?])\s+(?=[A-Z`(])/);
  let excerpt = '';
  for (const sentence of sentences) {
    const next = excerpt ? `${excerpt} ${sentence}` : sentence;
    if (next.length > limit) break;
    excerpt = next;
  }
  return excerpt;
}

/**
 * The API request a tool call makes. A path parameter left out is sent empty: the endpoint refuses
 * it as any bad argument (a 400 naming the field), so every tool error is the API's own answer,
 * with its code, status and request id.
 */
function toolRequest(tool: EndpointTool, args: Record<string, unknown> = {}): ToolRequest {
  let path: string = tool.endpoint.path;
  const rest: Record<string, unknown> = { ...args };
  for (const name of tool.pathParameters) {
    const value = rest[name];
    delete rest[name];
    path = path.replace(`{${name}}`, encodeURIComponent(value === undefined || value === null ? '' : String(value)));
  }
  const fields = { ...rest, ...tool.fixed };
  if (tool.endpoint.method === 'POST') return { method: 'POST', url: path, body: JSON.stringify(fields) };
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      query.append(name, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const search = query.toString();
  return { method: 'GET', url: search ? `${path}?${search}` : path };
}

/** Metadata keys of a tool result (`_meta`). */
export const RESULT_META = {
  costUsd: 'tollgate/costUsd',
  balanceUsd: 'tollgate/balanceUsd',
  requestId: 'tollgate/requestId',
  provider: 'tollgate/provider',
  errorCode: 'tollgate/errorCode',
  httpStatus: 'tollgate/httpStatus',
  /** A refusal to retry later (RATE_LIMITED, UNAVAILABLE, a key still in use): the seconds to wait, as its Retry-After said. */
  retryAfterSeconds: 'tollgate/retryAfterSeconds',
} as const;

/**
 * A tool error for arguments the tool does not offer though its endpoint does (`stream`): refused
 * before any request, as the API refuses a field its schema lacks, saying why; undefined when
 * there is none.
 */
export function withheldArgumentRefusal(tool: EndpointTool, args: Record<string, unknown> = {}): CallToolResult | undefined {
  const field = tool.withheld.find((name) => name in args);
  if (field === undefined) return undefined;
  return validationRefusal(`${field}: not accepted by this tool (a tool call answers once, whole: MCP tools do not stream); leave it out.`);
}

/**
 * The request of a tool call (`toolRequest`), or a tool error when its arguments cannot be sent:
 * nested deeper than serialising them can follow (JSON.stringify recurses, and past the stack
 * throws RangeError; JSON.parse, which read them, does not). No endpoint takes values nested that
 * deep, so they are refused like any bad argument, naming the one at fault.
 */
export function sendableToolRequest(tool: EndpointTool, args: Record<string, unknown> = {}): ToolRequest | CallToolResult {
  try {
    return toolRequest(tool, args);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const field = Object.keys(args).find((name) => !serializable(args[name])) ?? 'arguments';
    return validationRefusal(`${field}: nested too deeply to be sent; no tool takes values nested that deep.`);
  }
}

function serializable(value: unknown): boolean {
  try {
    JSON.stringify(value);
    return true;
  } catch {
    return false;
  }
}

/** A tool error for arguments refused before any request, worded as the API's VALIDATION_ERROR. */
function validationRefusal(message: string): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: `VALIDATION_ERROR: ${message}` }],
    _meta: { [RESULT_META.errorCode]: 'VALIDATION_ERROR' },
  };
}

/**
 * The tool result of an API answer: the data as JSON text (and as `structuredContent` when it is
 * an object), what the call cost and the balance left in `_meta` and in a last line of text. A
 * failure is a tool error, `CODE: message` (the API never charges one).
 */
export function toolResult(tool: EndpointTool, answer: ToolAnswer): CallToolResult {
  const requestId = answer.header('x-request-id');
  const body = parseJson(answer.text);
  if (answer.status < 200 || answer.status >= 300) {
    const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    const code = typeof error?.code === 'string' ? error.code : `HTTP_${answer.status}`;
    const message = typeof error?.message === 'string' ? error.message : answer.text.slice(0, 500) || 'The server answered without a body.';
    const retryAfterSeconds = Number(answer.header('retry-after') ?? Number.NaN);
    return {
      isError: true,
      content: [{ type: 'text', text: `${code}: ${message}` }],
      _meta: {
        [RESULT_META.errorCode]: code,
        [RESULT_META.httpStatus]: answer.status,
        ...(requestId ? { [RESULT_META.requestId]: requestId } : {}),
        ...(Number.isInteger(retryAfterSeconds) && retryAfterSeconds >= 0 ? { [RESULT_META.retryAfterSeconds]: retryAfterSeconds } : {}),
      },
    };
  }
  // Without a stream, an endpoint answers in its one other mode: our envelope, or a wire format's own body.
  const envelope = tool.endpoint.responseModes.find((mode) => mode !== 'sse') === 'envelope';
  const data = envelope ? (body as { data?: unknown } | undefined)?.data : body;
  // A free call holds nothing and sends no cost header.
  const costUsd = answer.header('x-cost-usd') ?? formatUsd(0);
  const balanceUsd = answer.header('x-balance-usd');
  const provider = answer.header('x-tollgate-provider');
  const meta: Record<string, unknown> = { [RESULT_META.costUsd]: costUsd };
  if (balanceUsd !== undefined) meta[RESULT_META.balanceUsd] = balanceUsd;
  if (requestId !== undefined) meta[RESULT_META.requestId] = requestId;
  if (provider !== undefined) meta[RESULT_META.provider] = provider;
  const charge = [`cost $${costUsd}`, ...(balanceUsd !== undefined ? [`balance $${balanceUsd}`] : []), ...(requestId ? [`request ${requestId}`] : [])].join(', ');
  return {
    content: [
      { type: 'text', text: data === undefined ? answer.text : JSON.stringify(data) },
      { type: 'text', text: `Tollgate: ${charge}` },
    ],
    ...(isObject(data) ? { structuredContent: data } : {}),
    _meta: meta,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
